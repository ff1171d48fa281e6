import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  incomingPayments,
  orderEvents,
  orders,
  treasuryEntries,
  users,
} from '@permuta/db';
import type { NewIncomingPayment } from '@permuta/db';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { signInAdmin } from '../../../test/auth-helpers.ts';
import type { TestAdmin } from '../../../test/auth-helpers.ts';
import { insertOrder, insertPaidPixToUsdt, trader } from '../orders/test-support.ts';
import type { Trader } from '../orders/test-support.ts';

let t: TestApp;
let admin: TestAdmin;
let other: TestAdmin;
let operator: TestAdmin;
let customer: Trader;
let cpf: string;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signInAdmin(t.app);
  other = await signInAdmin(t.app);
  operator = await signInAdmin(t.app, undefined, 'operator');
  customer = await trader(t.app, { wallets: [['USDT', 'TRC20'], ['PIX']] });
  const [row] = await t.app.db
    .select({ cpf: users.cpf })
    .from(users)
    .where(eq(users.id, customer.id));
  cpf = row!.cpf!;
});
afterAll(async () => t?.close());

/** An unmatched payment as the inbox receives it (or in another status). */
async function payment(values: Partial<NewIncomingPayment> = {}) {
  const [row] = await t.app.db
    .insert(incomingPayments)
    .values({
      provider: 'pix',
      externalId: `E${randomBytes(10).toString('hex')}`,
      tokenCode: 'PIX',
      amount: '540',
      payerDocument: cpf,
      payerName: 'Cliente Pagador',
      reference: `tx${randomBytes(4).toString('hex')}`,
      status: 'unmatched',
      reason: 'no_order',
      occurredAt: new Date(),
      ...values,
    })
    .returning();
  return row!;
}

function list(query: string, cookie = admin.cookie) {
  return t.app.inject({
    method: 'GET',
    url: `/api/v1/admin/payments${query ? `?${query}` : ''}`,
    headers: { cookie, 'accept-language': 'en-US' },
  });
}

function post(
  id: string,
  action: 'attach' | 'refunded',
  payload: unknown,
  who: { cookie: string } = admin,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/payments/${id}/${action}`,
    headers: { cookie: who.cookie, 'accept-language': 'en-US', ...headers },
    payload: payload as object,
  });
}

async function fundsEntries(orderId: string) {
  return t.app.db
    .select()
    .from(treasuryEntries)
    .where(and(eq(treasuryEntries.orderId, orderId), eq(treasuryEntries.kind, 'funds_received')));
}

async function orderRow(id: string) {
  const [row] = await t.app.db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

interface Item {
  id: string;
  status: string;
  provider: string;
  reason: string | null;
  payer: { document: string | null };
  order: { reference: string } | null;
}

describe('the incoming payments inbox: the list', () => {
  it('pages through every payment once, open ones first, open only by default', async () => {
    const base = Date.parse('2026-05-01T12:00:00.000Z');
    const ids = new Map<string, string>();
    const statuses = ['unmatched', 'refunding', 'credited', 'refunded'] as const;
    const order = await insertOrder(t.app, customer.id, { status: 'completed' });
    for (let i = 0; i < 13; i++) {
      const status = statuses[i % 4]!;
      // two payments share each instant: the id breaks the tie
      const row = await payment({
        provider: 'deriv',
        tokenCode: 'DERIV',
        status,
        orderId: status === 'credited' ? order.id : null,
        occurredAt: new Date(base + Math.floor(i / 2) * 1000),
      });
      ids.set(row.id, status);
    }
    const walk = async (status: string) => {
      const seen: Item[] = [];
      let cursor: string | null = null;
      do {
        const res = await list(
          `status=${status}&provider=deriv&limit=5${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        );
        expect(res.statusCode).toBe(200);
        const body = res.json<{
          items: Item[];
          nextCursor: string | null;
          open: { total: number };
        }>();
        expect(body.items.length).toBeLessThanOrEqual(5);
        seen.push(...body.items);
        cursor = body.nextCursor;
      } while (cursor);
      return seen;
    };

    const open = await walk('open');
    expect(open.map((i) => i.id).sort()).toEqual(
      [...ids]
        .filter(([, s]) => s === 'unmatched' || s === 'refunding')
        .map(([id]) => id)
        .sort(),
    );
    const all = await walk('all');
    expect(all).toHaveLength(13);
    expect(new Set(all.map((i) => i.id)).size).toBe(13);
    // open first, then the others
    const firstClosed = all.findIndex((i) => i.status === 'credited' || i.status === 'refunded');
    expect(
      all.slice(firstClosed).every((i) => !['unmatched', 'refunding'].includes(i.status)),
    ).toBe(true);
    expect(all.find((i) => i.status === 'credited')?.order?.reference).toBe(order.reference);
    expect(all.every((i) => i.provider === 'deriv')).toBe(true);
  });

  it('counts the open payments for the navigation, and shows the payer', async () => {
    const before = (await list('')).json<{ open: { total: number; unmatched: number } }>().open;
    const row = await payment();
    const res = await list('');
    const body = res.json<{ items: Item[]; open: { total: number; unmatched: number } }>();
    expect(body.open.total).toBe(before.total + 1);
    expect(body.open.unmatched).toBe(before.unmatched + 1);
    // every admin role reads the CPF, as in the customers list
    const mine = (await list('', operator.cookie)).json<{ items: Item[] }>().items;
    expect(mine.find((i) => i.id === row.id)?.payer.document).toBe(cpf);
  });

  it('refuses made-up filters and cursors with a 400 and a field, never a 500', async () => {
    for (const query of [
      'status=everything',
      'provider=bank',
      'cursor=abc',
      `cursor=${encodeURIComponent(`1_2026-13-45T00:00:00.000000Z_${randomUUID()}`)}`,
      `cursor=${'9'.repeat(5000)}`,
      'limit=100000',
      'limit=-1',
      'status=open%00',
    ]) {
      const res = await list(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.code, query).toMatch(/VALIDATION_ERROR|CURSOR_INVALID/);
    }
  });

  it('is closed to anonymous callers (401), customers (403) and other origins', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/admin/payments' })).statusCode).toBe(
      401,
    );
    expect((await list('', customer.cookie)).statusCode).toBe(403);
    const row = await payment();
    const order = await insertPaidPixToUsdt(t.app, customer, { status: 'pending' });
    expect((await post(row.id, 'attach', { order: order.reference }, customer)).statusCode).toBe(
      403,
    );
    expect((await post(row.id, 'refunded', { note: 'devolvido' }, customer)).statusCode).toBe(403);
    const foreign = await post(row.id, 'attach', { order: order.reference }, admin, {
      origin: 'https://evil.example',
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error.code).toBe('CROSS_ORIGIN_REQUEST');
    const foreignRefund = await post(row.id, 'refunded', { note: 'devolvido' }, admin, {
      'sec-fetch-site': 'cross-site',
    });
    expect(foreignRefund.json().error.code).toBe('CROSS_ORIGIN_REQUEST');
    expect((await orderRow(order.id)).status).toBe('pending');
  });
});

describe('attaching a payment to an order', () => {
  it('confirms a pending order’s funds once, as the admin, with the history and audit', async () => {
    const order = await insertPaidPixToUsdt(t.app, customer, { status: 'pending' });
    const row = await payment();
    const res = await post(row.id, 'attach', { order: order.reference.toLowerCase() }, operator);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'credited',
      reason: null,
      order: { id: order.id, reference: order.reference, status: 'admin_confirmed' },
      resolvedBy: { id: operator.id },
    });
    expect(await orderRow(order.id)).toMatchObject({
      status: 'admin_confirmed',
      refundOnly: false,
    });
    expect(await fundsEntries(order.id)).toHaveLength(1);
    const events = await t.app.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, order.id))
      .orderBy(orderEvents.id);
    expect(events.map((e) => [e.toStatus, e.actorType, e.actorId])).toEqual([
      ['pending', 'customer', customer.id],
      ['paid', 'system', null],
      ['admin_confirmed', 'admin', operator.id],
    ]);
    const audit = await t.app.db.select().from(auditLog).where(eq(auditLog.entityId, row.id));
    expect(audit.map((a) => [a.action, a.actorId])).toEqual([['payment.attached', operator.id]]);

    // once: the payment no longer waits
    const again = await post(row.id, 'attach', { order: order.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('PAYMENT_ALREADY_RESOLVED');
    expect(await fundsEntries(order.id)).toHaveLength(1);
  });

  it('lets one of two admins attaching at once win; the ledger has one entry', async () => {
    const order = await insertPaidPixToUsdt(t.app, customer, { status: 'user_confirmed' });
    const row = await payment();
    const answers = await Promise.all([
      post(row.id, 'attach', { order: order.reference }, admin),
      post(row.id, 'attach', { order: order.reference }, other),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await fundsEntries(order.id)).toHaveLength(1);
    expect((await orderRow(order.id)).status).toBe('admin_confirmed');
  });

  it('lets one of two payments attached to one order at once win', async () => {
    const order = await insertPaidPixToUsdt(t.app, customer, { status: 'pending' });
    const [a, b] = [await payment(), await payment()];
    const answers = await Promise.all([
      post(a.id, 'attach', { order: order.reference }, admin),
      post(b.id, 'attach', { order: order.reference }, other),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.statusCode === 409)?.json().error.code).toMatch(
      /PAYMENT_ORDER_NOT_OPEN|ORDER_STATE_CONFLICT/,
    );
    expect(await fundsEntries(order.id)).toHaveLength(1);
    const [left] = await t.app.db
      .select()
      .from(incomingPayments)
      .where(eq(incomingPayments.id, answers[0]!.statusCode === 200 ? b.id : a.id));
    expect(left!.status).toBe('unmatched');
  });

  it('records an amount outside the limits and leaves the order refund-only', async () => {
    const order = await insertPaidPixToUsdt(t.app, customer, { status: 'pending' });
    const row = await payment({ amount: '1.00' });
    const res = await post(row.id, 'attach', { order: order.reference });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'credited', reason: 'amount_outside_limits' });
    expect(await orderRow(order.id)).toMatchObject({ status: 'admin_confirmed', refundOnly: true });
  });

  it('refuses a closed order, another token and an unknown order, with their codes', async () => {
    const row = await payment();
    const closed = await insertPaidPixToUsdt(t.app, customer, { status: 'canceled' });
    const res = await post(row.id, 'attach', { order: closed.reference });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'PAYMENT_ORDER_NOT_OPEN' });
    expect(res.json().error.message).toContain(closed.reference);

    const usdt = await insertOrder(t.app, customer.id, { status: 'pending' });
    const wrong = await post(row.id, 'attach', { order: usdt.reference });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error.code).toBe('PAYMENT_WRONG_TOKEN');
    expect((await orderRow(usdt.id)).status).toBe('pending');

    const none = await post(row.id, 'attach', { order: 'EX-NOPE1' });
    expect(none.statusCode).toBe(422);
    expect(none.json().error.code).toBe('PAYMENT_ORDER_NOT_FOUND');

    const missing = await post(randomUUID(), 'attach', { order: usdt.reference });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('PAYMENT_NOT_FOUND');

    const [still] = await t.app.db
      .select()
      .from(incomingPayments)
      .where(eq(incomingPayments.id, row.id));
    expect(still).toMatchObject({ status: 'unmatched', reason: 'no_order', resolvedBy: null });
  });

  it('refuses a payment made by someone other than the order’s customer', async () => {
    const order = await insertPaidPixToUsdt(t.app, customer, { status: 'pending' });
    const row = await payment({ payerDocument: '52998224725', payerName: 'Outra Pessoa' });
    const res = await post(row.id, 'attach', { order: order.reference });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('PAYMENT_PAYER_NOT_CUSTOMER');
    expect((await orderRow(order.id)).status).toBe('pending');
    expect(await fundsEntries(order.id)).toHaveLength(0);
    // a payer the provider names by name alone is the admin's call
    const anonymous = await payment({ payerDocument: null });
    expect((await post(anonymous.id, 'attach', { order: order.reference })).statusCode).toBe(200);
  });

  it('refuses a payment to be returned (refunding): only unmatched ones are attached', async () => {
    const row = await payment({ status: 'refunding', reason: 'payer_not_customer' });
    const order = await insertPaidPixToUsdt(t.app, customer, { status: 'pending' });
    const res = await post(row.id, 'attach', { order: order.reference });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('PAYMENT_ALREADY_RESOLVED');
  });
});

describe('recording a payment returned by hand', () => {
  it('needs a note, then marks it refunded once, audited', async () => {
    const row = await payment({ status: 'refunding', reason: 'payer_not_customer' });
    for (const body of [{}, { note: '' }, { note: '  ' }, { note: 'ok' }]) {
      const res = await post(row.id, 'refunded', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'VALIDATION_ERROR',
        fields: { note: 'Write a note of at least 3 characters.' },
      });
    }
    const res = await post(row.id, 'refunded', {
      note: 'Devolução PIX feita no banco',
      receipt: 'D12345',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'refunded',
      refundReceipt: 'D12345',
      resolvedBy: { id: admin.id },
    });
    const [entry] = await t.app.db.select().from(auditLog).where(eq(auditLog.entityId, row.id));
    expect(entry).toMatchObject({ action: 'payment.refunded', actorId: admin.id });
    expect(entry!.after).toMatchObject({ note: 'Devolução PIX feita no banco', receipt: 'D12345' });

    const again = await post(row.id, 'refunded', { note: 'de novo, por engano' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('PAYMENT_ALREADY_RESOLVED');
  });

  it('refuses a credited payment', async () => {
    const order = await insertOrder(t.app, customer.id, { status: 'completed' });
    const row = await payment({ status: 'credited', orderId: order.id, reason: null });
    const res = await post(row.id, 'refunded', { note: 'devolvido' });
    expect(res.statusCode).toBe(409);
  });
});

describe('absurd input', () => {
  it('answers 400 with a code for NUL bytes and absurd values in every field, never 500', async () => {
    const row = await payment();
    const attach: unknown[] = [
      {},
      { order: '' },
      { order: 'EX-1\u0000' },
      { order: 'x'.repeat(10_000) },
      { order: 'EX 1; drop table orders' },
      { order: 12 },
      { order: ['EX-1'] },
      { order: null },
    ];
    for (const body of attach) {
      const res = await post(row.id, 'attach', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
    }
    const broken = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/payments/${row.id}/attach`,
      headers: { cookie: admin.cookie, 'content-type': 'application/json' },
      payload: '{"order": "EX-1',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.code).toMatch(/^[A-Z_]+$/);
    const refunded: unknown[] = [
      { note: 'devolvido\u0000' },
      { note: 'n'.repeat(100_000) },
      { note: 'devolvido', receipt: 'r'.repeat(1000) },
      { note: 'devolvido', receipt: 'D1\u0000' },
      { note: 'devolvido', receipt: 5 },
      { note: { $ne: 1 } },
      { note: 'ok\ud800ok' },
    ];
    for (const body of refunded) {
      const res = await post(row.id, 'refunded', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
    }
    for (const id of ['not-a-uuid', '%00', `${randomUUID()}%00`]) {
      const res = await post(id, 'attach', { order: 'EX-1' });
      expect(res.statusCode, id).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
    }
    // a path parameter longer than the router takes: its 414, before any handler (all routes)
    expect((await post('x'.repeat(300), 'attach', { order: 'EX-1' })).statusCode).toBe(414);
    const [still] = await t.app.db
      .select()
      .from(incomingPayments)
      .where(eq(incomingPayments.id, row.id));
    expect(still!.status).toBe('unmatched');
  });
});
