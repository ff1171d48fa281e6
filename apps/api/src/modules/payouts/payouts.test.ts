import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { networks, orderEvents, orders } from '@permuta/db';
import type { DbHandle, NewOrder } from '@permuta/db';
import { createBinanceClient } from '../../adapters/exchange/binance-client.ts';
import type { ExchangeClient } from '../../adapters/exchange/exchange.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { signInAdmin } from '../../../test/auth-helpers.ts';
import type { TestAdmin } from '../../../test/auth-helpers.ts';
import { fakeCoin, startFakeExchange } from '../../fakes/fake-exchange.ts';
import type { FakeExchange } from '../../fakes/fake-exchange.ts';
import {
  TRC20_ADDRESS,
  deliverEmails,
  insertOrder,
  insertPaidPixToUsdt,
  networkId,
  trader,
  updateSettings,
} from '../orders/test-support.ts';
import { RISK_LIMITS_LIFTED } from './payout-risk.test-support.ts';
import type { Trader } from '../orders/test-support.ts';
import { PAYOUT_QUEUE, STUCK_PROCESSING_MS } from './payouts.service.ts';
import type { PayoutService } from './payouts.service.ts';
import { orderMovingOf, payoutTestKit, withSecondPool } from './test-support.ts';

const APPLY = '/sapi/v1/capital/withdraw/apply';

let fake: FakeExchange;
let t: TestApp;
let admin: TestAdmin;
let customer: Trader;
/** The payout job's handler run directly: one run of a job, as a worker would. */
let worker: PayoutService;

const exchangeClient = (timeoutMs = 5000): ExchangeClient =>
  createBinanceClient({
    apiUrl: fake.url,
    apiKey: fake.apiKey,
    apiSecret: fake.apiSecret,
    timeoutMs,
  });

/** Another payout service on the app's database, jobs and mail, with its own exchange client. */
function payoutService(exchange: ExchangeClient, handle?: DbHandle): PayoutService {
  return orderMovingOf(t, { exchange, handle }).payouts;
}

beforeAll(async () => {
  fake = await startFakeExchange({
    coins: [fakeCoin('USDT', [{ network: 'TRX' }, { network: 'BSC' }], { free: '1000000' })],
  });
  t = await buildTestApp({
    env: {
      EXCHANGE_API_URL: fake.url,
      EXCHANGE_API_KEY: fake.apiKey,
      EXCHANGE_API_SECRET: fake.apiSecret,
    },
  });
  admin = await signInAdmin(t.app);
  customer = await trader(t.app, { locale: 'en-US', wallets: [['USDT', 'TRC20']] });
  // the risk limits (payout-risk.test.ts) out of the way of one customer's many payouts
  await updateSettings(t.app, { autoCryptoPayouts: true, ...RISK_LIMITS_LIFTED });
  worker = t.app.services.payouts;
});
afterEach(() => fake.setMode({ kind: 'ok' }));
afterAll(async () => {
  await t?.close();
  await fake?.stop();
});

// --- helpers ----------------------------------------------------------------------------------

/** A PIX -> USDT (TRC20) order whose customer says they paid: 540 BRL for 95 USDT. */
const paidOrder = (values: Partial<NewOrder> = {}) => insertPaidPixToUsdt(t.app, customer, values);

/** confirmFunds confirms the amount of the order (540) unless told otherwise. */
const { adminMove, adminView, confirmFunds, byHand, giveUp, orderRow, payoutEntries, drainAll } =
  payoutTestKit(() => ({ t, admin }), { amountReceived: '540' });

const retry = (orderId: string) => adminMove(orderId, { action: 'submit_payout' });

/** Withdraw apply requests the fake exchange received for the order. */
const applies = (orderId: string) =>
  fake.requests.filter(
    (r) => r.path === APPLY && r.query.get('withdrawOrderId')?.startsWith(orderId),
  );

/** Withdrawals the fake exchange holds for the order. */
const withdrawals = (orderId: string) =>
  fake.withdrawals.filter((w) => w.withdrawOrderId?.startsWith(orderId));

async function payoutJobs(orderId: string) {
  const jobs = await t.app.jobs.queued(PAYOUT_QUEUE);
  return jobs.filter((job) => (job.data as { orderId?: string }).orderId === orderId);
}

/** Due payout jobs, as the worker would run them now (drainAll: the deferred checks too). */
const drain = () => t.app.jobs.drain(PAYOUT_QUEUE);

async function statusTrail(orderId: string) {
  const rows = await t.app.db
    .select({ to: orderEvents.toStatus })
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id));
  return rows.map((r) => r.to);
}

async function waitFor(condition: () => boolean, ms = 3000) {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > ms) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Completes the order's live withdrawal at the fake and runs the checks: the order is paid. */
async function finish(orderId: string, txId: string) {
  const live = withdrawals(orderId).filter((w) => w.status === 4);
  expect(live).toHaveLength(1);
  fake.completeWithdrawal(live[0]!.id, txId);
  await drainAll();
  const row = await orderRow(orderId);
  expect(row.status).toBe('admin_paid');
  expect(row.payoutTxId).toBe(txId);
  expect(row.withdrawId).toBe(live[0]!.id);
  expect(await payoutEntries(orderId)).toHaveLength(1);
  return row;
}

// --- tests ------------------------------------------------------------------------------------

describe('automatic crypto payouts', () => {
  it('pays a confirmed order through the exchange: processing, then paid with the tx id, one ledger debit and an e-mail per step', async () => {
    const order = await paidOrder();
    await confirmFunds(order.id);
    expect(await payoutJobs(order.id)).toHaveLength(1);

    await drain();
    const processing = await orderRow(order.id);
    expect(processing).toMatchObject({
      status: 'processing',
      payoutAttempts: 1,
      payoutFailure: null,
    });
    const [withdrawal] = withdrawals(order.id);
    expect(withdrawals(order.id)).toHaveLength(1);
    expect(withdrawal).toMatchObject({
      withdrawOrderId: order.id,
      coin: 'USDT',
      network: 'TRX',
      address: TRC20_ADDRESS,
      amount: '95',
      status: 4,
    });
    expect(processing.withdrawId).toBe(withdrawal!.id);
    // the next check waits for the exchange
    const [check] = await payoutJobs(order.id);
    expect(check?.data).toEqual({ orderId: order.id, check: 1 });
    expect(check!.startAfter.getTime()).toBeGreaterThan(Date.now());
    expect(await payoutEntries(order.id)).toHaveLength(0);

    const txId = `0x${'ab'.repeat(32)}`;
    await finish(order.id, txId);
    expect(applies(order.id)).toHaveLength(1);
    const [entry] = await payoutEntries(order.id);
    expect(entry).toMatchObject({ direction: 'debit', createdBy: null });
    expect(Number(entry!.amount)).toBe(95);
    expect(await statusTrail(order.id)).toEqual([
      'pending',
      'admin_confirmed',
      'processing',
      'admin_paid',
    ]);
    expect(await payoutJobs(order.id)).toHaveLength(0);

    const view = await adminView(order.id);
    expect(view.json()).toMatchObject({
      status: 'admin_paid',
      payoutTxId: txId,
      withdrawId: withdrawal!.id,
      payoutAttempts: 1,
      payoutError: null,
    });

    await deliverEmails(t.app);
    const subjects = t.mail
      .to(customer.email)
      .filter((m) => m.subject.includes(order.reference))
      .map((m) => m.subject);
    expect(subjects.sort()).toEqual(
      [
        `Order ${order.reference}: paid - Permuta`,
        `Order ${order.reference}: funds confirmed - Permuta`,
        `Order ${order.reference}: payout in progress - Permuta`,
      ].sort(),
    );
    const paidMail = t.mail
      .to(customer.email)
      .find((m) => m.subject === `Order ${order.reference}: paid - Permuta`);
    expect(paidMail?.text).toContain(txId);
  });

  it('submits nothing with the switch off, or for a PIX payout: the admin pays by hand', async () => {
    await updateSettings(t.app, { autoCryptoPayouts: false });
    try {
      const order = await paidOrder();
      await confirmFunds(order.id);
      expect(await payoutJobs(order.id)).toHaveLength(0);
      await drain();
      expect((await orderRow(order.id)).status).toBe('admin_confirmed');
      expect(applies(order.id)).toHaveLength(0);
    } finally {
      await updateSettings(t.app, { autoCryptoPayouts: true });
    }

    const pix = await insertOrder(t.app, customer.id, { status: 'user_confirmed' });
    const answer = await adminMove(pix.id, { action: 'confirm_funds', amountReceived: '100' });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().autoPayout).toBe(false);
    expect(await payoutJobs(pix.id)).toHaveLength(0);
  });

  it('submits nothing when the network has withdrawals off', async () => {
    const trc20 = await networkId(t.app, 'USDT', 'TRC20');
    await t.app.db.update(networks).set({ withdrawEnabled: false }).where(eq(networks.id, trc20));
    try {
      const order = await paidOrder();
      const answer = await confirmFunds(order.id);
      expect(answer.json().autoPayout).toBe(false);
      expect(await payoutJobs(order.id)).toHaveLength(0);
      await drain();
      expect((await orderRow(order.id)).status).toBe('admin_confirmed');
      expect(applies(order.id)).toHaveLength(0);
    } finally {
      await t.app.db.update(networks).set({ withdrawEnabled: true }).where(eq(networks.id, trc20));
    }
  });

  it('leaves a job whose switch went off before it ran: the order waits for the admin', async () => {
    const order = await paidOrder();
    await confirmFunds(order.id);
    await updateSettings(t.app, { autoCryptoPayouts: false });
    try {
      await drain();
    } finally {
      await updateSettings(t.app, { autoCryptoPayouts: true });
    }
    expect((await orderRow(order.id)).status).toBe('admin_confirmed');
    expect(applies(order.id)).toHaveLength(0);
  });

  it("puts a refused withdrawal in error with the exchange's reason; the admin's retry pays once", async () => {
    const order = await paidOrder();
    await confirmFunds(order.id);
    fake.setMode({ kind: 'reject', status: 400, code: -4026, msg: 'Insufficient balance.' }, APPLY);
    await drain();
    const failed = await orderRow(order.id);
    expect(failed.status).toBe('error');
    expect(failed.payoutFailure).toEqual({
      code: 'exchange_refused',
      params: { message: 'Insufficient balance.', exchangeCode: -4026 },
    });
    expect(withdrawals(order.id)).toHaveLength(0);
    expect(await payoutJobs(order.id)).toHaveLength(0);

    fake.setMode({ kind: 'ok' });
    const retried = await retry(order.id);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({
      status: 'processing',
      payoutAttempts: 2,
      payoutError: null,
    });
    await drain();
    expect(withdrawals(order.id)).toHaveLength(1);
    await finish(order.id, '0xretried');
    expect(applies(order.id)).toHaveLength(2);
    expect(withdrawals(order.id)).toHaveLength(1);
    expect(await statusTrail(order.id)).toEqual([
      'pending',
      'admin_confirmed',
      'processing',
      'error',
      'processing',
      'admin_paid',
    ]);
  });

  it('tells the support address, not the customer, about a failed payout and its retry', async () => {
    await updateSettings(t.app, { supportEmail: 'ops@permuta.example' });
    const order = await paidOrder();
    await confirmFunds(order.id);
    fake.setMode({ kind: 'reject', status: 400, code: -4026, msg: 'Insufficient balance.' }, APPLY);
    await drain();
    expect((await orderRow(order.id)).status).toBe('error');
    fake.setMode({ kind: 'ok' });
    expect((await retry(order.id)).statusCode).toBe(200);
    await drain();
    await finish(order.id, '0xafterretry');
    await deliverEmails(t.app);

    const customerSubjects = t.mail
      .to(customer.email)
      .filter((m) => m.subject.includes(order.reference))
      .map((m) => m.subject);
    expect(customerSubjects.sort()).toEqual(
      [
        `Order ${order.reference}: paid - Permuta`,
        `Order ${order.reference}: funds confirmed - Permuta`,
        `Order ${order.reference}: payout in progress - Permuta`,
      ].sort(),
    );
    // e-mails are delivered by jobs that may finish in any order
    const ops = t.mail.to('ops@permuta.example').filter((m) => m.subject.includes(order.reference));
    expect(ops.map((m) => m.subject).sort()).toEqual(
      [
        `Falha no pagamento automático: pedido ${order.reference} - Permuta`,
        `Pagamento tentado de novo: pedido ${order.reference} - Permuta`,
      ].sort(),
    );
    const failed = ops.find((m) => m.subject.startsWith('Falha'))!;
    // the reason in the operators' language; the exchange's own words quoted as they came
    expect(failed.text).toContain(
      'Motivo: A exchange recusou o saque (código -4026). Mensagem da exchange: “Insufficient balance.”',
    );
    expect(failed.text).not.toContain('refused');
    expect(failed.text).toContain(`/admin/orders/${order.id}`);
    await updateSettings(t.app, { supportEmail: null });
  });

  it('after a timeout, finds the withdrawal the exchange applied late and never applies twice', async () => {
    const order = await paidOrder();
    await confirmFunds(order.id);
    // The exchange takes 600 ms; this worker gives up after 200 ms.
    fake.setMode({ kind: 'slow', ms: 600 }, APPLY);
    await payoutService(exchangeClient(200)).run({ orderId: order.id });
    const unknown = await orderRow(order.id);
    expect(unknown).toMatchObject({ status: 'processing', withdrawId: null, payoutFailure: null });

    await waitFor(() => withdrawals(order.id).length === 1);
    fake.setMode({ kind: 'ok' });
    await worker.run({ orderId: order.id });
    expect((await orderRow(order.id)).withdrawId).toBe(withdrawals(order.id)[0]!.id);
    await finish(order.id, '0xlate');
    expect(applies(order.id)).toHaveLength(1);
    expect(withdrawals(order.id)).toHaveLength(1);
  });

  it('after a timeout the exchange never acted on, looks first, finds nothing, and applies once', async () => {
    const order = await paidOrder();
    await confirmFunds(order.id);
    fake.setMode({ kind: 'timeout' }, APPLY);
    await payoutService(exchangeClient(200)).run({ orderId: order.id });
    expect((await orderRow(order.id)).status).toBe('processing');
    expect(withdrawals(order.id)).toHaveLength(0);

    fake.setMode({ kind: 'ok' });
    await drain();
    expect(withdrawals(order.id)).toHaveLength(1);
    await finish(order.id, '0xafter-timeout');
    expect(applies(order.id)).toHaveLength(2);
  });

  it('after the exchange accepts and drops the connection, the next check finds the withdrawal', async () => {
    const order = await paidOrder();
    await confirmFunds(order.id);
    fake.setMode({ kind: 'crash-after-submit' }, APPLY);
    await drain();
    expect(withdrawals(order.id)).toHaveLength(1);
    expect(await orderRow(order.id)).toMatchObject({ status: 'processing', withdrawId: null });
    // the outcome was unknown: a later check is queued, the order is not failed
    expect(await payoutJobs(order.id)).toHaveLength(1);

    fake.setMode({ kind: 'ok' });
    await worker.run({ orderId: order.id });
    expect((await orderRow(order.id)).withdrawId).toBe(withdrawals(order.id)[0]!.id);
    await finish(order.id, '0xdropped');
    expect(applies(order.id)).toHaveLength(1);
    expect(withdrawals(order.id)).toHaveLength(1);
  });

  it('when the process dies between the exchange answer and the database write, the retry finds the withdrawal', async () => {
    const order = await paidOrder();
    await confirmFunds(order.id);
    const real = exchangeClient();
    const dying: ExchangeClient = {
      ...real,
      signed: true,
      async withdrawApply(request) {
        await real.withdrawApply(request);
        throw new Error('process died');
      },
    };
    await expect(payoutService(dying).run({ orderId: order.id })).rejects.toThrow('process died');
    expect(await orderRow(order.id)).toMatchObject({ status: 'processing', withdrawId: null });
    expect(withdrawals(order.id)).toHaveLength(1);

    // pg-boss runs the job again (here: the job queued when the funds were confirmed)
    await drain();
    expect((await orderRow(order.id)).withdrawId).toBe(withdrawals(order.id)[0]!.id);
    await finish(order.id, '0xsurvived');
    expect(applies(order.id)).toHaveLength(1);
  });

  it('waits for a slow exchange within the timeout', async () => {
    const order = await paidOrder();
    await confirmFunds(order.id);
    fake.setMode({ kind: 'slow', ms: 300 });
    await drain();
    expect(withdrawals(order.id)).toHaveLength(1);
    expect((await orderRow(order.id)).withdrawId).toBe(withdrawals(order.id)[0]!.id);
    await finish(order.id, '0xslow');
  });

  it('reports a withdrawal that failed at the exchange; the retry applies a new one under the next id and pays once', async () => {
    const order = await paidOrder();
    await confirmFunds(order.id);
    await drain();
    const [first] = withdrawals(order.id);
    first!.status = 5;
    first!.info = 'The address is on a blocklist.';
    await drainAll();
    const failed = await orderRow(order.id);
    expect(failed.status).toBe('error');
    expect(failed.payoutFailure).toEqual({
      code: 'withdrawal_failed',
      params: { withdrawId: first!.id, outcome: 'failed', info: 'The address is on a blocklist.' },
    });

    expect((await retry(order.id)).statusCode).toBe(200);
    await drain();
    const all = withdrawals(order.id);
    expect(all.map((w) => w.withdrawOrderId)).toEqual([order.id, `${order.id}-2`]);
    const paid = await finish(order.id, '0xsecond');
    expect(paid.payoutAttempts).toBe(2);
    expect(withdrawals(order.id).filter((w) => w.status === 6)).toHaveLength(1);
  });

  it("says on the admin's order view what the payout job will do once the funds are confirmed", async () => {
    const plan = async (orderId: string) => {
      const view = await adminView(orderId);
      expect(view.statusCode, view.body).toBe(200);
      return view.json().payoutPlan;
    };

    // automatic: confirming queues the payout job at once (whatever the hour)
    const covered = await paidOrder();
    expect(await plan(covered.id)).toEqual({ kind: 'automatic' });
    await confirmFunds(covered.id);
    expect(await payoutJobs(covered.id)).toHaveLength(1);
    await drain();
    await finish(covered.id, '0xplanned');

    // held: the treasury cannot cover it, and the job indeed stops before the exchange
    const short = await paidOrder({ amountSend: '400000', amountReceive: '74000' });
    const held = await plan(short.id);
    expect(held).toMatchObject({ kind: 'held', reason: 'treasury_short', needed: '74000' });
    expect(Number(held.available)).toBeLessThan(74000);
    await confirmFunds(short.id, '400000');
    await drain();
    expect((await orderRow(short.id)).payoutFailure).toMatchObject({
      code: 'treasury_short',
      params: { available: held.available, needed: '74000' },
    });
    expect(applies(short.id)).toHaveLength(0);
    expect((await byHand(short.id, 'refund')).statusCode).toBe(200);

    // manual: the switch is off, and nothing is queued
    await updateSettings(t.app, { autoCryptoPayouts: false });
    try {
      const byAdmin = await paidOrder();
      expect(await plan(byAdmin.id)).toEqual({ kind: 'manual', reason: 'switch_off' });
      await confirmFunds(byAdmin.id);
      expect(await payoutJobs(byAdmin.id)).toHaveLength(0);
      expect((await byHand(byAdmin.id, 'refund')).statusCode).toBe(200);
    } finally {
      await updateSettings(t.app, { autoCryptoPayouts: true });
    }
  });

  it('refuses a payout the treasury cannot cover, before asking the exchange', async () => {
    const order = await paidOrder({ amountSend: '400000', amountReceive: '74000' });
    await confirmFunds(order.id, '400000');
    await drain();
    const failed = await orderRow(order.id);
    expect(failed.status).toBe('error');
    expect(failed.payoutFailure).toMatchObject({
      code: 'treasury_short',
      params: { needed: '74000', unit: 'USDT' },
    });
    expect(applies(order.id)).toHaveLength(0);
    expect(await payoutEntries(order.id)).toHaveLength(0);
    // Nothing left the platform: the admin may refund by hand (and the order stops reserving
    // the stock the next tests need).
    const refunded = await byHand(order.id, 'refund');
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json().status).toBe('refunded');
  });

  it('makes one withdrawal when 20 runs of the same payout race', async () => {
    const order = await paidOrder();
    await confirmFunds(order.id);
    await Promise.all([
      ...Array.from({ length: 10 }, () => drain()),
      ...Array.from({ length: 10 }, () => worker.run({ orderId: order.id })),
    ]);
    expect(applies(order.id)).toHaveLength(1);
    expect(withdrawals(order.id)).toHaveLength(1);
    expect(await orderRow(order.id)).toMatchObject({ status: 'processing', payoutAttempts: 1 });
    await finish(order.id, '0xraced');
    expect(await statusTrail(order.id)).toEqual([
      'pending',
      'admin_confirmed',
      'processing',
      'admin_paid',
    ]);
  });

  it('makes one withdrawal when 10 admin retries race 10 drains from error', async () => {
    const order = await paidOrder();
    await confirmFunds(order.id);
    fake.setMode({ kind: 'reject', code: -4019, msg: 'The network is busy.' }, APPLY);
    await drain();
    expect((await orderRow(order.id)).status).toBe('error');
    fake.setMode({ kind: 'ok' });

    const answers = await Promise.all([
      ...Array.from({ length: 10 }, () => retry(order.id)),
      ...Array.from({ length: 10 }, () => drain().then(() => null)),
    ]);
    const codes = answers.flatMap((a) => (a ? [a.statusCode] : []));
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(9);
    await drain();
    expect(withdrawals(order.id)).toHaveLength(1);
    expect(applies(order.id)).toHaveLength(2);
    await finish(order.id, '0xretry-race');
    expect(withdrawals(order.id)).toHaveLength(1);
  });

  it('makes one withdrawal when two instances (two connection pools) run the same payout', async () => {
    await withSecondPool(t, async (other) => {
      const order = await paidOrder();
      await confirmFunds(order.id);
      const first = payoutService(exchangeClient());
      const second = payoutService(exchangeClient(), other);
      await Promise.all(
        Array.from({ length: 20 }, (_, i) => (i % 2 ? first : second).run({ orderId: order.id })),
      );
      expect(applies(order.id)).toHaveLength(1);
      expect(withdrawals(order.id)).toHaveLength(1);
      await finish(order.id, '0xtwo-instances');
    });
  });

  describe('an admin paying or refunding by hand after an automatic attempt', () => {
    /** An order whose automatic payout was applied and then given up on (no final answer). */
    async function givenUp() {
      const order = await paidOrder();
      await confirmFunds(order.id);
      await drain();
      expect(withdrawals(order.id)).toHaveLength(1);
      // as when the bounded checks run out without a final answer from the exchange
      await giveUp(order.id);
      return order;
    }

    it('is refused while the withdrawal is live or done at the exchange; the retry pays once instead', async () => {
      const order = await givenUp();
      const [live] = withdrawals(order.id);
      for (const what of ['pay', 'refund'] as const) {
        const refused = await byHand(order.id, what);
        expect(refused.statusCode, refused.body).toBe(409);
        expect(refused.json().error).toMatchObject({
          code: 'PAYOUT_AT_EXCHANGE',
          params: { withdrawId: live!.id, state: 'processing' },
        });
      }
      fake.completeWithdrawal(live!.id, '0xdone');
      const stillRefused = await byHand(order.id, 'pay');
      expect(stillRefused.json().error.params).toMatchObject({ state: 'completed' });
      expect((await orderRow(order.id)).status).toBe('error');
      expect(await payoutEntries(order.id)).toHaveLength(0);

      expect((await retry(order.id)).statusCode).toBe(200);
      await drainAll();
      expect(await orderRow(order.id)).toMatchObject({
        status: 'admin_paid',
        payoutTxId: '0xdone',
      });
      expect(applies(order.id)).toHaveLength(1);
      expect(await payoutEntries(order.id)).toHaveLength(1);
    });

    it('is refused with 503 while the exchange cannot be asked', async () => {
      const order = await givenUp();
      fake.setMode({ kind: 'reject', status: 503, code: -1001, msg: 'Internal error.' });
      const refused = await byHand(order.id, 'pay');
      expect(refused.statusCode, refused.body).toBe(503);
      expect(refused.json().error.code).toBe('PAYOUT_CHECK_UNAVAILABLE');
      expect((await orderRow(order.id)).status).toBe('error');
    });

    it('goes through when the exchange refused the withdrawal (nothing left the platform)', async () => {
      const order = await paidOrder();
      await confirmFunds(order.id);
      fake.setMode(
        { kind: 'reject', status: 400, code: -4026, msg: 'Insufficient balance.' },
        APPLY,
      );
      await drain();
      fake.setMode({ kind: 'ok' });
      const row = await orderRow(order.id);
      expect(row.status).toBe('error');
      expect(row.withdrawRequestedAt).not.toBeNull();
      const paid = await byHand(order.id, 'pay');
      expect(paid.statusCode, paid.body).toBe(200);
      expect(paid.json().status).toBe('admin_paid');
      expect(await payoutEntries(order.id)).toHaveLength(1);
    });
  });

  it('gives a payout job back to an order left in processing without one, and only once', async () => {
    const order = await paidOrder();
    await confirmFunds(order.id);
    await drain();
    const [live] = withdrawals(order.id);
    // the job chain is lost (retries used up) and nothing touched the order for a while
    await t.app.db.execute(sql`DELETE FROM pgboss.job WHERE name = ${PAYOUT_QUEUE}`);
    await t.app.db
      .update(orders)
      .set({ updatedAt: new Date(Date.now() - STUCK_PROCESSING_MS - 60_000) })
      .where(eq(orders.id, order.id));
    expect(await payoutJobs(order.id)).toHaveLength(0);

    expect(await worker.resumeStuck()).toBeGreaterThanOrEqual(1);
    expect(await payoutJobs(order.id)).toHaveLength(1);
    // a second sweep while that job waits adds none
    await worker.resumeStuck();
    expect(await payoutJobs(order.id)).toHaveLength(1);

    fake.completeWithdrawal(live!.id, '0xresumed');
    await drainAll();
    expect(await orderRow(order.id)).toMatchObject({
      status: 'admin_paid',
      payoutTxId: '0xresumed',
    });
    expect(applies(order.id)).toHaveLength(1);
  });
});
