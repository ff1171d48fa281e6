import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dec } from '@permuta/contracts';
import { orders, treasuryEntries } from '@permuta/db';
import type { MemoryFileStorage } from '../../adapters/storage/storage.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { signInAdmin } from '../../../test/auth-helpers.ts';
import type { TestAdmin } from '../../../test/auth-helpers.ts';
import { png } from '../../../test/document-files.ts';
import {
  USDT_TO_PIX,
  insertOrder,
  ledgerSums,
  lockQuote,
  multipartBody,
  trader,
} from './test-support.ts';
import type { Trader } from './test-support.ts';

let t: TestApp;
let admin: TestAdmin;
let customer: Trader;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signInAdmin(t.app);
  customer = await trader(t.app);
});
afterAll(async () => t?.close());

function counts(statuses: number[]): Record<number, number> {
  const out: Record<number, number> = {};
  for (const status of statuses) out[status] = (out[status] ?? 0) + 1;
  return out;
}

describe('concurrent moves of one order', () => {
  it('lets exactly one of 50 concurrent fund confirmations through, the rest 409, with one ledger entry', async () => {
    const order = await insertOrder(t.app, customer.id, { status: 'user_confirmed' });
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        t.app.inject({
          method: 'POST',
          url: `/api/v1/admin/orders/${order.id}/transition`,
          headers: { cookie: admin.cookie },
          payload: { action: 'confirm_funds', amountReceived: '100' },
        }),
      ),
    );
    expect(counts(answers.map((a) => a.statusCode))).toEqual({ 200: 1, 409: 49 });
    const conflict = answers.find((a) => a.statusCode === 409)!;
    expect(conflict.json().error.code).toBe('ORDER_STATE_CONFLICT');
    const entries = await t.app.db
      .select()
      .from(treasuryEntries)
      .where(eq(treasuryEntries.orderId, order.id));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ kind: 'funds_received', direction: 'credit' });
  });

  it('lets exactly one of 50 concurrent payouts through, the rest 409, with one payout entry', async () => {
    const order = await insertOrder(t.app, customer.id, {
      status: 'admin_confirmed',
      amountReceived: '100',
    });
    const bytes = await png();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => {
        const body = multipartBody({ name: 'paid.png', bytes, type: 'image/png' });
        return t.app.inject({
          method: 'POST',
          url: `/api/v1/admin/orders/${order.id}/pay`,
          headers: { cookie: admin.cookie, ...body.headers },
          payload: body.payload,
        });
      }),
    );
    expect(counts(answers.map((a) => a.statusCode))).toEqual({ 200: 1, 409: 49 });
    const entries = await t.app.db
      .select()
      .from(treasuryEntries)
      .where(eq(treasuryEntries.orderId, order.id));
    expect(entries.map((e) => e.kind)).toEqual(['payout']);
    // the 49 losers' proof files were removed again: one stored proof for the order
    const [row] = await t.app.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.paymentProofStorageKey).toMatch(/^orders\//);
    const stored = (t.app.storage as MemoryFileStorage)
      .keys()
      .filter((k) => k.startsWith('orders/'));
    expect(stored).toEqual([row?.paymentProofStorageKey]);
  });
});

describe('a locked quote is single-use', () => {
  it('creates exactly one order from 50 concurrent creations with one quote and 50 different keys', async () => {
    const who = await trader(t.app, { locale: 'en-US', wallets: [['PIX']] });
    const locked = await lockQuote(t.app, who.cookie, USDT_TO_PIX);
    expect(locked.statusCode).toBe(200);
    const payload = { quoteToken: locked.json().quoteToken, walletId: who.wallets.PIX };
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/orders',
          headers: {
            cookie: who.cookie,
            'accept-language': 'en-US',
            'idempotency-key': `race-${i}`,
          },
          payload,
        }),
      ),
    );
    expect(counts(answers.map((a) => a.statusCode))).toEqual({ 201: 1, 409: 49 });
    const refused = answers.find((a) => a.statusCode === 409)!;
    expect(refused.json().error.code).toBe('QUOTE_ALREADY_USED');
    expect(refused.json().error.message).toBe(
      'This quote was already used for an order. Get a new quote to place another order.',
    );
    const rows = await t.app.db.select().from(orders).where(eq(orders.userId, who.id));
    expect(rows).toHaveLength(1);

    // the winner's key still replays its answer; the quote stays used for any later key
    const winner = answers.findIndex((a) => a.statusCode === 201);
    const replay = await t.app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: { cookie: who.cookie, 'idempotency-key': `race-${winner}` },
      payload,
    });
    expect(replay.statusCode).toBe(201);
    expect(replay.json().id).toBe(answers[winner]!.json().id);
    const later = await t.app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: { cookie: who.cookie, 'accept-language': 'pt-BR', 'idempotency-key': 'later' },
      payload,
    });
    expect(later.statusCode).toBe(409);
    expect(later.json().error.code).toBe('QUOTE_ALREADY_USED');
    expect(later.json().error.message).toBe(
      'Esta cotação já foi usada em um pedido. Faça uma nova cotação para criar outro pedido.',
    );
  });

  it('refuses a second order from a quote already used, without an idempotency key', async () => {
    const who = await trader(t.app, { wallets: [['PIX']] });
    const locked = await lockQuote(t.app, who.cookie, USDT_TO_PIX);
    const payload = { quoteToken: locked.json().quoteToken, walletId: who.wallets.PIX };
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: { cookie: who.cookie },
      payload,
    });
    expect(first.statusCode).toBe(201);
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: { cookie: who.cookie },
      payload,
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.code).toBe('QUOTE_ALREADY_USED');
    const rows = await t.app.db.select().from(orders).where(eq(orders.userId, who.id));
    expect(rows).toHaveLength(1);
  });
});

describe('stock', () => {
  it('refuses the second of two orders racing for the last stock', async () => {
    const first = await trader(t.app, { wallets: [['PIX']] });
    const second = await trader(t.app, { wallets: [['PIX']] });
    const quoteA = await lockQuote(t.app, first.cookie, USDT_TO_PIX);
    const quoteB = await lockQuote(t.app, second.cookie, USDT_TO_PIX);
    expect(quoteA.statusCode).toBe(200);
    const amount = dec(quoteA.json().amountReceive as string);

    // leave in stock one order's worth (and a bit, but not two)
    const balances = await t.app.inject({
      url: '/api/v1/admin/treasury',
      headers: { cookie: admin.cookie },
    });
    const pix = (balances.json().balances as { token: string; available: string }[]).find(
      (b) => b.token === 'PIX',
    )!;
    const excess = dec(pix.available).minus(amount).minus('1');
    const adjusted = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/treasury/adjustments',
      headers: { cookie: admin.cookie },
      payload: { token: 'PIX', direction: 'debit', amount: excess.toFixed(2), note: 'race test' },
    });
    expect(adjusted.statusCode, adjusted.body).toBe(201);

    const [a, b] = await Promise.all(
      [
        [first, quoteA],
        [second, quoteB],
      ].map(([who, quote]) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/orders',
          headers: { cookie: (who as Trader).cookie },
          payload: {
            quoteToken: (quote as typeof quoteA).json().quoteToken,
            walletId: (who as Trader).wallets.PIX,
          },
        }),
      ),
    );
    expect([a!.statusCode, b!.statusCode].sort()).toEqual([201, 422]);
    const refused = a!.statusCode === 422 ? a! : b!;
    expect(refused.json().error.code).toBe('INSUFFICIENT_STOCK');
    expect(refused.json().error.params).toEqual({ token: 'BRL', available: '1' });

    // and a new quote above what is left is refused at once
    const again = await lockQuote(t.app, first.cookie, USDT_TO_PIX);
    expect(again.statusCode).toBe(422);
    expect(again.json().error.code).toBe('INSUFFICIENT_STOCK');
    const sums = await ledgerSums(t.app);
    expect(dec(sums.PIX!).gte(0)).toBe(true);
  });
});
