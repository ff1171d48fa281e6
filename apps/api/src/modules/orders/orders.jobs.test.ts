import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys, orderEvents, orders } from '@permuta/db';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import {
  AUTO_COMPLETE_ORDERS_QUEUE,
  EXPIRE_ORDERS_QUEUE,
  autoCompleteOrders,
  expireOrders,
} from './order-jobs.ts';
import type { OrderJobsDeps } from './order-jobs.ts';
import { deliverEmails, insertOrder, trader } from './test-support.ts';
import type { Trader } from './test-support.ts';

let t: TestApp;
let deps: OrderJobsDeps;
let pt: Trader;
let en: Trader;
const errors: unknown[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  // the app's own wiring (its mover), reporting to this test
  deps = { ...t.app.services.orderJobs, logError: (details) => errors.push(details) };
  pt = await trader(t.app, { locale: 'pt-BR' });
  en = await trader(t.app, { locale: 'en-US' });
});
afterAll(async () => t?.close());

async function statusOf(id: string) {
  const [row] = await t.app.db
    .select({ status: orders.status })
    .from(orders)
    .where(eq(orders.id, id));
  return row?.status;
}

describe('expiring unpaid orders', () => {
  it('cancels, as the system, the pending orders whose time is over, and only those', async () => {
    const now = new Date('2026-04-01T12:00:00.000Z');
    const over = await insertOrder(t.app, pt.id, { expiresAt: new Date(now.getTime() - 1) });
    const exactly = await insertOrder(t.app, en.id, { expiresAt: now });
    const notYet = await insertOrder(t.app, pt.id, { expiresAt: new Date(now.getTime() + 60_000) });
    const paid = await insertOrder(t.app, pt.id, {
      status: 'user_confirmed',
      expiresAt: new Date(now.getTime() - 3_600_000),
    });

    expect(await expireOrders(deps, now)).toBe(2);
    expect(await statusOf(over.id)).toBe('canceled');
    expect(await statusOf(exactly.id)).toBe('canceled');
    expect(await statusOf(notYet.id)).toBe('pending');
    expect(await statusOf(paid.id)).toBe('user_confirmed');
    const [event] = await t.app.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, over.id))
      .orderBy(sql`${orderEvents.id} DESC`)
      .limit(1);
    expect(event).toMatchObject({
      fromStatus: 'pending',
      toStatus: 'canceled',
      actorType: 'system',
      actorId: null,
    });
    // a second run has nothing left to do
    expect(await expireOrders(deps, now)).toBe(0);

    await deliverEmails(t.app);
    const ptMail = t.mail.to(pt.email).find((m) => m.subject.includes(over.reference));
    expect(ptMail?.subject).toBe(`Pedido ${over.reference}: cancelado - Permuta`);
    expect(ptMail?.text).toContain('O prazo para pagar o pedido terminou');
    const enMail = t.mail.to(en.email).find((m) => m.subject.includes(exactly.reference));
    expect(enMail?.subject).toBe(`Order ${exactly.reference}: canceled - Permuta`);
    expect(enMail?.text).toContain('The time to pay the order ran out');
    expect(errors).toEqual([]);
  });

  it('also forgets idempotency keys older than a day', async () => {
    const now = new Date('2026-04-02T12:00:00.000Z');
    await t.app.db.insert(idempotencyKeys).values([
      { userId: pt.id, key: 'old', requestHash: 'x', expiresAt: new Date(now.getTime() - 1) },
      { userId: pt.id, key: 'new', requestHash: 'x', expiresAt: new Date(now.getTime() + 1000) },
    ]);
    await expireOrders(deps, now);
    const keys = await t.app.db
      .select({ key: idempotencyKeys.key })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.userId, pt.id));
    expect(keys.map((k) => k.key)).toEqual(['new']);
  });
});

describe('auto-completing paid orders', () => {
  it('completes, as the system, orders paid out settings.autoCompleteHours (72) ago', async () => {
    const now = new Date('2026-04-10T12:00:00.000Z');
    const hours = (h: number) => new Date(now.getTime() - h * 3_600_000);
    const old = await insertOrder(t.app, en.id, {
      status: 'admin_paid',
      statusChangedAt: hours(72),
    });
    const recent = await insertOrder(t.app, en.id, {
      status: 'admin_paid',
      statusChangedAt: hours(71.9),
    });
    const other = await insertOrder(t.app, en.id, {
      status: 'admin_confirmed',
      statusChangedAt: hours(200),
    });
    expect(await autoCompleteOrders(deps, now)).toBe(1);
    expect(await statusOf(old.id)).toBe('completed');
    expect(await statusOf(recent.id)).toBe('admin_paid');
    expect(await statusOf(other.id)).toBe('admin_confirmed');
    await deliverEmails(t.app);
    const mail = t.mail.to(en.email).find((m) => m.subject.includes(old.reference));
    expect(mail?.subject).toBe(`Order ${old.reference}: completed - Permuta`);
    expect(mail?.text).toContain('It was completed automatically');
  });
});

describe('the job queues', () => {
  it('are scheduled every minute and run the sweeps', async () => {
    const rows = await t.app.db.execute<{ name: string; cron: string }>(
      sql`SELECT name, cron FROM pgboss.schedule WHERE name IN (${EXPIRE_ORDERS_QUEUE}, ${AUTO_COMPLETE_ORDERS_QUEUE}) ORDER BY name`,
    );
    expect(rows.rows).toEqual([
      { name: AUTO_COMPLETE_ORDERS_QUEUE, cron: '* * * * *' },
      { name: EXPIRE_ORDERS_QUEUE, cron: '* * * * *' },
    ]);

    const due = await insertOrder(t.app, pt.id, { expiresAt: new Date(Date.now() - 1000) });
    const paid = await insertOrder(t.app, pt.id, {
      status: 'admin_paid',
      statusChangedAt: new Date(Date.now() - 73 * 3_600_000),
    });
    await t.app.jobs.send(EXPIRE_ORDERS_QUEUE, {});
    await t.app.jobs.send(AUTO_COMPLETE_ORDERS_QUEUE, {});
    expect(await t.app.jobs.drain(EXPIRE_ORDERS_QUEUE)).toBe(1);
    expect(await t.app.jobs.drain(AUTO_COMPLETE_ORDERS_QUEUE)).toBe(1);
    const after = await t.app.db
      .select({ id: orders.id, status: orders.status })
      .from(orders)
      .where(inArray(orders.id, [due.id, paid.id]));
    expect(Object.fromEntries(after.map((r) => [r.id, r.status]))).toEqual({
      [due.id]: 'canceled',
      [paid.id]: 'completed',
    });
  });
});
