import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { seedDemoData, twoFactors, users } from '@permuta/db';
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

describe('a two-factor enrolment stored before our own module', () => {
  // Written by the accounts' first version (better-auth 1.7's twoFactor plugin) under this
  // AUTH_SECRET: the secret and the recovery codes, XChaCha20-Poly1305 with SHA-256(secret).
  const fixture = {
    authSecret: 'fixture-secret-0123456789abcdefghijklmnopqrstuvwxyz',
    totpSecret: 'Fx7_k2Lm9Qw-Er4Ty6Ui8Op0As3Dg5Hj',
    backupCodes: ['abcde-12345', 'FGHIJ-67890'],
    storedSecret:
      'f71f3fa10c739b036b09eddf75dce7032a6b15580f4bf4e767c2fdf403b3daa41e7a2e502100a6a802550a3537e2418d3270bd3a975c40fb190d0d236f557926c6cd484f0d04bbb0',
    storedBackupCodes:
      'da7e30adba950d10d46b940940efa4e500d3b98bb7a5596f30ea82807b3306984fdbaa76e5952f7a837a5c0e5e9df91300638281d6ded2a0d3451fc80b0ebea3e8ff89584f',
  };

  it('signs in with its TOTP code and its recovery codes, no new enrolment needed', async () => {
    const app = await start({ AUTH_SECRET: fixture.authSecret });
    try {
      const admin = await signInAdmin(app);
      await handle.db.insert(twoFactors).values({
        userId: admin.id,
        secret: fixture.storedSecret,
        backupCodes: fixture.storedBackupCodes,
        verified: true,
      });
      await handle.db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, admin.id));
      const codeStep = async (code: string) => {
        const password = await app.inject({
          method: 'POST',
          url: '/api/v1/admin/auth/sign-in',
          payload: { username: admin.username, password: admin.password },
        });
        expect(password.json()).toEqual({ twoFactorRequired: true });
        return app.inject({
          method: 'POST',
          url: '/api/v1/admin/auth/two-factor',
          headers: { cookie: cookiesOf(password) },
          payload: { code },
        });
      };
      const totp = await codeStep(
        await generate({ secret: new TextEncoder().encode(fixture.totpSecret) }),
      );
      expect(totp.statusCode).toBe(200);
      expect(totp.json().user).toMatchObject({ id: admin.id, twoFactorEnabled: true });
      expect((await codeStep(fixture.backupCodes[1]!)).statusCode).toBe(200);
      expect((await codeStep(fixture.backupCodes[1]!)).statusCode).toBe(401);
      expect((await codeStep(fixture.backupCodes[0]!)).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
