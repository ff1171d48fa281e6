import { request as httpRequest } from 'node:http';
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { orders } from '@permuta/db';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { signInAdmin } from '../../../test/auth-helpers.ts';
import type { TestAdmin } from '../../../test/auth-helpers.ts';
import { ORDER_STREAM_DEFAULTS } from './order-streams.ts';
import { insertOrder, trader } from './test-support.ts';
import type { Trader } from './test-support.ts';

/**
 * The order page's live stream (GET /api/v1/orders/:id/events) over a real connection: the
 * order's view at once, then after every committed change — through a route, a job or SQL from
 * elsewhere (the database's notification) — within a second.
 */

let t: TestApp;
let base: string;
let owner: Trader;
let stranger: Trader;
let admin: TestAdmin;

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  owner = await trader(t.app);
  stranger = await trader(t.app);
  admin = await signInAdmin(t.app);
});
afterAll(async () => t?.close());

interface Received {
  event: string;
  data: string;
}

/**
 * An open stream: its answer, and the events as they come. Each request on a socket of its own
 * (no pool): a pooled socket opened ahead of use and never used would hold the server's close.
 */
async function openStream(id: string, cookie: string, headers: Record<string, string> = {}) {
  const response = await new Promise<IncomingMessage>((resolve, reject) => {
    const req = httpRequest(`${base}/api/v1/orders/${id}/events`, {
      agent: false,
      headers: { ...(cookie ? { cookie } : {}), ...headers },
    });
    req.on('response', resolve).on('error', reject).end();
  });
  const events: Received[] = [];
  let raw = '';
  let body = '';
  let ended = false;
  response.setEncoding('utf8');
  response.on('data', (chunk: string) => {
    if (response.statusCode !== 200) {
      body += chunk;
      return;
    }
    raw += chunk;
    let cut: number;
    while ((cut = raw.indexOf('\n\n')) >= 0) {
      const lines = raw.slice(0, cut).split('\n');
      raw = raw.slice(cut + 2);
      const event = lines.find((l) => l.startsWith('event: '))?.slice(7);
      const data = lines.find((l) => l.startsWith('data: '))?.slice(6);
      if (event && data !== undefined) events.push({ event, data });
    }
  });
  const done = new Promise<void>((resolve) => {
    response
      .on('end', resolve)
      .on('close', resolve)
      .on('error', () => resolve());
  });
  void done.then(() => (ended = true));
  return {
    status: response.statusCode ?? 0,
    header: (name: string) => {
      const value = response.headers[name];
      return typeof value === 'string' ? value : null;
    },
    json: async () => {
      await done;
      return JSON.parse(body) as unknown;
    },
    events,
    statuses: () => events.map((e) => (JSON.parse(e.data) as { status: string }).status),
    ended: () => ended,
    close: async () => {
      response.destroy();
      await done;
    },
  };
}

async function adminMove(orderId: string, payload: object) {
  const answer = await t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/orders/${orderId}/transition`,
    headers: { cookie: admin.cookie },
    payload,
  });
  expect(answer.statusCode, answer.body).toBe(200);
}

describe('the order page pushed', () => {
  it("starts with the order's view, exactly what GET answers, as an event stream", async () => {
    const order = await insertOrder(t.app, owner.id);
    const stream = await openStream(order.reference, owner.cookie);
    expect(stream.status).toBe(200);
    expect(stream.header('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.header('cache-control')).toBe('no-cache, no-transform');
    expect(stream.header('x-request-id')).toBeTruthy();
    await expect.poll(() => stream.events.length).toBe(1);
    const page = await t.app.inject({
      url: `/api/v1/orders/${order.reference}`,
      headers: { cookie: owner.cookie },
    });
    expect(stream.events[0]!.event).toBe('order');
    expect(JSON.parse(stream.events[0]!.data)).toEqual(page.json());
    await stream.close();
  });

  it("carries an admin's move within a second, and the system's change from elsewhere too", async () => {
    const order = await insertOrder(t.app, owner.id, { status: 'user_confirmed' });
    const stream = await openStream(order.id, owner.cookie);
    await expect.poll(() => stream.statuses()).toEqual(['user_confirmed']);

    const moved = Date.now();
    await adminMove(order.id, { action: 'confirm_funds', amountReceived: '100' });
    await expect
      .poll(() => stream.statuses(), { timeout: 1000 })
      .toEqual(['user_confirmed', 'admin_confirmed']);
    expect(Date.now() - moved).toBeLessThan(1000);

    // a change no service of this process made: heard through the database's notification
    await t.app.db.update(orders).set({ txHash: 'from-elsewhere' }).where(eq(orders.id, order.id));
    await expect.poll(() => stream.events.length, { timeout: 1000 }).toBeGreaterThanOrEqual(3);
    expect(JSON.parse(stream.events.at(-1)!.data)).toMatchObject({ txHash: 'from-elsewhere' });
    await stream.close();
  });

  it('reads the order once per change, heard from the database only', async () => {
    const order = await insertOrder(t.app, owner.id, { status: 'user_confirmed' });
    const stream = await openStream(order.id, owner.cookie);
    await expect.poll(() => stream.statuses()).toEqual(['user_confirmed']);
    const reads = vi.spyOn(t.app.services.orders, 'page');
    try {
      await adminMove(order.id, { action: 'confirm_funds', amountReceived: '100' });
      await expect.poll(() => stream.statuses()).toEqual(['user_confirmed', 'admin_confirmed']);
      // told by this process and by the notification, it was read once all the same
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(reads).toHaveBeenCalledTimes(1);
    } finally {
      reads.mockRestore();
      await stream.close();
    }
  });

  it('ends the stream with the final status, after sending it', async () => {
    const order = await insertOrder(t.app, owner.id);
    const stream = await openStream(order.reference, owner.cookie);
    await expect.poll(() => stream.events.length).toBe(1);
    const canceled = await t.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${order.reference}/cancel`,
      headers: { cookie: owner.cookie },
    });
    expect(canceled.statusCode).toBe(200);
    await expect.poll(() => stream.ended(), { timeout: 1000 }).toBe(true);
    expect(stream.statuses()).toEqual(['pending', 'canceled']);
    await expect.poll(() => t.app.services.orderStreams.size).toBe(0);
  });

  it("refuses someone else's order (404), no session (401) and odd ids (4xx), in JSON", async () => {
    const order = await insertOrder(t.app, owner.id);
    const theirs = await openStream(order.reference, stranger.cookie, {
      'accept-language': 'pt-BR',
    });
    expect(theirs.status).toBe(404);
    expect(theirs.header('content-type')).toContain('application/json');
    const none = await openStream(order.reference, '');
    expect(none.status).toBe(401);
    for (const id of ['%00', 'EX-%00ABC', 'x'.repeat(5000)]) {
      const odd = await openStream(id, owner.cookie);
      expect(odd.status, id).toBeGreaterThanOrEqual(400);
      expect(odd.status, id).toBeLessThan(500);
    }
    expect(t.app.services.orderStreams.size).toBe(0);
  });

  it('sends no CORS permission to another origin', async () => {
    const order = await insertOrder(t.app, owner.id);
    const stream = await openStream(order.reference, owner.cookie, {
      origin: 'https://attacker.example',
    });
    expect(stream.header('access-control-allow-origin')).toBeNull();
    await stream.close();
  });

  it('holds at most a few streams per customer at once; the next is a 429 in their language', async () => {
    const order = await insertOrder(t.app, owner.id);
    const open = await Promise.all(
      Array.from({ length: ORDER_STREAM_DEFAULTS.maxPerUser }, () =>
        openStream(order.reference, owner.cookie),
      ),
    );
    expect(open.map((s) => s.status)).toEqual(
      Array.from({ length: ORDER_STREAM_DEFAULTS.maxPerUser }, () => 200),
    );
    const more = await openStream(order.reference, owner.cookie, { 'accept-language': 'pt-BR' });
    expect(more.status).toBe(429);
    const body = (await more.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('ORDER_STREAMS_LIMIT');
    expect(body.error.message).toContain('abas');
    // another customer is not held back by them
    const theirOrder = await insertOrder(t.app, stranger.id);
    const theirs = await openStream(theirOrder.reference, stranger.cookie);
    expect(theirs.status).toBe(200);
    await Promise.all([...open, theirs].map((s) => s.close()));
    await expect.poll(() => t.app.services.orderStreams.size).toBe(0);
  });
});
