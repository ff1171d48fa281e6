import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { idempotencyKeys, orders } from '@permuta/db';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { registerCustomer } from '../../../test/auth-helpers.ts';
import {
  approveDocuments,
  insertWallet,
  liftCustomerLimits,
  lockQuote,
  PIX_TO_USDT,
  trader,
  updateSettings,
  USDT_TO_PIX,
} from './test-support.ts';
import type { Trader } from './test-support.ts';

/** The app's clock, moved by the tests (quote locks, expiry). */
let clock = Date.parse('2026-03-03T15:00:00.000Z');
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ app: { now: () => new Date(clock) } });
  // these tests are about other rules: the per-customer limits (orders.limits.test.ts) stay out of the way
  await liftCustomerLimits(t.app);
});
afterAll(async () => t?.close());
beforeEach(() => {
  clock = Date.parse('2026-03-03T15:00:00.000Z');
});

const en = { 'accept-language': 'en-US' };

async function create(
  customer: { cookie: string },
  payload: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/orders',
    headers: { cookie: customer.cookie, ...en, ...headers },
    payload,
  });
}

async function quoteToken(customer: Trader, body = USDT_TO_PIX): Promise<string> {
  const res = await lockQuote(t.app, customer.cookie, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().quoteToken as string;
}

describe('quote lock', () => {
  it('adds a signed token and the lock time to the public quote', async () => {
    const customer = await trader(t.app);
    const locked = await lockQuote(t.app, customer.cookie, USDT_TO_PIX);
    const open = await t.app.inject({
      method: 'GET',
      url: '/api/v1/quotes',
      query: USDT_TO_PIX,
    });
    expect(locked.statusCode).toBe(200);
    const { quoteToken, lockedUntil, quotedAt, ...numbers } = locked.json();
    const { quotedAt: _q, ...publicNumbers } = open.json();
    expect(numbers).toEqual(publicNumbers);
    expect(quoteToken).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(lockedUntil).toBe(new Date(clock + 15 * 60_000).toISOString());
    expect(quotedAt).toBeTruthy();
  });

  it('refuses a customer whose documents are not approved', async () => {
    const customer = await registerCustomer(t.app);
    const res = await lockQuote(t.app, customer.cookie, USDT_TO_PIX);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('DOCUMENTS_REQUIRED');
  });
});

describe('order creation preconditions, in order, with their messages', () => {
  it('needs a confirmed e-mail first', async () => {
    const customer = await registerCustomer(t.app, { verified: false });
    const res = await create(customer, { quoteToken: 'x.y', walletId: 'nope' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({
      code: 'EMAIL_NOT_VERIFIED',
      message: 'Please confirm your e-mail address first. We sent you a link.',
    });
  });

  it('needs approved documents next (when settings require them), before looking at the quote', async () => {
    const customer = await registerCustomer(t.app);
    const res = await create(customer, { quoteToken: 'forged.token', walletId: 'nope' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({
      code: 'DOCUMENTS_REQUIRED',
      message:
        'Your documents must be approved before you can exchange. Send them on the Documents page.',
    });

    await updateSettings(t.app, { documentsRequired: false });
    try {
      const without = await create(customer, { quoteToken: 'forged.token', walletId: 'nope' });
      expect(without.json().error.code).toBe('QUOTE_EXPIRED');
    } finally {
      await updateSettings(t.app, { documentsRequired: true });
    }
  });

  it('needs a valid quote of this customer that has not expired', async () => {
    const customer = await trader(t.app);
    const other = await trader(t.app);
    const token = await quoteToken(customer);
    const message = 'This quote has expired. Please get a new quote.';

    const [payload, signature] = token.split('.') as [string, string];
    const decoded = JSON.parse(Buffer.from(payload, 'base64url').toString()) as unknown[];
    decoded[7] = '999999'; // amount to receive
    const forged = `${Buffer.from(JSON.stringify(decoded)).toString('base64url')}.${signature}`;
    for (const quote of ['garbage', forged, await quoteToken(other)]) {
      const res = await create(customer, { quoteToken: quote, walletId: 'no-wallet' });
      expect(res.statusCode).toBe(422);
      expect(res.json().error).toMatchObject({ code: 'QUOTE_EXPIRED', message });
    }

    clock += 15 * 60_000; // the lock is over
    const late = await create(customer, { quoteToken: token, walletId: customer.wallets.PIX! });
    expect(late.statusCode).toBe(422);
    expect(late.json().error.code).toBe('QUOTE_EXPIRED');
  });

  it('needs a wallet of this customer for the token received on the quote network', async () => {
    const customer = await trader(t.app, { wallets: [['USDT', 'BEP20'], ['BTC']] });
    const other = await trader(t.app, { wallets: [['USDT', 'TRC20']] });
    const body = PIX_TO_USDT;
    const message =
      'You need to create a wallet for the token on the network to proceed with the exchange.';
    const token = await quoteToken(customer, body);
    for (const walletId of [
      customer.wallets.USDT!, // USDT, but on BEP20
      customer.wallets.BTC!, // another token
      other.wallets.USDT!, // someone else's
      'no-such-wallet',
    ]) {
      const res = await create(customer, { quoteToken: token, walletId, paymentMethod: 'pix' });
      expect(res.statusCode).toBe(422);
      expect(res.json().error).toMatchObject({ code: 'WALLET_REQUIRED', message });
    }
    const pt = await t.app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: { cookie: customer.cookie, 'accept-language': 'pt-BR' },
      payload: { quoteToken: token, walletId: 'no-such-wallet', paymentMethod: 'pix' },
    });
    expect(pt.json().error.message).toBe(
      'Você precisa cadastrar uma carteira para o token na rede para continuar com a troca.',
    );
  });

  it('needs a payment method allowed for the token sent', async () => {
    const customer = await trader(t.app, { wallets: [['USDT', 'TRC20']] });
    const token = await quoteToken(customer, {
      send: 'PIX',
      receive: 'USDT',
      network: 'TRC20',
      side: 'send',
      amount: '500',
    });
    for (const paymentMethod of [undefined, 'crypto', 'deriv']) {
      const res = await create(customer, {
        quoteToken: token,
        walletId: customer.wallets.USDT,
        ...(paymentMethod ? { paymentMethod } : {}),
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().error).toMatchObject({
        code: 'PAYMENT_METHOD_INVALID',
        message: 'Choose how you will pay: PIX, TED, boleto.',
      });
    }
  });

  it('needs stock of the token received when the order is created', async () => {
    const customer = await trader(t.app, { wallets: [['BTC']] });
    const body = { send: 'PIX', receive: 'BTC', side: 'receive', amount: '1.5' } as const;
    const token = await quoteToken(customer, body);
    // another order takes most of the BTC meanwhile
    const rival = await trader(t.app, { wallets: [['BTC']] });
    const rivalToken = await quoteToken(rival, body);
    const first = await create(rival, {
      quoteToken: rivalToken,
      walletId: rival.wallets.BTC,
      paymentMethod: 'pix',
    });
    expect(first.statusCode, first.body).toBe(201);
    const res = await create(customer, {
      quoteToken: token,
      walletId: customer.wallets.BTC,
      paymentMethod: 'pix',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({
      code: 'INSUFFICIENT_STOCK',
      message: 'We do not have enough BTC available right now. The most we can pay is 0.5 BTC.',
      params: { token: 'BTC', available: '0.5' },
    });
  });
});

describe('a created order', () => {
  it('keeps the locked numbers, adds the boleto fee and waits a business day for the boleto', async () => {
    const customer = await trader(t.app, { wallets: [['USDT', 'TRC20']] });
    const locked = await lockQuote(t.app, customer.cookie, {
      send: 'PIX',
      receive: 'USDT',
      network: 'TRC20',
      side: 'send',
      amount: '1000',
    });
    const quote = locked.json();
    clock += 60_000;
    const res = await create(customer, {
      quoteToken: quote.quoteToken,
      walletId: customer.wallets.USDT,
      paymentMethod: 'boleto',
      refundAddress: '  ',
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json();
    expect(order).toMatchObject({
      status: 'pending',
      amountSend: '1000.00',
      amountReceive: quote.amountReceive,
      rate: quote.rate,
      feePercent: quote.feePercent,
      networkFee: quote.networkFee,
      extraFee: '3.50',
      paymentMethod: 'boleto',
      addressToReceive: 'TLDWDCnJ5o2hD57VjFC71PR7m41vudkA5j',
      refundAddress: null,
      quoteLockedUntil: quote.lockedUntil,
      // not the 30 pending minutes: the boleto is issued by the end of the next business day
      // (Tuesday noon in São Paulo: the end of Wednesday)
      expiresAt: '2026-03-05T03:00:00.000Z',
      payment: {
        method: 'boleto',
        amount: '1003.50',
        extraFee: '3.50',
        businessDays: 3,
        boletoAvailable: false,
        issueBy: '2026-03-05T03:00:00.000Z',
        dueDate: null,
      },
    });
    expect(order.events).toEqual([
      { from: null, to: 'pending', actor: 'customer', note: null, createdAt: order.createdAt },
    ]);
  });
});

describe('Idempotency-Key', () => {
  it('replays the first answer for the same key and body, and creates one order', async () => {
    const customer = await trader(t.app);
    const payload = { quoteToken: await quoteToken(customer), walletId: customer.wallets.PIX };
    const first = await create(customer, payload, { 'idempotency-key': 'order-1' });
    const again = await create(customer, payload, { 'idempotency-key': 'order-1' });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    const rows = await t.app.db.select().from(orders).where(eq(orders.userId, customer.id));
    expect(rows).toHaveLength(1);

    // the same key of another customer is another key
    const other = await trader(t.app);
    const theirs = await create(
      other,
      { quoteToken: await quoteToken(other), walletId: other.wallets.PIX },
      { 'idempotency-key': 'order-1' },
    );
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json().id).not.toBe(first.json().id);
  });

  it('refuses the same key with another body (422) and while the first is in flight (409)', async () => {
    const customer = await trader(t.app);
    const payload = { quoteToken: await quoteToken(customer), walletId: customer.wallets.PIX };
    const first = await create(customer, payload, { 'idempotency-key': 'k-2' });
    expect(first.statusCode).toBe(201);
    const reused = await create(
      customer,
      { ...payload, refundAddress: 'somewhere' },
      { 'idempotency-key': 'k-2' },
    );
    expect(reused.statusCode).toBe(422);
    expect(reused.json().error).toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
      message: 'This Idempotency-Key was already used for a different request.',
    });

    // a first request still running holds its key without an answer
    const { requestHash } = await import('./idempotency.ts');
    const body = { quoteToken: await quoteToken(customer), walletId: customer.wallets.PIX };
    await t.app.db.insert(idempotencyKeys).values({
      userId: customer.id,
      key: 'k-3',
      requestHash: requestHash('POST', '/api/v1/orders', body),
      createdAt: new Date(clock),
      expiresAt: new Date(clock + 86_400_000),
    });
    const inFlight = await create(customer, body, { 'idempotency-key': 'k-3' });
    expect(inFlight.statusCode).toBe(409);
    expect(inFlight.json().error.code).toBe('IDEMPOTENCY_IN_PROGRESS');
  });

  it('forgets a key after 24 hours, and releases the key of a request that failed', async () => {
    const customer = await trader(t.app);
    const failing = { quoteToken: 'bad', walletId: customer.wallets.PIX };
    const refused = await create(customer, failing, { 'idempotency-key': 'k-4' });
    expect(refused.json().error.code).toBe('QUOTE_EXPIRED');
    const keys = await t.app.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, customer.id), eq(idempotencyKeys.key, 'k-4')));
    expect(keys).toEqual([]);

    const payload = { quoteToken: await quoteToken(customer), walletId: customer.wallets.PIX };
    const first = await create(customer, payload, { 'idempotency-key': 'k-5' });
    expect(first.statusCode).toBe(201);
    clock += 24 * 3_600_000 + 1000;
    const payload2 = { quoteToken: await quoteToken(customer), walletId: customer.wallets.PIX };
    const later = await create(customer, payload2, { 'idempotency-key': 'k-5' });
    expect(later.statusCode).toBe(201);
    expect(later.json().id).not.toBe(first.json().id);
  });

  it('answers 400 to a malformed key', async () => {
    const customer = await trader(t.app);
    const res = await create(
      customer,
      { quoteToken: await quoteToken(customer), walletId: customer.wallets.PIX },
      { 'idempotency-key': 'x'.repeat(300) },
    );
    expect(res.statusCode).toBe(400);
  });
});

describe('wallet rows for tests', () => {
  it('are found for PIX whatever network the quote names', async () => {
    const customer = await registerCustomer(t.app);
    await approveDocuments(t.app, customer.id);
    const walletId = await insertWallet(t.app, customer.id, 'PIX');
    const res = await lockQuote(t.app, customer.cookie, USDT_TO_PIX);
    const created = await create(customer, { quoteToken: res.json().quoteToken, walletId });
    expect(created.statusCode, created.body).toBe(201);
  });
});
