import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderSchema } from '@permuta/contracts';
import { orderEvents, orders, sessions, settings, users } from '@permuta/db';
import type { Tx } from '@permuta/db';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { signInAdmin } from '../../../test/auth-helpers.ts';
import { findOrderDetail, listEvents, readSettings } from './orders.repository.ts';
import { buildOrderView } from './order-view.ts';
import { SETTINGS_SNAPSHOT_MS, settingsSnapshot } from './settings-snapshot.ts';
import {
  insertOrder,
  liftCustomerLimits,
  placeOrder,
  trader,
  updateSettings,
} from './test-support.ts';
import type { Trader } from './test-support.ts';

let t: TestApp;
let owner: Trader;
let stranger: Trader;

beforeAll(async () => {
  t = await buildTestApp();
  // these tests are about other rules: the per-customer limits (orders.limits.test.ts) stay out of the way
  await liftCustomerLimits(t.app);
  owner = await trader(t.app, { wallets: [['PIX'], ['USDT', 'TRC20']] });
  stranger = await trader(t.app);
});
afterAll(async () => t?.close());

const page = (who: { cookie: string }, id: string) =>
  t.app.inject({
    url: `/api/v1/orders/${encodeURIComponent(id)}`,
    headers: { cookie: who.cookie },
  });

describe('the order page', () => {
  it('shows what the order, its events and the settings give, by reference and by id', async () => {
    const order = await insertOrder(t.app, owner.id, { status: 'user_confirmed' });
    const at = (ms: number) => new Date(order.createdAt.getTime() + ms);
    await t.app.db.insert(orderEvents).values([
      // inserted out of order, one at the same instant as the next: the page sorts by time, then id
      {
        orderId: order.id,
        fromStatus: 'pending',
        toStatus: 'user_confirmed',
        actorType: 'customer',
        actorId: owner.id,
        note: 'paid "now"',
        createdAt: at(2000),
      },
      {
        orderId: order.id,
        fromStatus: 'pending',
        toStatus: 'pending',
        actorType: 'system',
        note: null,
        createdAt: at(1000),
      },
      {
        orderId: order.id,
        fromStatus: 'pending',
        toStatus: 'pending',
        actorType: 'system',
        note: 'same instant',
        createdAt: at(1000),
      },
    ]);
    const detail = await findOrderDetail(t.app.db, order.id, owner.id);
    const expected = await buildOrderView(
      t.app.db,
      detail!,
      await readSettings(t.app.db),
      new Date(),
      'customer',
    );
    for (const key of [order.reference, order.reference.toLowerCase(), order.id.toUpperCase()]) {
      const res = await page(owner, key);
      expect(res.statusCode, key).toBe(200);
      const body = res.json();
      // exactly the contract's shape
      expect(orderSchema.strict().parse(body)).toEqual(body);
      expect({ ...body, processingFrom: null }).toEqual({
        ...JSON.parse(JSON.stringify(expected)),
        processingFrom: null,
      });
    }
    const events = (await page(owner, order.reference)).json().events;
    expect(events.map((e: { note: string | null }) => e.note)).toEqual([
      null,
      null,
      'same instant',
      'paid "now"',
    ]);
    expect(events.map((e: { createdAt: string }) => e.createdAt)).toEqual(
      (await listEvents(t.app.db, order.id)).map((e) => e.createdAt.toISOString()),
    );
  });

  it('shows a crypto order where to send, as when it was created', async () => {
    const toPix = await placeOrder(t.app, owner);
    const toUsdt = await placeOrder(
      t.app,
      owner,
      { send: 'BTC', receive: 'USDT', network: 'TRC20', side: 'send', amount: '0.001' },
      { walletToken: 'USDT' },
    );
    for (const created of [toPix, toUsdt]) {
      const res = await page(owner, created.reference);
      expect(orderSchema.strict().parse(res.json())).toEqual(res.json());
      expect(res.statusCode).toBe(200);
      expect(res.json().payment.method).toBe('crypto');
      expect(res.json().payment.address).toBeTruthy();
      expect({ ...res.json(), processingFrom: null }).toEqual({
        ...created,
        processingFrom: null,
      });
    }
    expect(toUsdt.payment).toMatchObject({ token: 'BTC', network: 'BTC' });
  });

  it("answers 404 for someone else's order and for an unknown one", async () => {
    const order = await insertOrder(t.app, owner.id);
    expect((await page(stranger, order.reference)).statusCode).toBe(404);
    expect((await page(stranger, order.id)).statusCode).toBe(404);
    expect((await page(owner, 'EX-ZZZZZ')).statusCode).toBe(404);
    expect((await page(owner, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});

describe('the session of the order page', () => {
  const status = async (cookie: string, id: string) =>
    (await t.app.inject({ url: `/api/v1/orders/${id}`, headers: { cookie } })).statusCode;

  it('is checked as on every other route', async () => {
    const customer = await trader(t.app);
    const order = await insertOrder(t.app, customer.id);
    expect(await status(customer.cookie, order.reference)).toBe(200);
    // no cookie, a tampered signature, a foreign token with this signature
    expect(await status('', order.reference)).toBe(401);
    const value = customer.cookie.slice('auth_token='.length);
    const dot = value.lastIndexOf('.');
    const signature = value.slice(dot + 1);
    const flipped = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    expect(await status(`auth_token=${value.slice(0, dot)}.${flipped}`, order.reference)).toBe(401);
    const otherToken = owner.cookie.slice('auth_token='.length).split('.')[0];
    expect(await status(`auth_token=${otherToken}.${signature}`, order.reference)).toBe(401);
    // inactive account, then an admin
    await t.app.db.update(users).set({ active: false }).where(eq(users.id, customer.id));
    const inactive = await t.app.inject({
      url: `/api/v1/orders/${order.reference}`,
      headers: { cookie: customer.cookie },
    });
    expect(inactive.statusCode).toBe(403);
    expect(inactive.json().error.code).toBe('ACCOUNT_INACTIVE');
    const admin = await signInAdmin(t.app);
    expect(await status(admin.cookie, order.reference)).toBe(403);
  });

  it('is refused once expired (and deleted) or signed out, on the next request', async () => {
    const customer = await trader(t.app);
    const order = await insertOrder(t.app, customer.id);
    expect(await status(customer.cookie, order.id)).toBe(200);
    await t.app.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, customer.id));
    expect(await status(customer.cookie, order.id)).toBe(401);
    expect(
      await t.app.db.select().from(sessions).where(eq(sessions.userId, customer.id)),
    ).toHaveLength(0);

    const again = await trader(t.app);
    const mine = await insertOrder(t.app, again.id);
    expect(await status(again.cookie, mine.reference)).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-out',
      headers: { cookie: again.cookie },
    });
    expect(out.statusCode).toBe(204);
    expect(await status(again.cookie, mine.reference)).toBe(401);
  });
});

describe('settings on the order page', () => {
  it('shows settings written through updateSettings at once', async () => {
    const order = await insertOrder(t.app, owner.id, { paymentMethod: 'deriv' });
    await updateSettings(t.app, { derivAccount: 'CR111111' });
    expect((await page(owner, order.reference)).json().payment.account).toBe('CR111111');
    await updateSettings(t.app, { derivAccount: 'CR222222' });
    expect((await page(owner, order.reference)).json().payment.account).toBe('CR222222');
  });

  it('reuses a read for at most two seconds, and reads again once invalidated', async () => {
    const snapshot = settingsSnapshot(t.app.db);
    snapshot.invalidate();
    const write = (derivAccount: string) =>
      t.app.db.update(settings).set({ derivAccount }).where(eq(settings.id, 1));
    await write('CR000001');
    expect((await snapshot.get()).derivAccount).toBe('CR000001');
    await write('CR000002');
    expect((await snapshot.get()).derivAccount).toBe('CR000001');
    snapshot.invalidate();
    expect((await snapshot.get()).derivAccount).toBe('CR000002');
    await write('CR000003');
    await new Promise((r) => setTimeout(r, SETTINGS_SNAPSHOT_MS + 100));
    expect((await snapshot.get()).derivAccount).toBe('CR000003');
  });

  it('keeps no read started before an invalidation', async () => {
    const snapshot = settingsSnapshot(t.app.db);
    snapshot.invalidate();
    await t.app.db.update(settings).set({ derivAccount: 'CR000010' }).where(eq(settings.id, 1));
    const early = snapshot.get();
    snapshot.invalidate();
    await t.app.db.update(settings).set({ derivAccount: 'CR000011' }).where(eq(settings.id, 1));
    await early;
    expect((await snapshot.get()).derivAccount).toBe('CR000011');
  });
});

describe('the order page read every time', () => {
  it('shows a change the database did not announce on the very next read (nothing is kept)', async () => {
    const order = await insertOrder(t.app, owner.id);
    expect((await page(owner, order.reference)).json().txHash).toBeNull();
    await t.app.db.transaction(async (tx: Tx) => {
      await tx.execute(sql`SET LOCAL session_replication_role = replica`);
      await tx.update(orders).set({ txHash: 'hash-1' }).where(eq(orders.id, order.id));
    });
    expect((await page(owner, order.reference)).json().txHash).toBe('hash-1');
    expect((await page(owner, order.id)).json().txHash).toBe('hash-1');
  });

  it('shows an event added from elsewhere on the timeline', async () => {
    const order = await insertOrder(t.app, owner.id);
    expect((await page(owner, order.reference)).json().events).toHaveLength(1);
    await t.app.db.insert(orderEvents).values({
      orderId: order.id,
      fromStatus: 'pending',
      toStatus: 'pending',
      actorType: 'system',
      note: 'from elsewhere',
    });
    expect((await page(owner, order.reference)).json().events).toHaveLength(2);
  });

  it("shows this process's own change on the very next read, and the page stays its owner's", async () => {
    const order = await placeOrder(t.app, owner);
    expect((await page(owner, order.reference)).json().status).toBe('pending');
    expect((await page(stranger, order.reference)).statusCode).toBe(404);
    const canceled = await t.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${order.reference}/cancel`,
      headers: { cookie: owner.cookie },
    });
    expect(canceled.statusCode).toBe(200);
    expect((await page(owner, order.reference)).json().status).toBe('canceled');
    expect((await page(owner, order.id)).json().status).toBe('canceled');
    expect((await page(stranger, order.id)).statusCode).toBe(404);
  });
});
