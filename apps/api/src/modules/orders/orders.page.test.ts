import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderSchema } from '@permuta/contracts';
import { orderEvents, orders, sessions, settings, tokens, users } from '@permuta/db';
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

describe('the order page in one read', () => {
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
      // written without zod (lib/serialize.ts): still exactly the contract's shape
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

describe('the session of the order page (read with the order)', () => {
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

describe('the order page kept between reads', () => {
  /** A change the database does not announce (its triggers off): only a kept read hides it. */
  const unannounced = (work: (tx: Tx) => Promise<unknown>) =>
    t.app.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL session_replication_role = replica`);
      await work(tx);
    });
  const setTxHash = (id: string, txHash: string | null) => (tx: Tx) =>
    tx.update(orders).set({ txHash }).where(eq(orders.id, id));
  const txHashOf = async (key: string) => (await page(owner, key)).json().txHash;
  const announce = (id: string) => t.app.db.execute(sql`SELECT pg_notify('order_changed', ${id})`);
  /**
   * Reads the page until a read is kept: on PostgreSQL the notifications of the order's own
   * creation may still be on their way, and drop the first read kept. `txHash` is the row's, and
   * stays so (what is kept then agrees with the row; a probe read by mistake is announced away).
   */
  const keptNow = async (
    order: { id: string; reference: string },
    txHash: string | null = null,
  ) => {
    await expect
      .poll(async () => {
        const first = await txHashOf(order.reference);
        await unannounced(setTxHash(order.id, 'probe'));
        const second = await txHashOf(order.reference);
        await unannounced(setTxHash(order.id, txHash));
        if (first === txHash && second === txHash) return true;
        await announce(order.id);
        return false;
      })
      .toBe(true);
  };

  it('serves the kept read until the database announces a change to the order', async () => {
    const order = await insertOrder(t.app, owner.id);
    await keptNow(order);
    await unannounced(setTxHash(order.id, 'hash-1'));
    // kept: by reference and by id
    expect(await txHashOf(order.reference)).toBeNull();
    expect(await txHashOf(order.id)).toBeNull();
    await announce(order.id);
    await expect.poll(() => txHashOf(order.reference)).toBe('hash-1');

    // an announced change (any UPDATE, here by another connection than the app's services)
    await t.app.db.update(orders).set({ txHash: 'hash-2' }).where(eq(orders.id, order.id));
    await expect.poll(() => txHashOf(order.id)).toBe('hash-2');
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
    await expect
      .poll(async () => (await page(owner, order.reference)).json().events.length)
      .toBe(2);
  });

  it('forgets every page on a change to the catalogue or to more than 100 orders', async () => {
    const order = await insertOrder(t.app, owner.id);
    await keptNow(order);
    await unannounced(setTxHash(order.id, 'hash-3'));
    await t.app.db.update(tokens).set({ name: 'Real (PIX) ' }).where(eq(tokens.code, 'PIX'));
    await expect.poll(() => txHashOf(order.reference)).toBe('hash-3');
    expect((await page(owner, order.reference)).json().receive.name).toBe('Real (PIX) ');
    await t.app.db.update(tokens).set({ name: 'Real (PIX)' }).where(eq(tokens.code, 'PIX'));

    const others = [];
    for (let i = 0; i < 101; i += 1) others.push((await insertOrder(t.app, stranger.id)).id);
    await keptNow(order, 'hash-3');
    await unannounced(setTxHash(order.id, 'hash-4'));
    expect(await txHashOf(order.reference)).toBe('hash-3');
    // one statement over 101 other orders: announced as '*'
    await t.app.db
      .update(orders)
      .set({ txHash: 'bulk' })
      .where(sql`${orders.id} IN ${others}`);
    await expect.poll(() => txHashOf(order.reference)).toBe('hash-4');
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
    // no waiting: the service forgot the page as its transaction committed
    expect((await page(owner, order.reference)).json().status).toBe('canceled');
    expect((await page(owner, order.id)).json().status).toBe('canceled');
    expect((await page(stranger, order.id)).statusCode).toBe(404);
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'reads every time while the notifications are not heard, and keeps again once they are',
    async () => {
      const order = await insertOrder(t.app, owner.id);
      await keptNow(order);
      const listeners = () =>
        t.app.db.execute<{ pid: number }>(
          sql`SELECT pid FROM pg_stat_activity
               WHERE datname = current_database() AND query LIKE 'LISTEN %'`,
        );
      const [listener] = (await listeners()).rows;
      expect(listener).toBeDefined();
      await t.app.db.execute(sql`SELECT pg_terminate_backend(${listener!.pid})`);
      // the lost connection drops the kept pages (no notification could have, nor the 30 s)
      await unannounced(setTxHash(order.id, 'hash-5'));
      await expect.poll(() => txHashOf(order.reference)).toBe('hash-5');
      // listening again (it tries every second): a read is kept again
      await expect.poll(async () => (await listeners()).rows.length, { timeout: 5000 }).toBe(1);
      await keptNow(order, 'hash-5');
    },
  );
});
