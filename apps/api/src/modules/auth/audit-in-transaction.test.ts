import { eq, sql } from 'drizzle-orm';
import { generate } from 'otplib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, twoFactors, users } from '@permuta/db';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { registerCustomer, sessionCookieOf, signInAdmin } from '../../../test/auth-helpers.ts';
import type { TestAdmin } from '../../../test/auth-helpers.ts';

/**
 * Every change of an account and its audit entry commit together: when the entry cannot be
 * written, the change does not happen either (sessions, passwords, two-factor).
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await t.handle.db.execute(
    sql.raw(`CREATE FUNCTION test_refuse_audit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'audit entry refused'; END $$`),
  );
});
afterAll(async () => t?.close());

/** Until `run` returns, inserting an audit entry of `action` fails. */
async function withAuditRefused<T>(action: string, run: () => Promise<T>): Promise<T> {
  await t.handle.db.execute(
    sql.raw(`CREATE TRIGGER test_refuse_audit BEFORE INSERT ON audit_log FOR EACH ROW
      WHEN (NEW.action = '${action}') EXECUTE FUNCTION test_refuse_audit()`),
  );
  try {
    return await run();
  } finally {
    await t.handle.db.execute(sql.raw('DROP TRIGGER test_refuse_audit ON audit_log'));
  }
}

const post = (url: string, payload: object, cookie?: string) =>
  t.app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} });
const me = (cookie: string) => t.app.inject({ url: '/api/v1/me', headers: { cookie } });
const sessionIds = async (userId: string) =>
  (await t.handle.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId)))
    .map((row) => row.id)
    .sort();
const setsSession = (res: LightMyRequestResponse) =>
  res.cookies.some((c) => c.name === 'auth_token' && c.value !== '');
const cookiesOf = (res: LightMyRequestResponse) =>
  res.cookies
    .filter((c) => c.value !== '')
    .map((c) => `${c.name}=${c.value}`)
    .join('; ');

async function enrolledAdmin(): Promise<TestAdmin & { secret: string }> {
  const admin = await signInAdmin(t.app);
  const enabled = await post(
    '/api/v1/admin/me/two-factor/enable',
    { password: admin.password },
    admin.cookie,
  );
  const secret = new URL(enabled.json().totpUri as string).searchParams.get('secret')!;
  const verified = await post(
    '/api/v1/admin/me/two-factor/verify',
    { code: await generate({ secret }) },
    admin.cookie,
  );
  expect(verified.statusCode).toBe(200);
  return { ...admin, cookie: sessionCookieOf(verified), secret };
}

describe('an audit entry that cannot be written undoes its change', () => {
  it('a customer sign-in opens no session', async () => {
    const customer = await registerCustomer(t.app);
    const before = await sessionIds(customer.id);
    const res = await withAuditRefused('auth.sign_in', () =>
      post('/api/v1/auth/sign-in', { email: customer.email, password: customer.password }),
    );
    expect(res.statusCode).toBe(500);
    expect(setsSession(res)).toBe(false);
    expect(await sessionIds(customer.id)).toEqual(before);
    const again = await post('/api/v1/auth/sign-in', {
      email: customer.email,
      password: customer.password,
    });
    expect(again.statusCode).toBe(200);
    expect(await sessionIds(customer.id)).toHaveLength(before.length + 1);
  });

  it('an admin sign-in, with or without two-factor, opens no session', async () => {
    const plain = await signInAdmin(t.app);
    const plainBefore = await sessionIds(plain.id);
    const res = await withAuditRefused('auth.sign_in', () =>
      post('/api/v1/admin/auth/sign-in', { username: plain.username, password: plain.password }),
    );
    expect(res.statusCode).toBe(500);
    expect(setsSession(res)).toBe(false);
    expect(await sessionIds(plain.id)).toEqual(plainBefore);

    const admin = await enrolledAdmin();
    const before = await sessionIds(admin.id);
    const pending = await post('/api/v1/admin/auth/sign-in', {
      username: admin.username,
      password: admin.password,
    });
    expect(pending.json()).toEqual({ twoFactorRequired: true });
    const second = await withAuditRefused('auth.sign_in', async () =>
      post(
        '/api/v1/admin/auth/two-factor',
        { code: await generate({ secret: admin.secret }) },
        cookiesOf(pending),
      ),
    );
    expect(second.statusCode).toBe(500);
    expect(setsSession(second)).toBe(false);
    expect(await sessionIds(admin.id)).toEqual(before);
  });

  it('a sign-out ends nothing', async () => {
    const customer = await registerCustomer(t.app);
    const res = await withAuditRefused('auth.sign_out', () =>
      post('/api/v1/auth/sign-out', {}, customer.cookie),
    );
    expect(res.statusCode).toBe(500);
    expect((await me(customer.cookie)).statusCode).toBe(200);
  });

  it('a password reset changes no password, ends no session and keeps the code', async () => {
    const customer = await registerCustomer(t.app, { verified: false });
    const emailVerified = async () =>
      (
        await t.handle.db
          .select({ verified: users.emailVerified })
          .from(users)
          .where(eq(users.id, customer.id))
      )[0]?.verified;
    await post('/api/v1/auth/forgot-password', { email: customer.email });
    const code = /\b(\d{6})\b/.exec((await t.mail.waitFor(customer.email, 2)).text)?.[1] ?? '';
    const newPassword = 'N3w!Passw0rd';
    const reset = () =>
      post('/api/v1/auth/reset-password', {
        email: customer.email,
        code,
        password: newPassword,
        confirmPassword: newPassword,
      });
    const refused = await withAuditRefused('auth.password_reset', reset);
    expect(refused.statusCode).toBe(500);
    expect((await me(customer.cookie)).statusCode).toBe(200);
    expect(await emailVerified()).toBe(false);
    const withNew = await post('/api/v1/auth/sign-in', {
      email: customer.email,
      password: newPassword,
    });
    expect(withNew.statusCode).toBe(401);
    // the code was not spent: the same reset now goes through
    expect((await reset()).statusCode).toBe(200);
    expect((await me(customer.cookie)).statusCode).toBe(401);
    // the code came by e-mail: the address is proven
    expect(await emailVerified()).toBe(true);
  });

  it('confirming two-factor leaves it off and the session as it was', async () => {
    const admin = await signInAdmin(t.app);
    const enabled = await post(
      '/api/v1/admin/me/two-factor/enable',
      { password: admin.password },
      admin.cookie,
    );
    const secret = new URL(enabled.json().totpUri as string).searchParams.get('secret')!;
    const verify = async () =>
      post(
        '/api/v1/admin/me/two-factor/verify',
        { code: await generate({ secret }) },
        admin.cookie,
      );
    const refused = await withAuditRefused('two_factor.enabled', verify);
    expect(refused.statusCode).toBe(500);
    expect(setsSession(refused)).toBe(false);
    const [user] = await t.handle.db
      .select({ on: users.twoFactorEnabled })
      .from(users)
      .where(eq(users.id, admin.id));
    expect(user?.on).toBe(false);
    const [secretRow] = await t.handle.db
      .select({ verified: twoFactors.verified })
      .from(twoFactors)
      .where(eq(twoFactors.userId, admin.id));
    expect(secretRow?.verified).toBe(false);
    // the session that would have been given a new token is still the one in use
    expect((await me(admin.cookie)).statusCode).toBe(200);
    expect((await verify()).statusCode).toBe(200);
  });

  it('turning two-factor off leaves it on', async () => {
    const admin = await enrolledAdmin();
    const disable = () =>
      post('/api/v1/admin/me/two-factor/disable', { password: admin.password }, admin.cookie);
    const refused = await withAuditRefused('two_factor.disabled', disable);
    expect(refused.statusCode).toBe(500);
    const [user] = await t.handle.db
      .select({ on: users.twoFactorEnabled })
      .from(users)
      .where(eq(users.id, admin.id));
    expect(user?.on).toBe(true);
    const rows = await t.handle.db.select().from(twoFactors).where(eq(twoFactors.userId, admin.id));
    expect(rows).toHaveLength(1);
    expect((await me(admin.cookie)).statusCode).toBe(200);
    const off = await disable();
    expect(off.statusCode).toBe(200);
    expect(off.json().twoFactorEnabled).toBe(false);
  });
});
