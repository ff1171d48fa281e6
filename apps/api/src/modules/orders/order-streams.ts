import type { ServerResponse } from 'node:http';
import { isFinalStatus } from '@permuta/contracts';
import type { OrderView } from '@permuta/contracts';
import type { Log } from '../../lib/log.ts';

/**
 * The customer's order page, pushed (decision 031): each open page holds one server-sent-events
 * stream of its order. The stream starts with the order's view and carries the fresh view after
 * every committed change, told by `changed(orderId)` — from this process's order mover and from
 * the database's notifications of a change anywhere (another instance, a job, SQL by hand).
 *
 * - One read per change and order, whatever the number of its streams (all are its owner's);
 *   changes told while a read is running are folded into one more read after it.
 * - A stream ends after its order reaches a final status, after `lifetimeMs` (give or take a
 *   fifth, so that streams opened together do not all come back together): the browser
 *   reconnects on its own (after the stream's `retry`, drawn per stream from 2 to 8 s), and the
 *   new request checks the session again, so a signed-out or deactivated session stops
 *   receiving within that time. At most `maxPerUser` at once per
 *   customer (tabs); a comment every `heartbeatMs` keeps proxies from closing an idle stream.
 */
export interface OrderStreamsOptions {
  /** the view of `orderId` for its owner `userId`, or null when it is no longer theirs */
  readView(orderId: string, userId: string): Promise<OrderView | null>;
  log: Pick<Log, 'error'>;
  maxPerUser?: number;
  lifetimeMs?: number;
  heartbeatMs?: number;
  /**
   * The browser's wait before reconnecting, sent as the stream's `retry`: drawn per stream
   * between these two, so that the browsers of an instance that stopped (all its streams ended
   * at once) come back spread over the range instead of together.
   */
  retryMinMs?: number;
  retryMaxMs?: number;
}

export const ORDER_STREAM_DEFAULTS = {
  maxPerUser: 8,
  lifetimeMs: 5 * 60_000,
  heartbeatMs: 25_000,
  retryMinMs: 2000,
  retryMaxMs: 8000,
};

/**
 * A stream opened for someone other than the owner: a tracking grant (decision 059). Its view is
 * still read as the owner's, then shaped; it counts under `limitKey`, and ends by `endsBy` at
 * the latest (Date.now() time).
 */
export interface StreamViewer {
  limitKey: string;
  shape(view: OrderView): unknown;
  endsBy?: number;
}

interface Stream {
  /** the order's owner: whose view is read */
  userId: string;
  /** what the per-customer cap counts under (the owner's id, or a tracking grant's key) */
  limitKey: string;
  shape: ((view: OrderView) => unknown) | null;
  orderId: string;
  response: ServerResponse;
  /** when the stream ends (Date.now() time) */
  endsAt: number;
  /** the JSON of the view sent last */
  last: string;
}

/** How often the one clock of every stream looks at their ends and heartbeats (at most). */
const TICK_MS = 1000;

export interface OrderStreams {
  /** whether `userId` (or a viewer's `limitKey`) may open one more stream */
  canOpen(userId: string): boolean;
  /**
   * Starts the stream of `view` on `response` (the request's raw response, taken over from the
   * framework) with the response headers given; ends with the connection.
   */
  open(
    response: ServerResponse,
    headers: Record<string, string>,
    userId: string,
    view: OrderView,
    viewer?: StreamViewer,
  ): void;
  /** an order changed (its id), or every order ('*') */
  changed(orderId: string): void;
  /** ends every stream (the server is closing) */
  closeAll(): void;
  /** open streams (metrics and tests) */
  readonly size: number;
}

export function createOrderStreams(options: OrderStreamsOptions): OrderStreams {
  const maxPerUser = options.maxPerUser ?? ORDER_STREAM_DEFAULTS.maxPerUser;
  const lifetimeMs = options.lifetimeMs ?? ORDER_STREAM_DEFAULTS.lifetimeMs;
  const heartbeatMs = options.heartbeatMs ?? ORDER_STREAM_DEFAULTS.heartbeatMs;
  const retryMinMs = options.retryMinMs ?? ORDER_STREAM_DEFAULTS.retryMinMs;
  const retryMaxMs = Math.max(retryMinMs, options.retryMaxMs ?? ORDER_STREAM_DEFAULTS.retryMaxMs);
  const byOrder = new Map<string, Set<Stream>>();
  const perUser = new Map<string, number>();
  /** orders being read: true when another change came in meanwhile */
  const reading = new Map<string, boolean>();

  let size = 0;

  /**
   * One clock for every stream (not two timers each: thousands of open pages): it ends the
   * streams whose time is up and sends the heartbeat to all every `heartbeatMs`. It runs only
   * while a stream is open.
   */
  let clock: NodeJS.Timeout | null = null;
  let pingedAt = 0;
  function tick(): void {
    const now = Date.now();
    const ping = now - pingedAt >= heartbeatMs;
    if (ping) pingedAt = now;
    for (const streams of [...byOrder.values()]) {
      for (const stream of [...streams]) {
        if (now >= stream.endsAt) end(stream);
        else if (ping) write(stream, ': ping\n\n');
      }
    }
  }
  function startClock(): void {
    if (clock) return;
    pingedAt = Date.now();
    clock = setInterval(tick, Math.min(TICK_MS, heartbeatMs, lifetimeMs / 2));
    clock.unref();
  }
  function stopClock(): void {
    if (!clock || size > 0) return;
    clearInterval(clock);
    clock = null;
  }

  function write(stream: Stream, text: string): void {
    if (!stream.response.writableEnded) stream.response.write(text);
  }

  /** Sends `view` unless it is the one this stream had last (a change heard twice). */
  function send(stream: Stream, view: OrderView, json = JSON.stringify(view)): void {
    if (stream.shape) json = JSON.stringify(stream.shape(view));
    if (json === stream.last) return;
    stream.last = json;
    write(stream, `event: order\ndata: ${json}\n\n`);
    if (isFinalStatus(view.status)) end(stream);
  }

  function end(stream: Stream): void {
    if (!stream.response.writableEnded) stream.response.end();
    forget(stream);
  }

  function forget(stream: Stream): void {
    const streams = byOrder.get(stream.orderId);
    if (!streams?.delete(stream)) return;
    if (streams.size === 0) byOrder.delete(stream.orderId);
    const open = (perUser.get(stream.limitKey) ?? 1) - 1;
    if (open > 0) perUser.set(stream.limitKey, open);
    else perUser.delete(stream.limitKey);
    size -= 1;
    stopClock();
  }

  async function refresh(orderId: string): Promise<void> {
    try {
      do {
        reading.set(orderId, false);
        const streams = byOrder.get(orderId);
        const first = streams?.values().next().value;
        if (!first) return;
        const view = await options.readView(orderId, first.userId);
        const json = view ? JSON.stringify(view) : '';
        // every stream of an order reads its owner's view (a viewer's is shaped from it)
        for (const stream of [...(byOrder.get(orderId) ?? [])]) {
          if (view) send(stream, view, json);
          else end(stream);
        }
      } while (reading.get(orderId) === true);
    } catch (error) {
      options.log.error({ err: error, orderId }, 'order stream not refreshed');
    } finally {
      reading.delete(orderId);
    }
  }

  function changedOne(orderId: string): void {
    if (!byOrder.has(orderId)) return;
    if (reading.has(orderId)) {
      reading.set(orderId, true);
      return;
    }
    reading.set(orderId, false);
    void refresh(orderId);
  }

  return {
    canOpen: (userId) => (perUser.get(userId) ?? 0) < maxPerUser,

    open(response, headers, userId, view, viewer) {
      // give or take a fifth, so that streams opened together do not all come back together
      const endsAt = Math.min(
        Date.now() + lifetimeMs * (0.8 + Math.random() * 0.4),
        viewer?.endsBy ?? Infinity,
      );
      const stream: Stream = {
        userId,
        limitKey: viewer?.limitKey ?? userId,
        shape: viewer ? (v) => viewer.shape(v) : null,
        orderId: view.id,
        response,
        endsAt,
        last: '',
      };
      response.writeHead(200, {
        ...headers,
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        'x-accel-buffering': 'no',
      });
      // the browser keeps the last retry it got: a crash's reconnects are spread as well
      const retryMs = retryMinMs + Math.floor(Math.random() * (retryMaxMs - retryMinMs + 1));
      response.write(`retry: ${retryMs}\n\n`);
      let streams = byOrder.get(view.id);
      if (!streams) byOrder.set(view.id, (streams = new Set()));
      streams.add(stream);
      perUser.set(stream.limitKey, (perUser.get(stream.limitKey) ?? 0) + 1);
      size += 1;
      response.on('close', () => forget(stream));
      startClock();
      send(stream, view);
    },

    changed(orderId) {
      if (orderId === '*') for (const id of [...byOrder.keys()]) changedOne(id);
      else changedOne(orderId);
    },

    closeAll() {
      for (const streams of [...byOrder.values()]) for (const stream of [...streams]) end(stream);
    },

    get size() {
      return size;
    },
  };
}
