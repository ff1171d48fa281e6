import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ORDER_QUEUES, ORDER_STATUSES, VOLUME_STATUSES, dec } from '@permuta/contracts';
import type { Dashboard, OrderStatus } from '@permuta/contracts';
import { prices, users } from '@permuta/db';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { randomCpf, registerCustomer, signInAdmin } from '../../../test/auth-helpers.ts';
import type { TestAdmin, TestCustomer } from '../../../test/auth-helpers.ts';
import {
  insertDocument,
  insertOrder,
  liftCustomerLimits,
  placeOrder,
  tokenId,
  trader,
} from '../orders/test-support.ts';
import type { Trader } from '../orders/test-support.ts';

/**
 * One calculation scenario on a fixed clock: Friday 2026-03-20, 12:00 in São Paulo (UTC-3, no
 * daylight saving time since 2019). The 30 days are 2026-02-19 .. 2026-03-20; the 12 weeks start
 * on the Mondays 2025-12-29 .. 2026-03-16.
 */
const NOW = Date.parse('2026-03-20T15:00:00.000Z');
let clock = NOW;
const HOUR = 3_600_000;

/** An instant given as São Paulo wall-clock time. */
const sp = (day: string, time = '12:00:00.000') => new Date(`${day}T${time}-03:00`);

let t: TestApp;
let admin: TestAdmin;
let someone: Trader;

beforeAll(async () => {
  t = await buildTestApp({ app: { now: () => new Date(clock) } });
  // generated orders of one customer: the per-customer limits (orders.limits.test.ts) stay out of the way
  await liftCustomerLimits(t.app);
  admin = await signInAdmin(t.app);
  someone = await trader(t.app, { wallets: [['PIX'], ['USDT', 'TRC20']] });
  // registered "now" by the real clock: moved out of every window so weekly counts are exact
  await t.app.db
    .update(users)
    .set({ createdAt: new Date('2024-01-10T12:00:00Z') })
    .where(eq(users.id, someone.id));
});
afterAll(async () => t?.close());
beforeEach(() => {
  clock = NOW;
});

async function dashboard(): Promise<Dashboard> {
  const res = await t.app.inject({
    url: '/api/v1/admin/dashboard',
    headers: { cookie: admin.cookie, 'accept-language': 'en-US' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** A deterministic pseudo-random sequence (mulberry32), so that a failure can be replayed. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

const dayOf = (offsetFromToday: number) => {
  const date = new Date(Date.UTC(2026, 2, 20 + offsetFromToday));
  return date.toISOString().slice(0, 10);
};

interface Generated {
  day: string;
  status: OrderStatus;
  amountSend: string;
  amountReceived: string | null;
  priceSendBrl: string;
  statusChangedAt: Date;
  reference: string;
}

async function insertCustomerAt(createdAt: Date) {
  const suffix = randomBytes(4).toString('hex');
  await t.app.db.insert(users).values({
    username: `gen_${suffix}`,
    name: `Generated ${suffix}`,
    email: `gen.${suffix}@example.com`,
    cpf: randomCpf(),
    phone: '+5511988887777',
    birthDate: '1990-01-01',
    createdAt,
  });
}

describe('GET /api/v1/admin/dashboard', () => {
  it('refuses a guest with 401 and a customer with 403', async () => {
    const guest = await t.app.inject({ url: '/api/v1/admin/dashboard' });
    expect(guest.statusCode).toBe(401);
    expect(guest.json().error.code).toBe('UNAUTHENTICATED');
    const customer: TestCustomer = await registerCustomer(t.app);
    const refused = await t.app.inject({
      url: '/api/v1/admin/dashboard',
      headers: { cookie: customer.cookie },
    });
    expect(refused.statusCode).toBe(403);
  });

  it('answers with every day and week present and zeros before there is any data', async () => {
    const body = await dashboard();
    expect(body.generatedAt).toBe('2026-03-20T15:00:00.000Z');
    expect(body.timeZone).toBe('America/Sao_Paulo');
    expect(body.ordersPerDay.map((d) => d.date)).toEqual(
      Array.from({ length: 30 }, (_, i) => dayOf(i - 29)),
    );
    expect(body.ordersPerDay.every((d) => d.total === 0)).toBe(true);
    expect(body.ordersPerDay[0]?.counts).toEqual(
      Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])),
    );
    expect(body.newCustomersPerWeek.map((w) => w.weekStart)).toEqual([
      '2025-12-29',
      '2026-01-05',
      '2026-01-12',
      '2026-01-19',
      '2026-01-26',
      '2026-02-02',
      '2026-02-09',
      '2026-02-16',
      '2026-02-23',
      '2026-03-02',
      '2026-03-09',
      '2026-03-16',
    ]);
    expect(body.newCustomersPerWeek.every((w) => w.count === 0)).toBe(true);
    expect(body.volumePerPair).toEqual([]);
    for (const queue of [
      'awaitingConfirmation',
      'awaitingPayout',
      'awaitingRefund',
      'inError',
    ] as const) {
      expect(body.queues[queue]).toEqual({
        count: 0,
        byStatus: ORDER_QUEUES[queue].map((status) => ({ status, count: 0 })),
        oldest: [],
      });
    }
    expect(body.queues.documents).toEqual({ count: 0, overdue: 0, oldest: [] });
    // no order yet: the seeded USDT and BTC, whose only prices are later than the window
    expect(body.prices.map((p) => p.token)).toEqual(['USDT', 'BTC']);
    expect(body.prices.every((p) => p.days.every((d) => d.priceBrl === null))).toBe(true);
  });

  describe('with generated orders, customers, documents and prices', () => {
    const generated: Generated[] = [];
    let waitingOutsideWindow: Generated;

    beforeAll(async () => {
      const next = random(20260320);
      // 90 orders from 2 days before the window to today, every status, São Paulo times of day
      for (let i = 0; i < 90; i++) {
        const day = dayOf(-31 + Math.floor(next() * 32));
        const status = ORDER_STATUSES[Math.floor(next() * ORDER_STATUSES.length)]!;
        const hh = String(Math.floor(next() * 24)).padStart(2, '0');
        const mm = String(Math.floor(next() * 60)).padStart(2, '0');
        const createdAt = sp(day, `${hh}:${mm}:00.000`);
        const amountSend = `${1 + Math.floor(next() * 5000)}.${String(Math.floor(next() * 100)).padStart(2, '0')}`;
        const amountReceived =
          (VOLUME_STATUSES as readonly string[]).includes(status) && next() < 0.3
            ? `${1 + Math.floor(next() * 5000)}.5`
            : null;
        const priceSendBrl = `5.${String(10 + Math.floor(next() * 90))}`;
        const statusChangedAt = new Date(createdAt.getTime() + Math.floor(next() * 600) * 60_000);
        const row = await insertOrder(t.app, someone.id, {
          status,
          amountSend,
          amountReceived,
          priceSendBrl,
          createdAt,
          statusChangedAt,
        });
        generated.push({
          day,
          status,
          amountSend,
          amountReceived,
          priceSendBrl,
          statusChangedAt,
          reference: row.reference,
        });
      }
      // days cut at São Paulo midnight, not at UTC midnight
      for (const [createdAt, status] of [
        [new Date('2026-02-19T02:59:59.999Z'), 'completed'], // 18/02 23:59:59.999: outside
        [new Date('2026-02-19T03:00:00.000Z'), 'completed'], // 19/02 00:00: first day
        [new Date('2026-03-20T02:30:00.000Z'), 'canceled'], // 19/03 23:30, already the 20th in UTC
      ] as const) {
        const row = await insertOrder(t.app, someone.id, {
          status,
          createdAt,
          statusChangedAt: createdAt,
        });
        generated.push({
          day: new Date(createdAt.getTime() - 3 * HOUR).toISOString().slice(0, 10),
          status,
          amountSend: row.amountSend,
          amountReceived: null,
          priceSendBrl: row.priceSendBrl,
          statusChangedAt: createdAt,
          reference: row.reference,
        });
      }
      // waiting for confirmation since January: in the queue, in no daily series
      const old = new Date('2026-01-05T12:00:00.000Z');
      const oldRow = await insertOrder(t.app, someone.id, {
        status: 'paid',
        createdAt: old,
        statusChangedAt: old,
      });
      waitingOutsideWindow = {
        day: '2026-01-05',
        status: 'paid',
        amountSend: oldRow.amountSend,
        amountReceived: null,
        priceSendBrl: oldRow.priceSendBrl,
        statusChangedAt: old,
        reference: oldRow.reference,
      };

      // BTC -> PIX, figures checked by hand
      const btc = await tokenId(t.app, 'BTC');
      const btcOrder = (day: string, status: OrderStatus, amountSend: string, price: string) =>
        insertOrder(t.app, someone.id, {
          sendTokenId: btc,
          networkId: null,
          status,
          amountSend,
          priceSendBrl: price,
          createdAt: sp(day),
          statusChangedAt: sp(day),
        });
      await btcOrder('2026-03-02', 'completed', '0.01', '520000'); // 5200.00
      await btcOrder('2026-03-02', 'admin_paid', '0.0025', '521000.33'); // 1302.500825
      await btcOrder('2026-03-02', 'canceled', '1', '520000'); // moved no money
      await btcOrder('2026-03-05', 'refunded', '1', '520000'); // given back
      await btcOrder('2026-03-05', 'processing', '0.002', '519999.99'); // 1039.99998

      // the order placed through the API now (2026-03-20 12:00 in São Paulo): pending, today
      await placeOrder(t.app, someone);
      generated.push({
        day: '2026-03-20',
        status: 'pending',
        amountSend: '100',
        amountReceived: null,
        priceSendBrl: '5.4',
        statusChangedAt: new Date(NOW),
        reference: 'api',
      });

      // customers: the week starts on Monday at 00:00 in São Paulo
      for (const createdAt of [
        new Date('2025-12-29T02:59:59.000Z'), // Sunday 28/12 23:59:59: before the first week
        new Date('2025-12-29T03:00:00.000Z'), // Monday 29/12 00:00: first week
        sp('2026-01-07'),
        sp('2026-01-11', '23:59:59.000'),
        new Date('2026-03-16T02:59:59.000Z'), // Sunday 15/03: week of 09/03
        new Date('2026-03-16T03:00:00.000Z'), // Monday 16/03 00:00: this week
        sp('2026-03-20', '09:00:00.000'),
      ]) {
        await insertCustomerAt(createdAt);
      }

      // prices of USDT: one before the window, two on 01/03 (the later one counts), one late on
      // 19/03 (already 20/03 in UTC); BTC's first price on 10/03
      const usdt = await tokenId(t.app, 'USDT');
      await t.app.db.insert(prices).values([
        { tokenId: usdt, priceBrl: '5.30', source: 'manual', createdAt: sp('2026-02-10') },
        {
          tokenId: usdt,
          priceBrl: '5.45',
          source: 'manual',
          createdAt: sp('2026-03-01', '10:00:00.000'),
        },
        {
          tokenId: usdt,
          priceBrl: '5.50',
          source: 'manual',
          createdAt: sp('2026-03-01', '18:00:00.000'),
        },
        {
          tokenId: usdt,
          priceBrl: '5.60',
          source: 'manual',
          createdAt: sp('2026-03-19', '23:00:00.000'),
        },
        {
          tokenId: btc,
          priceBrl: '515000',
          source: 'exchange',
          createdAt: sp('2026-03-10', '08:00:00.000'),
        },
      ]);
    });

    it('counts the orders created each São Paulo day by status, exactly, zeros included', async () => {
      const body = await dashboard();
      const first = dayOf(-29);
      const expected = new Map<string, Record<OrderStatus, number>>();
      for (const order of generated) {
        if (order.day < first || order.day > '2026-03-20') continue;
        const counts =
          expected.get(order.day) ??
          (Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as Record<OrderStatus, number>);
        counts[order.status] += 1;
        expected.set(order.day, counts);
      }
      // the hand-made BTC orders
      const march2 = expected.get('2026-03-02')!;
      march2.completed += 1;
      march2.admin_paid += 1;
      march2.canceled += 1;
      const march5 = expected.get('2026-03-05')!;
      march5.refunded += 1;
      march5.processing += 1;

      expect(body.ordersPerDay).toHaveLength(30);
      const zero = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0]));
      for (const day of body.ordersPerDay) {
        const counts = expected.get(day.date) ?? zero;
        expect(day.counts, day.date).toEqual(counts);
        expect(day.total, day.date).toBe(Object.values(counts).reduce((a, b) => a + b, 0));
      }
      // the boundaries
      expect(body.ordersPerDay[0]?.date).toBe('2026-02-19');
      expect(body.ordersPerDay[0]?.counts.completed).toBe(expected.get('2026-02-19')?.completed);
      expect(expected.get('2026-02-19')?.completed).toBeGreaterThanOrEqual(1);
      expect(body.ordersPerDay.find((d) => d.date === '2026-03-19')?.counts.canceled).toBe(
        expected.get('2026-03-19')?.canceled,
      );
      // some days had no order at all: they are there, with zeros
      expect(body.ordersPerDay.some((d) => d.total === 0)).toBe(true);
      // the order placed through the API is today's pending one
      expect(body.ordersPerDay.at(-1)?.counts.pending).toBe(expected.get('2026-03-20')?.pending);
    });

    it('adds up the volume per pair per day from orders whose funds were confirmed', async () => {
      const body = await dashboard();
      expect(body.volumePerPair.map((p) => `${p.send}/${p.receive}`).sort()).toEqual([
        'BTC/PIX',
        'USDT/PIX',
      ]);

      const btc = body.volumePerPair.find((p) => p.send === 'BTC')!;
      expect(btc.days).toHaveLength(30);
      expect(btc.days.find((d) => d.date === '2026-03-02')).toEqual({
        date: '2026-03-02',
        orders: 2,
        amountSend: '0.0125',
        amountBrl: '6502.50',
      });
      expect(btc.days.find((d) => d.date === '2026-03-05')).toEqual({
        date: '2026-03-05',
        orders: 1,
        amountSend: '0.002',
        amountBrl: '1040.00',
      });
      expect(btc.days.filter((d) => d.orders > 0)).toHaveLength(2);
      expect(btc.days.find((d) => d.date === '2026-03-03')).toEqual({
        date: '2026-03-03',
        orders: 0,
        amountSend: '0',
        amountBrl: '0.00',
      });
      expect(btc).toMatchObject({ orders: 3, amountSend: '0.0145', amountBrl: '7542.50' });

      // USDT -> PIX: the generated orders, with the amount received when the admin recorded one
      const usdt = body.volumePerPair.find((p) => p.send === 'USDT')!;
      const first = dayOf(-29);
      for (const day of usdt.days) {
        const counted = generated.filter(
          (o) =>
            o.day === day.date &&
            o.day >= first &&
            (VOLUME_STATUSES as readonly string[]).includes(o.status),
        );
        const amount = counted.reduce(
          (sum, o) => sum.plus(o.amountReceived ?? o.amountSend),
          dec(0),
        );
        const brl = counted.reduce(
          (sum, o) => sum.plus(dec(o.amountReceived ?? o.amountSend).times(o.priceSendBrl)),
          dec(0),
        );
        expect(day, day.date).toEqual({
          date: day.date,
          orders: counted.length,
          amountSend: amount.toFixed(),
          amountBrl: brl.round(2, 1).toFixed(2),
        });
      }
      // the largest pair in BRL comes first
      const [a, b] = body.volumePerPair;
      expect(dec(a!.amountBrl).gte(b!.amountBrl)).toBe(true);
    });

    it('lists each order queue with its count and the longest waiting first', async () => {
      const body = await dashboard();
      const everyOrder = [...generated.filter((o) => o.reference !== 'api'), waitingOutsideWindow];
      for (const [queue, statuses] of Object.entries(ORDER_QUEUES)) {
        // the generated orders are not refund-only: the refund queue has none of them
        const members =
          queue === 'awaitingRefund'
            ? []
            : everyOrder.filter((o) => (statuses as readonly OrderStatus[]).includes(o.status));
        // the hand-made BTC order in processing waits for its payout
        const extra = queue === 'awaitingPayout' ? 1 : 0;
        const shown = body.queues[queue as keyof typeof ORDER_QUEUES];
        expect(shown.count, queue).toBe(members.length + extra);
        expect(shown.byStatus, queue).toEqual(
          statuses.map((status) => ({
            status,
            count:
              members.filter((o) => o.status === status).length +
              (status === 'processing' ? extra : 0),
          })),
        );
        expect(shown.oldest.length, queue).toBe(Math.min(5, members.length + extra));
        const since = shown.oldest.map((o) => Date.parse(o.waitingSince));
        expect(since, queue).toEqual([...since].sort((x, y) => x - y));
        for (const item of shown.oldest) {
          expect(statuses as readonly string[]).toContain(item.status);
          expect(item.ageMinutes).toBe(Math.floor((NOW - Date.parse(item.waitingSince)) / 60_000));
          expect(item.customer).toEqual({ id: someone.id, name: 'Maria da Silva' });
        }
      }
      const waiting = body.queues.awaitingConfirmation.oldest[0]!;
      expect(waiting).toMatchObject({
        reference: waitingOutsideWindow.reference,
        status: 'paid',
        sendToken: 'USDT',
        receiveToken: 'PIX',
        amountSend: '100',
        waitingSince: '2026-01-05T12:00:00.000Z',
      });
    });

    it('lists a refund-only order as awaiting refund, not as awaiting payout', async () => {
      const before = await dashboard();
      const order = await insertOrder(t.app, someone.id, {
        status: 'admin_confirmed',
        refundOnly: true,
        amountReceived: '1',
        statusChangedAt: new Date(NOW - 10 * 24 * HOUR),
      });
      const after = await dashboard();
      expect(after.queues.awaitingRefund.count).toBe(before.queues.awaitingRefund.count + 1);
      expect(after.queues.awaitingPayout.count).toBe(before.queues.awaitingPayout.count);
      expect(after.queues.awaitingRefund.oldest.map((o) => o.reference)).toContain(order.reference);
      expect(after.queues.awaitingPayout.oldest.map((o) => o.reference)).not.toContain(
        order.reference,
      );
    });

    it('counts new customers per São Paulo week, Monday first', async () => {
      const body = await dashboard();
      const weeks = Object.fromEntries(body.newCustomersPerWeek.map((w) => [w.weekStart, w.count]));
      expect(weeks).toEqual({
        '2025-12-29': 1,
        '2026-01-05': 2,
        '2026-01-12': 0,
        '2026-01-19': 0,
        '2026-01-26': 0,
        '2026-02-02': 0,
        '2026-02-09': 0,
        '2026-02-16': 0,
        '2026-02-23': 0,
        '2026-03-02': 0,
        '2026-03-09': 1,
        '2026-03-16': 2,
      });
    });

    it('charts the last price of each day of the busiest tokens, carrying it over quiet days', async () => {
      const body = await dashboard();
      expect(body.prices.map((p) => p.token)).toEqual(['USDT', 'BTC']);
      const usdt = Object.fromEntries(body.prices[0]!.days.map((d) => [d.date, d.priceBrl]));
      expect(usdt['2026-02-19']).toBe('5.3');
      expect(usdt['2026-02-28']).toBe('5.3');
      expect(usdt['2026-03-01']).toBe('5.5');
      expect(usdt['2026-03-18']).toBe('5.5');
      expect(usdt['2026-03-19']).toBe('5.6');
      expect(usdt['2026-03-20']).toBe('5.6');
      const btc = body.prices[1]!;
      expect(btc.name).toBe('Bitcoin');
      expect(btc.days).toHaveLength(30);
      expect(btc.days.filter((d) => d.priceBrl === null).map((d) => d.date)).toEqual(
        Array.from({ length: 19 }, (_, i) => dayOf(i - 29)),
      );
      expect(btc.days.find((d) => d.date === '2026-03-10')?.priceBrl).toBe('515000');
    });

    it('falls back to USDT and BTC when no order was placed in the last 30 days', async () => {
      clock = Date.parse('2026-06-30T15:00:00.000Z');
      const body = await dashboard();
      expect(body.prices.map((p) => p.token)).toEqual(['USDT', 'BTC']);
      expect(body.prices[0]?.days.every((d) => d.priceBrl === '5.6')).toBe(true);
      expect(body.prices[1]?.days.every((d) => d.priceBrl === '515000')).toBe(true);
      expect(body.volumePerPair).toEqual([]);
      expect(body.ordersPerDay.every((d) => d.total === 0)).toBe(true);
    });
  });

  describe('documents waiting for review', () => {
    it('counts the current uploads, and those waiting longer than 24 h as overdue, listed first', async () => {
      const a = await registerCustomer(t.app);
      const b = await registerCustomer(t.app);
      const day = 24 * HOUR;
      const atBoundary = await insertDocument(t.app, a.id, 'national_id', new Date(NOW - day));
      const justOver = await insertDocument(t.app, b.id, 'national_id', new Date(NOW - day - 1000));
      const older = await insertDocument(t.app, a.id, 'proof_of_address', new Date(NOW - 3 * day));
      const recent = await insertDocument(t.app, b.id, 'selfie_with_id', new Date(NOW - 2 * HOUR));
      // replaced by a newer upload of the same type: history, not waiting
      await insertDocument(t.app, b.id, 'proof_of_address', new Date(NOW - 5 * day));
      const replacement = await insertDocument(
        t.app,
        b.id,
        'proof_of_address',
        new Date(NOW - HOUR),
      );
      // reviewed ones wait for nobody
      await insertDocument(t.app, a.id, 'selfie_with_id', new Date(NOW - 4 * day), 'approved');
      const rejected = await insertDocument(
        t.app,
        (await registerCustomer(t.app)).id,
        'national_id',
        new Date(NOW - 6 * day),
        'rejected',
      );
      expect(rejected.status).toBe('rejected');

      const { documents: queue } = (await dashboard()).queues;
      expect(queue.count).toBe(5);
      expect(queue.overdue).toBe(2);
      expect(queue.oldest.map((d) => d.id)).toEqual([
        older.id,
        justOver.id,
        atBoundary.id,
        recent.id,
        replacement.id,
      ]);
      expect(queue.oldest.map((d) => d.overdue)).toEqual([true, true, false, false, false]);
      expect(queue.oldest.map((d) => d.ageMinutes)).toEqual([3 * 1440, 1440, 1440, 120, 60]);
      expect(queue.oldest[0]).toMatchObject({
        type: 'proof_of_address',
        customer: { id: a.id, name: 'Maria da Silva' },
        uploadedAt: new Date(NOW - 3 * day).toISOString(),
      });

      // one millisecond later the document at the boundary is overdue too
      clock = NOW + 1;
      const later = (await dashboard()).queues.documents;
      expect(later.overdue).toBe(3);
      expect(later.oldest.find((d) => d.id === atBoundary.id)?.overdue).toBe(true);
    });
  });
});
