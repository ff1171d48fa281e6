import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, orderEvents } from '@permuta/db';
import { buildTestApp } from '../test/build-test-app.ts';
import type { TestApp } from '../test/build-test-app.ts';
import { signInAdmin } from '../test/auth-helpers.ts';
import type { TestAdmin } from '../test/auth-helpers.ts';
import { fakeCoin, startFakeExchange } from './fakes/fake-exchange.ts';
import type { FakeExchange } from './fakes/fake-exchange.ts';
import { EMAIL_QUEUE } from './lib/jobs.ts';
import type { EmailJob } from './lib/jobs.ts';
import { EXPIRE_ORDERS_QUEUE } from './modules/orders/order-jobs.ts';
import {
  callAs,
  insertOrder,
  insertPaidPixToUsdt,
  trader,
  updateSettings,
} from './modules/orders/test-support.ts';
import type { Trader } from './modules/orders/test-support.ts';
import { PAYOUT_QUEUE } from './modules/payouts/payouts.service.ts';

/**
 * The composition root hands every caller of an order move the same mover (decision 030): a move
 * made by a job has every side effect of one made through a route — its event, its audit entry,
 * the customer's e-mail, and the announcement that drops kept order pages and feeds live ones.
 */

let fake: FakeExchange;
let t: TestApp;
let admin: TestAdmin;
let customer: Trader;
/** order ids announced by the app's order-changed signal, in order */
const announced: string[] = [];

beforeAll(async () => {
  fake = await startFakeExchange({
    coins: [fakeCoin('USDT', [{ network: 'TRX' }], { free: '1000000' })],
  });
  t = await buildTestApp({
    env: {
      EXCHANGE_API_URL: fake.url,
      EXCHANGE_API_KEY: fake.apiKey,
      EXCHANGE_API_SECRET: fake.apiSecret,
    },
  });
  t.app.services.orderChanged.on((orderId) => announced.push(orderId));
  admin = await signInAdmin(t.app);
  customer = await trader(t.app, { locale: 'en-US', wallets: [['USDT', 'TRC20']] });
});
afterAll(async () => {
  await t?.close();
  await fake?.stop();
});

/** What a move left behind for `orderId`, beyond its status. */
async function effectsOf(orderId: string, reference: string) {
  const events = await t.app.db
    .select({ from: orderEvents.fromStatus, to: orderEvents.toStatus })
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id));
  const audits = await t.app.db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(and(eq(auditLog.entityId, orderId), eq(auditLog.action, 'order.status_changed')));
  const emails = (await t.app.jobs.queued(EMAIL_QUEUE))
    .map((job) => job.data as EmailJob)
    .filter((job) => 'reference' in job.template && job.template.reference === reference)
    .map((job) => ({ to: job.to, kind: job.template.kind }));
  return {
    trail: events.map((e) => `${e.from ?? 'new'}→${e.to}`),
    audits: audits.length,
    emails,
    announced: announced.filter((id) => id === orderId).length,
  };
}

describe('one order mover for every caller', () => {
  it("gives the expiry job's cancel the side effects of the customer's cancel through the route", async () => {
    const byRoute = await insertOrder(t.app, customer.id);
    const byJob = await insertOrder(t.app, customer.id, {
      expiresAt: new Date(Date.now() - 60_000),
    });

    const cancel = await callAs(t.app, customer, 'POST', `/api/v1/orders/${byRoute.id}/cancel`);
    expect(cancel.statusCode, cancel.body).toBe(200);
    await t.app.jobs.send(EXPIRE_ORDERS_QUEUE, {});
    expect(await t.app.jobs.drain(EXPIRE_ORDERS_QUEUE)).toBe(1);

    const route = await effectsOf(byRoute.id, byRoute.reference);
    const job = await effectsOf(byJob.id, byJob.reference);
    expect(route).toEqual({
      trail: ['new→pending', 'pending→canceled'],
      audits: 1,
      emails: [{ to: customer.email, kind: 'order-status' }],
      announced: 1,
    });
    expect(job).toEqual(route);
  });

  it("announces the payout job's moves as it announces the admin's", async () => {
    await updateSettings(t.app, { autoCryptoPayouts: true });
    const order = await insertPaidPixToUsdt(t.app, customer);
    const confirm = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${order.id}/transition`,
      headers: { cookie: admin.cookie },
      payload: { action: 'confirm_funds', amountReceived: '540' },
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect((await effectsOf(order.id, order.reference)).announced).toBe(1);

    // the job the mover's payout hook queued: to processing, a withdrawal at the exchange...
    await t.app.jobs.drain(PAYOUT_QUEUE);
    const [withdrawal] = fake.withdrawals.filter((w) => w.withdrawOrderId === order.id);
    expect(withdrawal).toBeDefined();
    // ...and, once the exchange completes it, to paid
    fake.completeWithdrawal(withdrawal!.id, `0x${'cd'.repeat(32)}`);
    await t.app.jobs.drain(PAYOUT_QUEUE, { includeDeferred: true });

    const effects = await effectsOf(order.id, order.reference);
    expect(effects.trail).toEqual([
      'new→pending',
      'user_confirmed→admin_confirmed',
      'admin_confirmed→processing',
      'processing→admin_paid',
    ]);
    expect(effects.audits).toBe(3);
    // every move announced once: the admin's and both of the job's
    expect(effects.announced).toBe(3);
    expect(effects.emails.map((e) => e.kind)).toEqual([
      'order-status',
      'order-status',
      'order-status',
    ]);
  });
});
