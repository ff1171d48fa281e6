/**
 * `npm start`: builds the web app when it is missing or older than its sources, then starts the
 * API, which serves it at http://localhost:3000 on the embedded database (with demo data on the
 * first start outside production).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const marker = path.join(root, 'apps/web/build/client/builds/latest.json');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

const sources = ['apps/web/app', 'apps/web/public', 'packages/contracts/src'].map((d) =>
  path.join(root, d),
);
const builtAt = existsSync(marker) ? statSync(marker).mtimeMs : 0;
const sourcesAt = Math.max(...sources.filter((d) => existsSync(d)).map(newestMtime));

if (builtAt < sourcesAt || process.argv.includes('--rebuild')) {
  console.info(
    builtAt === 0 ? 'Building the web app (first start)…' : 'Web sources changed: rebuilding…',
  );
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import('../apps/api/src/server.ts');
