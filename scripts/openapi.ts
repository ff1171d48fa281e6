/**
 * The OpenAPI document of the API, built from the app without a server (decision 058):
 *   node scripts/openapi.ts lint    Redocly's `recommended` rules (redocly.yaml): no error, no warning
 *   node scripts/openapi.ts types   examples/partner/api-types.d.ts, with openapi-typescript
 *   node scripts/openapi.ts write F the document into F
 * Offline: the app runs on an in-memory database with no provider, Redocly's telemetry is off.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';

const root = path.resolve(import.meta.dirname, '..');

/** The document as /api/openapi.json serves it. */
export async function buildOpenApiDocument(): Promise<unknown> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: 'memory://',
    AUTH_SECRET: 'openapi-document-0123456789abcdefghijklmnopqrstuvwxyz',
    JOBS_WORKERS: 'false',
    PUBLIC_URL: process.env.OPENAPI_PUBLIC_URL ?? 'https://permuta.com.br',
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
    if (mode === 'lint') {
      return run(path.join(root, 'node_modules/.bin/redocly'), [
        'lint',
        file,
        '--config',
        path.join(root, 'redocly.yaml'),
        '--format',
        'stylish',
      ]);
    }
    if (mode === 'types') {
      return run(path.join(root, 'node_modules/.bin/openapi-typescript'), [
        file,
        '--output',
        path.join(root, 'examples/partner/api-types.d.ts'),
      ]);
    }
    console.error('usage: node scripts/openapi.ts lint | types | write <file>');
    return 2;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

process.exitCode = await main();
