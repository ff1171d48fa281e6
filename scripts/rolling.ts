/**
 * `npm test`'s rolling step (decision 053): during a rolling deploy the previous release's
 * instances keep serving on the schema the new release migrated to. This checks it:
 *
 * 1. the previous commit (first parent of HEAD, or ROLLING_OLD_COMMIT) is unpacked into a
 *    temporary folder with `git archive`; it reuses this checkout's node_modules (its workspace
 *    links pointing at the OLD workspaces) when its package-lock.json is the same, else `npm ci`;
 * 2. a fresh database `permuta_rolling_<random>` on the server TEST_DATABASE_URL names is
 *    migrated by THIS code's migrations, and an admin created;
 * 3. this code's server starts on it (it migrates pg-boss and seeds the demo catalogue, as the
 *    new release's first instance would), then the previous commit's server beside it, API only,
 *    same database, same secret, same SMTP catcher, DEMO_PROVIDERS=false;
 * 4. the smoke suite (scripts/smoke.ts) runs over HTTP against the old server, then against the
 *    new one (its self-test, so the suite cannot rot).
 *
 * Needs a git checkout with history: without one it says why and fails in CI (CI=true), or is
 * skipped with that line on a developer's machine.
 */
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DbHandle } from '@permuta/db';
import type { SmtpCatcher } from '../apps/api/test/smtp-catcher.ts';

const root = path.resolve(import.meta.dirname, '..');
const ci = Boolean(process.env.CI) && process.env.CI !== 'false' && process.env.CI !== '0';
const WORKSPACES = ['packages/contracts', 'packages/db', 'apps/api', 'apps/web', 'e2e'];
const START_TIMEOUT_MS = 60_000;

function git(...args: string[]): { ok: boolean; out: string; err: string } {
  const run = spawnSync('git', ['-C', root, ...args], { encoding: 'utf8' });
  return { ok: run.status === 0, out: (run.stdout ?? '').trim(), err: (run.stderr ?? '').trim() };
}

/** Ends the step without running it: a failure in CI, a skip elsewhere. */
function cannotRun(why: string): never {
  console.info(`rolling: cannot run (${why})${ci ? '' : '; skipped outside CI'}`);
  process.exit(ci ? 1 : 0);
}

/** The commits compared: the previous one (old server) and the current one (migrations). */
function commits(): { oldSha: string; newSha: string; dirty: boolean } {
  if (!git('rev-parse', '--is-inside-work-tree').ok) {
    cannotRun('not a git checkout: the previous release cannot be found without history');
  }
  const newSha = git('rev-parse', 'HEAD').out;
  const asked = process.env.ROLLING_OLD_COMMIT ?? 'HEAD^';
  const old = git('rev-parse', '--verify', '--quiet', `${asked}^{commit}`);
  if (!old.ok || !old.out) {
    const shallow = git('rev-parse', '--is-shallow-repository').out === 'true';
    cannotRun(
      `no commit ${asked} in this checkout${shallow ? ' (a shallow clone: fetch the history)' : ''}`,
    );
  }
  const dirty = git('status', '--porcelain', '--untracked-files=no').out !== '';
  return { oldSha: old.out, newSha, dirty };
}

/**
 * node_modules for the old tree without installing: a folder of links to this checkout's
 * packages, except the workspace links (node_modules/@permuta/*), which are relative and so
 * point at the old tree's own workspaces; each workspace's nested node_modules is linked too.
 */
function linkModules(oldDir: string): void {
  const from = path.join(root, 'node_modules');
  const to = path.join(oldDir, 'node_modules');
  mkdirSync(to);
  for (const entry of readdirSync(from)) {
    const source = path.join(from, entry);
    const isScope = entry.startsWith('@') && lstatSync(source).isDirectory();
    const hasWorkspaceLink =
      isScope &&
      readdirSync(source).some((name) => lstatSync(path.join(source, name)).isSymbolicLink());
    if (!hasWorkspaceLink) {
      symlinkSync(source, path.join(to, entry));
      continue;
    }
    mkdirSync(path.join(to, entry));
    for (const name of readdirSync(source)) {
      const item = path.join(source, name);
      const link = lstatSync(item).isSymbolicLink() ? readlinkSync(item) : null;
      // a workspace link is relative (../../apps/api): the same text resolves inside oldDir
      const target = link && !path.isAbsolute(link) ? link : item;
      symlinkSync(target, path.join(to, entry, name));
    }
  }
  for (const workspace of WORKSPACES) {
    const nested = path.join(root, workspace, 'node_modules');
    if (existsSync(nested) && existsSync(path.join(oldDir, workspace))) {
      symlinkSync(nested, path.join(oldDir, workspace, 'node_modules'));
    }
  }
}

function prepareOldTree(oldSha: string, oldDir: string): string {
  mkdirSync(oldDir);
  const unpack = spawnSync(
    'sh',
    ['-c', `git -C "${root}" archive ${oldSha} | tar -x -C "${oldDir}"`],
    {
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  if (unpack.status !== 0) throw new Error(`could not unpack ${oldSha} with git archive`);
  const lock = (dir: string) => readFileSync(path.join(dir, 'package-lock.json'), 'utf8');
  if (existsSync(path.join(oldDir, 'package-lock.json')) && lock(oldDir) === lock(root)) {
    linkModules(oldDir);
    return 'same package-lock.json: node_modules linked';
  }
  console.info('rolling: the previous commit has another package-lock.json: npm ci there');
  const install = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], {
    cwd: oldDir,
    stdio: 'inherit',
  });
  if (install.status !== 0) throw new Error('npm ci of the previous commit failed');
  return 'another package-lock.json: npm ci';
}

function journalCount(dir: string): number {
  const file = path.join(dir, 'packages/db/migrations/meta/_journal.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { entries: unknown[] }).entries.length;
}

/** The Node options `npm start` of that tree gives the server (its package.json). */
function startFlags(dir: string): string[] {
  const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
    scripts: { start?: string };
  };
  return (manifest.scripts.start ?? '').split(' ').filter((word) => word.startsWith('--'));
}

/** the servers started, stopped by cleanup() */
const children: ChildProcess[] = [];
/** The last lines each server logged (warnings and errors, pino JSON), shown when a step fails. */
const serverLogs = new Map<string, string[]>();

async function startServer(
  label: string,
  dir: string,
  port: number,
  env: Record<string, string>,
): Promise<ChildProcess> {
  if (cleaning) throw new Error('interrupted');
  const child = spawn(
    process.execPath,
    [...startFlags(dir), path.join(dir, 'apps/api/src/server.ts')],
    {
      cwd: dir,
      env: { ...process.env, ...env, PORT: String(port) },
      // its log (LOG_LEVEL=warn) is kept and shown when the check fails
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  children.push(child);
  const lines: string[] = [];
  serverLogs.set(label, lines);
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    lines.push(...chunk.split('\n').filter(Boolean));
    lines.splice(0, Math.max(0, lines.length - 20));
  });
  const deadline = Date.now() + START_TIMEOUT_MS;
  let last = 'no answer';
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `the ${label} server exited during its start (${child.exitCode ?? child.signalCode})`,
      );
    }
    try {
      const res = await fetch(`http://127.0.0.1:${port}/readyz`);
      last = `${res.status} ${await res.text()}`;
      if (res.ok) return child;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(
        `the ${label} server was not ready in ${START_TIMEOUT_MS / 1000} s: /readyz ${last}`,
      );
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) cannotRun('TEST_DATABASE_URL is not set');
const { oldSha, newSha, dirty } = commits();
const short = (sha: string) => sha.slice(0, 10);
// loaded once the step knows it can run: saying why it cannot stays quick
const { createAdmin, createDb, migrate } = await import('@permuta/db');
const { TEST_PASSWORD } = await import('../apps/api/test/auth-helpers.ts');
const { SmtpCatcher: Catcher } = await import('../apps/api/test/smtp-catcher.ts');
const { freePort } = await import('./bench-server.ts');
const { runSmoke } = await import('./smoke.ts');
const newLabel = `${short(newSha)}${dirty ? ' + uncommitted changes' : ''}`;

const t0 = Date.now();
const tmp = mkdtempSync(path.join(os.tmpdir(), 'permuta-rolling-'));
const oldDir = path.join(tmp, 'old');
const dataDir = path.join(tmp, 'data');
const name = `permuta_rolling_${randomBytes(6).toString('hex')}`;
const databaseUrl = (() => {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
})();

let server: DbHandle | null = null;
let handle: DbHandle | null = null;
let catcher: SmtpCatcher | null = null;
let failed = false;
/** the CREATE DATABASE in flight: an interruption waits for it before dropping the database */
let creating: Promise<unknown> | null = null;
let cleaning: Promise<void> | null = null;
/** Stops the servers, drops the database and removes the old tree; once, whoever asks first. */
function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    for (const child of [...children].reverse()) await stop(child);
    await catcher?.stop();
    await handle?.close();
    try {
      await creating?.catch(() => undefined);
      await server?.pool!.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } catch (error) {
      console.warn(`rolling: could not drop database ${name}: ${String(error)}`);
    }
    await server?.close();
    rmSync(tmp, { recursive: true, force: true });
  })();
  return cleaning;
}
const interrupted = () => {
  void cleanup().finally(() => process.exit(130));
};
process.once('SIGINT', interrupted);
process.once('SIGTERM', interrupted);

try {
  const modules = prepareOldTree(oldSha, oldDir);
  console.info(`rolling: previous commit ${short(oldSha)} unpacked (${modules})`);

  server = await createDb({ databaseUrl: serverUrl, dataDir: 'unused' });
  creating = server.pool!.query(`CREATE DATABASE ${name}`);
  await creating;
  handle = await createDb({ databaseUrl, dataDir: 'unused' });
  await migrate(handle);
  const admin = { username: 'rolling_admin', password: TEST_PASSWORD };
  await createAdmin(handle.db, { ...admin, adminRole: 'owner' });
  catcher = await new Catcher().start();

  const [newPort, oldPort] = [await freePort(), await freePort()];
  const newBase = `http://127.0.0.1:${newPort}`;
  const oldBase = `http://127.0.0.1:${oldPort}`;
  // what the instances behind one load balancer share: the database, the secret, the files
  // (a shared volume here), the mail server; each knows the other's origin
  const common = {
    NODE_ENV: 'development',
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    AUTH_SECRET: randomBytes(32).toString('hex'),
    SMTP_URL: catcher.url,
    DEMO_PROVIDERS: 'false',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '100000',
    ALLOWED_ORIGINS: `${newBase},${oldBase}`,
  };
  await startServer('current', root, newPort, { ...common, PUBLIC_URL: newBase });
  await startServer(`previous (${short(oldSha)})`, oldDir, oldPort, {
    ...common,
    PUBLIC_URL: oldBase,
    // API only: the old web app is not built (the API is what meets the new schema)
    WEB_DIST_DIR: path.join(oldDir, 'apps/web/build/client'),
  });

  console.info(
    `\nrolling: ${short(oldSha)} server vs migrations of ${newLabel} ` +
      `(the old release ships ${journalCount(oldDir)} migrations, the database has ` +
      `${journalCount(root)})`,
  );
  await runSmoke({
    base: oldBase,
    label: `old ${short(oldSha)}`,
    mail: catcher,
    db: handle.db,
    admin,
  });
  console.info(`\nrolling: self-test, the same smoke suite against this code's server`);
  await runSmoke({
    base: newBase,
    label: `new ${short(newSha)}`,
    mail: catcher,
    db: handle.db,
    admin,
  });
} catch (error) {
  failed = true;
  console.error(`rolling: FAILED: ${(error as Error).message}`);
  for (const [label, lines] of serverLogs) {
    if (lines.length === 0) continue;
    console.error(`\nrolling: the last lines the ${label} server logged:`);
    for (const line of lines) console.error(`  ${line.slice(0, 2000)}`);
  }
} finally {
  await cleanup();
}
console.info(
  `rolling: ${short(oldSha)} server vs migrations of ${newLabel}: ` +
    `${failed ? 'FAILED' : 'ok'} (${((Date.now() - t0) / 1000).toFixed(1)} s)`,
);
process.exit(failed ? 1 : 0);
