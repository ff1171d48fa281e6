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
import http from 'node:http';
import { isFinalStatus } from '@permuta/contracts';
import type { OrderStatus } from '@permuta/contracts';
import type { Client } from './bench-traffic.ts';

/** Longest wait for an event after the admin's answer before it counts as missing (an error). */
export const PUSH_TIMEOUT_MS = 5000;
/** what decision 031 promises: a change is on the page within a second */
export const PUSH_TARGET_MS = 1000;

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
