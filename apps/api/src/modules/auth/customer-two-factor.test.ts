import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { generate } from 'otplib';
import type { LightMyRequestResponse } from 'fastify';
import { auditLog, twoFactors, users, verifications } from '@permuta/db';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { registerCustomer, sessionCookieOf, signInAdmin } from '../../../test/auth-helpers.ts';
import type { TestCustomer } from '../../../test/auth-helpers.ts';
import {
  USDT_TO_PIX,
  deliverEmails,
  liftCustomerLimits,
  lockQuote,
  trader,
  updateSettings,
} from '../orders/test-support.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const call = (
  method: 'GET' | 'POST',
  url: string,
  cookie: string,
  payload?: object,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method,
    url,
    headers: { cookie, 'accept-language': 'en-US', ...headers },
    ...(payload ? { payload } : {}),
  });

/** Every cookie the answer set, as one `cookie` header. */
function cookiesOf(response: LightMyRequestResponse): string {
  return response.cookies
    .filter((c) => c.value !== '')
    .map((c) => `${c.name}=${c.value}`)
    .join('; ');
}

/** A code of the step after the current one (accepted: one step either side). */
const nextCode = (secret: string) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });

/** The current code, once the step a previous code used is forgotten (tests only). */
async function freshCode(secret: string, userId: string): Promise<string> {
  await t.handle.db
    .delete(verifications)
    .where(eq(verifications.identifier, `two-factor-step:${userId}`));
  return generate({ secret });
}

/** The e-mail to `address` whose text holds `text` (waits up to 5 s). */
async function mailWith(address: string, text: string) {
  const deadline = Date.now() + 5000;
  for (;;) {
    const found = t.mail.to(address).find((m) => m.text.includes(text));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no e-mail to ${address} saying "${text}"`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const wrongCode = (code: string) => String((Number(code) + 500_000) % 1_000_000).padStart(6, '0');

async function audits(action: string, entityId: string) {
  return t.handle.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, entityId)))
    .orderBy(desc(auditLog.id));
}

interface Enrolled {
  customer: TestCustomer;
  secret: string;
  cookie: string;
  codes: string[];
}

/** A customer with two-factor on: the secret, the renewed session cookie, the recovery codes. */
async function enrolled(): Promise<Enrolled> {
  const customer = await registerCustomer(t.app);
  const started = await call('POST', '/api/v1/me/two-factor/enrolment', customer.cookie, {
    password: customer.password,
  });
  expect(started.statusCode, started.body).toBe(200);
  const secret = started.json().secret as string;
  const confirmed = await call('POST', '/api/v1/me/two-factor/confirm', customer.cookie, {
    code: await generate({ secret }),
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return {
    customer,
    secret,
    cookie: sessionCookieOf(confirmed),
    codes: confirmed.json().recoveryCodes,
  };
}

/** The password step: the cookie of the pending sign-in. */
async function pending(customer: TestCustomer): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/sign-in',
    payload: { email: customer.email, password: customer.password },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toEqual({ twoFactorRequired: true });
  expect(res.cookies.some((c) => c.name === 'auth_token' && c.value !== '')).toBe(false);
  return cookiesOf(res);
}

const secondStep = (cookie: string, code: string) =>
  call('POST', '/api/v1/auth/two-factor', cookie, { code });

// the customers register in Portuguese (registrationBody): their e-mails are in Portuguese
describe('customer two-factor enrolment', () => {
  it('needs the password, stays off until a code confirms, then shows 10 hashed recovery codes once', async () => {
    const customer = await registerCustomer(t.app);
    const off = await call('GET', '/api/v1/me/two-factor', customer.cookie);
    expect(off.json()).toEqual({ enabled: false, recoveryCodesLeft: 0 });

    const wrong = await call('POST', '/api/v1/me/two-factor/enrolment', customer.cookie, {
      password: 'Wr0ng!Password',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields.password).toBeDefined();

    const started = await call('POST', '/api/v1/me/two-factor/enrolment', customer.cookie, {
      password: customer.password,
    });
    expect(started.statusCode).toBe(200);
    const { secret, totpUri } = started.json();
    expect(totpUri).toMatch(/^otpauth:\/\/totp\//);
    expect(new URL(totpUri).searchParams.get('secret')).toBe(secret);
    // not on yet: the password alone still signs in
    const plain = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in',
      payload: { email: customer.email, password: customer.password },
    });
    expect(plain.json().session).toBeDefined();

    const code = await generate({ secret });
    const refused = await call('POST', '/api/v1/me/two-factor/confirm', customer.cookie, {
      code: wrongCode(code),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('TWO_FACTOR_INVALID');

    const confirmed = await call('POST', '/api/v1/me/two-factor/confirm', customer.cookie, {
      code,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const body = confirmed.json();
    expect(body.recoveryCodes).toHaveLength(10);
    expect(new Set(body.recoveryCodes).size).toBe(10);
    expect(body.twoFactor).toEqual({ enabled: true, recoveryCodesLeft: 10 });
    // the session got a new token: the old cookie no longer works
    expect((await call('GET', '/api/v1/me', customer.cookie)).statusCode).toBe(401);
    const cookie = sessionCookieOf(confirmed);
    expect((await call('GET', '/api/v1/me/two-factor', cookie)).json()).toEqual({
      enabled: true,
      recoveryCodesLeft: 10,
    });
    // stored encrypted, and the codes as hashes (neither readable in the row)
    const [row] = await t.handle.db
      .select()
      .from(twoFactors)
      .where(eq(twoFactors.userId, customer.id));
    for (const shown of body.recoveryCodes as string[]) {
      expect(row!.backupCodes).not.toContain(shown);
    }
    expect(await audits('two_factor.enabled', customer.id)).toHaveLength(1);
    await deliverEmails(t.app);
    await mailWith(customer.email, 'A autenticação de dois fatores foi ativada');
    // the code that confirmed the enrolment does not sign in (same step)
    const challenge = await pending(customer);
    expect((await secondStep(challenge, code)).statusCode).toBe(401);
  });

  it('refuses a second enrolment while on, and another origin', async () => {
    const { customer, cookie } = await enrolled();
    const again = await call('POST', '/api/v1/me/two-factor/enrolment', cookie, {
      password: customer.password,
    });
    expect(again.statusCode).toBe(409);
    const cross = await call(
      'POST',
      '/api/v1/me/two-factor/disable',
      cookie,
      { password: customer.password, code: '123456' },
      { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    );
    expect(cross.statusCode).toBe(403);
    expect(cross.json().error.code).toBe('CROSS_ORIGIN_REQUEST');
    const crossEnrol = await call(
      'POST',
      '/api/v1/me/two-factor/enrolment',
      (await registerCustomer(t.app)).cookie,
      { password: customer.password },
      { origin: 'https://evil.example' },
    );
    expect(crossEnrol.statusCode).toBe(403);
  });

  it('is the customer’s own: guests get 401 and admins 403', async () => {
    expect((await call('GET', '/api/v1/me/two-factor', '')).statusCode).toBe(401);
    const admin = await signInAdmin(t.app);
    expect((await call('GET', '/api/v1/me/two-factor', admin.cookie)).statusCode).toBe(403);
  });
});

describe('customer sign-in with two-factor', () => {
  it('asks for a code after the password; a TOTP code signs in once, not twice', async () => {
    const { customer, secret } = await enrolled();
    const code = await nextCode(secret);
    const first = await secondStep(await pending(customer), code);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().session.email).toBe(customer.email);
    expect(first.json().recoveryCodesLeft).toBeUndefined();
    expect((await call('GET', '/api/v1/me', sessionCookieOf(first))).statusCode).toBe(200);
    // the same code again, on a new pending sign-in: refused
    const replay = await secondStep(await pending(customer), code);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error.code).toBe('TWO_FACTOR_INVALID');
  });

  it('takes a recovery code once, tells how many are left and e-mails the customer', async () => {
    const { customer, codes } = await enrolled();
    const used = await secondStep(await pending(customer), codes[3]!);
    expect(used.statusCode, used.body).toBe(200);
    expect(used.json().recoveryCodesLeft).toBe(9);
    const again = await secondStep(await pending(customer), codes[3]!);
    expect(again.statusCode).toBe(401);
    expect(
      (await call('GET', '/api/v1/me/two-factor', sessionCookieOf(used))).json().recoveryCodesLeft,
    ).toBe(9);
    await deliverEmails(t.app);
    const mail = await mailWith(customer.email, 'Um código de recuperação foi usado');
    expect(mail.text).toContain('Restam 9 códigos de recuperação');
  });

  it('spends a recovery code sent twice at once only once', async () => {
    const { customer, codes } = await enrolled();
    const [a, b] = [await pending(customer), await pending(customer)];
    const answers = await Promise.all([secondStep(a, codes[0]!), secondStep(b, codes[0]!)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 401]);
    const [row] = await t.handle.db
      .select({ on: users.twoFactorEnabled })
      .from(users)
      .where(eq(users.id, customer.id));
    expect(row!.on).toBe(true);
  });

  it('allows 5 codes per pending sign-in and locks two-factor after 10 wrong ones', async () => {
    const { customer, secret, codes } = await enrolled();
    const challenge = await pending(customer);
    for (let i = 0; i < 5; i++) {
      expect((await secondStep(challenge, `wrong-${i}-code`)).statusCode).toBe(401);
    }
    // the pending sign-in is spent: even a right code does not open a session on it
    expect((await secondStep(challenge, codes[1]!)).statusCode).toBe(401);
    const other = await pending(customer);
    for (let i = 0; i < 5; i++) {
      expect((await secondStep(other, `other-${i}-code`)).statusCode).toBe(401);
    }
    const locked = await secondStep(await pending(customer), await nextCode(secret));
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.code).toBe('SIGN_IN_THROTTLED');
  });

  it('does not take a customer’s pending sign-in at the admins’ step, nor the reverse', async () => {
    const { customer, codes } = await enrolled();
    const challenge = await pending(customer);
    const atAdmin = await call('POST', '/api/v1/admin/auth/two-factor', challenge, {
      code: codes[0]!,
    });
    expect(atAdmin.statusCode).toBe(401);
    // the code was not spent by the refused try
    expect((await secondStep(challenge, codes[0]!)).statusCode).toBe(200);
    expect((await secondStep('permuta.two_factor=forged', codes[1]!)).statusCode).toBe(401);
  });
});

describe('managing the codes and turning two-factor off', () => {
  it('makes new recovery codes with a TOTP code: the old ones stop working', async () => {
    const { customer, secret, cookie, codes } = await enrolled();
    const refused = await call('POST', '/api/v1/me/two-factor/recovery-codes', cookie, {
      code: codes[0]!,
    });
    expect(refused.statusCode).toBe(400);
    const made = await call('POST', '/api/v1/me/two-factor/recovery-codes', cookie, {
      code: await freshCode(secret, customer.id),
    });
    expect(made.statusCode, made.body).toBe(200);
    const fresh = made.json().recoveryCodes as string[];
    expect(fresh).toHaveLength(10);
    expect((await secondStep(await pending(customer), codes[0]!)).statusCode).toBe(401);
    expect((await secondStep(await pending(customer), fresh[0]!)).statusCode).toBe(200);
    expect(await audits('two_factor.codes_regenerated', customer.id)).toHaveLength(1);
  });

  it('needs the password and a code to turn it off', async () => {
    const { customer, secret, cookie, codes } = await enrolled();
    const noPassword = await call('POST', '/api/v1/me/two-factor/disable', cookie, {
      password: 'Wr0ng!Password',
      code: codes[0]!,
    });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().error.fields.password).toBeDefined();
    const code = await freshCode(secret, customer.id);
    const noCode = await call('POST', '/api/v1/me/two-factor/disable', cookie, {
      password: customer.password,
      code: wrongCode(code),
    });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().error.code).toBe('TWO_FACTOR_INVALID');
    const nul = await call('POST', '/api/v1/me/two-factor/disable', cookie, {
      password: customer.password,
      code: `${codes[0]!}\u0000`,
    });
    expect(nul.statusCode).toBe(400);
    const off = await call('POST', '/api/v1/me/two-factor/disable', cookie, {
      password: customer.password,
      code,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    const rows = await t.handle.db
      .select()
      .from(twoFactors)
      .where(eq(twoFactors.userId, customer.id));
    expect(rows).toHaveLength(0);
    // the password alone signs in again
    const plain = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in',
      payload: { email: customer.email, password: customer.password },
    });
    expect(plain.json().session).toBeDefined();
    expect(await audits('two_factor.disabled', customer.id)).toHaveLength(1);
    await deliverEmails(t.app);
    await mailWith(customer.email, 'A autenticação de dois fatores foi desativada');
  });
});

describe('two-factor required above the admin’s limit', () => {
  it('refuses an order above the limit without two-factor and accepts it once enrolled', async () => {
    await liftCustomerLimits(t.app);
    const customer = await trader(t.app);
    const create = async (cookie: string) => {
      const quote = await lockQuote(t.app, cookie, { ...USDT_TO_PIX, amount: '100' });
      expect(quote.statusCode, quote.body).toBe(200);
      return call('POST', '/api/v1/orders', cookie, {
        quoteToken: quote.json().quoteToken,
        walletId: customer.wallets.PIX,
      });
    };
    try {
      await updateSettings(t.app, { twoFactorOrderAboveBrl: '100' });
      const refused = await create(customer.cookie);
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json().error.code).toBe('TWO_FACTOR_REQUIRED_FOR_ORDER');
      expect(refused.json().error.message).toContain('R$100.00');

      const started = await call('POST', '/api/v1/me/two-factor/enrolment', customer.cookie, {
        password: customer.password,
      });
      const confirmed = await call('POST', '/api/v1/me/two-factor/confirm', customer.cookie, {
        code: await generate({ secret: started.json().secret }),
      });
      expect(confirmed.statusCode).toBe(200);
      const accepted = await create(sessionCookieOf(confirmed));
      expect(accepted.statusCode, accepted.body).toBe(201);

      // 0: never required
      await updateSettings(t.app, { twoFactorOrderAboveBrl: '0' });
      const other = await trader(t.app);
      const quote = await lockQuote(t.app, other.cookie, { ...USDT_TO_PIX, amount: '100' });
      const free = await call('POST', '/api/v1/orders', other.cookie, {
        quoteToken: quote.json().quoteToken,
        walletId: other.wallets.PIX,
      });
      expect(free.statusCode, free.body).toBe(201);
    } finally {
      await updateSettings(t.app, { twoFactorOrderAboveBrl: '0' });
    }
  });
});
