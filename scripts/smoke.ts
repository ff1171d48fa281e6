/**
 * The API smoke suite, over HTTP against a running server (decision 053): what a customer and an
 * admin do first, one request at a time, each checked. `npm test`'s rolling step
 * (scripts/rolling.ts) runs it against the previous release's server on the schema of this
 * one, and against this release's server on the same database, so the suite cannot rot.
 *
 * It needs, besides the server's address: the SMTP catcher the server sends to (the e-mail
 * validation link is read from it), the database (to approve the customer's identity documents,
 * as the desk would: uploading images is not what this suite checks) and an admin's credentials.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { DEMO_DEPOSIT_ADDRESSES, users } from '@permuta/db';
import type { Db } from '@permuta/db';
import { registrationBody } from '../apps/api/test/auth-helpers.ts';
import type { SmtpCatcher } from '../apps/api/test/smtp-catcher.ts';
import { insertApprovedDocuments } from './approved-documents.ts';

export interface SmokeTarget {
  /** e.g. http://127.0.0.1:41234 */
  base: string;
  /** printed before each step, e.g. "old 1a2b3c4" */
  label: string;
  mail: SmtpCatcher;
  db: Db;
  admin: { username: string; password: string };
}

interface Answer {
  status: number;
  body: unknown;
  cookie: string | null;
}

class SmokeError extends Error {}

/** Runs every step against `target`; throws on the first failed one, naming it. */
export async function runSmoke(target: SmokeTarget, log = console.info): Promise<void> {
  const { base } = target;

  async function call(
    method: string,
    path: string,
    options: { json?: unknown; cookie?: string; headers?: Record<string, string> } = {},
  ): Promise<Answer> {
    const headers: Record<string, string> = { 'accept-language': 'en-US', ...options.headers };
    if (options.json !== undefined) headers['content-type'] = 'application/json';
    if (options.cookie) headers.cookie = options.cookie;
    // a state-changing request with the session cookie comes from the product's own pages
    if (method !== 'GET') headers.origin = base;
    const response = await fetch(`${base}${path}`, {
      method,
      headers,
      body: options.json === undefined ? undefined : JSON.stringify(options.json),
      redirect: 'manual',
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: kept as text for the error message
    }
    const cookie =
      response.headers
        .getSetCookie()
        .map((c) => c.split(';')[0]!)
        .find((c) => c.startsWith('auth_token=') && c !== 'auth_token=') ?? null;
    return { status: response.status, body, cookie };
  }

  /** said after the step's name on its line (e.g. the migrations /readyz counted) */
  let detail = '';
  async function step<T>(name: string, run: () => Promise<T>): Promise<T> {
    const t0 = performance.now();
    detail = '';
    try {
      const result = await run();
      const ms = (performance.now() - t0).toFixed(0);
      log(`  ok    ${target.label}: ${name}${detail} (${ms} ms)`);
      return result;
    } catch (error) {
      log(`  FAIL  ${target.label}: ${name}`);
      throw new SmokeError(
        `${target.label} (${base}) failed at "${name}": ${(error as Error).message}`,
        { cause: error },
      );
    }
  }

  function expectStatus(answer: Answer, status: number, what: string): void {
    if (answer.status !== status) {
      throw new Error(
        `${what} answered ${answer.status}, expected ${status}: ${JSON.stringify(answer.body).slice(0, 400)}`,
      );
    }
  }

  const field = (body: unknown, key: string): unknown =>
    body && typeof body === 'object' ? (body as Record<string, unknown>)[key] : undefined;

  await step('GET /healthz', async () => {
    expectStatus(await call('GET', '/healthz'), 200, 'GET /healthz');
  });
  await step('GET /readyz says ready', async () => {
    const ready = await call('GET', '/readyz');
    expectStatus(ready, 200, 'GET /readyz');
    if (field(ready.body, 'status') !== 'ready') throw new Error(JSON.stringify(ready.body));
    const migrations = field(ready.body, 'migrations') as { applied: number; expected: number };
    detail = `: ${migrations.applied} migrations applied, ${migrations.expected} shipped`;
  });

  const quoteInput = {
    send: 'PIX',
    receive: 'USDT',
    network: 'TRC20',
    side: 'send' as const,
    amount: '500',
  };
  await step('public quote (GET /api/v1/quotes, no session)', async () => {
    const query = new URLSearchParams(quoteInput);
    const quote = await call('GET', `/api/v1/quotes?${query}`);
    expectStatus(quote, 200, 'GET /api/v1/quotes');
  });

  const body = registrationBody({ locale: 'en-US' });
  const email = body.email.toLowerCase();
  await step('register (POST /api/v1/auth/register)', async () => {
    expectStatus(await call('POST', '/api/v1/auth/register', { json: body }), 201, 'register');
  });

  await step('validate the e-mail with the link the server sent', async () => {
    const mail = await target.mail.waitFor(email);
    const token = /validate-email\?token=([\w-]+)/.exec(mail.text)?.[1];
    if (!token) throw new Error(`no validation link in the e-mail "${mail.subject}"`);
    expectStatus(
      await call('POST', '/api/v1/auth/verify-email', { json: { token } }),
      200,
      'verify-email',
    );
  });

  const customer = await step('sign in (POST /api/v1/auth/sign-in)', async () => {
    const signedIn = await call('POST', '/api/v1/auth/sign-in', {
      json: { email, password: body.password },
    });
    expectStatus(signedIn, 200, 'sign-in');
    if (!signedIn.cookie) throw new Error('no session cookie');
    const me = await call('GET', '/api/v1/me', { cookie: signedIn.cookie });
    expectStatus(me, 200, 'GET /api/v1/me');
    return { cookie: signedIn.cookie };
  });

  await step('identity documents approved (database, as the desk would)', async () => {
    const [user] = await target.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, email));
    if (!user) throw new Error(`no user ${email}`);
    await insertApprovedDocuments(target.db, user.id);
  });

  const walletId = await step('add a USDT (TRC20) wallet (POST /api/v1/me/wallets)', async () => {
    const saved = await call('POST', '/api/v1/me/wallets', {
      cookie: customer.cookie,
      json: {
        kind: 'crypto',
        token: 'USDT',
        network: 'TRC20',
        address: DEMO_DEPOSIT_ADDRESSES.TRC20,
      },
    });
    expectStatus(saved, 201, 'POST /api/v1/me/wallets');
    const id = field(field(saved.body, 'wallet'), 'id');
    if (typeof id !== 'string') throw new Error('no wallet id in the answer');
    return id;
  });

  const reference = await step(
    'create an order (quote lock, then POST /api/v1/orders)',
    async () => {
      const locked = await call('POST', '/api/v1/orders/quote', {
        cookie: customer.cookie,
        json: quoteInput,
      });
      expectStatus(locked, 200, 'POST /api/v1/orders/quote');
      const created = await call('POST', '/api/v1/orders', {
        cookie: customer.cookie,
        headers: { 'idempotency-key': `smoke-${randomBytes(16).toString('hex')}` },
        json: { quoteToken: field(locked.body, 'quoteToken'), walletId, paymentMethod: 'pix' },
      });
      expectStatus(created, 201, 'POST /api/v1/orders');
      const ref = field(created.body, 'reference');
      if (typeof ref !== 'string') throw new Error('no order reference in the answer');
      return ref;
    },
  );

  await step('read the order (GET /api/v1/orders/:reference and the list)', async () => {
    const page = await call('GET', `/api/v1/orders/${reference}`, { cookie: customer.cookie });
    expectStatus(page, 200, 'GET /api/v1/orders/:reference');
    if (field(page.body, 'reference') !== reference) throw new Error('another order answered');
    const list = await call('GET', '/api/v1/orders', { cookie: customer.cookie });
    expectStatus(list, 200, 'GET /api/v1/orders');
    if (!JSON.stringify(list.body).includes(reference)) throw new Error('the order is not listed');
  });

  const admin = await step('the admin signs in (POST /api/v1/admin/auth/sign-in)', async () => {
    const signedIn = await call('POST', '/api/v1/admin/auth/sign-in', { json: target.admin });
    expectStatus(signedIn, 200, 'admin sign-in');
    if (!signedIn.cookie) throw new Error('no session cookie');
    return { cookie: signedIn.cookie };
  });

  await step('the admin lists orders and finds it (GET /api/v1/admin/orders)', async () => {
    const list = await call('GET', '/api/v1/admin/orders', { cookie: admin.cookie });
    expectStatus(list, 200, 'GET /api/v1/admin/orders');
    if (!JSON.stringify(list.body).includes(reference)) throw new Error('the order is not listed');
  });

  await step('sign out, both (POST /api/v1/auth/sign-out), sessions then refused', async () => {
    for (const who of [customer, admin]) {
      const out = await call('POST', '/api/v1/auth/sign-out', { cookie: who.cookie });
      if (out.status >= 300) expectStatus(out, 200, 'sign-out');
    }
    expectStatus(await call('GET', '/api/v1/me', { cookie: customer.cookie }), 401, 'GET /me');
    expectStatus(
      await call('GET', '/api/v1/admin/orders', { cookie: admin.cookie }),
      401,
      'GET /api/v1/admin/orders',
    );
  });
}
