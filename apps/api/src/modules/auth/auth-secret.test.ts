import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { seedDemoData } from '@permuta/db';
import type { DbHandle } from '@permuta/db';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { openTestDatabase } from '../../../test/build-test-app.ts';
import { sessionCookieOf, signInAdmin } from '../../../test/auth-helpers.ts';

/** Every cookie the answer set, as one `cookie` header (the two-factor step needs its own). */
function cookiesOf(response: LightMyRequestResponse): string {
  return response.cookies
    .filter((c) => c.value !== '')
    .map((c) => `${c.name}=${c.value}`)
    .join('; ');
}

let handle: DbHandle;
let drop: () => Promise<void>;
let dataDir: string;

beforeAll(async () => {
  ({ handle, drop } = await openTestDatabase());
  await seedDemoData(handle.db);
  dataDir = mkdtempSync(path.join(tmpdir(), 'permuta-secret-'));
});
afterAll(async () => {
  await drop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The server as `npm start` builds it without AUTH_SECRET, on the shared database and data dir. */
async function start(env: Record<string, string>): Promise<FastifyInstance> {
  const config = loadConfig({
    NODE_ENV: 'development',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    JOBS_WORKERS: 'false',
    SEED_DEMO_DATA: 'false',
    ...env,
  });
  if (!env.AUTH_SECRET) expect(config.authSecret).toBeUndefined();
  const app = await buildApp(config, { db: handle, serveWeb: false });
  await app.ready();
  return app;
}

const scenarios: [string, Record<string, string>][] = [
  [
    'on PostgreSQL (DATABASE_URL set)',
    { DATABASE_URL: process.env.TEST_DATABASE_URL ?? 'postgres://unused@127.0.0.1:1/unused' },
  ],
  ['on the embedded database', {}],
];

describe.each(scenarios)('a restart without AUTH_SECRET %s', (_name, env) => {
  it('keeps sessions and lets a two-factor admin sign in with a code', async () => {
    const first = await start(env);
    const admin = await signInAdmin(first);
    const enabled = await first.inject({
      method: 'POST',
      url: '/api/v1/admin/me/two-factor/enable',
      headers: { cookie: admin.cookie },
      payload: { password: admin.password },
    });
    expect(enabled.statusCode).toBe(200);
    const secret = new URL(enabled.json().totpUri).searchParams.get('secret')!;
    const verified = await first.inject({
      method: 'POST',
      url: '/api/v1/admin/me/two-factor/verify',
      headers: { cookie: admin.cookie },
      payload: { code: await generate({ secret }) },
    });
    expect(verified.statusCode).toBe(200);
    const session = sessionCookieOf(verified);
    await first.close();

    const second = await start(env);
    try {
      const me = await second.inject({
        method: 'GET',
        url: '/api/v1/me',
        headers: { cookie: session },
      });
      expect(me.statusCode).toBe(200);
      const password = await second.inject({
        method: 'POST',
        url: '/api/v1/admin/auth/sign-in',
        payload: { username: admin.username, password: admin.password },
      });
      expect(password.json()).toEqual({ twoFactorRequired: true });
      const code = await second.inject({
        method: 'POST',
        url: '/api/v1/admin/auth/two-factor',
        headers: { cookie: cookiesOf(password) },
        payload: { code: await generate({ secret }) },
      });
      expect(code.statusCode).toBe(200);
      expect(code.json().user).toMatchObject({ id: admin.id, twoFactorEnabled: true });
    } finally {
      await second.close();
    }
  });
});

describe('a two-factor admin after AUTH_SECRET was replaced', () => {
  it('is told the code cannot be checked, not answered 500', async () => {
    const first = await start({ AUTH_SECRET: 'first-secret-0123456789abcdefghijklmnopqrstuvwxyz' });
    const admin = await signInAdmin(first);
    const enabled = await first.inject({
      method: 'POST',
      url: '/api/v1/admin/me/two-factor/enable',
      headers: { cookie: admin.cookie },
      payload: { password: admin.password },
    });
    const secret = new URL(enabled.json().totpUri).searchParams.get('secret')!;
    const verified = await first.inject({
      method: 'POST',
      url: '/api/v1/admin/me/two-factor/verify',
      headers: { cookie: admin.cookie },
      payload: { code: await generate({ secret }) },
    });
    expect(verified.statusCode).toBe(200);
    await first.close();

    const second = await start({
      AUTH_SECRET: 'other-secret-0123456789abcdefghijklmnopqrstuvwxyz',
    });
    try {
      const password = await second.inject({
        method: 'POST',
        url: '/api/v1/admin/auth/sign-in',
        payload: { username: admin.username, password: admin.password },
      });
      expect(password.json()).toEqual({ twoFactorRequired: true });
      for (const locale of ['en-US', 'pt-BR']) {
        const code = await second.inject({
          method: 'POST',
          url: '/api/v1/admin/auth/two-factor',
          headers: { cookie: cookiesOf(password), 'accept-language': locale },
          payload: { code: await generate({ secret }) },
        });
        expect(code.statusCode).toBe(409);
        expect(code.json().error.code).toBe('TWO_FACTOR_UNREADABLE');
        expect(code.json().error.message).toContain('AUTH_SECRET');
      }
    } finally {
      await second.close();
    }
  });
});
