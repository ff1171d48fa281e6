import { request as httpRequest } from 'node:http';
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderTrackingCodes, orderTrackingGrants } from '@permuta/db';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { signInAdmin } from '../../../test/auth-helpers.ts';
import type { TestAdmin } from '../../../test/auth-helpers.ts';
import { deliverEmails, insertOrder, trader } from '../orders/test-support.ts';
import type { Trader } from '../orders/test-support.ts';

/**
 * Order tracking without signing in (decision 059): reference + e-mail -> a code e-mailed to the
 * owner -> a read-only grant of that one order, live.
 */

let t: TestApp;
let base: string;
let owner: Trader;
let english: Trader;
let stranger: Trader;
let admin: TestAdmin;

const ORIGIN = 'http://localhost:3000';

beforeAll(async () => {
  t = await buildTestApp({ env: { PUBLIC_URL: ORIGIN } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  owner = await trader(t.app);
  english = await trader(t.app, { locale: 'en-US' });
  stranger = await trader(t.app);
  admin = await signInAdmin(t.app);
});
afterAll(async () => t?.close());

const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
function reference(): string {
  return `EX-${[...randomBytes(5)].map((b) => ALPHABET[b % ALPHABET.length]).join('')}`;
}

async function order(who: Trader, values: Parameters<typeof insertOrder>[2] = {}) {
  return insertOrder(t.app, who.id, { reference: reference(), ...values });
}

function post(url: string, payload: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: { 'accept-language': 'en-US', ...headers },
  });
}

/** Waits for the codes being written after their answers, then sends the queued e-mails. */
async function sent(): Promise<void> {
  await t.app.services.tracking.settle();
  await deliverEmails(t.app);
}

const codeMails = (email: string, ref: string) =>
  t.mail.to(email).filter((m) => m.subject.includes(ref));
const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? '';

/** Asks for a code and reads it from the owner's mailbox (the `nth` code mail of the order). */
async function codeFor(who: Trader, ref: string, nth = 1): Promise<string> {
  const asked = await post('/api/v1/track/code', { reference: ref, email: who.email });
  expect(asked.statusCode, asked.body).toBe(202);
  await sent();
  await expect.poll(() => codeMails(who.email, ref).length).toBeGreaterThanOrEqual(nth);
  return codeIn(codeMails(who.email, ref)[nth - 1]!.text);
}

/** A grant's cookie (`track_token=...`) for the order, through the e-mailed code. */
async function grantFor(who: Trader, ref: string): Promise<string> {
  const code = await codeFor(who, ref);
  const verified = await post('/api/v1/track/verify', { reference: ref, email: who.email, code });
  expect(verified.statusCode, verified.body).toBe(200);
  const cookie = verified.cookies.find((c) => c.name === 'track_token');
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/v1/track' });
  expect(cookie!.maxAge).toBe(7200);
  return `track_token=${cookie!.value}`;
}

describe('asking for a code', () => {
  it("e-mails one code, only to the order's owner, in the owner's language", async () => {
    const mine = await order(english);
    const code = await codeFor(english, mine.reference);
    expect(code).toMatch(/^\d{6}$/);
    const mails = codeMails(english.email, mine.reference);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('Your code to follow order');
    expect(t.mail.messages.filter((m) => m.text.includes(code))).toHaveLength(1);
    // stored as a hash only
    const [row] = await t.app.db
      .select()
      .from(orderTrackingCodes)
      .where(eq(orderTrackingCodes.orderId, mine.id));
    expect(row!.codeHash).not.toContain(code);

    const ptOrder = await order(owner);
    await codeFor(owner, ptOrder.reference);
    expect(codeMails(owner.email, ptOrder.reference)[0]!.subject).toContain(
      'Seu código para acompanhar o pedido',
    );
  });

  it('answers the same whether the reference and e-mail match or not, and sends nothing then', async () => {
    const mine = await order(owner);
    const before = t.mail.messages.length;
    const answers = await Promise.all([
      post('/api/v1/track/code', { reference: mine.reference, email: stranger.email }),
      post('/api/v1/track/code', { reference: reference(), email: owner.email }),
      post('/api/v1/track/code', { reference: mine.reference, email: owner.email }),
    ]);
    const bodies = answers.map((a) => [a.statusCode, a.body]);
    expect(bodies[0]).toEqual(bodies[2]);
    expect(bodies[1]).toEqual(bodies[2]);
    await sent();
    await expect.poll(() => t.mail.messages.length).toBe(before + 1);
    expect(codeMails(owner.email, mine.reference)).toHaveLength(1);
    expect(codeMails(stranger.email, mine.reference)).toHaveLength(0);
  });

  it('takes about the same time for a pair that does not exist', async () => {
    const timeOf = async (payload: object) => {
      await sent();
      const started = process.hrtime.bigint();
      await post('/api/v1/track/code', payload);
      return Number(process.hrtime.bigint() - started) / 1e6;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const mine = await order(owner);
      known.push(await timeOf({ reference: mine.reference, email: owner.email }));
      unknown.push(await timeOf({ reference: reference(), email: owner.email }));
    }
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const [a, b] = [median(known), median(unknown)];
    expect(Math.abs(a - b), `known ${a} ms, unknown ${b} ms`).toBeLessThan(25);
  });

  it('sends one code when two requests come at once, and one per minute at most', async () => {
    const mine = await order(owner);
    const both = await Promise.all([
      post('/api/v1/track/code', { reference: mine.reference, email: owner.email }),
      post('/api/v1/track/code', { reference: mine.reference, email: owner.email }),
    ]);
    expect(both.map((a) => a.statusCode)).toEqual([202, 202]);
    expect(both[0]!.body).toBe(both[1]!.body);
    await sent();
    await expect.poll(() => codeMails(owner.email, mine.reference).length).toBe(1);
    const again = await post('/api/v1/track/code', {
      reference: mine.reference,
      email: owner.email,
    });
    expect(again.statusCode).toBe(202);
    await sent();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(codeMails(owner.email, mine.reference)).toHaveLength(1);
  });

  it('refuses NUL bytes, absurd sizes and malformed input with a 400, never a 500', async () => {
    const mine = await order(owner);
    const bad = [
      { reference: `${mine.reference}\u0000`, email: owner.email },
      { reference: mine.reference, email: `${owner.email}\u0000` },
      { reference: 'x'.repeat(100_000), email: owner.email },
      { reference: mine.reference, email: `${'a'.repeat(5000)}@x.com` },
      { reference: ["EX-' OR 1=1 --"], email: owner.email },
      { reference: mine.reference },
      {},
    ];
    for (const payload of bad) {
      const answer = await post('/api/v1/track/code', payload);
      expect(answer.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
    }
    const notJson = await post('/api/v1/track/code', 'reference=EX-1&email=a', {
      'content-type': 'text/plain',
    });
    expect(notJson.statusCode).toBe(400);
    const verify = await post('/api/v1/track/verify', {
      reference: mine.reference,
      email: owner.email,
      code: '12345\u0000',
    });
    expect(verify.statusCode).toBe(400);
    await sent();
    expect(codeMails(owner.email, mine.reference)).toHaveLength(0);
  });

  it('refuses a request from another origin (403), whatever cookie it carries', async () => {
    const mine = await order(owner);
    const others: Record<string, string>[] = [
      { origin: 'https://attacker.example' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of others) {
      const asked = await post(
        '/api/v1/track/code',
        { reference: mine.reference, email: owner.email },
        headers,
      );
      expect(asked.statusCode).toBe(403);
      expect(asked.json().error.code).toBe('CROSS_ORIGIN_REQUEST');
      const verify = await post(
        '/api/v1/track/verify',
        { reference: mine.reference, email: owner.email, code: '123456' },
        headers,
      );
      expect(verify.statusCode).toBe(403);
    }
    const ours = await post(
      '/api/v1/track/code',
      { reference: mine.reference, email: owner.email },
      { origin: ORIGIN },
    );
    expect(ours.statusCode).toBe(202);
    await sent();
    await expect.poll(() => codeMails(owner.email, mine.reference).length).toBe(1);
  });
});

describe('checking the code', () => {
  it('locks after 5 wrong codes: the right one is refused then', async () => {
    const mine = await order(owner);
    const code = await codeFor(owner, mine.reference);
    const wrong = code === '000000' ? '111111' : '000000';
    const body = (c: string) => ({ reference: mine.reference, email: owner.email, code: c });
    const codes: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      codes.push((await post('/api/v1/track/verify', body(wrong))).json().error.code);
    }
    expect(codes).toEqual([
      'TRACKING_CODE_INVALID',
      'TRACKING_CODE_INVALID',
      'TRACKING_CODE_INVALID',
      'TRACKING_CODE_INVALID',
      'TRACKING_CODE_ATTEMPTS',
    ]);
    const right = await post('/api/v1/track/verify', body(code));
    expect(right.statusCode).toBe(400);
    expect(right.json().error.code).toBe('TRACKING_CODE_ATTEMPTS');
    expect(right.cookies).toHaveLength(0);
  });

  it('counts wrong codes sent at once one after the other', async () => {
    const mine = await order(owner);
    const code = await codeFor(owner, mine.reference);
    const wrong = code === '000000' ? '111111' : '000000';
    await Promise.all(
      Array.from({ length: 8 }, () =>
        post('/api/v1/track/verify', {
          reference: mine.reference,
          email: owner.email,
          code: wrong,
        }),
      ),
    );
    const [row] = await t.app.db
      .select()
      .from(orderTrackingCodes)
      .where(eq(orderTrackingCodes.orderId, mine.id));
    expect(row!.failedAttempts).toBe(5);
    const right = await post('/api/v1/track/verify', {
      reference: mine.reference,
      email: owner.email,
      code,
    });
    expect(right.json().error.code).toBe('TRACKING_CODE_ATTEMPTS');
  });

  it('refuses an expired code, a code with another e-mail, and a used code', async () => {
    const mine = await order(owner);
    const code = await codeFor(owner, mine.reference);
    const other = await post('/api/v1/track/verify', {
      reference: mine.reference,
      email: stranger.email,
      code,
    });
    expect(other.json().error.code).toBe('TRACKING_CODE_INVALID');
    await t.app.db
      .update(orderTrackingCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orderTrackingCodes.orderId, mine.id));
    const expired = await post('/api/v1/track/verify', {
      reference: mine.reference,
      email: owner.email,
      code,
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error.code).toBe('TRACKING_CODE_INVALID');

    const second = await order(owner);
    const cookie = await grantFor(owner, second.reference);
    expect(cookie).toMatch(/^track_token=/);
    const code2 = codeIn(codeMails(owner.email, second.reference)[0]!.text);
    const reused = await post('/api/v1/track/verify', {
      reference: second.reference,
      email: owner.email,
      code: code2,
    });
    expect(reused.json().error.code).toBe('TRACKING_CODE_INVALID');
  });

  it('opens one grant when the right code is sent twice at once', async () => {
    const mine = await order(owner);
    const code = await codeFor(owner, mine.reference);
    const both = await Promise.all(
      [1, 2].map(() =>
        post('/api/v1/track/verify', { reference: mine.reference, email: owner.email, code }),
      ),
    );
    expect(both.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    const grants = await t.app.db
      .select()
      .from(orderTrackingGrants)
      .where(eq(orderTrackingGrants.orderId, mine.id));
    expect(grants).toHaveLength(1);
  });
});

describe('the tracking grant', () => {
  it('shows that one order read-only, with the destination masked and nothing to act on', async () => {
    const mine = await order(owner, { addressToReceive: '12345678909', memoToReceive: 'memo-1' });
    const cookie = await grantFor(owner, mine.reference);
    const page = await t.app.inject({
      url: `/api/v1/track/orders/${mine.reference}`,
      headers: { cookie },
    });
    expect(page.statusCode, page.body).toBe(200);
    const view = page.json();
    const theirs = await t.app.inject({
      url: `/api/v1/orders/${mine.reference}`,
      headers: { cookie: owner.cookie },
    });
    const full = theirs.json();
    expect(full.actions.length).toBeGreaterThan(0);
    expect(view).toMatchObject({
      id: mine.id,
      reference: mine.reference,
      status: 'pending',
      amountSend: full.amountSend,
      amountReceive: full.amountReceive,
      events: full.events,
      actions: [],
      payment: null,
      memoToReceive: null,
      addressToReceive: '•••909',
      files: { proof: false, payment_proof: false, refund_proof: false, boleto: false },
    });
    expect(JSON.stringify(view)).not.toContain('12345678909');
    expect(Date.parse(view.trackingEndsAt) - Date.now()).toBeGreaterThan(7190_000);
    // by id too
    const byId = await t.app.inject({
      url: `/api/v1/track/orders/${mine.id}`,
      headers: { cookie },
    });
    expect(byId.statusCode).toBe(200);
  });

  it("cannot read another order, its owner's or anyone's (404), nor the customer routes", async () => {
    const a = await order(owner);
    const b = await order(owner);
    const c = await order(stranger);
    const cookie = await grantFor(owner, a.reference);
    for (const other of [b, c]) {
      for (const id of [other.reference, other.id]) {
        const answer = await t.app.inject({
          url: `/api/v1/track/orders/${id}`,
          headers: { cookie },
        });
        expect(answer.statusCode).toBe(404);
        expect(JSON.stringify(answer.json())).not.toContain(other.reference.slice(3));
      }
    }
    for (const url of ['/api/v1/orders', `/api/v1/orders/${a.reference}`, '/api/v1/me']) {
      const answer = await t.app.inject({ url, headers: { cookie } });
      expect(answer.statusCode, url).toBe(401);
    }
  });

  it('cannot call any write route', async () => {
    const mine = await order(owner);
    const cookie = await grantFor(owner, mine.reference);
    const writes = t.app.routeTable
      .filter((r) => r.method !== 'GET' && r.method !== 'HEAD' && r.method !== 'OPTIONS')
      .filter((r) => !r.url.startsWith('/api/v1/track/') && !r.url.includes('webhook'))
      .filter((r) => !r.url.startsWith('/api/v1/auth/') && r.url !== '/api/v1/contact');
    expect(writes.length).toBeGreaterThan(20);
    for (const route of writes) {
      const url = route.url.replace(/:id\b/g, mine.reference).replace(/:(\w+)/g, 'x');
      const answer = await t.app.inject({
        method: route.method as 'POST',
        url,
        headers: { cookie, origin: ORIGIN },
        payload: {},
      });
      expect([400, 401, 403, 404, 415], `${route.method} ${route.url}`).toContain(
        answer.statusCode,
      );
      expect(
        answer.statusCode === 400 ? 'ok' : answer.statusCode,
        `${route.method} ${route.url}`,
      ).not.toBe(200);
    }
    const [row] = await t.app.db
      .select({ status: orderTrackingGrants.id })
      .from(orderTrackingGrants)
      .where(eq(orderTrackingGrants.orderId, mine.id));
    expect(row).toBeDefined();
    const still = await t.app.inject({
      url: `/api/v1/orders/${mine.reference}`,
      headers: { cookie: owner.cookie },
    });
    expect(still.json().status).toBe('pending');
  });

  it('ends after its 2 hours, when ended, and refuses odd tokens (404)', async () => {
    const mine = await order(owner);
    const cookie = await grantFor(owner, mine.reference);
    const url = `/api/v1/track/orders/${mine.reference}`;
    for (const odd of ['track_token=x', `track_token=${'a'.repeat(5000)}`, 'track_token=%00', '']) {
      const answer = await t.app.inject({ url, headers: { cookie: odd } });
      expect(answer.statusCode, odd.slice(0, 30)).toBe(404);
      expect(answer.json().error.code).toBe('TRACKING_REQUIRED');
    }
    await t.app.db
      .update(orderTrackingGrants)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orderTrackingGrants.orderId, mine.id));
    expect((await t.app.inject({ url, headers: { cookie } })).json().error.code).toBe(
      'TRACKING_REQUIRED',
    );

    const cookie2 = await grantFor(owner, (await order(owner)).reference);
    const ended = await post('/api/v1/track/end', {}, { cookie: cookie2 });
    expect(ended.statusCode).toBe(200);
    expect(ended.cookies.find((c) => c.name === 'track_token')?.maxAge).toBe(0);
    const after = await t.app.inject({
      url: '/api/v1/track/orders/x',
      headers: { cookie: cookie2 },
    });
    expect(after.json().error.code).toBe('TRACKING_REQUIRED');
  });

  it('works for a signed-in owner too, and gives an admin nothing more', async () => {
    const mine = await order(owner);
    const code = await codeFor(owner, mine.reference);
    const verified = await post(
      '/api/v1/track/verify',
      { reference: mine.reference, email: owner.email, code },
      { cookie: owner.cookie, origin: ORIGIN },
    );
    expect(verified.statusCode).toBe(200);
    const token = verified.cookies.find((c) => c.name === 'track_token')!.value;
    const both = await t.app.inject({
      url: `/api/v1/track/orders/${mine.reference}`,
      headers: { cookie: `${owner.cookie}; track_token=${token}` },
    });
    expect(both.statusCode).toBe(200);
    expect(both.json().actions).toEqual([]);
    const asAdmin = await t.app.inject({
      url: `/api/v1/track/orders/${mine.reference}`,
      headers: { cookie: admin.cookie },
    });
    expect(asAdmin.statusCode).toBe(404);
    expect(asAdmin.json().error.code).toBe('TRACKING_REQUIRED');
  });
});

describe('the live tracked order', () => {
  async function openStream(id: string, cookie: string) {
    const response = await new Promise<IncomingMessage>((resolve, reject) => {
      const req = httpRequest(`${base}/api/v1/track/orders/${id}/events`, {
        agent: false,
        headers: cookie ? { cookie } : {},
      });
      req.on('response', resolve).on('error', reject).end();
    });
    const events: string[] = [];
    let raw = '';
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => {
      raw += chunk;
      let cut: number;
      while ((cut = raw.indexOf('\n\n')) >= 0) {
        const data = raw
          .slice(0, cut)
          .split('\n')
          .find((l) => l.startsWith('data: '));
        raw = raw.slice(cut + 2);
        if (data) events.push(data.slice(6));
      }
    });
    const done = new Promise<void>((resolve) => response.on('close', resolve).on('end', resolve));
    return {
      status: response.statusCode ?? 0,
      views: () => events.map((e) => JSON.parse(e) as Record<string, unknown>),
      close: async () => {
        response.destroy();
        await done;
      },
    };
  }

  it("carries an admin's move to the tracking page within a second, masked and read-only", async () => {
    const mine = await order(owner, { status: 'user_confirmed' });
    const cookie = await grantFor(owner, mine.reference);
    // the owner's own page open at the same time keeps its full view
    const own = await new Promise<IncomingMessage>((resolve, reject) => {
      httpRequest(`${base}/api/v1/orders/${mine.id}/events`, {
        agent: false,
        headers: { cookie: owner.cookie },
      })
        .on('response', resolve)
        .on('error', reject)
        .end();
    });
    const stream = await openStream(mine.reference, cookie);
    expect(stream.status).toBe(200);
    await expect.poll(() => stream.views().map((v) => v.status)).toEqual(['user_confirmed']);
    const moved = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${mine.id}/transition`,
      headers: { cookie: admin.cookie },
      payload: { action: 'confirm_funds', amountReceived: '100' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await expect
      .poll(() => stream.views().map((v) => v.status), { timeout: 1000 })
      .toEqual(['user_confirmed', 'admin_confirmed']);
    for (const view of stream.views()) {
      expect(view).toMatchObject({ actions: [], payment: null, addressToReceive: '•••909' });
      expect(view.trackingEndsAt).toBeTruthy();
    }
    own.destroy();
    await stream.close();
  });

  it('refuses the stream without a grant and of another order (404)', async () => {
    const a = await order(owner);
    const b = await order(owner);
    const cookie = await grantFor(owner, a.reference);
    const none = await openStream(a.reference, '');
    expect(none.status).toBe(404);
    const other = await openStream(b.reference, cookie);
    expect(other.status).toBe(404);
    const odd = await openStream('%00', cookie);
    expect(odd.status).toBeGreaterThanOrEqual(400);
    expect(odd.status).toBeLessThan(500);
    await none.close();
    await other.close();
    await odd.close();
  });
});
