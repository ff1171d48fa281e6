import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { countAdmins } from '@permuta/db';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';

const run = promisify(execFile);
const CLI = path.join(import.meta.dirname, 'admin-create.ts');

const dataDirs: string[] = [];
afterAll(() => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

function tempDataDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'permuta-admin-cli-'));
  dataDirs.push(dir);
  return dir;
}

/** Runs `npm run admin:create` as an operator would: its own process, the given environment. */
async function adminCreate(args: string[], env: Record<string, string>) {
  const base = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !['DATABASE_URL', 'DATA_DIR', 'ADMIN_PASSWORD', 'NODE_ENV'].includes(name),
    ),
  );
  try {
    const { stdout, stderr } = await run(process.execPath, [CLI, ...args], {
      env: { ...base, LOG_LEVEL: 'silent', ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

/** The server's app on the same data folder, as `npm start` would open it after the command. */
async function openServerApp(dataDir: string) {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    JOBS_WORKERS: 'false',
    AUTH_SECRET: 'test-secret-0123456789abcdefghijklmnopqrstuvwxyz',
  });
  const app = await buildApp(config, { serveWeb: false });
  await app.ready();
  return app;
}

// Each case starts real processes on an embedded database: seconds, more on a busy machine.
describe('npm run admin:create', { timeout: 120_000 }, () => {
  // one data folder for the whole file, as an operator's server has one
  const dataDir = tempDataDir();

  it('refuses a weak ADMIN_PASSWORD with the rule it breaks', async () => {
    const weak = await adminCreate(['--username', 'bob'], {
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: 'password1',
    });
    expect(weak.code).toBe(64);
    expect(weak.stdout).toBe('');
    expect(weak.stderr.trim()).toBe(
      'ADMIN_PASSWORD: The password needs at least 8 characters with an upper-case letter, a lower-case letter, a digit and a special character.',
    );
  });

  it('refuses a breached ADMIN_PASSWORD, saying why', async () => {
    const common = await adminCreate(['--username', 'carol'], {
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: 'Password1!',
    });
    expect(common.code).toBe(64);
    expect(common.stderr.trim()).toBe(
      'ADMIN_PASSWORD: This password is on a list of passwords leaked in data breaches, so attackers try it first. Choose another one.',
    );
  });

  it('creates admins on the DATA_DIR database who then sign in to the server', async () => {
    const generated = await adminCreate(['--username', 'Alice.Ops'], { DATA_DIR: dataDir });
    expect(generated.stderr).toBe('');
    expect(generated.code).toBe(0);
    expect(generated.stdout).toContain(
      `Admin "alice.ops" (owner) created on the embedded database in ${dataDir}.`,
    );
    const password = /Password \(shown only now\): (\S+)/.exec(generated.stdout)?.[1] ?? '';
    expect(password).toHaveLength(20);

    const chosen = await adminCreate(['--username', 'bob', '--role', 'finance'], {
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: 'Chosen!Pass9',
    });
    expect(chosen.code).toBe(0);
    expect(chosen.stdout).toContain('Admin "bob" (finance) created');
    // a chosen password is never echoed
    expect(chosen.stdout).not.toContain('Chosen!Pass9');
    expect(chosen.stdout).not.toContain('Password');

    const duplicate = await adminCreate(['--username', 'ALICE.ops'], { DATA_DIR: dataDir });
    expect(duplicate.code).toBe(1);
    expect(duplicate.stderr.trim()).toBe('An admin or user named "ALICE.ops" already exists.');

    const app = await openServerApp(dataDir);
    try {
      // alice and bob only: the refused weak password left nothing behind
      expect(await countAdmins(app.db)).toBe(2);
      const signIn = (username: string, secret: string) =>
        app.inject({
          method: 'POST',
          url: '/api/v1/admin/auth/sign-in',
          payload: { username, password: secret },
        });
      const alice = await signIn('alice.ops', password);
      expect(alice.statusCode).toBe(200);
      expect(alice.json().session).toMatchObject({ role: 'admin', email: 'Alice.Ops' });
      // the first admin of a site is an owner; --role gives another role
      expect(alice.json().user).toMatchObject({ adminRole: 'owner' });
      const bob = await signIn('bob', 'Chosen!Pass9');
      expect(bob.statusCode).toBe(200);
      expect(bob.json().user).toMatchObject({ adminRole: 'finance' });
      expect((await signIn('alice.ops', `${password}x`)).statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });

  it('refuses a role that does not exist before any write', async () => {
    const emptyDir = tempDataDir();
    const res = await adminCreate(['--username', 'carol', '--role', 'boss'], {
      DATA_DIR: emptyDir,
    });
    expect(res.code).toBe(64);
    expect(res.stderr.trim()).toBe(
      '--role must be one of operator, finance, owner (default owner).',
    );
    expect(readdirSync(emptyDir)).toEqual([]);
  });

  it('reads the configuration like the server: a bad value stops it before any write', async () => {
    const emptyDir = tempDataDir();
    const res = await adminCreate(['--username', 'carol'], {
      DATA_DIR: emptyDir,
      DATABASE_URL: 'mysql://db.internal/permuta',
    });
    expect(res.code).toBe(78);
    expect(res.stderr.trim()).toBe(
      'Invalid configuration:\n  DATABASE_URL: must be a postgres:// URL',
    );
    const production = await adminCreate(['--username', 'carol'], {
      DATA_DIR: emptyDir,
      NODE_ENV: 'production',
    });
    expect(production.code).toBe(78);
    expect(production.stderr).toContain('AUTH_SECRET: required in production');
    expect(readdirSync(emptyDir)).toEqual([]);
  });
});
