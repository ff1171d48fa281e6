import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { incomingPayments, payoutRiskChecks } from '@permuta/db';
import { buildTestApp } from '../../test/build-test-app.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { signInAdmin } from '../../test/auth-helpers.ts';
import { fakeStorageKey, insertOrder, trader } from '../modules/orders/test-support.ts';

/**
 * /metrics (decision 052): the business figures as the database has them, the payout durations
 * observed when orders are paid out, and who may read them.
 */

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

function parse(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)$/.exec(line);
    if (!match) continue;
    const labels: Record<string, string> = {};
    for (const pair of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) {
      labels[pair[1]!] = pair[2]!;
    }
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  const found = samples.filter(
    (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  );
  if (found.length !== 1) {
    throw new Error(`${found.length} samples of ${name} ${JSON.stringify(labels)}`);
  }
  return found[0]!.value;
}

async function scrape(t: TestApp): Promise<Sample[]> {
  const response = await t.app.inject({ url: '/metrics' });
  expect(response.statusCode).toBe(200);
  return parse(response.body);
}

describe('business figures on /metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('counts orders per status and dates the oldest of each open status', async () => {
    const before = await scrape(t);
    const customer = await trader(t.app);
    const hourAgo = new Date(Date.now() - 3600_000);
    await insertOrder(t.app, customer.id, { status: 'paid', statusChangedAt: hourAgo });
    await insertOrder(t.app, customer.id, { status: 'paid' });
    await insertOrder(t.app, customer.id, { status: 'error' });
    await insertOrder(t.app, customer.id, { status: 'completed', statusChangedAt: hourAgo });

    const after = await scrape(t);
    const delta = (status: string) =>
      valueOf(after, 'permuta_orders', { status }) - valueOf(before, 'permuta_orders', { status });
    expect(delta('paid')).toBe(2);
    expect(delta('error')).toBe(1);
    expect(delta('completed')).toBe(1);
    expect(delta('refunded')).toBe(0);
    expect(valueOf(after, 'permuta_orders_oldest_age_seconds', { status: 'paid' })).toBeGreaterThan(
      3590,
    );
    // a final status has no age to watch
    expect(valueOf(after, 'permuta_orders_oldest_age_seconds', { status: 'completed' })).toBe(0);
    expect(valueOf(after, 'permuta_figures_read_ok')).toBe(1);
  });

  it('reports the queued jobs, their lag and the jobs failed for good, per queue', async () => {
    await t.app.jobs.work('metrics-test-waiting', async () => {});
    await t.app.jobs.work(
      'metrics-test-failing',
      async () => {
        throw new Error('refused on purpose');
      },
      { retryLimit: 0 },
    );
    await t.app.jobs.send('metrics-test-waiting', { n: 1 });
    await t.app.jobs.send('metrics-test-waiting', { n: 2 });
    await t.app.jobs.send(
      'metrics-test-waiting',
      { n: 3 },
      { startAfter: new Date(Date.now() + 3600_000) },
    );
    await t.app.jobs.send('metrics-test-failing', { n: 1 });
    expect(await t.app.jobs.drain('metrics-test-failing')).toBe(1);

    const samples = await scrape(t);
    // the deferred job is not late: two are due
    expect(valueOf(samples, 'permuta_jobs_queued', { queue: 'metrics-test-waiting' })).toBe(2);
    expect(
      valueOf(samples, 'permuta_jobs_oldest_queued_age_seconds', { queue: 'metrics-test-waiting' }),
    ).toBeGreaterThanOrEqual(0);
    expect(
      valueOf(samples, 'permuta_jobs_failed_last_24h', { queue: 'metrics-test-failing' }),
    ).toBe(1);
    expect(valueOf(samples, 'permuta_jobs_queued', { queue: 'metrics-test-failing' })).toBe(0);
    expect(
      valueOf(samples, 'permuta_jobs_failed_last_24h', { queue: 'metrics-test-waiting' }),
    ).toBe(0);
  });

  it('reports the payments still waiting, per provider and status, and their age', async () => {
    const twoHoursAgo = new Date(Date.now() - 7200_000);
    await t.app.db.insert(incomingPayments).values([
      {
        provider: 'pix',
        externalId: 'E-metrics-1',
        tokenCode: 'BRL',
        amount: '10',
        status: 'unmatched',
        occurredAt: twoHoursAgo,
        createdAt: twoHoursAgo,
      },
      {
        provider: 'pix',
        externalId: 'E-metrics-2',
        tokenCode: 'BRL',
        amount: '12',
        status: 'unmatched',
        occurredAt: new Date(),
      },
      {
        provider: 'exchange',
        externalId: 'D-metrics-1',
        tokenCode: 'USDT',
        amount: '5',
        status: 'seen',
        occurredAt: new Date(),
      },
    ]);
    const samples = await scrape(t);
    const pixUnmatched = { provider: 'pix', status: 'unmatched' };
    expect(valueOf(samples, 'permuta_incoming_payments_open', pixUnmatched)).toBe(2);
    expect(
      valueOf(samples, 'permuta_incoming_payments_oldest_age_seconds', pixUnmatched),
    ).toBeGreaterThan(7190);
    expect(
      valueOf(samples, 'permuta_incoming_payments_open', { provider: 'exchange', status: 'seen' }),
    ).toBe(1);
    expect(
      valueOf(samples, 'permuta_incoming_payments_open', { provider: 'deriv', status: 'seen' }),
    ).toBe(0);
  });

  it('counts the payouts held by the risk limits', async () => {
    const customer = await trader(t.app);
    const order = await insertOrder(t.app, customer.id, { status: 'admin_confirmed' });
    const checkedAt = new Date(Date.now() - 600_000);
    await t.app.db.insert(payoutRiskChecks).values({
      orderId: order.id,
      userId: customer.id,
      valueBrl: '521.10',
      approvalsNeeded: 1,
      checkedAt,
    });
    const samples = await scrape(t);
    expect(valueOf(samples, 'permuta_payouts_held')).toBe(1);
    expect(valueOf(samples, 'permuta_payouts_held_oldest_age_seconds')).toBeGreaterThan(590);
  });

  it('reports the stock per token as the treasury page computes it', async () => {
    const samples = await scrape(t);
    const { balances } = await t.app.services.treasury.balances();
    expect(balances.length).toBeGreaterThan(0);
    for (const row of balances) {
      expect(valueOf(samples, 'permuta_stock_available', { token: row.token })).toBeCloseTo(
        Number(row.available),
        6,
      );
      expect(valueOf(samples, 'permuta_stock_reserved', { token: row.token })).toBeCloseTo(
        Number(row.reserved),
        6,
      );
    }
  });

  it('reads the figures in a handful of queries', async () => {
    const statements: string[] = [];
    const original = t.handle.db.execute.bind(t.handle.db);
    const spy = async (...args: Parameters<typeof original>) => {
      statements.push('execute');
      return original(...args);
    };
    t.handle.db.execute = spy as typeof original;
    try {
      await scrape(t);
    } finally {
      t.handle.db.execute = original;
    }
    expect(statements.length).toBeLessThanOrEqual(5);
    expect(statements.length).toBeGreaterThan(0);
  });

  it('observes the time from the funds confirmed to the payout, once it commits', async () => {
    const admin = await signInAdmin(t.app);
    const customer = await trader(t.app);
    const order = await insertOrder(t.app, customer.id, { status: 'user_confirmed' });
    const tenMinutesAgo = new Date(Date.now() - 600_000);
    await t.app.services.mover.move({
      order: order.id,
      action: 'confirm_funds',
      actor: { type: 'admin', id: admin.id },
      at: tenMinutesAgo,
      amountReceived: '100',
    });
    const before = await scrape(t);
    const count = (samples: Sample[]) =>
      samples.find(
        (s) => s.name === 'permuta_payout_duration_seconds_count' && s.labels.how === 'by_hand',
      )?.value ?? 0;

    await t.app.services.mover.move({
      order: order.id,
      action: 'pay',
      actor: { type: 'admin', id: admin.id },
      at: new Date(),
      set: { paymentProofStorageKey: fakeStorageKey(), payoutTxId: 'by-hand-1' },
    });
    const after = await scrape(t);
    expect(count(after) - count(before)).toBe(1);
    const bucket = (le: string) =>
      valueOf(after, 'permuta_payout_duration_seconds_bucket', { how: 'by_hand', le });
    expect(bucket('300')).toBe(0);
    expect(bucket('900')).toBe(1);
    const sum = valueOf(after, 'permuta_payout_duration_seconds_sum', { how: 'by_hand' });
    expect(sum).toBeGreaterThanOrEqual(599);
    expect(sum).toBeLessThan(700);

    // a move that rolls back observes nothing
    const other = await insertOrder(t.app, customer.id, { status: 'admin_confirmed' });
    await expect(
      t.app.services.mover.move(
        {
          order: other.id,
          action: 'pay',
          actor: { type: 'admin', id: admin.id },
          at: new Date(),
          set: { paymentProofStorageKey: fakeStorageKey() },
        },
        async () => {
          throw new Error('rolled back on purpose');
        },
      ),
    ).rejects.toThrow('rolled back on purpose');
    expect(count(await scrape(t))).toBe(count(after));
  });
});

describe('who may read /metrics', () => {
  it('answers a direct request from a private address, never one through a proxy or from outside', async () => {
    const t = await buildTestApp({ seed: false });
    try {
      const from = (remoteAddress: string, headers: Record<string, string> = {}) =>
        t.app.inject({ url: '/metrics', remoteAddress, headers });
      expect((await from('127.0.0.1')).statusCode).toBe(200);
      expect((await from('10.1.2.3')).statusCode).toBe(200);
      expect((await from('::ffff:192.168.0.9')).statusCode).toBe(200);
      expect((await from('203.0.113.5')).statusCode).toBe(403);
      // through a reverse proxy on the same machine: the client is someone else
      const proxied = await from('127.0.0.1', { 'x-forwarded-for': '203.0.113.5' });
      expect(proxied.statusCode).toBe(403);
      expect(proxied.json().error.code).toBe('FORBIDDEN');
      expect(proxied.body).not.toContain('permuta_orders');
    } finally {
      await t.close();
    }
  });

  it('with METRICS_TOKEN, answers only the bearer of the token, from anywhere', async () => {
    const token = 'metrics-token-0123456789';
    const t = await buildTestApp({ seed: false, env: { METRICS_TOKEN: token } });
    try {
      const ask = (authorization?: string) =>
        t.app.inject({
          url: '/metrics',
          remoteAddress: '203.0.113.5',
          headers: authorization ? { authorization } : {},
        });
      const none = await ask();
      expect(none.statusCode).toBe(401);
      expect(none.headers['www-authenticate']).toMatch(/^Bearer/);
      expect((await ask('Bearer wrong-token-0123456789')).statusCode).toBe(401);
      const local = await t.app.inject({ url: '/metrics' });
      expect(local.statusCode).toBe(401);
      const ok = await ask(`Bearer ${token}`);
      expect(ok.statusCode).toBe(200);
      expect(ok.body).toContain('permuta_orders{status="pending"}');
    } finally {
      await t.close();
    }
  });
});
