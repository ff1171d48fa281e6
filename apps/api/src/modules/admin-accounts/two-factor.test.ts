import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { generate } from 'otplib';
import type { LightMyRequestResponse } from 'fastify';
import { auditLog, settings, twoFactors, users } from '@permuta/db';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { registerCustomer, sessionCookieOf, signInAdmin } from '../../../test/auth-helpers.ts';
import type { TestAdmin } from '../../../test/auth-helpers.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

function call(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  cookie: string,
  payload?: object,
  locale = 'en-US',
) {
  return t.app.inject({
    method,
    url,
    headers: { cookie, 'accept-language': locale },
    ...(payload ? { payload } : {}),
  });
}

async function auditEntries(action: string, entityId: string) {
  return t.handle.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, entityId)))
    .orderBy(desc(auditLog.id));
}

function secretOf(totpUri: string): string {
  const secret = new URL(totpUri).searchParams.get('secret');
  if (!secret) throw new Error(`no secret in ${totpUri}`);
  return secret;
}

/** A 6-digit code that is not the current one (nor, almost surely, a neighbouring window's). */
function wrongCode(code: string): string {
  return String((Number(code) + 500_000) % 1_000_000).padStart(6, '0');
}

/** Every cookie the answer set, as one `cookie` header (the two-factor step needs its own). */
function cookiesOf(response: LightMyRequestResponse): string {
  return response.cookies
    .filter((c) => c.value !== '')
    .map((c) => `${c.name}=${c.value}`)
    .join('; ');
}

async function twoFactorEnabledInDb(id: string): Promise<boolean> {
  const [row] = await t.handle.db
    .select({ on: users.twoFactorEnabled })
    .from(users)
    .where(eq(users.id, id));
  return row?.on ?? false;
}

/** Enrols `admin` (enable + verify) and answers the secret and the renewed session cookie. */
async function enrol(admin: TestAdmin): Promise<{ secret: string; cookie: string }> {
  const enabled = await call('POST', '/api/v1/admin/me/two-factor/enable', admin.cookie, {
    password: admin.password,
  });
  expect(enabled.statusCode).toBe(200);
  const secret = secretOf(enabled.json().totpUri);
  const verified = await call('POST', '/api/v1/admin/me/two-factor/verify', admin.cookie, {
    code: await generate({ secret }),
  });
  expect(verified.statusCode).toBe(200);
  return { secret, cookie: sessionCookieOf(verified) };
}

describe('two-factor enrolment', () => {
  let admin: TestAdmin;
  let secret = '';
  let cookie = '';

  beforeAll(async () => {
    admin = await signInAdmin(t.app);
    cookie = admin.cookie;
  });

  it('refuses to start without the right password', async () => {
    const res = await call('POST', '/api/v1/admin/me/two-factor/enable', cookie, {
      password: 'Wr0ng!Password',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.password).toBe('The current password is not correct.');
    const rows = await t.handle.db.select().from(twoFactors).where(eq(twoFactors.userId, admin.id));
    expect(rows).toHaveLength(0);
  });

  it('answers an otpauth URI and backup codes, but two-factor stays off until verified', async () => {
    const res = await call('POST', '/api/v1/admin/me/two-factor/enable', cookie, {
      password: admin.password,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.totpUri).toMatch(/^otpauth:\/\/totp\//);
    expect(body.totpUri).toContain('issuer=Permuta');
    expect(body.backupCodes.length).toBeGreaterThanOrEqual(8);
    secret = secretOf(body.totpUri);
    expect(await twoFactorEnabledInDb(admin.id)).toBe(false);
    const me = await call('GET', '/api/v1/me', cookie);
    expect(me.json().user.twoFactorEnabled).toBe(false);
    // Signing in still needs no code.
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/auth/sign-in',
      payload: { username: admin.username, password: admin.password },
    });
    expect(signIn.json().twoFactorRequired).toBeUndefined();
  });

  it('refuses a wrong code', async () => {
    const res = await call('POST', '/api/v1/admin/me/two-factor/verify', cookie, {
      code: wrongCode(await generate({ secret })),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('TWO_FACTOR_INVALID');
    expect(await twoFactorEnabledInDb(admin.id)).toBe(false);
  });

  it('turns two-factor on with a code from the app, renews the session and records it', async () => {
    const res = await call('POST', '/api/v1/admin/me/two-factor/verify', cookie, {
      code: await generate({ secret }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: admin.id, role: 'admin', twoFactorEnabled: true });
    const renewed = sessionCookieOf(res);
    expect(renewed).not.toBe(cookie);
    expect((await call('GET', '/api/v1/me', cookie)).statusCode).toBe(401);
    const me = await call('GET', '/api/v1/me', renewed);
    expect(me.statusCode).toBe(200);
    expect(me.json().user.twoFactorEnabled).toBe(true);
    cookie = renewed;
    const [entry] = await auditEntries('two_factor.enabled', admin.id);
    expect(entry).toMatchObject({ actorType: 'admin', actorId: admin.id, entityType: 'admin' });
    expect(entry?.after).toEqual({ twoFactorEnabled: true });
  });

  it('refuses starting again while two-factor is on', async () => {
    const res = await call('POST', '/api/v1/admin/me/two-factor/enable', cookie, {
      password: admin.password,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('TWO_FACTOR_ALREADY_ENABLED');
  });

  it('asks for a code at the next sign-in', async () => {
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/auth/sign-in',
      payload: { username: admin.username, password: admin.password },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ twoFactorRequired: true });
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/auth/two-factor',
      headers: { cookie: cookiesOf(first) },
      payload: { code: await generate({ secret }) },
    });
    expect(second.statusCode).toBe(200);
    expect(second.json().user).toMatchObject({ id: admin.id, twoFactorEnabled: true });
  });

  it('turns two-factor off with the password and records it', async () => {
    const wrong = await call('POST', '/api/v1/admin/me/two-factor/disable', cookie, {
      password: 'Wr0ng!Password',
    });
    expect(wrong.statusCode).toBe(400);
    expect(await twoFactorEnabledInDb(admin.id)).toBe(true);

    await t.handle.db.update(settings).set({ supportEmail: 'security@permuta.example' });
    const res = await call('POST', '/api/v1/admin/me/two-factor/disable', cookie, {
      password: admin.password,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: admin.id, twoFactorEnabled: false });
    // the team hears of it at the support address (admins have no mailbox of their own)
    const notice = await t.mail.waitFor('security@permuta.example');
    expect(notice.subject).toBe(
      `Dois fatores desativados para o administrador ${admin.username} - Permuta`,
    );
    await t.handle.db.update(settings).set({ supportEmail: null });
    cookie = sessionCookieOf(res);
    expect((await call('GET', '/api/v1/me', cookie)).statusCode).toBe(200);
    const rows = await t.handle.db.select().from(twoFactors).where(eq(twoFactors.userId, admin.id));
    expect(rows).toHaveLength(0);
    const [entry] = await auditEntries('two_factor.disabled', admin.id);
    expect(entry?.before).toEqual({ twoFactorEnabled: true });
    expect(entry?.after).toEqual({ twoFactorEnabled: false });
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/auth/sign-in',
      payload: { username: admin.username, password: admin.password },
    });
    expect(signIn.json().session).toBeDefined();
  });

  it('refuses turning off what is not on', async () => {
    const res = await call('POST', '/api/v1/admin/me/two-factor/disable', cookie, {
      password: admin.password,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('TWO_FACTOR_NOT_ENABLED');
  });

  it('is for admins only', async () => {
    const customer = await registerCustomer(t.app);
    const res = await call('POST', '/api/v1/admin/me/two-factor/enable', customer.cookie, {
      password: customer.password,
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('two-factor required for admins', () => {
  let enrolled: TestAdmin & { secret: string };
  let plain: TestAdmin;

  beforeAll(async () => {
    const admin = await signInAdmin(t.app);
    const { secret, cookie } = await enrol(admin);
    enrolled = { ...admin, cookie, secret };
    plain = await signInAdmin(t.app);
  });

  it('is off by default and hidden from customers', async () => {
    const res = await call('GET', '/api/v1/admin/security', enrolled.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ twoFactorRequired: false });
    const customer = await registerCustomer(t.app);
    expect((await call('GET', '/api/v1/admin/security', customer.cookie)).statusCode).toBe(403);
    const put = await call('PUT', '/api/v1/admin/security', customer.cookie, {
      twoFactorRequired: true,
    });
    expect(put.statusCode).toBe(403);
  });

  it('turning it on is recorded with before and after', async () => {
    const res = await call('PUT', '/api/v1/admin/security', enrolled.cookie, {
      twoFactorRequired: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ twoFactorRequired: true });
    const [entry] = await auditEntries('security.updated', '1');
    expect(entry).toMatchObject({ actorId: enrolled.id, entityType: 'settings' });
    expect(entry?.before).toEqual({ twoFactorRequired: false });
    expect(entry?.after).toEqual({ twoFactorRequired: true });
    expect((await call('GET', '/api/v1/admin/security', enrolled.cookie)).json()).toEqual({
      twoFactorRequired: true,
    });
  });

  it('then sends an admin without two-factor to enrolment only', async () => {
    const blocked = await call('GET', '/api/v1/admin/admins', plain.cookie, undefined, 'pt-BR');
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().error).toMatchObject({
      code: 'TWO_FACTOR_REQUIRED',
      message:
        'A autenticação de dois fatores é obrigatória para admins. Configure-a para continuar.',
    });
    expect((await call('GET', '/api/v1/admin/security', plain.cookie)).statusCode).toBe(403);
    const { cookie } = await enrol(plain);
    plain = { ...plain, cookie };
    expect((await call('GET', '/api/v1/admin/admins', plain.cookie)).statusCode).toBe(200);
  });

  it('refuses turning two-factor off while it is required', async () => {
    const res = await call('POST', '/api/v1/admin/me/two-factor/disable', enrolled.cookie, {
      password: enrolled.password,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('TWO_FACTOR_REQUIRED');
    expect(await twoFactorEnabledInDb(enrolled.id)).toBe(true);
  });

  it('turning it off again lets admins turn their two-factor off', async () => {
    const res = await call('PUT', '/api/v1/admin/security', enrolled.cookie, {
      twoFactorRequired: false,
    });
    expect(res.json()).toEqual({ twoFactorRequired: false });
    const [entry] = await auditEntries('security.updated', '1');
    expect(entry?.after).toEqual({ twoFactorRequired: false });
    const off = await call('POST', '/api/v1/admin/me/two-factor/disable', enrolled.cookie, {
      password: enrolled.password,
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().twoFactorEnabled).toBe(false);
  });
});

/** The password step of an admin sign-in that asks for a code: its pending-sign-in cookie. */
const passwordStep = async (admin: TestAdmin) =>
  cookiesOf(
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/auth/sign-in',
      payload: { username: admin.username, password: admin.password },
    }),
  );

/** The code step with a pending-sign-in cookie (in the given language when one is named). */
const codeStep = (cookie: string, code: string, locale?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/auth/two-factor',
    headers: locale ? { cookie, 'accept-language': locale } : { cookie },
    payload: { code },
  });

describe('two-factor lockout at sign-in', () => {
  it('after 10 wrong codes in a row, says to try again in so many minutes', async () => {
    const admin = await signInAdmin(t.app);
    const { secret } = await enrol(admin);
    const challenge = () => passwordStep(admin);
    const attempt = (cookie: string, code: string) => codeStep(cookie, code, 'en-US');
    // 5 codes per pending sign-in: two of them make 10 wrong codes in a row
    for (let round = 0; round < 2; round += 1) {
      const cookie = await challenge();
      for (let i = 0; i < 5; i += 1) {
        const res = await attempt(cookie, wrongCode(await generate({ secret })));
        expect(res.statusCode).toBe(401);
        expect(res.json().error.code).toBe('TWO_FACTOR_INVALID');
      }
    }
    const cookie = await challenge();
    const locked = await attempt(cookie, await generate({ secret }));
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toMatchObject({
      code: 'SIGN_IN_THROTTLED',
      message: 'Too many failed attempts. Please try again in 15 minutes.',
      params: { minutes: 15 },
    });
    expect(locked.cookies.some((c) => c.name === 'auth_token' && c.value !== '')).toBe(false);

    // the minutes left, rounded up
    const lockFor = (ms: number) =>
      t.handle.db
        .update(twoFactors)
        .set({ lockedUntil: new Date(Date.now() + ms) })
        .where(eq(twoFactors.userId, admin.id));
    await lockFor(4.5 * 60_000);
    const later = await attempt(cookie, await generate({ secret }));
    expect(later.json().error.params).toEqual({ minutes: 5 });
    // once the lock is over, the right code signs in
    await lockFor(-1000);
    const done = await attempt(cookie, await generate({ secret }));
    expect(done.statusCode).toBe(200);
    expect(done.json().user).toMatchObject({ id: admin.id });
  });
});

describe('recovery codes at sign-in', () => {
  it('sign in once each, and the sign-in is recorded with its session', async () => {
    const admin = await signInAdmin(t.app);
    const enabled = await call('POST', '/api/v1/admin/me/two-factor/enable', admin.cookie, {
      password: admin.password,
    });
    const { totpUri, backupCodes } = enabled.json() as { totpUri: string; backupCodes: string[] };
    const verified = await call('POST', '/api/v1/admin/me/two-factor/verify', admin.cookie, {
      code: await generate({ secret: secretOf(totpUri) }),
    });
    expect(verified.statusCode).toBe(200);
    const withCode = async (code: string) => {
      const first = await t.app.inject({
        method: 'POST',
        url: '/api/v1/admin/auth/sign-in',
        payload: { username: admin.username, password: admin.password },
      });
      return t.app.inject({
        method: 'POST',
        url: '/api/v1/admin/auth/two-factor',
        headers: { cookie: cookiesOf(first) },
        payload: { code },
      });
    };
    const signedIn = await withCode(backupCodes[0]!);
    expect(signedIn.statusCode).toBe(200);
    const me = await call('GET', '/api/v1/me', sessionCookieOf(signedIn));
    expect(me.json().user).toMatchObject({ id: admin.id, twoFactorEnabled: true });
    const [entry] = await t.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.sign_in'), eq(auditLog.actorId, admin.id)))
      .orderBy(desc(auditLog.id));
    expect(entry).toMatchObject({ entityType: 'session', after: { twoFactor: 'backup_code' } });
    const reused = await withCode(backupCodes[0]!);
    expect(reused.statusCode).toBe(401);
    expect(reused.json().error.code).toBe('TWO_FACTOR_INVALID');
  });
});

describe("an attacker's view of the code step", () => {
  /** Enrols a new admin and answers it with its secret and recovery codes. */
  async function enrolled(): Promise<TestAdmin & { secret: string; backupCodes: string[] }> {
    const admin = await signInAdmin(t.app);
    const enabled = await call('POST', '/api/v1/admin/me/two-factor/enable', admin.cookie, {
      password: admin.password,
    });
    const { totpUri, backupCodes } = enabled.json() as { totpUri: string; backupCodes: string[] };
    const secret = secretOf(totpUri);
    const verified = await call('POST', '/api/v1/admin/me/two-factor/verify', admin.cookie, {
      code: await generate({ secret }),
    });
    expect(verified.statusCode).toBe(200);
    return { ...admin, cookie: sessionCookieOf(verified), secret, backupCodes };
  }

  it("refuses another admin's pending sign-in with one's own code, and a forged one", async () => {
    const alice = await enrolled();
    const bob = await enrolled();
    const bobPending = await passwordStep(bob);
    const crossed = await codeStep(bobPending, await generate({ secret: alice.secret }));
    expect(crossed.statusCode).toBe(401);
    expect(crossed.json().error.code).toBe('TWO_FACTOR_INVALID');
    expect(crossed.cookies.some((c) => c.name === 'auth_token' && c.value !== '')).toBe(false);
    // a pending cookie not signed with our secret
    const forged = await codeStep(
      'permuta.two_factor=made-up.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA%3D',
      await generate({ secret: alice.secret }),
    );
    expect(forged.statusCode).toBe(401);
    // no pending cookie at all
    expect((await codeStep('', alice.backupCodes[0]!)).statusCode).toBe(401);
    // Bob's own code still works on Bob's pending sign-in
    const own = await codeStep(bobPending, await generate({ secret: bob.secret }));
    expect(own.statusCode).toBe(200);
    expect(own.json().user).toMatchObject({ id: bob.id });
  });

  it('a pending sign-in takes 5 codes, then the right one no longer helps', async () => {
    const admin = await enrolled();
    const pending = await passwordStep(admin);
    for (let i = 0; i < 5; i += 1) {
      expect((await codeStep(pending, 'wrong-codes')).statusCode).toBe(401);
    }
    const late = await codeStep(pending, admin.backupCodes[0]!);
    expect(late.statusCode).toBe(401);
    // the recovery code was not spent by the refused try
    expect((await codeStep(await passwordStep(admin), admin.backupCodes[0]!)).statusCode).toBe(200);
  });

  it('a TOTP code that signed in does not sign in again', async () => {
    const admin = await enrolled();
    const code = await generate({ secret: admin.secret });
    expect((await codeStep(await passwordStep(admin), code)).statusCode).toBe(200);
    const replay = await codeStep(await passwordStep(admin), code);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error.code).toBe('TWO_FACTOR_INVALID');
  });

  it('one recovery code sent twice at once, on one pending sign-in or two, signs in once', async () => {
    const admin = await enrolled();
    const code = admin.backupCodes[1]!;
    const pending = await passwordStep(admin);
    const same = await Promise.all([codeStep(pending, code), codeStep(pending, code)]);
    expect(same.map((r) => r.statusCode).sort()).toEqual([200, 401]);

    const other = admin.backupCodes[2]!;
    const [first, second] = [await passwordStep(admin), await passwordStep(admin)];
    const two = await Promise.all([codeStep(first, other), codeStep(second, other)]);
    expect(two.map((r) => r.statusCode).sort()).toEqual([200, 401]);
    // spent: neither works again, and the others still do
    expect((await codeStep(await passwordStep(admin), code)).statusCode).toBe(401);
    expect((await codeStep(await passwordStep(admin), other)).statusCode).toBe(401);
    expect((await codeStep(await passwordStep(admin), admin.backupCodes[3]!)).statusCode).toBe(200);
    const sessions = await t.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.sign_in'), eq(auditLog.actorId, admin.id)));
    // the password sign-in before enrolment, then three recovery codes
    expect(sessions).toHaveLength(4);
  });
});
