/**
 * The OpenAPI document of the API, built from the app without a server (decision 058):
 *   node scripts/openapi.ts lint    Redocly's recommended rules as errors (redocly.yaml), and
 *                                   examples/partner/api-types.d.ts must be the document's types
 *   node scripts/openapi.ts types   writes examples/partner/api-types.d.ts (openapi-typescript)
 *   node scripts/openapi.ts write F the document into F
 * Offline: the app runs on an in-memory database with no provider, Redocly's telemetry is off.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';

const root = path.resolve(import.meta.dirname, '..');
const typesFile = path.join(root, 'examples/partner/api-types.d.ts');

/** The document as /api/openapi.json serves it. */
export async function buildOpenApiDocument(): Promise<unknown> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: 'memory://',
    AUTH_SECRET: 'openapi-document-0123456789abcdefghijklmnopqrstuvwxyz',
    JOBS_WORKERS: 'false',
    // the same document wherever it is built (its server is the development address)
    PORT: '3000',
  });
  const app = await buildApp(config, { serveWeb: false });
  try {
    await app.ready();
    return app.swagger();
  } finally {
    await app.close();
  }
}

function run(command: string, args: string[]): number {
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      REDOCLY_TELEMETRY: 'off',
      REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
      REDOCLY_SUPPRESS_NOTIFICATIONS: 'true',
    },
  });
  return result.status ?? 1;
}

async function main() {
  const [mode, target] = process.argv.slice(2);
  const document = `${JSON.stringify(await buildOpenApiDocument(), null, 2)}\n`;
  if (mode === 'write' && target) {
    writeFileSync(path.resolve(target), document);
    return 0;
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'permuta-openapi-'));
  const file = path.join(dir, 'openapi.json');
  writeFileSync(file, document);
  try {
    const types = (output: string) =>
      run(path.join(root, 'node_modules/.bin/openapi-typescript'), [
        file,
        '--output',
        output,
        '--silent',
      ]);
    if (mode === 'lint') {
      const lint = run(path.join(root, 'node_modules/.bin/redocly'), [
        'lint',
        file,
        '--config',
        path.join(root, 'redocly.yaml'),
        '--format',
        'stylish',
      ]);
      if (lint !== 0) return lint;
      const fresh = path.join(dir, 'api-types.d.ts');
      if (types(fresh) !== 0) return 1;
      const committed = existsSync(typesFile) ? readFileSync(typesFile, 'utf8') : '';
      if (readFileSync(fresh, 'utf8') !== committed) {
        console.error(
          'examples/partner/api-types.d.ts is not the types of the current document: run `npm run openapi:types`.',
        );
        return 1;
      }
      return 0;
    }
    if (mode === 'types') return types(typesFile);
    console.error('usage: node scripts/openapi.ts lint | types | write <file>');
    return 2;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

process.exitCode = await main();
