import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CONTACT_MESSAGES_PER_HOUR } from '@permuta/contracts';
import { verifications } from '@permuta/db';
import { buildTestApp } from '../test/build-test-app.ts';
import type { TestApp } from '../test/build-test-app.ts';
import { generate } from 'otplib';
import type { LightMyRequestResponse } from 'fastify';
import { registerCustomer, resetRequested, signInAdmin } from '../test/auth-helpers.ts';
import { FREE_FAILURES, RESET_CODE_ATTEMPTS } from './modules/auth/auth.service.ts';

/**
 * Every throttle of the API holds across instances (decision 050): what one instance counted,
 * the other sees, because the counts live in the shared database.
 */
let a: TestApp;
let b: TestApp;

beforeAll(async () => {
  a = await buildTestApp();
  b = await buildTestApp({ sameDatabaseAs: a });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

const post = (t: TestApp, url: string, payload: object, ip = '203.0.113.40') =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress: ip,
    headers: { 'accept-language': 'en-US' },
  });

describe('throttles shared by two instances', () => {
  it('contact form: the messages sent on one instance count on the other', async () => {
    const message = (i: number) => ({
      name: 'Marina Souza',
      email: 'marina@example.com',
      message: `Hello, message ${i}`,
    });
    for (let i = 0; i < CONTACT_MESSAGES_PER_HOUR; i++) {
      expect((await post(a, '/api/v1/contact', message(i), '203.0.113.41')).statusCode).toBe(201);
    }
    const refused = await post(b, '/api/v1/contact', message(99), '203.0.113.41');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('CONTACT_THROTTLED');
  });

  it('sign-in: failures on one instance make the same address wait on the other', async () => {
    const wrong = { email: 'someone@example.com', password: 'Wr0ng!pass-word' };
    for (let i = 0; i < FREE_FAILURES; i++) {
      const res = await post(i % 2 === 0 ? a : b, '/api/v1/auth/sign-in', wrong, '203.0.113.42');
      expect(res.statusCode).toBe(401);
    }
    const waiting = await post(b, '/api/v1/auth/sign-in', wrong, '203.0.113.42');
    expect(waiting.statusCode).toBe(429);
    expect(waiting.json().error.code).toBe('SIGN_IN_WAIT');
    const again = await post(a, '/api/v1/auth/sign-in', wrong, '203.0.113.42');
    expect(again.json().error.code).toBe('SIGN_IN_WAIT');
  });

  it('password reset: a code asked on one instance holds the other back', async () => {
    const email = 'nobody-here@example.com';
    expect((await post(a, '/api/v1/auth/forgot-password', { email })).statusCode).toBe(202);
    const again = await post(b, '/api/v1/auth/forgot-password', { email });
    expect(again.statusCode).toBe(429);
    expect(again.json().error.code).toBe('RESEND_TOO_SOON');
  });

  it('reset code: wrong tries on both instances add up', async () => {
    const { code, wrongCode, body } = await resetRequested(a, {
      remoteAddress: '203.0.113.40',
      headers: { 'accept-language': 'en-US' },
    });
    for (let i = 0; i < RESET_CODE_ATTEMPTS; i++) {
      await post(i % 2 === 0 ? a : b, '/api/v1/auth/reset-password', body(wrongCode));
    }
    const right = await post(b, '/api/v1/auth/reset-password', body(code));
    expect(right.statusCode).toBe(400);
    expect(right.json().error.code).toBe('RESET_CODE_ATTEMPTS');
  });

  it('e-mail validation resend: two at once, one on each instance, send one e-mail', async () => {
    const customer = await registerCustomer(a.app, { verified: false });
    await a.mail.waitFor(customer.email);
    const linkToken = (text: string) => /validate-email\?token=([\w-]+)/.exec(text)?.[1] ?? '';
    const resend = (t: TestApp) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/me/verify-email/resend',
        headers: { cookie: customer.cookie, 'accept-language': 'en-US' },
        payload: {},
      });
    // the countdown of the registration's link is over: a resend may go
    await a.app.db.execute(
      `UPDATE verifications SET created_at = now() - interval '61 seconds' WHERE identifier = 'email-verification:${customer.id}'` as never,
    );
    const throttledAnswer = (res: LightMyRequestResponse) => ({
      status: res.statusCode,
      code: res.json().error?.code,
    });
    const answers = await Promise.all([resend(a), resend(b), resend(a), resend(b)]);
    const sent = answers.filter((res) => res.statusCode === 202);
    const refused = answers.filter((res) => res.statusCode !== 202);
    expect(sent).toHaveLength(1);
    // the others answer as a resend within the minute does
    const tooSoon = await resend(b);
    for (const res of refused) {
      expect(throttledAnswer(res)).toEqual(throttledAnswer(tooSoon));
      expect(res.json().error.params.seconds).toBeGreaterThan(50);
    }
    // one e-mail more than the registration's, over both instances
    await new Promise((resolve) => setTimeout(resolve, 300));
    const mails = [...a.mail.to(customer.email), ...b.mail.to(customer.email)];
    expect(mails).toHaveLength(2);
    const links = await a.app.db
      .select({ id: verifications.id })
      .from(verifications)
      .where(eq(verifications.identifier, `email-verification:${customer.id}`));
    expect(links).toHaveLength(1);
    // and the link that e-mail carries is the one that works
    const latest = mails.find((m) => m !== a.mail.to(customer.email)[0]);
    const token = linkToken(latest?.text ?? '');
    const verified = await a.app.inject({
      method: 'POST',
      url: '/api/v1/auth/verify-email',
      payload: { token },
    });
    expect(verified.statusCode).toBe(200);
  });

  it('admin two-factor: wrong codes on both instances add up to the lock', async () => {
    const admin = await signInAdmin(a.app);
    const enabled = await a.app.inject({
      method: 'POST',
      url: '/api/v1/admin/me/two-factor/enable',
      headers: { cookie: admin.cookie },
      payload: { password: admin.password },
    });
    const secret = new URL(enabled.json().totpUri).searchParams.get('secret') ?? '';
    const verified = await b.app.inject({
      method: 'POST',
      url: '/api/v1/admin/me/two-factor/verify',
      headers: { cookie: admin.cookie },
      payload: { code: await generate({ secret }) },
    });
    expect(verified.statusCode).toBe(200);
    const cookiesOf = (res: LightMyRequestResponse) =>
      res.cookies
        .filter((c) => c.value !== '')
        .map((c) => `${c.name}=${c.value}`)
        .join('; ');
    const passwordStep = async (t: TestApp) =>
      cookiesOf(
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/admin/auth/sign-in',
          payload: { username: admin.username, password: admin.password },
        }),
      );
    const codeStep = (t: TestApp, cookie: string, code: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/admin/auth/two-factor',
        headers: { cookie, 'accept-language': 'en-US' },
        payload: { code },
      });
    const wrong = async () =>
      String((Number(await generate({ secret })) + 500_000) % 1_000_000).padStart(6, '0');
    // 5 codes per pending sign-in, 10 wrong in a row lock: each pending sign-in opened on one
    // instance and its codes sent to the other
    for (const [opens, tries] of [
      [a, b],
      [b, a],
    ] as const) {
      const cookie = await passwordStep(opens);
      for (let i = 0; i < 5; i++) {
        expect((await codeStep(tries, cookie, await wrong())).statusCode).toBe(401);
      }
    }
    const locked = await codeStep(b, await passwordStep(a), await generate({ secret }));
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.code).toBe('SIGN_IN_THROTTLED');
  });
});
