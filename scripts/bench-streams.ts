/**
 * Order-page event streams for `npm run bench` (decision 031): a client of
 * GET /api/v1/orders/:id/events as the browser's EventSource is one, and the part "5,000
 * concurrent order-page streams on one instance".
 *
 * Each stream holds its own socket (node:http without an agent, no keep-alive), never one of the
 * generator's pooled connections, which a held stream would take from the mix. It records every
 * `event: order` with the time it arrived and the order's status, and reconnects as the browser
 * does (after the stream's `retry`) when the server ends it before the order's final status.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { isFinalStatus } from '@permuta/contracts';
import type { OrderStatus } from '@permuta/contracts';
import type { BenchResult } from './bench-server.ts';
import { percentile } from './bench-server.ts';
import type { Client } from './bench-traffic.ts';
import { maxOf } from './bench-traffic.ts';

/** Longest wait for an event after the admin's answer before it counts as missing (an error). */
export const PUSH_TIMEOUT_MS = 5000;
/** what decision 031 promises: a change is on the page within a second */
export const PUSH_TARGET_MS = 1000;
/** streams one customer may hold at once (ORDER_STREAMS_LIMIT) */
export const STREAMS_PER_CUSTOMER_MAX = 8;

export interface OrderEvent {
  /** performance.now() when the event's last byte arrived */
  at: number;
  status: OrderStatus;
}

export interface EventStream {
  reference: string;
  /** every `event: order` so far, the first one (the order at opening) included */
  readonly events: OrderEvent[];
  /** times the server ended the stream and it was opened again */
  readonly reconnects: number;
  /** reconnections refused or broken, as text (a failure of the run) */
  readonly failures: string[];
  /**
   * The first event from index `from` on whose status passes `wanted`, waiting for it at most
   * `timeoutMs`; null when none came.
   */
  waitFor(
    from: number,
    wanted: (status: OrderStatus) => boolean,
    timeoutMs: number,
  ): Promise<OrderEvent | null>;
  close(): void;
}

interface Waiter {
  from: number;
  wanted: (status: OrderStatus) => boolean;
  resolve: (event: OrderEvent | null) => void;
  timer: NodeJS.Timeout;
}

/**
 * Opens the stream of order `reference` with the customer's session `cookie`; resolves once its
 * first `event: order` came (the page is live), rejects when the server refuses it.
 */
export function openEventStream(
  base: string,
  reference: string,
  cookie: string,
): Promise<EventStream> {
  const url = new URL(base);
  const events: OrderEvent[] = [];
  const failures: string[] = [];
  let waiters: Waiter[] = [];
  let closed = false;
  let reconnects = 0;
  let retryMs = 3000;
  let current: http.ClientRequest | null = null;

  const deliver = (event: OrderEvent) => {
    events.push(event);
    const index = events.length - 1;
    waiters = waiters.filter((w) => {
      if (index < w.from || !w.wanted(event.status)) return true;
      clearTimeout(w.timer);
      w.resolve(event);
      return false;
    });
  };

  const connect = (first: (error: Error | null) => void) => {
    const req = http.request(
      {
        agent: false,
        host: url.hostname,
        port: url.port,
        path: `/api/v1/orders/${reference}/events`,
        headers: { cookie, accept: 'text/event-stream' },
      },
      (res) => {
        if (res.statusCode !== 200) {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            first(
              new Error(`${res.statusCode}: ${Buffer.concat(chunks).toString().slice(0, 300)}`),
            ),
          );
          return;
        }
        res.setEncoding('utf8');
        let buffer = '';
        let live = false;
        res.on('data', (chunk: string) => {
          buffer += chunk;
          for (;;) {
            const end = buffer.indexOf('\n\n');
            if (end < 0) break;
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            let name = 'message';
            let data = '';
            for (const line of block.split('\n')) {
              if (line.startsWith('event: ')) name = line.slice(7);
              else if (line.startsWith('data: ')) data += line.slice(6);
              else if (line.startsWith('retry: ')) retryMs = Number(line.slice(7));
            }
            if (name !== 'order') continue;
            const view = JSON.parse(data) as { reference: string; status: OrderStatus };
            if (view.reference !== reference) {
              failures.push(`the stream of ${reference} carried ${view.reference}`);
            }
            deliver({ at: performance.now(), status: view.status });
            if (!live) {
              live = true;
              first(null);
            }
          }
        });
        res.on('close', () => {
          if (!live) first(new Error('the stream ended before its first event'));
          const last = events.at(-1);
          if (closed || (last && isFinalStatus(last.status))) return;
          // the server ended it (its lifetime): the browser comes back after `retry`
          setTimeout(() => {
            if (closed) return;
            reconnects += 1;
            connect((error) => {
              if (error) failures.push(`reconnecting ${reference}: ${error.message}`);
            });
          }, retryMs).unref();
        });
      },
    );
    req.on('error', (error) => {
      if (!closed) first(error);
    });
    req.end();
    current = req;
  };

  return new Promise((resolve, reject) => {
    let settled = false;
    connect((error) => {
      if (settled) {
        if (error) failures.push(`${reference}: ${error.message}`);
        return;
      }
      settled = true;
      if (error) {
        closed = true;
        reject(error);
        return;
      }
      resolve({
        reference,
        events,
        get reconnects() {
          return reconnects;
        },
        failures,
        waitFor(from, wanted, timeoutMs) {
          const found = events.slice(from).find((e) => wanted(e.status));
          if (found) return Promise.resolve(found);
          return new Promise((done) => {
            const waiter: Waiter = {
              from,
              wanted,
              resolve: done,
              timer: setTimeout(() => {
                waiters = waiters.filter((w) => w !== waiter);
                done(null);
              }, timeoutMs),
            };
            waiters.push(waiter);
          });
        },
        close() {
          closed = true;
          current?.destroy();
        },
      });
    });
  });
}

/** Opens every stream of `wanted`, `concurrency` at a time; the streams and how long it took. */
export async function openStreams(
  base: string,
  wanted: { reference: string; cookie: string }[],
  concurrency = 32,
): Promise<{ streams: EventStream[]; seconds: number }> {
  const streams: EventStream[] = [];
  const t0 = performance.now();
  let next = 0;
  try {
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < wanted.length) {
          const { reference, cookie } = wanted[next++]!;
          streams.push(await openEventStream(base, reference, cookie));
        }
      }),
    );
  } catch (error) {
    for (const s of streams) s.close();
    throw error;
  }
  return { streams, seconds: (performance.now() - t0) / 1000 };
}

/** The resident memory of a process in MB (VmRSS, /proc); null where unreadable. */
export function rssMbOf(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1];
    return kb === undefined ? null : Number(kb) / 1024;
  } catch {
    return null;
  }
}

/** The soft limit of open files of a process (/proc/<pid>/limits); null where unreadable. */
export function openFilesLimitOf(pid: number | 'self' | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const limits = readFileSync(`/proc/${pid}/limits`, 'utf8');
    const soft = /^Max open files\s+(\S+)/m.exec(limits)?.[1];
    if (soft === undefined) return null;
    return soft === 'unlimited' ? Number.POSITIVE_INFINITY : Number(soft);
  } catch {
    return null;
  }
}

/** A customer whose open order the admin may move from user_confirmed (confirm_funds). */
export interface MovableCustomer {
  cookie: string;
  reference: string;
  /** what they sent: the admin records it as received */
  amountSend: string;
  /** moved once already (by the mix or this part): not moved again */
  moved: boolean;
}

/**
 * The admin's move of a customer's open order: confirm_funds of the amount sent, from
 * user_confirmed to admin_confirmed. The answer, and when it came.
 */
export async function confirmFunds(client: Client, adminCookie: string, c: MovableCustomer) {
  c.moved = true;
  const answer = await client.send({
    method: 'POST',
    path: `/api/v1/admin/orders/${c.reference}/transition`,
    headers: { cookie: adminCookie },
    json: { action: 'confirm_funds', amountReceived: c.amountSend },
  });
  return { answer, answeredAt: performance.now() };
}

/** Any status but the one the move left: the move (or what the server did after it) arrived. */
export const movedOn = (status: OrderStatus) => status !== 'user_confirmed';

export interface StreamsPartOptions {
  base: string;
  client: Client;
  customers: MovableCustomer[];
  adminCookie: string;
  /** streams wanted (5,000; 500 in the short run) */
  streams: number;
  /** admin moves over their orders (~50) */
  moves: number;
  movesPerSecond: number;
  serverPid: number | undefined;
  log: (line: string) => void;
}

/**
 * "5,000 concurrent order-page streams on one instance": the streams opened on the customers'
 * open orders (the same number per customer, at most 8), the server's resident memory read with
 * them open, then admin moves over orders not moved yet, each stream of a moved order timed from
 * the admin's answer to its event.
 */
export async function runStreamsPart(opts: StreamsPartOptions): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  let total = opts.streams;
  // both ends hold one descriptor per stream: this process and the server
  const limits = [openFilesLimitOf('self'), openFilesLimitOf(opts.serverPid)];
  const limit = Math.min(...limits.map((l) => l ?? Number.POSITIVE_INFINITY));
  const spare = 512; // the pooled client, the database pool, files
  if (total + spare > limit) {
    const fits = Math.max(0, limit - spare);
    opts.log(
      `open files limit ${limit} (this process ${limits[0]}, the server ${limits[1]}) leaves room ` +
        `for ${fits} streams, not ${total}: scaled down (raise \`ulimit -n\` to measure all)`,
    );
    total = fits;
  }
  const perCustomer = Math.ceil(total / Math.max(1, opts.customers.length));
  if (perCustomer > STREAMS_PER_CUSTOMER_MAX) {
    const fits = opts.customers.length * STREAMS_PER_CUSTOMER_MAX;
    opts.log(
      `${opts.customers.length} customers hold at most ${fits} streams (8 each): scaled down`,
    );
    total = fits;
  }
  const holders = opts.customers.slice(0, Math.ceil(total / perCustomer));
  const wanted = Array.from({ length: total }, (_, i) => holders[i % holders.length]!);

  const rssBefore = rssMbOf(opts.serverPid);
  const opened = await openStreams(opts.base, wanted);
  try {
    opts.log(
      `${opened.streams.length} streams open (${perCustomer} per customer on ${holders.length} ` +
        `customers' open orders) in ${opened.seconds.toFixed(1)} s`,
    );
    await new Promise((r) => setTimeout(r, 1000));
    const rss = rssMbOf(opts.serverPid);
    const perStreamKb =
      rss !== null && rssBefore !== null ? ((rss - rssBefore) * 1024) / total : Number.NaN;
    opts.log(
      `the server's resident memory: ${rssBefore?.toFixed(0) ?? '?'} MB before the streams, ` +
        `${rss?.toFixed(0) ?? '?'} MB with them (${perStreamKb.toFixed(1)} KB a stream)`,
    );
    const label = total.toLocaleString('en-US');
    results.push({
      name: `the server's resident memory (VmRSS) with ${label} order-page streams open`,
      value: rss === null ? 'unreadable (no /proc)' : `${rss.toFixed(0)} MB`,
      target: '<= 400 MB',
      ok: rss === null || rss <= 400,
      skipped: rss === null,
      timing: true,
    });

    // the streams of each customer, by order
    const byReference = new Map<string, EventStream[]>();
    for (const s of opened.streams) {
      byReference.set(s.reference, [...(byReference.get(s.reference) ?? []), s]);
    }
    const movable = holders.filter((c) => !c.moved);
    const moves = Math.min(opts.moves, movable.length);
    const step = movable.length / Math.max(1, moves);
    const chosen = Array.from({ length: moves }, (_, i) => movable[Math.floor(i * step)]!);
    const latencies: number[] = [];
    const errors: string[] = [];
    let missing = 0;
    const moveLatencies: number[] = [];
    const t0 = performance.now();
    await Promise.all(
      chosen.map(async (customer, i) => {
        const due = t0 + (i * 1000) / opts.movesPerSecond;
        await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())));
        const streams = byReference.get(customer.reference)!;
        const marks = streams.map((s) => s.events.length);
        const { answer, answeredAt } = await confirmFunds(opts.client, opts.adminCookie, customer);
        moveLatencies.push(answeredAt - due);
        if (answer.status !== 200) {
          errors.push(
            `move of ${customer.reference}: ${answer.status} ${answer.body.slice(0, 200)}`,
          );
          return;
        }
        const seen = await Promise.all(
          streams.map((s, k) => s.waitFor(marks[k]!, movedOn, PUSH_TIMEOUT_MS)),
        );
        for (const event of seen) {
          if (event) latencies.push(Math.max(0, event.at - answeredAt));
          else missing += 1;
        }
      }),
    );
    const watched = chosen.reduce((n, c) => n + byReference.get(c.reference)!.length, 0);
    const late = latencies.filter((l) => l > PUSH_TARGET_MS).length;
    const max = maxOf(latencies);
    opts.log(
      `${moves} admin moves at ${opts.movesPerSecond}/s (answers p50 ` +
        `${percentile(moveLatencies, 50).toFixed(1)} ms, max ${maxOf(moveLatencies).toFixed(1)} ms): ` +
        `${watched} of the ${label} streams watched, ${latencies.length} events, p50 ` +
        `${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, ` +
        `max ${max.toFixed(1)} ms after the admin's answer; ${late} later than ${PUSH_TARGET_MS} ms, ` +
        `${missing} missing after ${PUSH_TIMEOUT_MS / 1000} s`,
    );
    for (const e of errors.slice(0, 3)) opts.log(`  failure: ${e}`);
    const streamFailures = opened.streams.flatMap((s) => s.failures);
    for (const f of streamFailures.slice(0, 3)) opts.log(`  stream failure: ${f}`);
    results.push({
      name: `with ${label} streams open: every stream of a moved order gets its event (max after the admin's answer)`,
      value:
        `${Number.isFinite(max) ? max.toFixed(0) : '-'} ms over ${latencies.length} events ` +
        `(${moves} orders moved, ${watched} of ${label} streams)`,
      target: `<= ${PUSH_TARGET_MS} ms`,
      ok: latencies.length > 0 && max <= PUSH_TARGET_MS,
      timing: true,
    });
    results.push({
      name: `with ${label} streams open: admin moves answered, every event arrived (within ${PUSH_TIMEOUT_MS / 1000} s)`,
      value: `${errors.length} moves failed, ${missing} events missing, ${streamFailures.length} stream failures`,
      target: 'no failures',
      ok: errors.length === 0 && missing === 0 && streamFailures.length === 0 && moves > 0,
    });
  } finally {
    for (const s of opened.streams) s.close();
  }
  return results;
}
