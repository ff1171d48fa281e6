import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users, verifications } from '@permuta/db';
import { EMAIL_QUEUE } from '../../lib/jobs.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import {
  TEST_PASSWORD,
  registerCustomer,
  registrationBody,
  resetRequested as resetRequestedOn,
  sessionCookieOf,
  signInAdmin,
} from '../../../test/auth-helpers.ts';

let t: TestApp;
/** the app's clock runs this far ahead of the wall clock */
let clockAhead = 0;
beforeAll(async () => {
  t = await buildTestApp({ app: { now: () => new Date(Date.now() + clockAhead) } });
});
afterAll(async () => t?.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });
const me = (cookie: string) => t.app.inject({ url: '/api/v1/me', headers: { cookie } });
const linkToken = (text: string) => /validate-email\?token=([\w-]+)/.exec(text)?.[1] ?? '';
const resetCode = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? '';

const resetRequested = () => resetRequestedOn(t);

/**
 * The median times of two requests taken `n` times each, one of each in turn, so that a busy
 * machine slows both alike (a timing comparison run one after the other fails under load).
 */
async function interleavedMedians(
  n: number,
  first: () => Promise<number>,
  second: () => Promise<number>,
): Promise<[number, number]> {
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < n; i += 1) {
    a.push(await first());
    b.push(await second());
  }
  const median = (times: number[]) => times.sort((x, y) => x - y)[Math.floor(times.length / 2)]!;
  return [median(a), median(b)];
}

describe('registration', () => {
  it('registers an adult and e-mails a validation link in the customer’s language', async () => {
    const body = registrationBody({ locale: 'en-US' });
    const res = await post('/api/v1/auth/register', body, { 'accept-language': 'en-US' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      message: 'Thank you. Check your e-mail: we sent you a message to continue.',
    });
    const mail = await t.mail.waitFor(body.email);
    expect(mail.subject).toContain('Confirm your e-mail');
    expect(mail.text).toContain('/en-US/validate-email?token=');
    expect(mail.html).toContain('Confirm my e-mail');
    const [row] = await t.app.db.select().from(users).where(eq(users.email, body.email));
    expect(row).toMatchObject({ role: 'customer', emailVerified: false, phone: '+5511988887777' });
  });

  it('writes Portuguese e-mails for a Portuguese page', async () => {
    const body = registrationBody({ locale: undefined });
    await post('/api/v1/auth/register', body, { 'accept-language': 'pt-BR' });
    const mail = await t.mail.waitFor(body.email);
    expect(mail.subject).toContain('Confirme seu e-mail');
    expect(mail.text).not.toContain('/en-US/');
  });

  it('answers a taken e-mail exactly like a new one and e-mails the owner in their language instead', async () => {
    const owner = registrationBody({ locale: 'en-US' });
    expect((await post('/api/v1/auth/register', owner)).statusCode).toBe(201);
    await t.mail.waitFor(owner.email);
    const fresh = await post('/api/v1/auth/register', registrationBody({ locale: 'pt-BR' }), {
      'accept-language': 'pt-BR',
    });
    const taken = await post(
      '/api/v1/auth/register',
      registrationBody({ email: owner.email.toUpperCase(), locale: 'pt-BR' }),
      { 'accept-language': 'pt-BR' },
    );
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(taken.statusCode).toBe(201);
    expect(taken.body).toBe(fresh.body);
    expect(taken.headers['content-type']).toBe(fresh.headers['content-type']);
    // the owner hears of it, in the owner's language; no second account, no validation link
    const warning = await t.mail.waitFor(owner.email, 2);
    expect(t.mail.to(owner.email)).toHaveLength(2);
    expect(warning.subject).toContain('Someone tried to register with your e-mail');
    expect(warning.text).toContain('/en-US/forgot-password');
    expect(warning.text).not.toContain('validate-email');
    const rows = await t.app.db.select().from(users).where(eq(users.email, owner.email));
    expect(rows).toHaveLength(1);
  });

  it('writes the owner of a taken e-mail in Portuguese when that is their language', async () => {
    const owner = registrationBody({ locale: 'pt-BR' });
    expect((await post('/api/v1/auth/register', owner)).statusCode).toBe(201);
    await t.mail.waitFor(owner.email);
    await post('/api/v1/auth/register', registrationBody({ email: owner.email, locale: 'en-US' }), {
      'accept-language': 'en-US',
    });
    const warning = await t.mail.waitFor(owner.email, 2);
    expect(warning.subject).toContain('Alguém tentou se cadastrar com o seu e-mail');
  });

  it('takes about as long for a taken e-mail as for a new one', async () => {
    const owner = registrationBody();
    expect((await post('/api/v1/auth/register', owner)).statusCode).toBe(201);
    const register = async (body: object) => {
      const started = performance.now();
      const res = await post('/api/v1/auth/register', body);
      expect(res.statusCode).toBe(201);
      return performance.now() - started;
    };
    const [fresh, taken] = await interleavedMedians(
      5,
      () => register(registrationBody()),
      () => register(registrationBody({ email: owner.email })),
    );
    expect(Math.max(fresh, taken) / Math.min(fresh, taken)).toBeLessThan(2);
  });

  it('refuses a taken CPF with one generic message that names no field', async () => {
    const first = registrationBody();
    expect((await post('/api/v1/auth/register', first)).statusCode).toBe(201);
    const res = await post('/api/v1/auth/register', registrationBody({ cpf: first.cpf }), {
      'accept-language': 'en-US',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('REGISTRATION_NOT_POSSIBLE');
    expect(res.json().error.fields).toBeUndefined();
    expect(res.json().error.message).not.toMatch(/CPF|national ID|e-mail/i);
    // a taken e-mail together with a taken CPF answers the same
    const both = await post(
      '/api/v1/auth/register',
      registrationBody({ cpf: first.cpf, email: first.email }),
      { 'accept-language': 'en-US' },
    );
    expect(both.statusCode).toBe(409);
    expect(both.body.replace(/"requestId":"[^"]+"/, '')).toBe(
      res.body.replace(/"requestId":"[^"]+"/, ''),
    );
  });

  it('still reports a taken username on its field, whether the e-mail is taken or not', async () => {
    const first = registrationBody();
    expect((await post('/api/v1/auth/register', first)).statusCode).toBe(201);
    for (const email of [first.email, registrationBody().email]) {
      const res = await post(
        '/api/v1/auth/register',
        registrationBody({ username: first.username, email }),
        { 'accept-language': 'en-US' },
      );
      expect(res.statusCode).toBe(409);
      expect(res.json().error.fields).toEqual({ username: 'This username is already taken.' });
    }
  });

  it('refuses breached passwords and ones holding the username or e-mail, saying why on the field', async () => {
    const cases = [
      ['Password1!', 'en-US', 'This password is on a list of passwords leaked in data breaches'],
      ['Passw0rd!', 'pt-BR', 'Esta senha está em uma lista de senhas vazadas'],
    ] as const;
    for (const [password, locale, message] of cases) {
      const body = registrationBody({ password, confirmPassword: password });
      const res = await post('/api/v1/auth/register', body, { 'accept-language': locale });
      expect(res.statusCode, password).toBe(400);
      expect(res.json().error.fields.password).toContain(message);
    }
    const suffix = Math.random().toString(36).slice(2, 8);
    const personal = registrationBody({
      username: `ana_${suffix}`,
      email: `ana.costa.${suffix}@example.com`,
    });
    for (const [password, locale, message] of [
      [
        `x!${personal.username.toUpperCase()}9`,
        'en-US',
        'must not contain your username or your e-mail',
      ],
      [
        `9#ana.costa.${suffix}Q`,
        'pt-BR',
        'não pode conter o seu nome de usuário nem o seu endereço de e-mail',
      ],
    ] as const) {
      const res = await post(
        '/api/v1/auth/register',
        { ...personal, password, confirmPassword: password },
        { 'accept-language': locale },
      );
      expect(res.statusCode, password).toBe(400);
      expect(res.json().error.fields.password).toContain(message);
    }
    const none = await t.app.db.select().from(users).where(eq(users.email, personal.email));
    expect(none).toHaveLength(0);
  });

  it('refuses a minor with the guardian rule, and each bad field with its message', async () => {
    const today = new Date();
    const minor = `${today.getUTCFullYear() - 17}-01-01`;
    const res = await post(
      '/api/v1/auth/register',
      registrationBody({
        birthDate: minor,
        cpf: '11111111111',
        phone: '123',
        password: 'weak',
        confirmPassword: 'other',
        acceptTerms: false as true,
      }),
      { 'accept-language': 'en-US' },
    );
    expect(res.statusCode).toBe(400);
    const fields = res.json().error.fields;
    expect(fields.birthDate).toMatch(/18 or older.*legal guardian/);
    expect(fields.cpf).toBe('This national ID (CPF) is not valid.');
    expect(fields.phone).toBe('Phone must have 10 or 11 digits.');
    expect(fields.password).toMatch(/at least 8 characters/);
    expect(fields.acceptTerms).toBe('You must accept the terms of service and the privacy policy.');
  });
});

describe('e-mail validation', () => {
  it('confirms the e-mail once with the link, and not twice', async () => {
    const body = registrationBody();
    await post('/api/v1/auth/register', body);
    const token = linkToken((await t.mail.waitFor(body.email)).text);
    expect(token.length).toBeGreaterThan(20);
    const ok = await post('/api/v1/auth/verify-email', { token });
    expect(ok.statusCode).toBe(200);
    const [row] = await t.app.db.select().from(users).where(eq(users.email, body.email));
    expect(row?.emailVerified).toBe(true);
    const again = await post('/api/v1/auth/verify-email', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('VERIFICATION_LINK_INVALID');
  });

  it('resends at most once a minute, and only the newest link works', async () => {
    const customer = await registerCustomer(t.app, { verified: false });
    const first = linkToken((await t.mail.waitFor(customer.email)).text);
    const tooSoon = await post('/api/v1/me/verify-email/resend', {}, { cookie: customer.cookie });
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().error.code).toBe('RESEND_TOO_SOON');
    expect(tooSoon.json().error.params.seconds).toBeGreaterThan(50);
    // a minute later
    await t.app.db.execute(
      `UPDATE verifications SET created_at = now() - interval '61 seconds' WHERE identifier = 'email-verification:${customer.id}'` as never,
    );
    const resent = await post('/api/v1/me/verify-email/resend', {}, { cookie: customer.cookie });
    expect(resent.statusCode).toBe(202);
    expect(resent.json().retryAfterSeconds).toBe(60);
    const second = linkToken((await t.mail.waitFor(customer.email, 2)).text);
    expect(second).not.toBe(first);
    expect((await post('/api/v1/auth/verify-email', { token: first })).statusCode).toBe(400);
    expect((await post('/api/v1/auth/verify-email', { token: second })).statusCode).toBe(200);
  });
});

describe('sign-in and sessions', () => {
  it('signs in with a 12-hour httpOnly SameSite=Lax cookie named auth_token', async () => {
    const body = registrationBody();
    await post('/api/v1/auth/register', body);
    const res = await post('/api/v1/auth/sign-in', { email: body.email, password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === 'auth_token');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 43_200 });
    const session = res.json().session;
    expect(session.role).toBe('customer');
    expect(session.email).toBe(body.email);
    const lifetime = Date.parse(session.expiresAt) - Date.parse(session.createdAt);
    expect(Math.abs(lifetime - 12 * 3600_000)).toBeLessThan(5000);
    const profile = await me(sessionCookieOf(res));
    expect(profile.statusCode).toBe(200);
    expect(profile.json().user).toMatchObject({ email: body.email, emailVerified: false });
  });

  it('answers one generic error for a wrong password and for an unknown e-mail', async () => {
    const customer = await registerCustomer(t.app);
    const wrong = await post(
      '/api/v1/auth/sign-in',
      { email: customer.email, password: 'Wr0ng!pass' },
      { 'accept-language': 'en-US' },
    );
    const unknown = await post(
      '/api/v1/auth/sign-in',
      { email: 'nobody@example.com', password: 'Wr0ng!pass' },
      { 'accept-language': 'en-US' },
    );
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().error.message).toBe(unknown.json().error.message);
    expect(wrong.cookies.find((c) => c.name === 'auth_token')).toBeUndefined();
  });

  it('tells an inactive account so, but only with the right password', async () => {
    const customer = await registerCustomer(t.app);
    await t.app.db.update(users).set({ active: false }).where(eq(users.id, customer.id));
    const right = await post('/api/v1/auth/sign-in', {
      email: customer.email,
      password: customer.password,
    });
    expect(right.statusCode).toBe(403);
    expect(right.json().error.code).toBe('ACCOUNT_INACTIVE');
    const wrong = await post('/api/v1/auth/sign-in', {
      email: customer.email,
      password: 'Wr0ng!pass',
    });
    expect(wrong.json().error.code).toBe('INVALID_CREDENTIALS');
  });

  it('revokes the session on sign-out', async () => {
    const customer = await registerCustomer(t.app);
    expect((await me(customer.cookie)).statusCode).toBe(200);
    const out = await post('/api/v1/auth/sign-out', {}, { cookie: customer.cookie });
    expect(out.statusCode).toBe(204);
    expect(out.cookies.find((c) => c.name === 'auth_token')?.value ?? '').toBe('');
    expect((await me(customer.cookie)).statusCode).toBe(401);
  });

  it('records sign-ins and failures in the audit log with the IP', async () => {
    const customer = await registerCustomer(t.app);
    await post('/api/v1/auth/sign-in', { email: customer.email, password: 'Wr0ng!pass' });
    const rows = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, customer.email));
    expect(rows.map((r) => r.action)).toContain('auth.sign_in_failed');
    expect(rows[0]?.ip).toBe('127.0.0.1');
    const signIns = await t.app.db.select().from(auditLog).where(eq(auditLog.actorId, customer.id));
    expect(signIns.map((r) => r.action)).toEqual(
      expect.arrayContaining(['auth.registered', 'auth.sign_in']),
    );
  });
});

describe('password reset', () => {
  it('answers the same whether the e-mail exists or not', async () => {
    const customer = await registerCustomer(t.app);
    const known = await post('/api/v1/auth/forgot-password', { email: customer.email });
    const unknown = await post('/api/v1/auth/forgot-password', { email: 'ghost@example.com' });
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.body).toBe(unknown.body);
    expect(t.mail.to('ghost@example.com')).toHaveLength(0);
  });

  it('takes about as long for an unknown e-mail as for a known one', async () => {
    const customer = await registerCustomer(t.app);
    const unknownEmail = `ghost-${customer.id}@example.com`;
    const timed = async (email: string) => {
      clockAhead += 61_000; // past the minute between two requests
      const started = performance.now();
      const res = await post('/api/v1/auth/forgot-password', { email });
      expect(res.statusCode).toBe(202);
      return performance.now() - started;
    };
    try {
      const [known, unknown] = await interleavedMedians(
        9,
        () => timed(customer.email),
        () => timed(unknownEmail),
      );
      // The code e-mail goes out in the background: neither answer waits for SMTP.
      expect(Math.max(known, unknown) / Math.min(known, unknown)).toBeLessThan(3);
    } finally {
      clockAhead = 0;
    }
  });

  it('sends one code a minute per e-mail, and answers an unknown e-mail the same way', async () => {
    const customer = await registerCustomer(t.app);
    const ghost = `ghost-${customer.id}@example.com`;
    const ask = (email: string) =>
      post('/api/v1/auth/forgot-password', { email }, { 'accept-language': 'en-US' });
    try {
      expect((await ask(customer.email)).statusCode).toBe(202);
      expect((await ask(ghost)).statusCode).toBe(202);
      clockAhead += 20_000;
      // the same e-mail, any case, within the minute: refused, known or not
      const known = await ask(customer.email.toUpperCase());
      const unknown = await ask(ghost);
      for (const res of [known, unknown]) {
        expect(res.statusCode).toBe(429);
        const { code, message, params } = res.json().error;
        expect(code).toBe('RESEND_TOO_SOON');
        expect(params.seconds).toBeGreaterThan(30);
        expect(params.seconds).toBeLessThanOrEqual(40);
        expect(message).toBe(`Please wait ${params.seconds} seconds before asking again.`);
      }
      // nothing else tells them apart
      expect(Object.keys(known.json().error).sort()).toEqual(
        Object.keys(unknown.json().error).sort(),
      );
      // another e-mail is not held back
      expect((await ask(`other-${customer.id}@example.com`)).statusCode).toBe(202);
      // one code went out, with its tries: a refused request sent none
      await t.mail.waitFor(customer.email, 2);
      expect(t.mail.to(customer.email)).toHaveLength(2);

      clockAhead += 41_000;
      expect((await ask(customer.email)).statusCode).toBe(202);
      expect((await ask(ghost)).statusCode).toBe(202);
      await t.mail.waitFor(customer.email, 3);
      expect(t.mail.to(customer.email)).toHaveLength(3);
      expect(t.mail.to(ghost)).toHaveLength(0);
    } finally {
      clockAhead = 0;
    }
  });

  it('resets with the e-mailed code, ending every session', async () => {
    const customer = await registerCustomer(t.app);
    await post('/api/v1/auth/forgot-password', { email: customer.email });
    const code = resetCode((await t.mail.waitFor(customer.email, 2)).text);
    expect(code).toMatch(/^\d{6}$/);
    const newPassword = 'N3w!Passw0rd';
    const res = await post(
      '/api/v1/auth/reset-password',
      { email: customer.email, code, password: newPassword, confirmPassword: newPassword },
      { 'accept-language': 'en-US' },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Password reset successful');
    expect((await me(customer.cookie)).statusCode).toBe(401);
    const signIn = await post('/api/v1/auth/sign-in', {
      email: customer.email,
      password: newPassword,
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('refuses a breached password at reset without spending the code', async () => {
    const customer = await registerCustomer(t.app);
    await post('/api/v1/auth/forgot-password', { email: customer.email });
    const code = resetCode((await t.mail.waitFor(customer.email, 2)).text);
    const refused = await post(
      '/api/v1/auth/reset-password',
      { email: customer.email, code, password: 'Passw0rd!', confirmPassword: 'Passw0rd!' },
      { 'accept-language': 'en-US' },
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields.password).toContain('leaked in data breaches');
    const mine = `${customer.username}!X1`;
    const personal = await post(
      '/api/v1/auth/reset-password',
      { email: customer.email, code, password: mine, confirmPassword: mine },
      { 'accept-language': 'en-US' },
    );
    expect(personal.json().error.fields.password).toContain('must not contain your username');
    const ok = await post('/api/v1/auth/reset-password', {
      email: customer.email,
      code,
      password: 'N3w!Passw0rd',
      confirmPassword: 'N3w!Passw0rd',
    });
    expect(ok.statusCode).toBe(200);
  });

  it('refuses a wrong code and stops after 5 tries', async () => {
    const { code, wrongCode, body } = await resetRequested();
    const codes: string[] = [];
    for (let i = 0; i < 6; i += 1) {
      codes.push((await post('/api/v1/auth/reset-password', body(wrongCode))).json().error.code);
    }
    expect(codes[0]).toBe('RESET_CODE_INVALID');
    expect(codes).toContain('RESET_CODE_ATTEMPTS');
    const right = await post('/api/v1/auth/reset-password', body(code));
    expect(right.statusCode).toBe(400);
  });

  it('refuses the right code after 5 wrong tries, and the password stays', async () => {
    const { customer, code, wrongCode, body } = await resetRequested();
    for (let i = 0; i < 5; i += 1) {
      const res = await post('/api/v1/auth/reset-password', body(wrongCode));
      expect(res.json().error.code).toBe('RESET_CODE_INVALID');
    }
    const right = await post('/api/v1/auth/reset-password', body(code));
    expect(right.statusCode).toBe(400);
    expect(right.json().error.code).toBe('RESET_CODE_ATTEMPTS');
    expect((await me(customer.cookie)).statusCode).toBe(200);
    const old = await post('/api/v1/auth/sign-in', {
      email: customer.email,
      password: customer.password,
    });
    expect(old.statusCode).toBe(200);
  });

  it('takes a code stored before our own module (same row format)', async () => {
    const customer = await registerCustomer(t.app);
    const code = '402913';
    const hash = createHash('sha256').update(code, 'utf8').digest('base64url');
    await t.handle.db.insert(verifications).values({
      identifier: `forget-password-otp-${customer.email.toLowerCase()}`,
      value: `${hash}:1`,
      expiresAt: new Date(Date.now() + 10 * 60_000),
    });
    const res = await post('/api/v1/auth/reset-password', {
      email: customer.email,
      code,
      password: 'N3w!Passw0rd',
      confirmPassword: 'N3w!Passw0rd',
    });
    expect(res.statusCode).toBe(200);
    expect((await me(customer.cookie)).statusCode).toBe(401);
    const stored = await t.handle.db
      .select()
      .from(verifications)
      .where(eq(verifications.identifier, `forget-password-otp-${customer.email.toLowerCase()}`));
    expect(stored).toHaveLength(0);
  });

  it('stores a code only as its hash, with its tries', async () => {
    const customer = await registerCustomer(t.app);
    await post('/api/v1/auth/forgot-password', { email: customer.email });
    const code = resetCode((await t.mail.waitFor(customer.email, 2)).text);
    const [row] = await t.handle.db
      .select()
      .from(verifications)
      .where(eq(verifications.identifier, `forget-password-otp-${customer.email.toLowerCase()}`));
    expect(row?.value).toBe(`${createHash('sha256').update(code).digest('base64url')}:0`);
    expect(row?.value).not.toContain(code);
  });
});

describe('profile', () => {
  it('refuses a breached or personal new password on the field, in both languages', async () => {
    const customer = await registerCustomer(t.app);
    const change = (newPassword: string, locale: string) =>
      post(
        '/api/v1/me/password',
        { currentPassword: customer.password, newPassword, confirmPassword: newPassword },
        { cookie: customer.cookie, 'accept-language': locale },
      );
    const en = await change('Password1!', 'en-US');
    expect(en.statusCode).toBe(400);
    expect(en.json().error.fields.newPassword).toContain('leaked in data breaches');
    const pt = await change(`Z9!${customer.username}`, 'pt-BR');
    expect(pt.statusCode).toBe(400);
    expect(pt.json().error.fields.newPassword).toContain('não pode conter o seu nome de usuário');
  });

  it('changes the password, keeping this session and ending the others', async () => {
    const customer = await registerCustomer(t.app);
    const other = sessionCookieOf(
      await post('/api/v1/auth/sign-in', { email: customer.email, password: customer.password }),
    );
    const wrong = await post(
      '/api/v1/me/password',
      {
        currentPassword: 'Wr0ng!pass',
        newPassword: 'N3w!Passw0rd',
        confirmPassword: 'N3w!Passw0rd',
      },
      { cookie: customer.cookie, 'accept-language': 'en-US' },
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields.currentPassword).toBe('The current password is not correct.');
    const ok = await post(
      '/api/v1/me/password',
      {
        currentPassword: customer.password,
        newPassword: 'N3w!Passw0rd',
        confirmPassword: 'N3w!Passw0rd',
      },
      { cookie: customer.cookie },
    );
    expect(ok.statusCode).toBe(200);
    expect((await me(customer.cookie)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
  });

  it('updates contact information and default tokens', async () => {
    const customer = await registerCustomer(t.app);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/me/contact',
      payload: { name: 'Maria Souza', phone: '21 3333-4444' },
      headers: { cookie: customer.cookie, 'accept-language': 'en-US' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Contact information updated successfully',
      profile: { name: 'Maria Souza', phone: '+552133334444' },
    });
    const tokens = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/me/default-tokens',
      payload: { defaultSendToken: 'pix', defaultReceiveToken: 'USDT' },
      headers: { cookie: customer.cookie },
    });
    expect(tokens.statusCode).toBe(200);
    expect(tokens.json()).toMatchObject({ defaultSendToken: 'PIX', defaultReceiveToken: 'USDT' });
    const unknown = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/me/default-tokens',
      payload: { defaultSendToken: 'NOPE', defaultReceiveToken: null },
      headers: { cookie: customer.cookie },
    });
    expect(unknown.statusCode).toBe(400);
  });
});

describe('admins and customers sign in apart', () => {
  it('lets an admin sign in at the admin door only', async () => {
    const admin = await signInAdmin(t.app);
    const profile = await me(admin.cookie);
    expect(profile.json().session).toMatchObject({ role: 'admin', email: admin.username });
    const customerDoor = await post('/api/v1/auth/sign-in', {
      email: `${admin.username}@admins.invalid`,
      password: admin.password,
    });
    expect(customerDoor.statusCode).toBe(401);
  });

  it('refuses a customer at the admin door', async () => {
    const customer = await registerCustomer(t.app);
    const res = await post('/api/v1/admin/auth/sign-in', {
      username: customer.username,
      password: customer.password,
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('INVALID_ADMIN_CREDENTIALS');
  });
});

describe('in production', () => {
  it('marks the session cookie Secure', async () => {
    const prod = await buildTestApp({ env: { NODE_ENV: 'production' } });
    try {
      const customer = registrationBody();
      await prod.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: customer });
      const res = await prod.app.inject({
        method: 'POST',
        url: '/api/v1/auth/sign-in',
        payload: { email: customer.email, password: customer.password },
      });
      expect(res.statusCode).toBe(200);
      expect(res.cookies.find((c) => c.name === 'auth_token')).toMatchObject({
        secure: true,
        httpOnly: true,
        sameSite: 'Lax',
      });
    } finally {
      await prod.close();
    }
  });
});

describe('sign-in throttling per account and address', () => {
  const signInFrom = (ip: string, email: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in',
      payload: { email, password },
      remoteAddress: ip,
      headers: { 'accept-language': 'en-US' },
    });
  const adminSignInFrom = (ip: string, username: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/auth/sign-in',
      payload: { username, password },
      remoteAddress: ip,
      headers: { 'accept-language': 'en-US' },
    });

  /** Moves the failed sign-ins from `ip` `ms` into the past (the audit log refuses updates). */
  async function ageFailures(ip: string, ms: number) {
    await t.app.db.execute(`ALTER TABLE audit_log DISABLE TRIGGER USER` as never);
    await t.app.db
      .update(auditLog)
      .set({ createdAt: sql`${auditLog.createdAt} - make_interval(secs => ${ms / 1000})` })
      .where(and(eq(auditLog.ip, ip), eq(auditLog.action, 'auth.sign_in_failed')));
    await t.app.db.execute(`ALTER TABLE audit_log ENABLE TRIGGER USER` as never);
  }

  it('makes one address wait 1 s, then 2 s, then 4 s after 5 failures on one account, without checking the password', async () => {
    const customer = await registerCustomer(t.app);
    for (let i = 0; i < 5; i += 1) {
      expect((await signInFrom('203.0.113.10', customer.email, 'Wr0ng!pass')).statusCode).toBe(401);
    }
    for (const seconds of [1, 2, 4]) {
      // even the right password waits: it is not checked during the pause
      const held = await signInFrom('203.0.113.10', customer.email, customer.password);
      expect(held.statusCode).toBe(429);
      expect(held.json().error).toMatchObject({ code: 'SIGN_IN_WAIT', params: { seconds } });
      expect(held.json().error.message).toBe(
        `Too many failed attempts. Please wait ${seconds} seconds and try again.`,
      );
      expect(held.headers['retry-after']).toBe(String(seconds));
      await ageFailures('203.0.113.10', seconds * 1000);
      expect((await signInFrom('203.0.113.10', customer.email, 'Wr0ng!pass')).statusCode).toBe(401);
    }
    await ageFailures('203.0.113.10', 8000);
    expect((await signInFrom('203.0.113.10', customer.email, customer.password)).statusCode).toBe(
      200,
    );
  });

  it('lets the owner in from a new address while an attacker is held back', async () => {
    const customer = await registerCustomer(t.app);
    // guessed from ten addresses and from one address again and again
    for (let i = 0; i < 10; i += 1) {
      await signInFrom(`198.51.100.${i + 1}`, customer.email, 'Wr0ng!pass');
    }
    for (let i = 0; i < 6; i += 1) await signInFrom('203.0.113.11', customer.email, 'Wr0ng!pass');
    expect((await signInFrom('203.0.113.11', customer.email, 'Wr0ng!pass')).statusCode).toBe(429);
    const owner = await signInFrom('192.0.2.50', customer.email, customer.password);
    expect(owner.statusCode).toBe(200);
    expect(owner.cookies.find((c) => c.name === 'auth_token')?.value).toBeTruthy();
  });

  it('holds an address back on the account it guessed only: other accounts sign in from it', async () => {
    const target = await registerCustomer(t.app);
    const neighbour = await registerCustomer(t.app);
    for (let i = 0; i < 6; i += 1) await signInFrom('203.0.113.12', target.email, 'Wr0ng!pass');
    expect((await signInFrom('203.0.113.12', target.email, 'Wr0ng!pass')).statusCode).toBe(429);
    // 30 more failures from the address over many accounts: no block of the whole address
    for (let i = 0; i < 30; i += 1) {
      await signInFrom('203.0.113.12', `probe${i}.${target.username}@example.com`, 'Wr0ng!pass');
    }
    expect((await signInFrom('203.0.113.12', neighbour.email, neighbour.password)).statusCode).toBe(
      200,
    );
  });

  it('e-mails the owner once per window, in their language, when their account is being guessed', async () => {
    const english = await registerCustomer(t.app, { locale: 'en-US' });
    const portuguese = await registerCustomer(t.app, { locale: 'pt-BR' });
    await t.app.jobs.drain(EMAIL_QUEUE);
    const before = (email: string) => t.mail.to(email).length;
    const counts = { en: before(english.email), pt: before(portuguese.email) };
    for (let i = 0; i < 14; i += 1) {
      await signInFrom(`198.51.100.${100 + i}`, english.email, 'Wr0ng!pass');
      await signInFrom(`198.51.100.${100 + i}`, portuguese.email, 'Wr0ng!pass');
    }
    await t.app.jobs.drain(EMAIL_QUEUE);
    const en = await t.mail.waitFor(english.email, counts.en + 1);
    const pt = await t.mail.waitFor(portuguese.email, counts.pt + 1);
    expect(en.subject).toContain('Someone is trying to sign in to your account');
    expect(pt.subject).toContain('Alguém está tentando entrar na sua conta');
    expect(en.text).toContain('/en-US/forgot-password');
    // once per window, not per attempt
    expect(t.mail.to(english.email)).toHaveLength(counts.en + 1);
    expect(t.mail.to(portuguese.email)).toHaveLength(counts.pt + 1);
  });

  it('throttles admin sign-in per account and address too, and lets the admin in elsewhere', async () => {
    const admin = await signInAdmin(t.app);
    for (let i = 0; i < 5; i += 1) {
      expect((await adminSignInFrom('203.0.113.13', admin.username, 'Wr0ng!pass')).statusCode).toBe(
        401,
      );
    }
    const held = await adminSignInFrom('203.0.113.13', admin.username, admin.password);
    expect(held.statusCode).toBe(429);
    expect(held.json().error.code).toBe('SIGN_IN_WAIT');
    expect((await adminSignInFrom('192.0.2.51', admin.username, admin.password)).statusCode).toBe(
      200,
    );
  });
});

describe('security e-mails', () => {
  const signInFrom = (ip: string, email: string, password: string, userAgent = 'lightMyRequest') =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in',
      payload: { email, password },
      remoteAddress: ip,
      headers: { 'user-agent': userAgent },
    });
  const subjects = async (email: string) => {
    await t.app.jobs.drain(EMAIL_QUEUE);
    return t.mail.to(email).map((mail) => mail.subject);
  };

  it('tells the customer in their language when the password changes', async () => {
    for (const [locale, subject] of [
      ['en-US', 'Your password was changed'],
      ['pt-BR', 'Sua senha foi alterada'],
    ] as const) {
      const customer = await registerCustomer(t.app, { locale });
      const res = await post(
        '/api/v1/me/password',
        {
          currentPassword: customer.password,
          newPassword: 'N3w!Passw0rd',
          confirmPassword: 'N3w!Passw0rd',
        },
        { cookie: customer.cookie },
      );
      expect(res.statusCode).toBe(200);
      expect((await subjects(customer.email)).filter((s) => s.includes(subject))).toHaveLength(1);
    }
  });

  it('tells the customer in their language when a reset is used', async () => {
    for (const [locale, subject] of [
      ['en-US', 'Your password was reset'],
      ['pt-BR', 'Sua senha foi redefinida'],
    ] as const) {
      const customer = await registerCustomer(t.app, { locale });
      await post('/api/v1/auth/forgot-password', { email: customer.email });
      const code = resetCode((await t.mail.waitFor(customer.email, 2)).text);
      const res = await post('/api/v1/auth/reset-password', {
        email: customer.email,
        code,
        password: 'N3w!Passw0rd',
        confirmPassword: 'N3w!Passw0rd',
      });
      expect(res.statusCode).toBe(200);
      expect((await subjects(customer.email)).filter((s) => s.includes(subject))).toHaveLength(1);
    }
  });

  it('tells of a sign-in from a new device, not of the first one after registering nor of a known one', async () => {
    for (const [locale, subject] of [
      ['en-US', 'New sign-in to your account'],
      ['pt-BR', 'Novo acesso à sua conta'],
    ] as const) {
      // registerCustomer signs in once, from 127.0.0.1: the first sign-in is not news
      const customer = await registerCustomer(t.app, { locale });
      const news = async () =>
        (await subjects(customer.email)).filter((s) => s.includes(subject)).length;
      expect(await news()).toBe(0);
      expect((await signInFrom('127.0.0.1', customer.email, customer.password)).statusCode).toBe(
        200,
      );
      expect(await news()).toBe(0);
      expect((await signInFrom('192.0.2.77', customer.email, customer.password)).statusCode).toBe(
        200,
      );
      expect(await news()).toBe(1);
      const mail = t.mail.to(customer.email).find((m) => m.subject.includes(subject))!;
      expect(mail.text).toContain('192.0.2.77');
      // the same device again is known now; another browser on it is not
      await signInFrom('192.0.2.77', customer.email, customer.password);
      expect(await news()).toBe(1);
      await signInFrom('192.0.2.77', customer.email, customer.password, 'Firefox/140.0');
      expect(await news()).toBe(2);
    }
  });
});
