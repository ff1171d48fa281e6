import { randomBytes, randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { LightMyRequestResponse } from 'fastify';
import { createAdmin, users } from '@permuta/db';
import type { AdminRole, RegistrationInput } from '@permuta/contracts';

/** A CPF with valid check digits, random enough to be unique within a test file. */
export function randomCpf(): string {
  for (;;) {
    const base = Array.from({ length: 9 }, () => randomInt(10));
    if (base.every((d) => d === base[0])) continue;
    const digit = (digits: number[]) => {
      const length = digits.length;
      const sum = digits.reduce((acc, d, i) => acc + d * (length + 1 - i), 0);
      const rest = (sum * 10) % 11;
      return rest === 10 ? 0 : rest;
    };
    const first = digit(base);
    const second = digit([...base, first]);
    return [...base, first, second].join('');
  }
}

export const TEST_PASSWORD = 'Str0ng!Pass';

/** A valid registration body (adult, unique e-mail, username and CPF); override any field. */
export function registrationBody(overrides: Partial<RegistrationInput> = {}): RegistrationInput {
  const suffix = randomBytes(4).toString('hex');
  return {
    username: `cust_${suffix}`,
    name: 'Maria da Silva',
    email: `maria.${suffix}@example.com`,
    phone: '(11) 98888-7777',
    cpf: randomCpf(),
    birthDate: '1990-05-20',
    password: TEST_PASSWORD,
    confirmPassword: TEST_PASSWORD,
    acceptTerms: true,
    locale: 'pt-BR',
    ...overrides,
  };
}

/** The `name=value` pair of the session cookie a response set (for the `cookie` header). */
export function sessionCookieOf(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'auth_token' && c.value !== '');
  if (!cookie) {
    throw new Error(`no session cookie in the answer (${response.statusCode}): ${response.body}`);
  }
  return `auth_token=${cookie.value}`;
}

export interface TestCustomer {
  id: string;
  email: string;
  username: string;
  password: string;
  /** `auth_token=...`, ready for the `cookie` header of app.inject */
  cookie: string;
}

/**
 * Registers a customer through POST /api/v1/auth/register and signs in through
 * POST /api/v1/auth/sign-in. The e-mail is marked confirmed unless `{ verified: false }`.
 */
export async function registerCustomer(
  app: FastifyInstance,
  overrides: Partial<RegistrationInput> & { verified?: boolean } = {},
): Promise<TestCustomer> {
  const { verified = true, ...fields } = overrides;
  const body = registrationBody(fields);
  const registered = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/register',
    payload: body,
  });
  if (registered.statusCode !== 201) {
    throw new Error(`registration failed (${registered.statusCode}): ${registered.body}`);
  }
  const email = body.email.trim().toLowerCase();
  const [row] = await app.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  if (!row) throw new Error(`registered customer ${email} not found`);
  if (verified) {
    await app.db.update(users).set({ emailVerified: true }).where(eq(users.id, row.id));
  }
  const signedIn = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/sign-in',
    payload: { email, password: body.password },
  });
  if (signedIn.statusCode !== 200) {
    throw new Error(`sign-in failed (${signedIn.statusCode}): ${signedIn.body}`);
  }
  return {
    id: row.id,
    email,
    username: body.username.toLowerCase(),
    password: body.password,
    cookie: sessionCookieOf(signedIn),
  };
}

export interface TestAdmin {
  id: string;
  username: string;
  password: string;
  cookie: string;
}

/**
 * Creates an admin with createAdmin (as the command-line step does) and signs in through
 * POST /api/v1/admin/auth/sign-in. `handle` is the username (defaults to a random one); the
 * admin is an owner unless `adminRole` says otherwise.
 */
export async function signInAdmin(
  app: FastifyInstance,
  handle?: string,
  adminRole: AdminRole = 'owner',
): Promise<TestAdmin> {
  const username = handle ?? `admin_${randomBytes(4).toString('hex')}`;
  const created = await createAdmin(app.db, { username, password: TEST_PASSWORD, adminRole });
  const signedIn = await app.inject({
    method: 'POST',
    url: '/api/v1/admin/auth/sign-in',
    payload: { username: created.username, password: created.password },
  });
  if (signedIn.statusCode !== 200) {
    throw new Error(`admin sign-in failed (${signedIn.statusCode}): ${signedIn.body}`);
  }
  return {
    id: created.id,
    username: created.username,
    password: created.password,
    cookie: sessionCookieOf(signedIn),
  };
}

/**
 * A new customer who asked for a password-reset code on `t` (from `request`'s address and
 * headers): the code the e-mail carried, a wrong one, and the body of a reset with a code.
 */
export async function resetRequested(
  t: {
    app: FastifyInstance;
    mail: { waitFor(to: string, count?: number): Promise<{ text: string }> };
  },
  request: { remoteAddress?: string; headers?: Record<string, string> } = {},
) {
  const customer = await registerCustomer(t.app);
  await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/forgot-password',
    payload: { email: customer.email },
    ...request,
  });
  const code = /\b(\d{6})\b/.exec((await t.mail.waitFor(customer.email, 2)).text)?.[1] ?? '';
  const wrongCode = code === '000000' ? '111111' : '000000';
  const body = (c: string) => ({
    email: customer.email,
    code: c,
    password: 'N3w!Passw0rd',
    confirmPassword: 'N3w!Passw0rd',
  });
  return { customer, code, wrongCode, body };
}
