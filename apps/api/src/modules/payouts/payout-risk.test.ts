import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SETTINGS, auditLog, orders, payoutRiskChecks, wallets } from '@permuta/db';
import type { NewOrder, Settings } from '@permuta/db';
import { buildTestApp, openTestDatabase } from '../../../test/build-test-app.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { signInAdmin } from '../../../test/auth-helpers.ts';
import type { TestAdmin } from '../../../test/auth-helpers.ts';
import {
  insertOrder,
  insertPaidPixToUsdt,
  trader,
  updateSettings,
} from '../orders/test-support.ts';
import type { Trader } from '../orders/test-support.ts';
import { PAYOUT_RELEASE_QUEUE, createPayoutRisk } from './payout-risk.ts';
import { RISK_LIMITS_LIFTED } from './payout-risk.test-support.ts';
import { PAYOUT_QUEUE } from './payouts.service.ts';
import { orderMovingOf } from './test-support.ts';
import type { ExchangeClient } from '../../adapters/exchange/exchange.ts';

let t: TestApp;
let owner: TestAdmin;
let financeA: TestAdmin;
let financeB: TestAdmin;
let operator: TestAdmin;

const HOUR = 3_600_000;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await signInAdmin(t.app);
  financeA = await signInAdmin(t.app, undefined, 'finance');
  financeB = await signInAdmin(t.app, undefined, 'finance');
  operator = await signInAdmin(t.app, undefined, 'operator');
  await updateSettings(t.app, { autoCryptoPayouts: true });
});
afterAll(async () => {
  await t?.close();
});

// --- helpers ----------------------------------------------------------------------------------

/** The risk limits for one test: lifted, but for `values`. */
const limits = (values: Partial<Settings>) =>
  updateSettings(t.app, { ...RISK_LIMITS_LIFTED, ...values });

/** A fresh customer with a USDT (TRC20) wallet registered long ago (not a new destination). */
async function customer(): Promise<Trader> {
  const who = await trader(t.app, { locale: 'en-US', wallets: [['USDT', 'TRC20']] });
  await ageWallet(who, 48);
  return who;
}

/** Moves the customer's wallet's registration `hours` back. */
async function ageWallet(who: Trader, hours: number) {
  const at = new Date(Date.now() - hours * HOUR);
  await t.app.db
    .update(wallets)
    .set({ createdAt: at, updatedAt: at })
    .where(eq(wallets.id, who.wallets.USDT!));
}

/** A PIX -> USDT order said paid: 95 USDT at R$ 5.40, R$ 513.00 (or `values`). */
const paidOrder = (who: Trader, values: Partial<NewOrder> = {}) =>
  insertPaidPixToUsdt(t.app, who, values);

function post(admin: TestAdmin | { cookie: string }, url: string, payload?: object, headers = {}) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { cookie: admin.cookie, 'accept-language': 'en-US', ...headers },
    ...(payload ? { payload } : {}),
  });
}

async function confirmFunds(orderId: string, amount = '540') {
  const answer = await post(owner, `/api/v1/admin/orders/${orderId}/transition`, {
    action: 'confirm_funds',
    amountReceived: amount,
  });
  expect(answer.statusCode, answer.body).toBe(200);
  expect(answer.json().status).toBe('admin_confirmed');
  return answer.json();
}

const approve = (admin: TestAdmin, orderId: string, headers = {}) =>
  post(admin, `/api/v1/admin/orders/${orderId}/payout-approval`, undefined, headers);

async function payoutJobs(orderId: string) {
  const jobs = await t.app.jobs.queued(PAYOUT_QUEUE);
  return jobs.filter((job) => (job.data as { orderId?: string }).orderId === orderId);
}

async function check(orderId: string) {
  const [row] = await t.app.db
    .select()
    .from(payoutRiskChecks)
    .where(eq(payoutRiskChecks.orderId, orderId));
  return row ?? null;
}

async function audits(orderId: string, action: string) {
  return t.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, orderId), eq(auditLog.action, action)))
    .orderBy(desc(auditLog.id));
}

async function adminView(orderId: string) {
  const answer = await t.app.inject({
    method: 'GET',
    url: `/api/v1/admin/orders/${orderId}`,
    headers: { cookie: operator.cookie },
  });
  expect(answer.statusCode).toBe(200);
  return answer.json();
}

/** Confirms the funds and expects the payout held for `reasons`, with nothing queued. */
async function expectHeld(orderId: string, reasons: string[]) {
  const view = await confirmFunds(orderId);
  expect(view.payoutHold).toMatchObject({ reasons, state: 'held', approvals: [] });
  expect(await payoutJobs(orderId)).toHaveLength(0);
  const [audit] = await audits(orderId, 'payout.held');
  expect(audit).toMatchObject({ actorType: 'system', actorId: null });
  expect((audit?.after as { reasons: string[] }).reasons).toEqual(reasons);
  return view;
}

/** Confirms the funds and expects the payout queued at once, never held. */
async function expectQueued(orderId: string) {
  const view = await confirmFunds(orderId);
  expect(view.payoutHold).toBeNull();
  expect(await payoutJobs(orderId)).toHaveLength(1);
  expect(await check(orderId)).toMatchObject({ queuedBy: 'rule', reasons: [] });
}

// --- tests ------------------------------------------------------------------------------------

describe('risk limits of automatic payouts', () => {
  it('holds above the limit per order: R$ 513.00 passes a R$ 513.00 limit, one centavo less holds', async () => {
    const who = await customer();
    await limits({ autoPayoutMaxOrderBrl: '513.00' });
    await expectQueued((await paidOrder(who)).id);
    await limits({ autoPayoutMaxOrderBrl: '512.99' });
    const held = await expectHeld((await paidOrder(who)).id, ['order_over_limit']);
    expect(held.payoutHold).toMatchObject({ approvalsNeeded: 1, releaseAt: null });
    expect(held.payoutPlan).toEqual({
      kind: 'review',
      reasons: ['order_over_limit'],
      approvalsNeeded: 1,
    });
  });

  it("holds beyond the customer's day of automatic payouts, exactly at the centavo", async () => {
    const who = await customer();
    // two payouts of R$ 513.00 today: the second reaches R$ 1026.00 exactly
    await limits({ autoPayoutMaxOrderBrl: '1026', autoPayoutMaxCustomerDayBrl: '1026' });
    await expectQueued((await paidOrder(who)).id);
    await expectQueued((await paidOrder(who)).id);
    await expectHeld((await paidOrder(who, { amountReceive: '0.01', priceReceiveBrl: '1' })).id, [
      'customer_day_over_limit',
    ]);
    // another customer's day is their own
    await expectQueued((await paidOrder(await customer())).id);
  });

  it("holds a customer's first orders, not once they have enough finished ones", async () => {
    const who = await customer();
    await limits({ payoutFirstOrdersHeld: 1 });
    await expectHeld((await paidOrder(who)).id, ['first_orders']);
    await insertOrder(t.app, who.id, { status: 'completed' });
    await expectQueued((await paidOrder(who)).id);
  });

  it('holds the first payout to a destination registered less than the wait ago, with its release time', async () => {
    const who = await customer();
    await limits({ payoutNewWalletHoldHours: 24 });
    await ageWallet(who, 23);
    const held = await expectHeld((await paidOrder(who)).id, ['new_wallet']);
    const releaseAt = new Date(held.payoutHold.releaseAt).getTime();
    expect(Math.abs(releaseAt - (Date.now() + HOUR))).toBeLessThan(60_000);
    expect(await t.app.jobs.queued(PAYOUT_RELEASE_QUEUE)).toEqual(
      expect.arrayContaining([expect.objectContaining({ data: { orderId: held.id } })]),
    );
    // older than the wait: it goes
    await ageWallet(who, 25);
    await expectQueued((await paidOrder(who)).id);
  });

  it('lets a new destination go once an order of the customer was paid to it', async () => {
    const who = await customer();
    await limits({ payoutNewWalletHoldHours: 24 });
    await ageWallet(who, 1);
    const first = await paidOrder(who);
    await expectHeld(first.id, ['new_wallet']);
    await t.app.db.update(orders).set({ status: 'admin_paid' }).where(eq(orders.id, first.id));
    await expectQueued((await paidOrder(who)).id);
  });

  it("releases a new destination's hold by its delayed job once the wait is over, once", async () => {
    const who = await customer();
    await limits({ payoutNewWalletHoldHours: 24 });
    await ageWallet(who, 1);
    const order = await paidOrder(who);
    await expectHeld(order.id, ['new_wallet']);
    // the job ran early (still inside the wait): nothing happens
    await t.app.services.payoutRisk.release(order.id);
    expect(await payoutJobs(order.id)).toHaveLength(0);

    await ageWallet(who, 25);
    await t.app.jobs.drain(PAYOUT_RELEASE_QUEUE, { includeDeferred: true });
    expect(await payoutJobs(order.id)).toHaveLength(1);
    expect(await check(order.id)).toMatchObject({ queuedBy: 'release' });
    expect(await audits(order.id, 'payout.released')).toHaveLength(1);
    expect((await adminView(order.id)).payoutHold.state).toBe('released');
    // again: nothing more
    await t.app.services.payoutRisk.release(order.id);
    expect(await payoutJobs(order.id)).toHaveLength(1);
    expect(await audits(order.id, 'payout.released')).toHaveLength(1);
  });

  it('a release that finds another reason leaves the hold for an approval', async () => {
    const who = await customer();
    await limits({ payoutNewWalletHoldHours: 24 });
    await ageWallet(who, 1);
    const order = await paidOrder(who);
    await expectHeld(order.id, ['new_wallet']);
    await ageWallet(who, 25);
    await limits({ payoutNewWalletHoldHours: 24, autoPayoutMaxOrderBrl: '500' });
    await t.app.services.payoutRisk.release(order.id);
    expect(await payoutJobs(order.id)).toHaveLength(0);
    expect((await adminView(order.id)).payoutHold).toMatchObject({
      reasons: ['order_over_limit'],
      state: 'held',
      releaseAt: null,
    });
  });

  it('queues the payout on the approval of a finance admin, audited, shown with who and when', async () => {
    const who = await customer();
    await limits({ autoPayoutMaxOrderBrl: '100' });
    const order = await paidOrder(who);
    await expectHeld(order.id, ['order_over_limit']);
    const approved = await approve(financeA, order.id);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().payoutHold).toMatchObject({
      state: 'approved',
      approvals: [{ admin: financeA.username }],
    });
    expect(await payoutJobs(order.id)).toHaveLength(1);
    const [audit] = await audits(order.id, 'payout.approved');
    expect(audit).toMatchObject({ actorType: 'admin', actorId: financeA.id });
    expect(audit?.after).toMatchObject({ approvals: 1, approvalsNeeded: 1, queued: true });
    // nothing waits any more
    const again = await approve(financeB, order.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('PAYOUT_NOT_HELD');
  });

  it("lists the held payouts on the desk's filter", async () => {
    const who = await customer();
    await limits({ autoPayoutMaxOrderBrl: '100' });
    const held = await paidOrder(who);
    await expectHeld(held.id, ['order_over_limit']);
    await limits({});
    const free = await paidOrder(who);
    await expectQueued(free.id);
    const answer = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/orders?status=payout_held&limit=100',
      headers: { cookie: operator.cookie },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const ids = (answer.json().items as { id: string }[]).map((item) => item.id);
    expect(ids).toContain(held.id);
    expect(ids).not.toContain(free.id);
    expect((await approve(financeA, held.id)).statusCode).toBe(200);
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/orders?status=payout_held&limit=100',
      headers: { cookie: operator.cookie },
    });
    expect((after.json().items as { id: string }[]).map((item) => item.id)).not.toContain(held.id);
  });

  it('tells the customer "under review" while it waits, without the reasons', async () => {
    const who = await customer();
    await limits({ autoPayoutMaxOrderBrl: '100' });
    const order = await paidOrder(who);
    await expectHeld(order.id, ['order_over_limit']);
    const page = async () => {
      const answer = await t.app.inject({
        method: 'GET',
        url: `/api/v1/orders/${order.id}`,
        headers: { cookie: who.cookie },
      });
      expect(answer.statusCode).toBe(200);
      return answer;
    };
    const held = await page();
    expect(held.json()).toMatchObject({ status: 'admin_confirmed', summary: 'under_review' });
    expect(held.body).not.toMatch(/order_over_limit|payoutHold|approvals/);
    expect((await approve(financeA, order.id)).statusCode).toBe(200);
    expect((await page()).json().summary).toBe('waiting_admin_confirmation');
  });

  it('needs two different admins above the second limit: the same one twice is refused, the payout is queued once', async () => {
    const who = await customer();
    await limits({ autoPayoutMaxOrderBrl: '100', payoutSecondApprovalAboveBrl: '512.99' });
    const order = await paidOrder(who);
    const held = await expectHeld(order.id, ['order_over_limit']);
    expect(held.payoutHold.approvalsNeeded).toBe(2);

    expect((await approve(financeA, order.id)).statusCode).toBe(200);
    expect(await payoutJobs(order.id)).toHaveLength(0);
    const twice = await approve(financeA, order.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toMatchObject({
      code: 'PAYOUT_ALREADY_APPROVED',
      message: 'You have already approved this payout. It needs the approval of another admin.',
    });
    expect(await payoutJobs(order.id)).toHaveLength(0);

    const second = await approve(owner, order.id);
    expect(second.statusCode).toBe(200);
    expect(second.json().payoutHold).toMatchObject({
      state: 'approved',
      approvals: [{ admin: financeA.username }, { admin: owner.username }],
    });
    expect(await payoutJobs(order.id)).toHaveLength(1);
  });

  it('queues the payout once when two admins approve at the same moment', async () => {
    const who = await customer();
    await limits({ autoPayoutMaxOrderBrl: '100' });
    const one = await paidOrder(who);
    await expectHeld(one.id, ['order_over_limit']);
    const answers = await Promise.all([approve(financeA, one.id), approve(financeB, one.id)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)?.json().error.code).toBe('PAYOUT_NOT_HELD');
    expect(await payoutJobs(one.id)).toHaveLength(1);

    // two needed, both at once: both count, one queue
    await limits({ autoPayoutMaxOrderBrl: '100', payoutSecondApprovalAboveBrl: '100' });
    const two = await paidOrder(who);
    await expectHeld(two.id, ['order_over_limit']);
    const both = await Promise.all([approve(financeA, two.id), approve(financeB, two.id)]);
    expect(both.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(await payoutJobs(two.id)).toHaveLength(1);
    expect(await audits(two.id, 'payout.approved')).toHaveLength(2);
  });

  it('keeps the hold in the database: another instance approves it', async () => {
    const who = await customer();
    await limits({ autoPayoutMaxOrderBrl: '100' });
    const order = await paidOrder(who);
    await expectHeld(order.id, ['order_over_limit']);
    // a fresh mover and risk service on the same database, as after a restart
    const { mover } = orderMovingOf(t, { exchange: {} as ExchangeClient });
    const restarted = createPayoutRisk({
      db: t.handle.db,
      jobs: t.app.jobs,
      mover,
      now: () => new Date(),
      log: { warn: () => {} },
    });
    await restarted.approve({ userId: financeA.id, ip: '127.0.0.1' }, order.reference);
    expect(await payoutJobs(order.id)).toHaveLength(1);
  });

  it('a payout paid by hand or an order refunded ends the hold: a late approval is refused', async () => {
    const who = await customer();
    await limits({ autoPayoutMaxOrderBrl: '100' });
    const order = await paidOrder(who);
    await expectHeld(order.id, ['order_over_limit']);
    await t.app.db.update(orders).set({ status: 'admin_paid' }).where(eq(orders.id, order.id));
    const late = await approve(financeA, order.id, { 'accept-language': 'pt-BR' });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('PAYOUT_HOLD_ORDER_MOVED');
    expect(late.json().error.message).toMatch(/não aguarda mais o pagamento/);
    expect((await adminView(order.id)).payoutHold.state).toBe('superseded');
    expect(await payoutJobs(order.id)).toHaveLength(0);
  });

  it('refuses an approval of an order never held, of a customer, of an operator, from another origin', async () => {
    const who = await customer();
    await limits({});
    const free = await paidOrder(who);
    await expectQueued(free.id);
    const none = await approve(financeA, free.id);
    expect(none.statusCode).toBe(409);
    expect(none.json().error.code).toBe('PAYOUT_NOT_HELD');

    await limits({ autoPayoutMaxOrderBrl: '100' });
    const order = await paidOrder(who);
    await expectHeld(order.id, ['order_over_limit']);
    const asCustomer = await post(who, `/api/v1/admin/orders/${order.id}/payout-approval`);
    expect(asCustomer.statusCode).toBe(403);
    const asOperator = await approve(operator, order.id);
    expect(asOperator.statusCode).toBe(403);
    expect(asOperator.json().error.code).toBe('ADMIN_ROLE_FORBIDDEN');
    const crossOrigin = await approve(financeA, order.id, { origin: 'https://evil.example' });
    expect(crossOrigin.statusCode).toBe(403);
    expect(crossOrigin.json().error.code).toBe('CROSS_ORIGIN_REQUEST');
    expect(await payoutJobs(order.id)).toHaveLength(0);
    expect(await audits(order.id, 'payout.approved')).toHaveLength(0);
  });

  it('says on the confirm-funds plan that the payout will wait for a review, before the funds are confirmed', async () => {
    const who = await customer();
    await limits({ payoutFirstOrdersHeld: 5 });
    const order = await paidOrder(who);
    expect((await adminView(order.id)).payoutPlan).toEqual({
      kind: 'review',
      reasons: ['first_orders'],
      approvalsNeeded: 1,
    });
  });
});

describe('the risk limits in the settings', () => {
  const patch = (payload: object, locale = 'en-US') =>
    t.app.inject({
      method: 'PATCH',
      url: '/api/v1/admin/settings',
      headers: { cookie: owner.cookie, 'accept-language': locale },
      payload,
    });

  it('refuses NUL bytes, absurd values and limits out of order with specific messages', async () => {
    await limits({
      autoPayoutMaxOrderBrl: '5000',
      autoPayoutMaxCustomerDayBrl: '20000',
      payoutSecondApprovalAboveBrl: '50000',
    });
    // a NUL byte never reaches the rules: the input guard names the field (as on every route)
    const nul = await patch({ autoPayoutMaxOrderBrl: '5000\u0000' });
    expect(nul.statusCode).toBe(400);
    expect(Object.keys(nul.json().error.fields)).toEqual(['autoPayoutMaxOrderBrl']);
    const bad = await patch({
      autoPayoutMaxOrderBrl: '1e30',
      autoPayoutMaxCustomerDayBrl: '9'.repeat(30),
      payoutFirstOrdersHeld: 1e9,
      payoutNewWalletHoldHours: -1,
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.fields).toEqual({
      autoPayoutMaxOrderBrl: 'Enter an amount with at most 2 decimal places, for example 100.50.',
      autoPayoutMaxCustomerDayBrl:
        'Enter an amount with at most 2 decimal places, for example 100.50.',
      payoutFirstOrdersHeld: 'Enter a whole number of orders from 0 to 100.',
      payoutNewWalletHoldHours: 'Enter a whole number of hours from 0 to 720 (30 days).',
    });
    // the stored limits are R$ 20.000 a day and R$ 50.000 for a second approval
    const order = await patch({ autoPayoutMaxOrderBrl: '60000' }, 'pt-BR');
    expect(order.statusCode).toBe(422);
    expect(order.json().error.fields).toEqual({
      autoPayoutMaxCustomerDayBrl: 'O limite por dia não pode ser menor que o limite por pedido.',
      payoutSecondApprovalAboveBrl:
        'O limite da segunda aprovação não pode ser menor que o limite por pedido.',
    });

    const saved = await patch({
      autoPayoutMaxOrderBrl: '5000.50',
      autoPayoutMaxCustomerDayBrl: '20000',
      payoutSecondApprovalAboveBrl: '50000',
      payoutFirstOrdersHeld: 3,
      payoutNewWalletHoldHours: 24,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().settings).toMatchObject({
      autoPayoutMaxOrderBrl: '5000.5',
      autoPayoutMaxCustomerDayBrl: '20000',
      payoutSecondApprovalAboveBrl: '50000',
      payoutFirstOrdersHeld: 3,
      payoutNewWalletHoldHours: 24,
    });
  });

  it('has conservative production defaults (the migration) and a relaxed demo seed', async () => {
    const { handle, drop } = await openTestDatabase();
    try {
      const columns = await handle.db.execute<{ name: string; value: string }>(
        sql`SELECT column_name AS name, column_default AS value FROM information_schema.columns
          WHERE table_name = 'settings' AND (column_name LIKE 'payout_%' OR column_name LIKE 'auto_payout_%')
          ORDER BY column_name`,
      );
      expect(
        Object.fromEntries(columns.rows.map((c) => [c.name, c.value.replace(/::numeric$/, '')])),
      ).toEqual({
        auto_payout_max_customer_day_brl: "'20000'",
        auto_payout_max_order_brl: "'5000'",
        payout_first_orders_held: '3',
        payout_new_wallet_hold_hours: '24',
        payout_second_approval_above_brl: "'50000'",
      });
    } finally {
      await drop();
    }
    expect(DEMO_SETTINGS).toMatchObject({ payoutFirstOrdersHeld: 0, payoutNewWalletHoldHours: 0 });
  });
});
