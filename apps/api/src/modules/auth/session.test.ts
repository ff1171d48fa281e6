import { createHash, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { generate } from 'otplib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, sessions, settings, users } from '@permuta/db';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { registerCustomer, sessionCookieOf, signInAdmin } from '../../../test/auth-helpers.ts';
import type { TestCustomer } from '../../../test/auth-helpers.ts';
import { hashLegacySessionTokens } from './auth.repository.ts';
import {
  cookieSigningKey,
  readCookie,
  signCookieValue,
  unsignCookieValue,
} from './signed-cookie.ts';

let t: TestApp;
/** the app's clock runs this far ahead of the wall clock */
let clockAhead = 0;

beforeAll(async () => {
  t = await buildTestApp({ app: { now: () => new Date(Date.now() + clockAhead) } });
});
afterAll(async () => t?.close());

const me = (cookie: string) => t.app.inject({ url: '/api/v1/me', headers: { cookie } });
const post = (url: string, payload: object, cookie: string) =>
  t.app.inject({ method: 'POST', url, payload, headers: { cookie } });

/** `auth_token=<token>.<signature>` split into its parts. */
function partsOf(cookie: string): { token: string; signature: string } {
  const value = cookie.slice('auth_token='.length);
  const dot = value.lastIndexOf('.');
  return { token: value.slice(0, dot), signature: value.slice(dot + 1) };
}

async function sessionRows(userId: string) {
  return t.handle.db.select().from(sessions).where(eq(sessions.userId, userId));
}

const sha256Hex = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex');

describe('session tokens stored hashed', () => {
  /** Every stored token, to check that no cookie's token is among them. */
  const storedTokens = async () =>
    (await t.handle.db.select({ token: sessions.token }).from(sessions)).map((r) => r.token);

  it("keeps the SHA-256 of the cookie's token, never the token, and the session works", async () => {
    const customer = await registerCustomer(t.app);
    const { token } = partsOf(customer.cookie);
    const rows = await sessionRows(customer.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token).toBe(sha256Hex(token));
    expect(rows[0]!.token).not.toContain(token);
    expect(await storedTokens()).not.toContain(token);
    expect((await me(customer.cookie)).statusCode).toBe(200);
    // the stored value is no cookie: signed as one, it opens nothing
    const key = cookieSigningKey(t.config.authSecret!);
    const forged = `auth_token=${signCookieValue(rows[0]!.token, key)}`;
    expect((await me(forged)).statusCode).toBe(401);

    expect((await post('/api/v1/auth/sign-out', {}, customer.cookie)).statusCode).toBe(204);
    expect(await sessionRows(customer.id)).toHaveLength(0);
    expect((await me(customer.cookie)).statusCode).toBe(401);
  });

  it('sign-out ends, by its token, a session the app no longer counts', async () => {
    const customer = await registerCustomer(t.app);
    try {
      // over by the app's clock: the request has no session, the row is still found by its token
      clockAhead = 12 * 3600_000 + 60_000;
      const out = await post('/api/v1/auth/sign-out', {}, customer.cookie);
      expect(out.statusCode).toBe(204);
    } finally {
      clockAhead = 0;
    }
    expect(await sessionRows(customer.id)).toHaveLength(0);
  });

  it('an admin signed in with two-factor, and an enrolment that renews the session, store hashes', async () => {
    const admin = await signInAdmin(t.app);
    expect((await sessionRows(admin.id))[0]!.token).toBe(sha256Hex(partsOf(admin.cookie).token));
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
    const renewed = sessionCookieOf(verified);
    // the session keeps its row and gets a new token
    expect((await sessionRows(admin.id)).map((r) => r.token)).toEqual([
      sha256Hex(partsOf(renewed).token),
    ]);
    const pending = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/auth/sign-in',
      payload: { username: admin.username, password: admin.password },
    });
    const cookies = pending.cookies
      .filter((c) => c.value !== '')
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/auth/two-factor',
      headers: { cookie: cookies },
      payload: { code: await generate({ secret }) },
    });
    expect(done.statusCode).toBe(200);
    const signedIn = sessionCookieOf(done);
    const tokens = (await sessionRows(admin.id)).map((r) => r.token);
    expect(tokens).toHaveLength(2);
    expect(tokens).toContain(sha256Hex(partsOf(signedIn).token));
    expect(await storedTokens()).not.toContain(partsOf(signedIn).token);
    expect((await me(signedIn)).statusCode).toBe(200);
  });

  it('a session stored before hashing works again once its token is converted', async () => {
    const customer = await registerCustomer(t.app);
    const { token } = partsOf(customer.cookie);
    // as a row written before the change: the token itself
    await t.handle.db.update(sessions).set({ token }).where(eq(sessions.userId, customer.id));
    expect((await me(customer.cookie)).statusCode).toBe(401);
    expect(await hashLegacySessionTokens(t.handle.db)).toBeGreaterThanOrEqual(1);
    expect((await sessionRows(customer.id))[0]!.token).toBe(sha256Hex(token));
    expect((await me(customer.cookie)).statusCode).toBe(200);
    // a hash is left alone
    expect(await hashLegacySessionTokens(t.handle.db)).toBe(0);
  });
});

describe("an attacker's cookies", () => {
  const key = () => cookieSigningKey(t.config.authSecret!);
  const signIn = (email: string, password: string, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in',
      payload: { email, password },
      ...(cookie ? { headers: { cookie } } : {}),
    });
  const clearsSessionCookie = (res: LightMyRequestResponse) =>
    res.cookies.some((c) => c.name === 'auth_token' && c.value === '' && c.maxAge === 0);

  it('a cookie of a deleted session opens nothing, and sign-out with it still clears it', async () => {
    const customer = await registerCustomer(t.app);
    await t.handle.db.delete(sessions).where(eq(sessions.userId, customer.id));
    const res = await me(customer.cookie);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHENTICATED');
    const out = await post('/api/v1/auth/sign-out', {}, customer.cookie);
    expect(out.statusCode).toBe(204);
    expect(clearsSessionCookie(out)).toBe(true);
    // without any cookie too
    const bare = await t.app.inject({ method: 'POST', url: '/api/v1/auth/sign-out' });
    expect(bare.statusCode).toBe(204);
    expect(clearsSessionCookie(bare)).toBe(true);
  });

  it('a rightly signed token that no session holds opens nothing', async () => {
    const invented = `auth_token=${encodeURIComponent(signCookieValue(randomBytes(32).toString('base64url'), key()))}`;
    expect((await me(invented)).statusCode).toBe(401);
  });

  it('a cookie planted before sign-in is never the session the sign-in opens', async () => {
    const customer = await registerCustomer(t.app);
    const planted = randomBytes(32).toString('base64url');
    const plantedCookie = `auth_token=${encodeURIComponent(signCookieValue(planted, key()))}`;
    const res = await signIn(customer.email, customer.password, plantedCookie);
    expect(res.statusCode).toBe(200);
    const issued = sessionCookieOf(res);
    expect(partsOf(decodeURIComponent(issued)).token).not.toBe(planted);
    expect((await me(plantedCookie)).statusCode).toBe(401);
    // a session the caller already had is not carried over either: a new token, a new row
    const again = await signIn(customer.email, customer.password, issued);
    const second = sessionCookieOf(again);
    expect(second).not.toBe(issued);
    const tokens = (await sessionRows(customer.id)).map((r) => r.token);
    expect(tokens).toContain(sha256Hex(partsOf(decodeURIComponent(second)).token));
    expect(tokens).not.toContain(sha256Hex(planted));
  });

  it('two sign-ins at once both work, with a session and an audit entry each', async () => {
    const customer = await registerCustomer(t.app);
    await t.handle.db.delete(sessions).where(eq(sessions.userId, customer.id));
    const [a, b] = await Promise.all([
      signIn(customer.email, customer.password),
      signIn(customer.email, customer.password),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(sessionCookieOf(a)).not.toBe(sessionCookieOf(b));
    const rows = await sessionRows(customer.id);
    expect(rows).toHaveLength(2);
    const entries = await t.handle.db
      .select({ entityId: auditLog.entityId })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.sign_in'), eq(auditLog.actorId, customer.id)));
    for (const row of rows) expect(entries.map((e) => e.entityId)).toContain(row.id);
    expect((await me(sessionCookieOf(a))).statusCode).toBe(200);
    expect((await me(sessionCookieOf(b))).statusCode).toBe(200);
  });
});

describe('signed session cookie', () => {
  let customer: TestCustomer;
  let other: TestCustomer;

  beforeAll(async () => {
    customer = await registerCustomer(t.app);
    other = await registerCustomer(t.app);
  });

  it('is read as it is written: URI-encoded, quoted or among other cookies', async () => {
    const { token, signature } = partsOf(customer.cookie);
    expect(signature).toHaveLength(44);
    const encoded = `auth_token=${encodeURIComponent(`${token}.${signature}`)}`;
    expect((await me(encoded)).statusCode).toBe(200);
    expect((await me(`auth_token="${token}.${signature}"`)).statusCode).toBe(200);
    const among = `locale=pt-BR; ${customer.cookie}; auth_token=${other.cookie.slice(11)}`;
    const first = await me(among);
    expect(first.statusCode).toBe(200);
    // the first cookie of the name counts
    expect(first.json().user.email).toBe(customer.email);
  });

  it('refuses a tampered signature, a foreign key, a missing signature or a swapped token', async () => {
    const { token, signature } = partsOf(customer.cookie);
    const flipped = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    const foreign = signCookieValue(token, cookieSigningKey('another-secret-0123456789abcdef'));
    const otherToken = partsOf(other.cookie).token;
    const refused = [
      `auth_token=${token}.${flipped}`,
      `auth_token=${foreign}`,
      `auth_token=${token}`,
      `auth_token=${token}.`,
      `auth_token=${otherToken}.${signature}`,
      `auth_token=${token}.${signature.slice(0, -1)}`,
      'auth_token=',
    ];
    for (const cookie of refused) {
      const res = await me(cookie);
      expect(res.statusCode, cookie).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHENTICATED');
    }
    // a refused cookie revokes nothing
    expect((await me(customer.cookie)).statusCode).toBe(200);
  });

  it('checks the signature', () => {
    const key = cookieSigningKey('s3cret');
    const signed = signCookieValue('abc.def', key);
    expect(unsignCookieValue(signed, key)).toBe('abc.def');
    expect(unsignCookieValue(signed, cookieSigningKey('other'))).toBeNull();
    expect(unsignCookieValue(`.${signed.split('.').at(-1)}`, key)).toBeNull();
    expect(readCookie('a=1; auth_token=x%2By; auth_token=z', 'auth_token')).toBe('x+y');
    expect(readCookie('a=1', 'auth_token')).toBeNull();
    expect(readCookie(undefined, 'auth_token')).toBeNull();
  });
});

describe('session lifetime', () => {
  it('refuses a session past its end and deletes it', async () => {
    const customer = await registerCustomer(t.app);
    const [row] = await sessionRows(customer.id);
    await t.handle.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, row!.id));
    expect((await me(customer.cookie)).statusCode).toBe(401);
    expect(await sessionRows(customer.id)).toHaveLength(0);
  });

  it("refuses a session past its end by the app's clock", async () => {
    const customer = await registerCustomer(t.app);
    try {
      clockAhead = 12 * 3600_000 + 60_000;
      expect((await me(customer.cookie)).statusCode).toBe(401);
    } finally {
      clockAhead = 0;
    }
    expect((await me(customer.cookie)).statusCode).toBe(200);
  });
});

describe('revocation takes effect on the next request', () => {
  it('sign-out ends this session only', async () => {
    const customer = await registerCustomer(t.app);
    const second = sessionCookieOf(
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/sign-in',
        payload: { email: customer.email, password: customer.password },
      }),
    );
    expect((await post('/api/v1/auth/sign-out', {}, customer.cookie)).statusCode).toBe(204);
    expect((await me(customer.cookie)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(200);
  });

  it('a password change ends the other sessions', async () => {
    const customer = await registerCustomer(t.app);
    const second = sessionCookieOf(
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/sign-in',
        payload: { email: customer.email, password: customer.password },
      }),
    );
    expect((await me(second)).statusCode).toBe(200);
    const changed = await post(
      '/api/v1/me/password',
      {
        currentPassword: customer.password,
        newPassword: 'N3w!Passw0rd',
        confirmPassword: 'N3w!Passw0rd',
      },
      customer.cookie,
    );
    expect(changed.statusCode).toBe(200);
    expect((await me(second)).statusCode).toBe(401);
    expect((await me(customer.cookie)).statusCode).toBe(200);
  });

  it("an admin's deactivation ends every session of the customer", async () => {
    const admin = await signInAdmin(t.app);
    const customer = await registerCustomer(t.app);
    expect((await me(customer.cookie)).statusCode).toBe(200);
    const off = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/customers/${customer.id}/active`,
      headers: { cookie: admin.cookie },
      payload: { active: false },
    });
    expect(off.statusCode).toBe(200);
    expect((await me(customer.cookie)).statusCode).toBe(401);
  });

  it('an account made inactive under a live session is refused at customer routes', async () => {
    const customer = await registerCustomer(t.app);
    await t.handle.db.update(users).set({ active: false }).where(eq(users.id, customer.id));
    const res = await t.app.inject({ url: '/api/v1/orders', headers: { cookie: customer.cookie } });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('ACCOUNT_INACTIVE');
  });

  it('an e-mail confirmed under a live session counts on the next request', async () => {
    const customer = await registerCustomer(t.app, { verified: false });
    expect((await me(customer.cookie)).json().user.emailVerified).toBe(false);
    await t.handle.db.update(users).set({ emailVerified: true }).where(eq(users.id, customer.id));
    expect((await me(customer.cookie)).json().user.emailVerified).toBe(true);
  });
});

describe('admin two-factor', () => {
  /** Every cookie the answer set with a value, as one `cookie` header. */
  const cookiesOf = (response: LightMyRequestResponse) =>
    response.cookies
      .filter((c) => c.value !== '')
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
  const adminCall = (url: string, cookie: string) =>
    t.app.inject({ url, headers: { cookie, 'accept-language': 'en-US' } });

  it('gives no session until the code is given', async () => {
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
    const enrolledCookie = sessionCookieOf(verified);

    const pending = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/auth/sign-in',
      payload: { username: admin.username, password: admin.password },
    });
    expect(pending.json()).toEqual({ twoFactorRequired: true });
    expect(pending.cookies.some((c) => c.name === 'auth_token' && c.value !== '')).toBe(false);
    const pendingCookies = cookiesOf(pending);
    expect((await adminCall('/api/v1/me', pendingCookies)).statusCode).toBe(401);
    expect((await adminCall('/api/v1/admin/admins', pendingCookies)).statusCode).toBe(401);

    const done = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/auth/two-factor',
      headers: { cookie: pendingCookies },
      payload: { code: await generate({ secret }) },
    });
    expect(done.statusCode).toBe(200);
    const signedIn = sessionCookieOf(done);
    expect((await adminCall('/api/v1/admin/admins', signedIn)).statusCode).toBe(200);
    expect((await adminCall('/api/v1/admin/admins', enrolledCookie)).statusCode).toBe(200);
  });

  it('while it is mandatory, lets an admin without it reach the enrolment only', async () => {
    const plain = await signInAdmin(t.app);
    const required = (on: boolean) =>
      t.handle.db.update(settings).set({ twoFactorRequired: on }).where(eq(settings.id, 1));
    await required(true);
    try {
      const blocked = await adminCall('/api/v1/admin/admins', plain.cookie);
      expect(blocked.statusCode).toBe(403);
      expect(blocked.json().error.code).toBe('TWO_FACTOR_REQUIRED');
      const enrolment = await post(
        '/api/v1/admin/me/two-factor/enable',
        { password: plain.password },
        plain.cookie,
      );
      expect(enrolment.statusCode).toBe(200);
    } finally {
      await required(false);
    }
    expect((await adminCall('/api/v1/admin/admins', plain.cookie)).statusCode).toBe(200);
  });
});
