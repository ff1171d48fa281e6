/**
 * The order-creation ceiling of `npm run bench` (`BENCH_ONLY=orders`; in the full run, not in the
 * short one): how many orders a second one instance creates on PostgreSQL before they queue, and
 * where they queue. An order's creation locks the row of the token it will pay out
 * (`lockToken`, FOR NO KEY UPDATE, modules/treasury) until its transaction commits, so the
 * creations of one token received run one after another; creations of different tokens do not
 * wait for each other.
 *
 * On a fresh database `permuta_bench_orders_<random>` of BENCH_DATABASE_URL (dropped at the end):
 * BENCH_ORDER_CUSTOMERS (64) customers, each with a PIX, USDT TRC20, BTC and Deriv wallet, the
 * per-customer limits of open orders and of value per day lifted (a customer here orders far
 * faster than a person), stock credited for every token. Then a closed loop at rising
 * concurrency (1 to 64 in flight, each task in flight with a customer of its own, so that no
 * customer's own row lock is measured): each task is a quote lock (POST /api/v1/orders/quote) then the order
 * (POST /api/v1/orders), values of R$ 200 to R$ 5,000 drawn as the mix draws them, either
 *
 * - ONE pair: PIX sent, USDT (TRC20) received: every creation queues on the USDT row; or
 * - SPREAD: the token received drawn evenly from PIX, USDT, BTC and DERIV, then any pair the
 *   catalogue quotes into it.
 *
 * Reported per step: orders/s, p50/p99 of the creation and of the pair (lock + create); the share
 * of the database's active backends waiting on a lock (pg_stat_activity sampled every 50 ms:
 * wait_event_type = 'Lock'); CPU seconds per order of the server and of PostgreSQL. After the
 * runs, the bytes the database grew per order created (pg_total_relation_size of every table,
 * before and after: orders, their events, audit rows, jobs, quotes...).
 *
 * BENCH_LEDGER_ENTRIES (0): before the runs, that many more adjustment entries in the ledger of
 * each token received (PIX, USDT, BTC, DERIV; alternately +1 and -1, so the stock is unchanged): what the stock check of an
 * order faces after months of orders (decision 064).
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { createDb, settings } from '@permuta/db';
import type { DbHandle } from '@permuta/db';
import { createCustomers, stockTokens } from './bench-customers.ts';
import type { BenchCustomer } from './bench-customers.ts';
import { loadQuotes } from './bench-mix.ts';
import type { QuoteInput } from './bench-mix.ts';
import { freePort, percentile, startServer, stop } from './bench-server.ts';
import type { BenchResult } from './bench-server.ts';
import {
  closedLoop,
  cpuSecondsOf,
  createClient,
  postgresCpuSeconds,
  seededRandom,
} from './bench-traffic.ts';
import type { Client } from './bench-traffic.ts';

const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const LADDER = [1, 2, 4, 8, 16, 32, 64];
const CUSTOMERS = Math.max(
  Number(process.env.BENCH_ORDER_CUSTOMERS ?? 64),
  LADDER[LADDER.length - 1]!,
);
const STEP_SECONDS = Number(process.env.BENCH_ORDER_STEP_SECONDS ?? 5);
const LEDGER_ENTRIES = Math.max(0, Math.floor(Number(process.env.BENCH_LEDGER_ENTRIES ?? 0)));
const SAMPLE_MS = 50;

function log(line: string) {
  console.info(`[orders] ${line}`);
}

/** The wallet an order of `input` pays into: `token/network` of the token received. */
function walletKey(input: QuoteInput): string {
  if (input.receive === 'PIX') return 'PIX/BRL';
  if (input.receive === 'DERIV') return 'DERIV/USD';
  return `${input.receive}/${input.network}`;
}

interface StepFigures {
  concurrency: number;
  ordersPerSecond: number;
  failures: number;
  createP50: number;
  createP99: number;
  pairP99: number;
  /** active backends of the database waiting on a lock ÷ active backends, over the samples */
  lockShare: number;
  /** backends waiting on a lock, on average */
  lockWaiters: number;
  serverCpuMsPerOrder: number | null;
  postgresCpuMsPerOrder: number | null;
}

async function runLadder(opts: {
  label: string;
  base: string;
  client: Client;
  customers: BenchCustomer[];
  draw: () => QuoteInput;
  handle: DbHandle;
  serverPid: number | undefined;
}): Promise<StepFigures[]> {
  const steps: StepFigures[] = [];
  const samples: string[] = [];
  for (const concurrency of LADDER) {
    const creates: number[] = [];
    const pairs: number[] = [];
    let failures = 0;
    let created = 0;
    // a customer per task in flight, taken from the free ones and given back: their own row
    // lock (one creation of a customer at a time) is not what is measured
    const free = opts.customers.slice(0, concurrency);
    const task = async (): Promise<number> => {
      const customer = free.pop()!;
      try {
        return await placeOne(customer);
      } finally {
        free.push(customer);
      }
    };
    const placeOne = async (customer: BenchCustomer): Promise<number> => {
      const input = opts.draw();
      const t0 = performance.now();
      const locked = await opts.client.send({
        method: 'POST',
        path: '/api/v1/orders/quote',
        headers: { cookie: customer.cookie },
        json: input,
      });
      if (locked.status !== 200) {
        failures += 1;
        if (samples.length < 3)
          samples.push(`quote ${locked.status}: ${locked.body.slice(0, 200)}`);
        return 0;
      }
      const { quoteToken } = JSON.parse(locked.body) as { quoteToken: string };
      const t1 = performance.now();
      const answer = await opts.client.send({
        method: 'POST',
        path: '/api/v1/orders',
        headers: { cookie: customer.cookie, 'idempotency-key': `bench-${randomUUID()}` },
        json: {
          quoteToken,
          walletId: customer.walletIds[walletKey(input)],
          ...(input.send === 'PIX' ? { paymentMethod: 'pix' } : {}),
        },
      });
      const t2 = performance.now();
      if (answer.status !== 201) {
        failures += 1;
        if (samples.length < 3)
          samples.push(`order ${answer.status}: ${answer.body.slice(0, 200)}`);
        return 0;
      }
      creates.push(t2 - t1);
      pairs.push(t2 - t0);
      created += 1;
      return 1;
    };

    // the lock waits, sampled from another connection while the step runs
    let sampled = 0;
    let waiting = 0;
    let active = 0;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const { rows } = await opts.handle.pool!.query<{ waiting: number; active: number }>(
          `SELECT count(*) FILTER (WHERE wait_event_type = 'Lock')::int AS waiting,
                  count(*)::int AS active
             FROM pg_stat_activity
            WHERE datname = current_database() AND state = 'active'
              AND pid <> pg_backend_pid()`,
        );
        sampled += 1;
        waiting += rows[0]!.waiting;
        active += rows[0]!.active;
        await new Promise((r) => setTimeout(r, SAMPLE_MS));
      }
    })();
    const cpu0 = cpuSecondsOf(opts.serverPid);
    const pg0 = postgresCpuSeconds();
    const before = created;
    const perSecond = await closedLoop(task, concurrency, STEP_SECONDS);
    const all = created - before;
    const cpu1 = cpuSecondsOf(opts.serverPid);
    const pg1 = postgresCpuSeconds();
    sampling = false;
    await sampler;
    const figures: StepFigures = {
      concurrency,
      ordersPerSecond: perSecond,
      failures,
      createP50: percentile(creates, 50),
      createP99: percentile(creates, 99),
      pairP99: percentile(pairs, 99),
      lockShare: active ? waiting / active : 0,
      lockWaiters: sampled ? waiting / sampled : 0,
      serverCpuMsPerOrder:
        cpu0 !== null && cpu1 !== null && all ? ((cpu1 - cpu0) * 1000) / all : null,
      postgresCpuMsPerOrder:
        pg0 !== null && pg1 !== null && all ? ((pg1 - pg0) * 1000) / all : null,
    };
    steps.push(figures);
    const cpu = (v: number | null) => (v === null ? '?' : v.toFixed(1));
    log(
      `${opts.label}, ${String(concurrency).padStart(2)} in flight: ` +
        `${perSecond.toFixed(1)} orders/s; create p50 ${figures.createP50.toFixed(0)} ms, ` +
        `p99 ${figures.createP99.toFixed(0)} ms; lock + create p99 ${figures.pairP99.toFixed(0)} ms; ` +
        `backends waiting on a lock ${(figures.lockShare * 100).toFixed(0)} % of active ` +
        `(${figures.lockWaiters.toFixed(1)} on average); CPU per order: server ` +
        `${cpu(figures.serverCpuMsPerOrder)} ms, PostgreSQL ${cpu(figures.postgresCpuMsPerOrder)} ms` +
        (failures ? `; ${failures} FAILED` : '') +
        `; load average ${os.loadavg()[0]!.toFixed(1)}`,
    );
  }
  for (const sample of samples) log(`  a failure: ${sample}`);
  return steps;
}

/** Bytes of every table (with its indexes and TOAST) of the database, by schema.name. */
async function tableSizes(handle: DbHandle): Promise<Map<string, number>> {
  const { rows } = await handle.pool!.query<{ name: string; bytes: string }>(
    `SELECT n.nspname || '.' || c.relname AS name, pg_total_relation_size(c.oid)::text AS bytes
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind IN ('r', 'p') AND n.nspname NOT IN ('pg_catalog', 'information_schema')`,
  );
  return new Map(rows.map((r) => [r.name, Number(r.bytes)]));
}

export async function runOrderCeiling(results: BenchResult[]): Promise<void> {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? DEFAULT_URL;
  const server = await createDb({ databaseUrl: serverUrl, dataDir: '' });
  try {
    await server.ping();
  } catch (error) {
    log(`SKIPPED: no PostgreSQL answers at BENCH_DATABASE_URL (${String(error)})`);
    results.push({
      name: 'order creation ceiling (PostgreSQL)',
      value: 'skipped, no PostgreSQL',
      target: 'a server at BENCH_DATABASE_URL',
      ok: false,
      skipped: true,
    });
    await server.close().catch(() => undefined);
    return;
  }
  const name = `permuta_bench_orders_${randomBytes(6).toString('hex')}`;
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'permuta-bench-orders-'));
  let child: ChildProcess | null = null;
  let handle: DbHandle | null = null;
  let client: Client | null = null;
  try {
    log(`creating database ${name}; starting the server on it`);
    await server.pool!.query(`CREATE DATABASE ${name}`);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const started = await startServer(port, {
      DATA_DIR: dataDir,
      DATABASE_URL: url.toString(),
      AUTH_SECRET: randomBytes(32).toString('hex'),
    });
    child = started.child;
    handle = await createDb({ databaseUrl: url.toString(), dataDir: '' });
    const db = handle.db;
    await db.update(settings).set({
      customerMaxOpenOrders: 1_000_000,
      customerMaxDailyBrl: '1000000000000',
      tier2DailyBrl: '1000000000000',
      tier2MonthlyBrl: '1000000000000',
    });
    await stockTokens(db);
    let t0 = performance.now();
    if (LEDGER_ENTRIES > 0) {
      // +1, -1, +1 ... after the stock credit: the sum never goes below it
      await db.execute(sql`
        INSERT INTO treasury_entries (token_id, direction, amount, kind, note)
        SELECT t.id, (CASE WHEN g % 2 = 1 THEN 'credit' ELSE 'debit' END)::treasury_direction,
               1, 'adjustment', 'Benchmark ledger'
        FROM tokens t CROSS JOIN generate_series(1, ${LEDGER_ENTRIES}) AS g
        WHERE t.code IN ('PIX', 'USDT', 'BTC', 'DERIV')`);
      await db.execute(sql`ANALYZE treasury_entries`);
      log(
        `${LEDGER_ENTRIES.toLocaleString('en-US')} more ledger entries per token in ` +
          `${((performance.now() - t0) / 1000).toFixed(1)} s`,
      );
      t0 = performance.now();
    }
    const customers = await createCustomers(base, db, CUSTOMERS, {
      concurrency: 4,
      extraWallets: ['BTC/BTC', 'DERIV/USD'],
    });
    log(
      `${customers.length} customers (PIX, USDT TRC20, BTC and Deriv wallets) in ` +
        `${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    client = createClient(base);
    const quotes = await loadQuotes(client, (line) => log(line));
    const walletKeys = new Set(Object.keys(customers[0]!.walletIds));
    const random = seededRandom(Number(process.env.BENCH_SEED ?? 29) + 2);
    const onePair = (input: QuoteInput) =>
      input.send === 'PIX' && input.receive === 'USDT' && input.network === 'TRC20';
    const spread = (input: QuoteInput) => walletKeys.has(walletKey(input));
    // the token received drawn first, evenly: most pairs of the catalogue pay out PIX
    const received = ['PIX', 'USDT', 'BTC', 'DERIV'];
    const drawSpread = () => {
      const token = received[Math.floor(random() * received.length)]!;
      return quotes.drawInto(random, (input) => input.receive === token && spread(input));
    };

    const sizesBefore = await tableSizes(handle);
    const { rows: countBefore } = await handle.pool!.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM orders',
    );

    const ladders: { label: string; steps: StepFigures[] }[] = [];
    for (const [label, draw] of [
      ['one pair (PIX -> USDT TRC20)', () => quotes.drawInto(random, onePair)],
      ['spread (the token received drawn evenly from PIX, USDT, BTC, DERIV)', drawSpread],
    ] as const) {
      log(
        `closed loop, ${label}: quote lock + order, ${STEP_SECONDS} s per step, ` +
          `load average before ${os
            .loadavg()
            .map((l) => l.toFixed(1))
            .join(' ')}`,
      );
      t0 = performance.now();
      const steps = await runLadder({
        label,
        base,
        client,
        customers,
        draw,
        handle,
        serverPid: child.pid,
      });
      ladders.push({ label, steps });
      const best = steps.reduce((a, b) => (b.ordersPerSecond > a.ordersPerSecond ? b : a));
      const failed = steps.reduce((n, s) => n + s.failures, 0);
      results.push({
        name: `order creation ceiling, ${label}: best orders/s (closed loop, 1-64 in flight)`,
        value:
          `${best.ordersPerSecond.toFixed(0)} orders/s at ${best.concurrency} in flight ` +
          `(create p99 ${best.createP99.toFixed(0)} ms, lock waits ${(best.lockShare * 100).toFixed(0)} % ` +
          `of active backends; load average ${os.loadavg()[0]!.toFixed(1)})`,
        target: 'reported',
        ok: failed === 0,
      });
    }
    const [single, several] = ladders.map((l) =>
      Math.max(...l.steps.map((s) => s.ordersPerSecond)),
    ) as [number, number];
    results.push({
      name: 'order creation ceiling: spread over 4 tokens ÷ one pair',
      value: (several / single).toFixed(2),
      target: 'reported',
      ok: true,
    });

    const { rows: countAfter } = await handle.pool!.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM orders',
    );
    const made = countAfter[0]!.n - countBefore[0]!.n;
    const sizesAfter = await tableSizes(handle);
    const grown = [...sizesAfter]
      .map(([table, bytes]) => ({ table, bytes: bytes - (sizesBefore.get(table) ?? 0) }))
      .filter((g) => g.bytes > 0)
      .sort((a, b) => b.bytes - a.bytes);
    const total = grown.reduce((n, g) => n + g.bytes, 0);
    log(
      `the database grew ${(total / 1024 / 1024).toFixed(1)} MB for ${made} orders created ` +
        `(pending, not yet paid): ${(total / Math.max(1, made) / 1024).toFixed(2)} KB per order`,
    );
    for (const g of grown.slice(0, 12)) {
      log(`  ${g.table}: ${(g.bytes / Math.max(1, made)).toFixed(0)} bytes per order`);
    }
    results.push({
      name: 'database growth per order created (every table with its indexes, pending orders)',
      value: `${(total / Math.max(1, made) / 1024).toFixed(2)} KB (${made} orders)`,
      target: 'reported',
      ok: made > 0,
    });
  } catch (error) {
    log(`stopped: ${String(error)}`);
    results.push({
      name: 'order creation ceiling',
      value: `stopped: ${error instanceof Error ? error.message : String(error)}`,
      target: 'run to the end',
      ok: false,
    });
  } finally {
    client?.close();
    if (child) await stop(child);
    if (handle) await handle.close();
    try {
      await server.pool!.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } catch (error) {
      log(`could not drop database ${name}: ${String(error)}`);
    }
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
