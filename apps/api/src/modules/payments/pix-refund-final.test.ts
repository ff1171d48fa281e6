import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OrderView } from '@permuta/contracts';
import { auditLog, incomingPayments } from '@permuta/db';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { signInAdmin } from '../../../test/auth-helpers.ts';
import type { TestAdmin } from '../../../test/auth-helpers.ts';
import { txidForOrder } from '../../adapters/pix/pix-psp.ts';
import { startFakePixPsp } from '../../fakes/fake-pix-psp.ts';
import type { FakePixPsp } from '../../fakes/fake-pix-psp.ts';
import { png } from '../../../test/document-files.ts';
import {
  PIX_TO_USDT,
  callAs,
  liftCustomerLimits,
  multipartBody,
  placeOrder,
  updateSettings,
} from '../orders/test-support.ts';
import type { Trader } from '../orders/test-support.ts';
import {
  PIX_CHARGE_QUEUE,
  PIX_REFUND_QUEUE,
  PIX_REFUND_STALE_MS,
  createPixDeposits,
  refundIdFor,
} from './pix-deposits.service.ts';
import { depositTestKit, payingCustomer } from './test-support.ts';

/**
 * A devolução counts as returned only when the PSP says DEVOLVIDO (decisions 041 and 048):
 * accepted (EM_PROCESSAMENTO) it is looked up until final, by its id, never asked twice; one the
 * PSP later reports NAO_REALIZADO is a refusal that waits for a person, and a refund-only order
 * is refunded only once the money is back. Against the fake PSP left EM_PROCESSAMENTO
 * (`refundSettlement: 'manual'`) until the test settles it.
 */

const KEY = 'pix@permuta.example';
const CLIENT = { clientId: 'Client_Id_permuta', clientSecret: 'Client_Secret_permuta_0123' };
const STRANGER = { cpf: '52998224725', name: 'Outra Pessoa' };

let t: TestApp;
let owner: TestAdmin;
let operator: TestAdmin;
let customer: Trader;
let payer: { cpf: string; name: string };
let fake: FakePixPsp;

const deposits = () => t.app.services.pixDeposits;
const { orderRow } = depositTestKit(() => t, 'pix');

beforeAll(async () => {
  t = await buildTestApp();
  fake = await startFakePixPsp({ ...CLIENT, key: KEY, refundSettlement: 'manual' });
  owner = await signInAdmin(t.app);
  operator = await signInAdmin(t.app, undefined, 'operator');
  const paying = await payingCustomer(t);
  customer = paying.customer;
  payer = { cpf: paying.cpfDigits, name: paying.name };
  await liftCustomerLimits(t.app);
  await updateSettings(t.app, { pixKey: KEY, pixMerchantName: 'PERMUTA' });
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/v1/admin/integrations/pix',
    headers: { cookie: owner.cookie },
    payload: {
      config: { apiUrl: fake.url, clientId: CLIENT.clientId },
      secrets: { clientSecret: CLIENT.clientSecret },
      deposits: true,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(async () => {
  await fake?.close();
  await t?.close();
});
// the PIX are reported by the test itself (reportPix), as the reconciliation would
beforeEach(() => fake.setMode({ kind: 'drop-webhooks' }));

async function paymentOf(e2eid: string) {
  const [row] = await t.app.db
    .select()
    .from(incomingPayments)
    .where(and(eq(incomingPayments.provider, 'pix'), eq(incomingPayments.externalId, e2eid)));
  return row!;
}

async function audits(paymentId: string, action: string) {
  return t.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, paymentId), eq(auditLog.action, action)));
}

const devolucoes = (e2eid: string) => fake.refunds().filter((r) => r.endToEndId === e2eid);

async function page(order: { id: string }): Promise<OrderView> {
  const res = await callAs(t.app, customer, 'GET', `/api/v1/orders/${order.id}`);
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function inboxItem(paymentId: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/admin/payments?status=all`,
    headers: { cookie: operator.cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items.find((p: { id: string }) => p.id === paymentId);
}

function press(paymentId: string, note = 'Nobody ordered this: return it.') {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/payments/${paymentId}/refund`,
    headers: { cookie: operator.cookie, 'accept-language': 'en-US' },
    payload: { note },
  });
}

/** A PIX no order names, reported: unmatched in the inbox. */
async function strayPix(amount: string) {
  const pix = await fake.payUnknown({ amount, payer: STRANGER });
  await deposits().reportPix(pix.endToEndId);
  return { pix, payment: await paymentOf(pix.endToEndId) };
}

/** An order paid below its minimum by its customer: confirmed refund-only, its refund queued. */
async function refundOnlyOrder() {
  const order = await placeOrder(t.app, customer, PIX_TO_USDT, { paymentMethod: 'pix' });
  await t.app.jobs.drain(PIX_CHARGE_QUEUE);
  const { pix } = await fake.pay({ txid: txidForOrder(order.id), payer, amount: '2.00' });
  await deposits().reportPix(pix.endToEndId);
  expect(await orderRow(order.id)).toMatchObject({ status: 'admin_confirmed', refundOnly: true });
  return { order, pix, payment: await paymentOf(pix.endToEndId) };
}

/** The order is not refunded, and neither its page nor its history says so. */
async function expectOrderNotRefunded(order: { id: string }) {
  expect(await orderRow(order.id)).toMatchObject({ status: 'admin_confirmed', refundOnly: true });
  const shown = await page(order);
  expect(shown.status).toBe('admin_confirmed');
  expect(shown.events.map((e) => e.to)).not.toContain('refunded');
  expect(shown.returnedPayments).toEqual([]);
}

describe('a devolução accepted (EM_PROCESSAMENTO)', () => {
  it('is not counted returned until the PSP says DEVOLVIDO, then is, with its rtrId', async () => {
    const { pix, payment } = await strayPix('150.00');
    const res = await press(payment.id);
    expect(res.statusCode, res.body).toBe(200);
    const refundId = refundIdFor(pix.endToEndId);
    expect(res.json()).toMatchObject({
      status: 'refunding',
      refundAtProvider: false,
      refund: { state: 'requested', refundId, providerId: null },
    });
    expect(devolucoes(pix.endToEndId)).toMatchObject([
      { id: refundId, status: 'EM_PROCESSAMENTO' },
    ]);
    expect(await audits(payment.id, 'payment.refunded')).toHaveLength(0);

    // the job looks it up, finds it still processing, and keeps waiting (retried later)
    await expect(deposits().refund(payment.id)).rejects.toThrow(/EM_PROCESSAMENTO/);
    await t.app.jobs.drain(PIX_REFUND_QUEUE, { includeDeferred: true });
    expect(await paymentOf(pix.endToEndId)).toMatchObject({
      status: 'refunding',
      refundId,
      refundReceipt: null,
      refundRefusal: null,
    });
    // the sweep keeps asking about it (looking it up), the inbox offers no second devolução
    expect((await t.app.services.incomingPayments.toRefund('pix')).map((p) => p.id)).toContain(
      payment.id,
    );
    expect(await inboxItem(payment.id)).toMatchObject({
      refundAtProvider: false,
      refund: { state: 'requested' },
    });
    // marking it returned by hand is still refused: the PSP has it
    const byHand = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/payments/${payment.id}/refunded`,
      headers: { cookie: operator.cookie },
      payload: { note: 'returned?' },
    });
    expect(byHand.statusCode).toBe(409);
    expect(byHand.json().error.code).toBe('PAYMENT_REFUND_AT_PROVIDER');

    await fake.settleRefund(pix.endToEndId, refundId, 'DEVOLVIDO');
    expect(await deposits().refund(payment.id)).toMatchObject({ kind: 'returned' });
    const [devolucao] = devolucoes(pix.endToEndId);
    const done = await paymentOf(pix.endToEndId);
    expect(done).toMatchObject({ status: 'refunded', refundId });
    expect(JSON.parse(done.refundReceipt!)).toMatchObject({
      providerId: devolucao!.rtrId,
      status: 'DEVOLVIDO',
    });
    expect(await inboxItem(payment.id)).toMatchObject({
      refund: { state: 'returned', providerId: devolucao!.rtrId },
    });
    expect(await audits(payment.id, 'payment.refunded')).toHaveLength(1);
    expect(devolucoes(pix.endToEndId)).toHaveLength(1);
  });

  it('a refund-only order is refunded only when the money is back (DEVOLVIDO)', async () => {
    const { order, pix, payment } = await refundOnlyOrder();
    await t.app.jobs.drain(PIX_REFUND_QUEUE, { includeDeferred: true });
    const refundId = refundIdFor(pix.endToEndId);
    expect(devolucoes(pix.endToEndId)).toMatchObject([
      { id: refundId, status: 'EM_PROCESSAMENTO' },
    ]);
    expect(await paymentOf(pix.endToEndId)).toMatchObject({
      status: 'credited',
      refundId,
      refundReceipt: null,
    });
    await expectOrderNotRefunded(order);

    await fake.settleRefund(pix.endToEndId, refundId, 'DEVOLVIDO');
    await t.app.jobs.drain(PIX_REFUND_QUEUE, { includeDeferred: true });
    await deposits().refund(payment.id);
    expect(await orderRow(order.id)).toMatchObject({ status: 'refunded' });
    const shown = await page(order);
    expect(shown.events.filter((e) => e.to === 'refunded')).toHaveLength(1);
    expect(shown.events.at(-1)).toMatchObject({ to: 'refunded', actor: 'system' });
    expect(shown.returnedPayments).toMatchObject([
      { reason: 'amount_outside_limits', status: 'returned' },
    ]);
    expect(devolucoes(pix.endToEndId)).toHaveLength(1);
  });
});

describe('a devolução accepted and then not made (NAO_REALIZADO)', () => {
  it('goes back to a person in the inbox, in the PSP words, and is not asked again', async () => {
    const { pix, payment } = await strayPix('77.70');
    await press(payment.id);
    const refundId = refundIdFor(pix.endToEndId);
    await fake.settleRefund(pix.endToEndId, refundId, 'NAO_REALIZADO');
    await t.app.jobs.drain(PIX_REFUND_QUEUE, { includeDeferred: true });
    await deposits().attemptRefund(payment.id);

    const row = await paymentOf(pix.endToEndId);
    expect(row).toMatchObject({
      status: 'refunding',
      refundId,
      refundReceipt: null,
      refundRefusal: 'Devolução não realizada (fake)',
    });
    expect(await audits(payment.id, 'payment.refund_refused')).toHaveLength(1);
    expect(await audits(payment.id, 'payment.refunded')).toHaveLength(0);
    expect(await inboxItem(payment.id)).toMatchObject({
      status: 'refunding',
      refund: { state: 'refused', refusal: 'Devolução não realizada (fake)' },
    });
    expect((await t.app.services.incomingPayments.toRefund('pix')).map((p) => p.id)).not.toContain(
      payment.id,
    );
    const again = await press(payment.id, 'again');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('PAYMENT_REFUND_REFUSED');
    // a person returns it some other way and records it
    const byHand = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/payments/${payment.id}/refunded`,
      headers: { cookie: operator.cookie },
      payload: { note: 'Returned from the bank app.' },
    });
    expect(byHand.statusCode, byHand.body).toBe(200);
    expect(devolucoes(pix.endToEndId)).toHaveLength(1);
  });

  it('leaves a refund-only order unrefunded, its payment refused, for the desk', async () => {
    const { order, pix, payment } = await refundOnlyOrder();
    await t.app.jobs.drain(PIX_REFUND_QUEUE, { includeDeferred: true });
    await expectOrderNotRefunded(order);
    await fake.settleRefund(pix.endToEndId, refundIdFor(pix.endToEndId), 'NAO_REALIZADO');
    expect(await deposits().refund(payment.id)).toMatchObject({ kind: 'refused' });
    await t.app.jobs.drain(PIX_REFUND_QUEUE, { includeDeferred: true });

    expect(await paymentOf(pix.endToEndId)).toMatchObject({
      status: 'credited',
      refundReceipt: null,
      refundRefusal: 'Devolução não realizada (fake)',
    });
    expect(await audits(payment.id, 'payment.refund_refused')).toHaveLength(1);
    await expectOrderNotRefunded(order);
    expect((await t.app.services.incomingPayments.toRefund('pix')).map((p) => p.id)).not.toContain(
      payment.id,
    );
    expect(devolucoes(pix.endToEndId)).toHaveLength(1);
  });
});

describe('one devolução, whoever looks', () => {
  it('the look-up racing admins pressing: one devolução, one record', async () => {
    const { pix, payment } = await strayPix('45.00');
    const first = await Promise.all([
      press(payment.id),
      press(payment.id),
      deposits().attemptRefund(payment.id),
    ]);
    for (const res of first.slice(0, 2) as { statusCode: number }[]) {
      expect(res.statusCode).toBe(200);
    }
    expect(devolucoes(pix.endToEndId)).toHaveLength(1);
    await fake.settleRefund(pix.endToEndId, refundIdFor(pix.endToEndId), 'DEVOLVIDO');
    await Promise.all([
      press(payment.id),
      deposits().attemptRefund(payment.id),
      deposits().attemptRefund(payment.id),
      t.app.jobs.drain(PIX_REFUND_QUEUE, { includeDeferred: true }),
    ]);
    expect(await paymentOf(pix.endToEndId)).toMatchObject({ status: 'refunded' });
    expect(await audits(payment.id, 'payment.refunded')).toHaveLength(1);
    expect(await audits(payment.id, 'payment.refund_requested')).toHaveLength(1);
    expect(devolucoes(pix.endToEndId)).toHaveLength(1);
  });

  it('two sweeps at once, before and after the PSP settles: one devolução, one order refund', async () => {
    const { order, pix, payment } = await refundOnlyOrder();
    const second = createPixDeposits({
      db: t.app.db,
      jobs: t.app.jobs,
      mover: t.app.services.mover,
      payments: t.app.services.incomingPayments,
      readIntegration: () => t.app.services.integrations.read('pix'),
      publicUrl: t.config.publicUrl,
      now: () => new Date(),
      log: { warn: () => {}, error: () => {} },
    });
    const before = await Promise.all([
      deposits().attemptRefund(payment.id),
      second.attemptRefund(payment.id),
    ]);
    expect(before.map((o) => o.kind)).toEqual(['processing', 'processing']);
    expect(devolucoes(pix.endToEndId)).toHaveLength(1);
    await Promise.all([deposits().reconcile(), second.reconcile()]);
    await t.app.jobs.drain(PIX_REFUND_QUEUE, { includeDeferred: true });
    await expectOrderNotRefunded(order);

    await fake.settleRefund(pix.endToEndId, refundIdFor(pix.endToEndId), 'DEVOLVIDO');
    const after = await Promise.all([
      deposits().attemptRefund(payment.id),
      second.attemptRefund(payment.id),
    ]);
    // each may see it returned; it is recorded (and the order refunded) once
    for (const outcome of after) expect(['returned', 'not_waiting']).toContain(outcome.kind);
    expect(await orderRow(order.id)).toMatchObject({ status: 'refunded' });
    expect((await page(order)).events.filter((e) => e.to === 'refunded')).toHaveLength(1);
    expect(await audits(payment.id, 'payment.refunded')).toHaveLength(1);
    expect(devolucoes(pix.endToEndId)).toHaveLength(1);
  });

  it('one left processing past the limit is flagged for a person and still only looked up', async () => {
    const { pix, payment } = await strayPix('31.00');
    await press(payment.id);
    const errors: string[] = [];
    const later = createPixDeposits({
      db: t.app.db,
      jobs: t.app.jobs,
      mover: t.app.services.mover,
      payments: t.app.services.incomingPayments,
      readIntegration: () => t.app.services.integrations.read('pix'),
      publicUrl: t.config.publicUrl,
      now: () => new Date(Date.now() + PIX_REFUND_STALE_MS + 60_000),
      log: { warn: () => {}, error: (_context, message) => errors.push(String(message)) },
    });
    expect(await later.attemptRefund(payment.id)).toMatchObject({
      kind: 'processing',
      stale: true,
    });
    expect(errors).toEqual([expect.stringMatching(/still EM_PROCESSAMENTO/)]);
    expect(await paymentOf(pix.endToEndId)).toMatchObject({ status: 'refunding' });
    expect(await inboxItem(payment.id)).toMatchObject({ refund: { state: 'requested' } });
    // asked that long ago: the inbox flags it for a person
    await t.app.db
      .update(incomingPayments)
      .set({ updatedAt: new Date(Date.now() - PIX_REFUND_STALE_MS - 60_000) })
      .where(eq(incomingPayments.id, payment.id));
    expect(await inboxItem(payment.id)).toMatchObject({
      status: 'refunding',
      refundAtProvider: false,
      refund: { state: 'stalled', refundId: refundIdFor(pix.endToEndId) },
    });
    expect(await later.attemptRefund(payment.id)).toMatchObject({ kind: 'processing' });
    expect(devolucoes(pix.endToEndId)).toHaveLength(1);
  });
});

/**
 * A refund-only credit whose devolução is refused or stalled waits for a person: the inbox lists
 * and counts it, and the desk's refund of its order by hand is refused while the PSP may still
 * return the money, and is the return once the PSP refused (decision 048, "Mended").
 */
describe('a refund-only credit whose devolução is stuck', () => {
  async function inbox(status: 'open' | 'all' | 'refunds', as: TestAdmin = operator) {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/payments?status=${status}&limit=100`,
      headers: { cookie: as.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      items: { id: string; status: string; refund: unknown; order: unknown }[];
      open: { total: number; unmatched: number; refunding: number; refundStuck: number };
    };
  }
  const ids = (page: { items: { id: string }[] }) => page.items.map((p) => p.id);

  async function deskRefund(order: { id: string }, headers: Record<string, string> = {}) {
    const body = multipartBody(
      { name: 'proof.png', bytes: await png(), type: 'image/png' },
      { note: 'Returned from the bank app.' },
    );
    return t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${order.id}/refund`,
      headers: { cookie: operator.cookie, 'accept-language': 'en-US', ...body.headers, ...headers },
      payload: body.payload,
    });
  }

  it('stalled: listed and counted, and the desk cannot refund the order by hand meanwhile', async () => {
    const { order, pix, payment } = await refundOnlyOrder();
    const refundId = refundIdFor(pix.endToEndId);
    // not asked yet: the refund job will ask the PSP, so the desk does not return it by hand
    const early = await deskRefund(order);
    expect(early.statusCode, early.body).toBe(409);
    expect(early.json().error.code).toBe('ORDER_REFUND_AT_PROVIDER');
    await t.app.jobs.drain(PIX_REFUND_QUEUE, { includeDeferred: true });
    expect(devolucoes(pix.endToEndId)).toMatchObject([
      { id: refundId, status: 'EM_PROCESSAMENTO' },
    ]);
    // asked recently: waiting for the PSP is not yet work for a person
    expect(ids(await inbox('open'))).not.toContain(payment.id);
    const before = (await inbox('open')).open;

    await t.app.db
      .update(incomingPayments)
      .set({ updatedAt: new Date(Date.now() - PIX_REFUND_STALE_MS - 60_000) })
      .where(eq(incomingPayments.id, payment.id));
    const open = await inbox('open');
    expect(open.items.find((p) => p.id === payment.id)).toMatchObject({
      status: 'credited',
      order: { id: order.id, status: 'admin_confirmed' },
      refund: { state: 'stalled', refundId, refusal: null },
      refundAtProvider: false,
    });
    expect(open.open).toEqual({
      ...before,
      refundStuck: before.refundStuck + 1,
      total: before.total + 1,
    });
    expect(ids(await inbox('refunds'))).toContain(payment.id);

    // the desk refunding the order by hand now could return the money twice: refused, at once too
    const both = await Promise.all([deskRefund(order), deskRefund(order)]);
    for (const res of both) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().error).toMatchObject({
        code: 'ORDER_REFUND_AT_PROVIDER',
        params: { refundId },
      });
      expect(res.json().error.message).toContain(refundId);
    }
    await expectOrderNotRefunded(order);

    // the PSP returns it: the order is refunded once, by the system, and leaves the inbox
    await fake.settleRefund(pix.endToEndId, refundId, 'DEVOLVIDO');
    await deposits().attemptRefund(payment.id);
    expect(await orderRow(order.id)).toMatchObject({ status: 'refunded' });
    expect((await page(order)).events.filter((e) => e.to === 'refunded')).toHaveLength(1);
    expect(ids(await inbox('open'))).not.toContain(payment.id);
    expect(ids(await inbox('refunds'))).not.toContain(payment.id);
    expect((await inbox('open')).open).toEqual(before);
    expect(devolucoes(pix.endToEndId)).toHaveLength(1);
  });

  it('refused: listed with the PSP words; the desk refund is the one return, once', async () => {
    const { order, pix, payment } = await refundOnlyOrder();
    await t.app.jobs.drain(PIX_REFUND_QUEUE, { includeDeferred: true });
    await fake.settleRefund(pix.endToEndId, refundIdFor(pix.endToEndId), 'NAO_REALIZADO');
    expect(await deposits().refund(payment.id)).toMatchObject({ kind: 'refused' });

    const open = await inbox('open');
    expect(open.items.find((p) => p.id === payment.id)).toMatchObject({
      status: 'credited',
      refund: { state: 'refused', refusal: 'Devolução não realizada (fake)' },
    });
    expect(open.open.refundStuck).toBeGreaterThanOrEqual(1);
    expect(ids(await inbox('refunds'))).toContain(payment.id);
    // another role reads the same inbox (finance and owner work it too); customers never
    expect(ids(await inbox('refunds', owner))).toContain(payment.id);
    const asCustomer = await callAs(
      t.app,
      customer,
      'GET',
      '/api/v1/admin/payments?status=refunds',
    );
    expect(asCustomer.statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/admin/payments?status=refunds' }))
        .statusCode,
    ).toBe(401);
    const absurd = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/payments?status=refunds%00',
      headers: { cookie: operator.cookie },
    });
    expect(absurd.statusCode).toBe(400);

    // the desk's refund from another origin is refused before anything
    const foreign = await deskRefund(order, { origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error.code).toBe('CROSS_ORIGIN_REQUEST');
    await expectOrderNotRefunded(order);

    // two admins refund it by hand at once: one refund, the payment recorded returned once
    const both = await Promise.all([deskRefund(order), deskRefund(order)]);
    expect(both.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    expect(await orderRow(order.id)).toMatchObject({ status: 'refunded' });
    expect((await page(order)).events.filter((e) => e.to === 'refunded')).toHaveLength(1);
    expect(await paymentOf(pix.endToEndId)).toMatchObject({
      status: 'refunded',
      refundReceipt: null,
      resolvedBy: operator.id,
    });
    const refunded = await audits(payment.id, 'payment.refunded');
    expect(refunded).toHaveLength(1);
    expect(refunded[0]).toMatchObject({ actorId: operator.id, after: { by: 'order_refund' } });
    // off the inbox's work, never asked of the PSP again
    expect(ids(await inbox('open'))).not.toContain(payment.id);
    expect(ids(await inbox('refunds'))).not.toContain(payment.id);
    expect(await deposits().attemptRefund(payment.id)).toMatchObject({ kind: 'not_waiting' });
    await t.app.jobs.drain(PIX_REFUND_QUEUE, { includeDeferred: true });
    expect(devolucoes(pix.endToEndId)).toHaveLength(1);
  });
});
