import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dec } from '@permuta/contracts';
import { auditLog, orderEvents, treasuryEntries } from '@permuta/db';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { signInAdmin } from '../../../test/auth-helpers.ts';
import type { TestAdmin } from '../../../test/auth-helpers.ts';
import { insertOrder, insertPaidPixToUsdt, tokenId } from '../orders/test-support.ts';
import { availableStock } from '../treasury/treasury.service.ts';
import type { Trader } from '../orders/test-support.ts';
import type { ReportedPayment } from './incoming-payments.service.ts';
import { depositTestKit, payingCustomer } from './test-support.ts';

let t: TestApp;
let admin: TestAdmin;
let customer: Trader;
let cpf: string;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signInAdmin(t.app);
  ({ customer, cpf } = await payingCustomer(t));
});
afterAll(async () => t?.close());

function pixPayment(overrides: Partial<ReportedPayment> = {}): ReportedPayment {
  return {
    provider: 'pix',
    externalId: `E00000000${randomBytes(8).toString('hex')}`,
    tokenCode: 'PIX',
    amount: '540',
    payer: { document: cpf, name: 'Cliente' },
    settled: true,
    occurredAt: new Date(),
    ...overrides,
  };
}

const { orderRow: statusOf, fundsEntries } = depositTestKit(() => t, 'pix');

describe('a payment reported by a provider', () => {
  it('confirms a pending order’s funds once, as the system, with its history and audit', async () => {
    const order = await insertPaidPixToUsdt(t.app, customer, { status: 'pending' });
    const payment = pixPayment();
    const outcome = await t.app.services.incomingPayments.receive(payment, {
      kind: 'order',
      orderId: order.id,
    });
    expect(outcome).toMatchObject({ kind: 'credited', orderId: order.id, refundOnly: false });
    const moved = await statusOf(order.id);
    expect(moved).toMatchObject({ status: 'admin_confirmed', refundOnly: false });
    expect(moved.amountReceived).toMatch(/^540(\.0+)?$/);
    expect(await fundsEntries(order.id)).toHaveLength(1);

    const events = await t.app.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, order.id))
      .orderBy(orderEvents.id);
    expect(events.map((e) => [e.toStatus, e.actorType])).toEqual([
      ['pending', 'customer'],
      ['paid', 'system'],
      ['admin_confirmed', 'system'],
    ]);
    const audit = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, outcome.payment.id));
    expect(audit.map((a) => a.action)).toEqual(['payment.credited']);

    // The same report again (a webhook replayed, reconciliation after the webhook): nothing.
    const again = await t.app.services.incomingPayments.receive(payment, {
      kind: 'order',
      orderId: order.id,
    });
    expect(again.kind).toBe('already');
    expect(await fundsEntries(order.id)).toHaveLength(1);
  });

  it('credits exactly once when the same payment is reported many times at once', async () => {
    const order = await insertPaidPixToUsdt(t.app, customer, { status: 'pending' });
    const payment = pixPayment();
    const outcomes = await Promise.all(
      Array.from({ length: 12 }, () =>
        t.app.services.incomingPayments.receive(payment, { kind: 'order', orderId: order.id }),
      ),
    );
    expect(outcomes.filter((o) => o.kind === 'credited')).toHaveLength(1);
    expect(outcomes.filter((o) => o.kind === 'already')).toHaveLength(11);
    expect(await fundsEntries(order.id)).toHaveLength(1);
  });

  it('credits once when the report races an admin confirming the same order', async () => {
    const order = await insertPaidPixToUsdt(t.app, customer, { status: 'user_confirmed' });
    const [byProvider, byAdmin] = await Promise.all([
      t.app.services.incomingPayments.receive(pixPayment(), {
        kind: 'order',
        orderId: order.id,
      }),
      t.app.inject({
        method: 'POST',
        url: `/api/v1/admin/orders/${order.id}/transition`,
        headers: { cookie: admin.cookie },
        payload: { action: 'confirm_funds', amountReceived: '540' },
      }),
    ]);
    expect(await fundsEntries(order.id)).toHaveLength(1);
    expect((await statusOf(order.id)).status).toBe('admin_confirmed');
    // Whoever lost: the admin gets 409, or the payment waits in the inbox for a look.
    if (byAdmin.statusCode === 200) {
      expect(byProvider).toMatchObject({ kind: 'unmatched', reason: 'order_not_open' });
    } else {
      expect(byAdmin.statusCode).toBe(409);
      expect(byProvider.kind).toBe('credited');
    }
  });

  it('sends a payment from someone else back, and leaves the order waiting', async () => {
    const order = await insertPaidPixToUsdt(t.app, customer, { status: 'pending' });
    const outcome = await t.app.services.incomingPayments.receive(
      pixPayment({ payer: { document: '52998224725', name: 'Outra Pessoa' } }),
      { kind: 'order', orderId: order.id },
    );
    expect(outcome).toMatchObject({ kind: 'refund', reason: 'payer_not_customer' });
    expect(outcome.payment).toMatchObject({ status: 'refunding', orderId: order.id });
    expect((await statusOf(order.id)).status).toBe('pending');
    expect(await fundsEntries(order.id)).toHaveLength(0);
  });

  it('puts a payment no order takes in the inbox: no order, a canceled one, another token', async () => {
    const none = await t.app.services.incomingPayments.receive(pixPayment(), {
      kind: 'none',
      reason: 'no_order',
    });
    expect(none).toMatchObject({ kind: 'unmatched', reason: 'no_order' });
    expect(none.payment.status).toBe('unmatched');

    const canceled = await insertPaidPixToUsdt(t.app, customer, { status: 'canceled' });
    const late = await t.app.services.incomingPayments.receive(pixPayment(), {
      kind: 'order',
      orderId: canceled.id,
    });
    expect(late).toMatchObject({ kind: 'unmatched', reason: 'order_not_open' });
    expect(late.payment.orderId).toBe(canceled.id);

    const usdtOrder = await insertOrder(t.app, customer.id, { status: 'pending' });
    const wrong = await t.app.services.incomingPayments.receive(pixPayment(), {
      kind: 'order',
      orderId: usdtOrder.id,
    });
    expect(wrong).toMatchObject({ kind: 'unmatched', reason: 'wrong_token' });
    expect((await statusOf(usdtOrder.id)).status).toBe('pending');
  });

  it('refuses a payment made after the order’s payment time', async () => {
    const order = await insertPaidPixToUsdt(t.app, customer, {
      status: 'pending',
      expiresAt: new Date(Date.now() - 60_000),
    });
    const outcome = await t.app.services.incomingPayments.receive(pixPayment(), {
      kind: 'order',
      orderId: order.id,
    });
    expect(outcome).toMatchObject({ kind: 'unmatched', reason: 'order_expired' });
    expect((await statusOf(order.id)).status).toBe('pending');
  });

  it('shows a deposit still short of confirmations, then credits it once it is final', async () => {
    const order = await insertOrder(t.app, customer.id, { status: 'pending' });
    const deposit: ReportedPayment = {
      provider: 'exchange',
      externalId: `dep-${randomBytes(6).toString('hex')}`,
      tokenCode: 'USDT',
      network: 'TRC20',
      amount: '100',
      reference: `tx${randomBytes(16).toString('hex')}`,
      confirmations: { seen: 3, required: 12 },
      settled: false,
      occurredAt: new Date(),
    };
    const seen = await t.app.services.incomingPayments.receive(deposit, {
      kind: 'order',
      orderId: order.id,
    });
    expect(seen).toMatchObject({ kind: 'seen', orderId: order.id });
    expect((await statusOf(order.id)).status).toBe('paid');
    expect(await fundsEntries(order.id)).toHaveLength(0);

    const more = await t.app.services.incomingPayments.receive(
      { ...deposit, confirmations: { seen: 7, required: 12 } },
      { kind: 'order', orderId: order.id },
    );
    expect(more.kind).toBe('seen');
    expect(more.payment.confirmations).toBe(7);

    const final = await t.app.services.incomingPayments.receive(
      { ...deposit, confirmations: { seen: 12, required: 12 }, settled: true },
      { kind: 'order', orderId: order.id },
    );
    expect(final).toMatchObject({ kind: 'credited', orderId: order.id });
    expect((await statusOf(order.id)).status).toBe('admin_confirmed');
    expect(await fundsEntries(order.id)).toHaveLength(1);
  });

  it('records an amount below the minimum and leaves the order refund-only', async () => {
    const order = await insertPaidPixToUsdt(t.app, customer, { status: 'pending' });
    const outcome = await t.app.services.incomingPayments.receive(pixPayment({ amount: '1.00' }), {
      kind: 'order',
      orderId: order.id,
    });
    expect(outcome).toMatchObject({ kind: 'credited', refundOnly: true });
    expect(outcome.payment.reason).toBe('amount_outside_limits');
    expect(await statusOf(order.id)).toMatchObject({ status: 'admin_confirmed', refundOnly: true });
  });

  it('leaves the order as it was and the payment in the inbox when the machine refuses the move', async () => {
    // An over-payment (600 BRL for an order of 540) the USDT stock cannot cover.
    const order = await insertPaidPixToUsdt(t.app, customer, { status: 'pending' });
    const usdt = await tokenId(t.app, 'USDT');
    const spare = dec(await availableStock(t.app.db, usdt, order.id)).minus('96');
    await t.app.db.insert(treasuryEntries).values({
      tokenId: usdt,
      direction: 'debit',
      amount: spare.toFixed(),
      kind: 'adjustment',
      note: 'test: leave 96 USDT beyond the other orders',
    });
    try {
      const outcome = await t.app.services.incomingPayments.receive(pixPayment({ amount: '600' }), {
        kind: 'order',
        orderId: order.id,
      });
      expect(outcome).toMatchObject({ kind: 'unmatched', reason: 'needs_review' });
      expect(outcome.payment.orderId).toBe(order.id);
      // the savepoint took the deposit's detection back too: the order is as it was
      expect((await statusOf(order.id)).status).toBe('pending');
      expect(await fundsEntries(order.id)).toHaveLength(0);
    } finally {
      await t.app.db.insert(treasuryEntries).values({
        tokenId: usdt,
        direction: 'credit',
        amount: spare.toFixed(),
        kind: 'adjustment',
        note: 'test: stock given back',
      });
    }
  });
});
