import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderEvents, orders, users } from '@permuta/db';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { registerCustomer, signInAdmin } from '../../../test/auth-helpers.ts';
import type { TestAdmin } from '../../../test/auth-helpers.ts';
import { countAdminOrders } from './orders.repository.ts';
import { callAs, insertOrder, trader } from './test-support.ts';

let t: TestApp;
let admin: TestAdmin;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signInAdmin(t.app);
});
afterAll(async () => t?.close());

const asAdmin = (
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
  headers?: Record<string, string>,
) => callAs(t.app, admin, method, url, payload, headers);

type Item = { id: string; reference: string; valueBrl: string; statusChangedAt: string };

/** Every page of a query, walked with the cursor. */
async function walk(query: string, limit = 5): Promise<{ items: Item[]; totals: number[] }> {
  const items: Item[] = [];
  const totals: number[] = [];
  let cursor: string | null = null;
  do {
    const res = await asAdmin(
      'GET',
      `/api/v1/admin/orders?limit=${limit}&${query}${cursor ? `&cursor=${cursor}` : ''}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    items.push(...(res.json().items as Item[]));
    totals.push(res.json().total as number);
    cursor = res.json().nextCursor as string | null;
  } while (cursor);
  return { items, totals };
}

describe('the desk sorts by waiting time and by value, and counts the filtered list', () => {
  it('pages a search matching by customer and by order alike, in every sort, each once', async () => {
    // one customer matched by name, another's orders matched by the address paid to or the
    // payout's transaction: the two ways are read apart and must interleave as one list
    const named = await trader(t.app);
    await t.app.db.update(users).set({ name: 'Zuleica Procura' }).where(eq(users.id, named.id));
    const other = await trader(t.app);
    const term = 'procura';
    const base = Date.parse('2026-04-01T12:00:00.000Z');
    const matches: string[] = [];
    for (let i = 0; i < 12; i++) {
      const byCustomer = i % 3 !== 0;
      const order = await insertOrder(t.app, byCustomer ? named.id : other.id, {
        status: 'paid',
        amountSend: String(100 + (i % 4) * 10),
        createdAt: new Date(base + i * 1000),
        statusChangedAt: new Date(base - (i % 2) * 60_000),
        ...(byCustomer ? {} : i === 3 ? { addressToReceive: term } : { payoutTxId: term }),
      });
      matches.push(order.id);
    }
    // the other customer's order that matches neither way
    await insertOrder(t.app, other.id, { status: 'paid', createdAt: new Date(base + 500) });
    const rows = await t.app.db.select().from(orders).where(inArray(orders.id, matches));
    const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : 1);
    const expected = {
      newest: [...rows].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || byId(b, a)),
      waiting: [...rows].sort(
        (a, b) => a.statusChangedAt.getTime() - b.statusChangedAt.getTime() || byId(a, b),
      ),
      value: [...rows].sort((a, b) => Number(b.amountSend) - Number(a.amountSend) || byId(b, a)),
    };
    for (const [sort, want] of Object.entries(expected)) {
      const { items, totals } = await walk(`q=${term}&sort=${sort}`, 5);
      expect(
        items.map((o) => o.id),
        sort,
      ).toEqual(want.map((r) => r.id));
      expect(new Set(totals), sort).toEqual(new Set([12]));
    }
  });

  it('pages every order once in each sort, ties broken by id, with the total of the filters', async () => {
    const someone = await trader(t.app);
    const base = Date.parse('2026-03-01T12:00:00.000Z');
    // equal keys on purpose (three of each): the id breaks the tie
    for (let i = 0; i < 12; i++) {
      await insertOrder(t.app, someone.id, {
        status: 'paid',
        amountSend: String(100 + Math.floor(i / 3) * 10),
        createdAt: new Date(base + i * 1000),
        statusChangedAt: new Date(base - Math.floor(i / 3) * 60_000),
      });
    }
    const rows = await t.app.db.select().from(orders).where(eq(orders.userId, someone.id));
    const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : 1);
    const q = `q=${encodeURIComponent(someone.email)}`;

    const waiting = await walk(`${q}&sort=waiting`);
    expect(waiting.items.map((o) => o.id)).toEqual(
      [...rows]
        .sort((a, b) => a.statusChangedAt.getTime() - b.statusChangedAt.getTime() || byId(a, b))
        .map((r) => r.id),
    );
    const value = await walk(`${q}&sort=value`);
    expect(value.items.map((o) => o.id)).toEqual(
      [...rows]
        .sort((a, b) => Number(b.amountSend) - Number(a.amountSend) || byId(b, a))
        .map((r) => r.id),
    );
    // the value is the amount sent in reais at the locked price (100 USDT at R$ 5,40)
    expect(value.items.at(-1)?.valueBrl).toBe('540');
    expect(new Set([...waiting.totals, ...value.totals])).toEqual(new Set([12]));

    const paidOnly = await asAdmin('GET', `/api/v1/admin/orders?${q}&status=pending&limit=5`);
    expect(paidOnly.json().total).toBe(0);
  });

  it('refuses a cursor of another sort, a forged value and an unknown sort with a 400', async () => {
    const someone = await trader(t.app);
    for (let i = 0; i < 6; i++) await insertOrder(t.app, someone.id);
    const q = `q=${encodeURIComponent(someone.email)}&limit=5`;
    const first = await asAdmin('GET', `/api/v1/admin/orders?${q}&sort=value`);
    const cursor = first.json().nextCursor as string;
    expect(cursor).toBeTruthy();
    const other = await asAdmin('GET', `/api/v1/admin/orders?${q}&sort=waiting&cursor=${cursor}`);
    expect(other.statusCode).toBe(400);
    expect(other.json().error.code).toBe('CURSOR_INVALID');
    const forged = Buffer.from(
      JSON.stringify([
        '1); DROP TABLE orders; --',
        '00000000-0000-4000-8000-000000000000',
        'value',
      ]),
    ).toString('base64url');
    const bad = await asAdmin('GET', `/api/v1/admin/orders?${q}&sort=value&cursor=${forged}`);
    expect(bad.statusCode).toBe(400);
    expect((await asAdmin('GET', `/api/v1/admin/orders?sort=price`)).statusCode).toBe(400);
  });
});

describe('the count of the desk', () => {
  it('counts exactly up to its cap, and says so when more match', async () => {
    const owner = await registerCustomer(t.app);
    for (let i = 0; i < 5; i += 1) await insertOrder(t.app, owner.id);
    const filter = { status: 'all' as const, q: owner.email };
    expect(await countAdminOrders(t.app.db, filter, 10)).toBe(5);
    expect(await countAdminOrders(t.app.db, filter, 5)).toBe(5);
    // one more than the cap: enough to say "more than"
    expect(await countAdminOrders(t.app.db, filter, 3)).toBe(4);
    const page = await asAdmin('GET', `/api/v1/admin/orders?q=${encodeURIComponent(owner.email)}`);
    expect(page.json()).toMatchObject({ total: 5, totalCapped: false });
  });
});

describe('exporting the ticked orders', () => {
  it('exports only the ids given, in both dialects, and refuses absurd lists', async () => {
    const someone = await trader(t.app);
    const picked = [await insertOrder(t.app, someone.id), await insertOrder(t.app, someone.id)];
    const left = await insertOrder(t.app, someone.id);
    const ids = picked.map((o) => o.id).join(',');
    for (const dialect of ['standard', 'excel-pt-BR']) {
      const res = await asAdmin(
        'GET',
        `/api/v1/admin/orders/export.csv?dialect=${dialect}&ids=${ids},${picked[0]?.id}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      const lines = res.body.trim().split(/\r?\n/);
      expect(lines).toHaveLength(3);
      for (const order of picked) expect(res.body).toContain(order.reference);
      expect(res.body).not.toContain(left.reference);
    }
    const many = Array.from({ length: 101 }, () => picked[0]?.id).join(',');
    expect((await asAdmin('GET', `/api/v1/admin/orders/export.csv?ids=x${many}`)).statusCode).toBe(
      400,
    );
    expect(
      (
        await asAdmin(
          'GET',
          `/api/v1/admin/orders/export.csv?ids=${encodeURIComponent('a\u0000b')}`,
        )
      ).statusCode,
    ).toBe(400);
  });
});

describe('confirming the funds of several orders at once', () => {
  const url = '/api/v1/admin/orders/confirm-funds';

  it('confirms each at its expected amount and answers per order: confirmed or refused with why', async () => {
    const someone = await trader(t.app);
    const paid = await insertOrder(t.app, someone.id, { status: 'paid' });
    const told = await insertOrder(t.app, someone.id, { status: 'user_confirmed' });
    const pending = await insertOrder(t.app, someone.id, { status: 'pending' });
    const ghost = '00000000-0000-4000-8000-000000000000';
    const res = await asAdmin(
      'POST',
      url,
      { ids: [paid.id, told.id, pending.id, ghost, paid.id] },
      { 'accept-language': 'pt-BR' },
    );
    expect(res.statusCode, res.body).toBe(200);
    const results = res.json().results as {
      id: string;
      reference: string | null;
      outcome: string;
      code?: string;
      message?: string;
      status?: string;
    }[];
    expect(results.map((r) => [r.id, r.outcome])).toEqual([
      [paid.id, 'confirmed'],
      [told.id, 'confirmed'],
      [pending.id, 'refused'],
      [ghost, 'refused'],
    ]);
    expect(results[2]).toMatchObject({
      reference: pending.reference,
      code: 'ORDER_STATE_CONFLICT',
    });
    expect(results[3]).toMatchObject({ reference: null, code: 'NOT_FOUND' });
    // in the caller's language
    expect(results[2]?.message).toMatch(/pedido/i);
    const after = await t.app.db
      .select()
      .from(orders)
      .where(inArray(orders.id, [paid.id, told.id, pending.id]));
    const status = Object.fromEntries(after.map((o) => [o.id, o]));
    expect(status[paid.id]?.status).toBe('admin_confirmed');
    expect(status[paid.id]?.amountReceived).toBe(paid.amountSend);
    expect(status[told.id]?.status).toBe('admin_confirmed');
    expect(status[pending.id]?.status).toBe('pending');
    // the history names the admin's move, once
    const events = await t.app.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, paid.id));
    expect(events.filter((e) => e.toStatus === 'admin_confirmed')).toHaveLength(1);
  });

  it('confirms each order once when asked twice at once: one winner, the other refused', async () => {
    const someone = await trader(t.app);
    const list = [];
    for (let i = 0; i < 4; i++) list.push(await insertOrder(t.app, someone.id, { status: 'paid' }));
    const ids = list.map((o) => o.id);
    const [a, b] = await Promise.all([
      asAdmin('POST', url, { ids }),
      asAdmin('POST', url, { ids: [...ids].reverse() }),
    ]);
    expect(a?.statusCode).toBe(200);
    expect(b?.statusCode).toBe(200);
    const outcomes = [...a.json().results, ...b.json().results] as {
      id: string;
      outcome: string;
    }[];
    for (const id of ids) {
      const mine = outcomes.filter((r) => r.id === id).map((r) => r.outcome);
      expect(mine.sort()).toEqual(['confirmed', 'refused']);
    }
    const events = await t.app.db
      .select()
      .from(orderEvents)
      .where(inArray(orderEvents.orderId, ids));
    expect(events.filter((e) => e.toStatus === 'admin_confirmed')).toHaveLength(ids.length);
  });

  it('refuses absurd lists with a 400 in the caller language, never a 500', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    for (const body of [
      { ids: Array.from({ length: 10_000 }, () => id) },
      { ids: [] },
      { ids: [`${id}\u0000`] },
      { ids: ['EX-1; DROP TABLE orders'] },
      { ids: 'all' },
      {},
    ]) {
      const res = await asAdmin('POST', url, body, { 'accept-language': 'pt-BR' });
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
      expect(res.json().error.message).not.toMatch(/invalid|error/i);
    }
  });

  it('is refused from another origin and for a customer', async () => {
    const someone = await trader(t.app);
    const order = await insertOrder(t.app, someone.id, { status: 'paid' });
    const foreign = await asAdmin(
      'POST',
      url,
      { ids: [order.id] },
      {
        origin: 'https://evil.example',
      },
    );
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error.code).toBe('CROSS_ORIGIN_REQUEST');
    const customer = await registerCustomer(t.app);
    const asCustomer = await t.app.inject({
      method: 'POST',
      url,
      headers: { cookie: customer.cookie },
      payload: { ids: [order.id] },
    });
    expect(asCustomer.statusCode).toBe(403);
    const [row] = await t.app.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.status).toBe('paid');
  });
});
