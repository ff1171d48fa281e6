import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  MAX_WEBHOOK_ENDPOINTS,
  WEBHOOK_RETRY_WINDOW_MS,
  webhookEventSchema,
} from '@permuta/contracts';
import type { WebhookDeliveryView, WebhookEndpointView } from '@permuta/contracts';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '@permuta/db';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { registerCustomer } from '../../../test/auth-helpers.ts';
import {
  startFakeWebhookReceiver,
  verifyWebhookSignature,
} from '../../fakes/fake-webhook-receiver.ts';
import type { FakeWebhookReceiver, ReceivedWebhook } from '../../fakes/fake-webhook-receiver.ts';
import { outboundUrlAllowed } from '../../lib/outbound-url.ts';
import { createSecretBox } from '../../lib/secret-box.ts';
import { deliverEmails, liftCustomerLimits, USDT_TO_PIX } from '../orders/test-support.ts';
import { approvedBusiness, createKey } from '../partners/test-support.ts';
import { CLOSED_URL, keyWithEndpoint } from './test-support.ts';
import { webhookSignature } from './webhook-signature.ts';
import {
  WEBHOOK_FIRST_DELAY_MS,
  WEBHOOK_MAX_DELAY_MS,
  WEBHOOK_QUEUE,
  backoffMs,
  createWebhooksService,
} from './webhooks.service.ts';

let clock = Date.now();
let t: TestApp;
let receiver: FakeWebhookReceiver;

beforeAll(async () => {
  t = await buildTestApp({ app: { now: () => new Date(clock) } });
  await liftCustomerLimits(t.app);
  receiver = await startFakeWebhookReceiver({ now: () => new Date(clock) });
});
afterAll(async () => {
  await receiver?.close();
  await t?.close();
});
beforeEach(() => {
  clock = Date.now();
  receiver.setMode({ kind: 'ok' });
  receiver.received.length = 0;
  receiver.secrets.length = 0;
});

/** A partner request: the key only, no cookie, no origin. */
function partner(
  secret: string,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${secret}`, 'accept-language': 'en-US', ...headers },
    ...(payload === undefined ? {} : { payload: payload as string }),
  });
}

/** A quote and an order through the partner API (scopes quotes:read and orders:write). */
async function partnerOrder(secret: string, walletId: string) {
  const quote = await partner(secret, 'POST', '/api/v1/partner/quotes', USDT_TO_PIX);
  expect(quote.statusCode, quote.body).toBe(200);
  const order = await partner(
    secret,
    'POST',
    '/api/v1/partner/orders',
    { quoteToken: quote.json().quoteToken, walletId },
    { 'idempotency-key': crypto.randomUUID() },
  );
  expect(order.statusCode, order.body).toBe(201);
  return order.json<{ id: string; reference: string; status: string }>();
}

/** A business whose key has one endpoint on the receiver (its secret known to the receiver). */
async function partnerOnReceiver(events?: ('order.created' | 'order.status_changed')[]) {
  const setup = await keyWithEndpoint(t.app, {
    url: receiver.url,
    ...(events ? { events } : {}),
  });
  receiver.secrets.push(setup.endpoint.secret);
  return setup;
}

async function deliveriesOf(endpointId: string) {
  return t.app.db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(webhookDeliveries.startedAt, webhookDeliveries.attempt);
}

async function endpointRow(id: string) {
  const [row] = await t.app.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  return row!;
}

const drain = () => t.app.jobs.drain(WEBHOOK_QUEUE);

describe('endpoints through the partner API', () => {
  it('are created with a secret shown once, listed, changed, rotated and deleted', async () => {
    const owner = await approvedBusiness(t.app);
    const key = await createKey(t.app, owner, { scopes: ['webhooks:manage'] });
    const created = await partner(key.secret, 'POST', '/api/v1/partner/webhooks', {
      url: 'https://erp.example.com/permuta',
      events: ['order.status_changed', 'order.created', 'order.created'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const body = created.json<WebhookEndpointView & { secret: string }>();
    expect(body.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(body).toMatchObject({
      url: 'https://erp.example.com/permuta',
      events: ['order.created', 'order.status_changed'],
      state: 'active',
      apiKeyId: key.id,
    });
    // stored encrypted, never in the list
    const row = await endpointRow(body.id);
    expect(row.secretBox).not.toContain(body.secret);
    const list = await partner(key.secret, 'GET', '/api/v1/partner/webhooks');
    expect(list.statusCode).toBe(200);
    expect(list.json().items).toHaveLength(1);
    expect(list.body).not.toContain(body.secret);
    expect(list.json().max).toBe(MAX_WEBHOOK_ENDPOINTS);

    const changed = await partner(key.secret, 'PATCH', `/api/v1/partner/webhooks/${body.id}`, {
      events: ['order.created'],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().events).toEqual(['order.created']);

    const rotated = await partner(key.secret, 'POST', `/api/v1/partner/webhooks/${body.id}/rotate`);
    expect(rotated.statusCode, rotated.body).toBe(200);
    expect(rotated.json().secret).not.toBe(body.secret);
    expect(Date.parse(rotated.json().previousSecretExpiresAt)).toBe(clock + 24 * 3_600_000);

    const gone = await partner(key.secret, 'DELETE', `/api/v1/partner/webhooks/${body.id}`);
    expect(gone.statusCode).toBe(204);
    expect((await partner(key.secret, 'GET', '/api/v1/partner/webhooks')).json().items).toEqual([]);
  });

  it('need the scope webhooks:manage (403), a key (401), and stay the key’s own (404)', async () => {
    const owner = await approvedBusiness(t.app);
    const without = await createKey(t.app, owner, { scopes: ['orders:read'] });
    const refused = await partner(without.secret, 'GET', '/api/v1/partner/webhooks');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('PARTNER_SCOPE_MISSING');
    const anonymous = await t.app.inject({ url: '/api/v1/partner/webhooks' });
    expect(anonymous.statusCode).toBe(401);

    // another business's endpoint, and another key of the same business: 404
    const mine = await keyWithEndpoint(t.app, { owner });
    const other = await keyWithEndpoint(t.app);
    const sibling = await createKey(t.app, owner, { scopes: ['webhooks:manage'] });
    for (const secret of [other.key.secret, sibling.secret]) {
      for (const [method, suffix] of [
        ['PATCH', ''],
        ['DELETE', ''],
        ['POST', '/rotate'],
        ['GET', '/deliveries'],
      ] as const) {
        const res = await partner(
          secret,
          method,
          `/api/v1/partner/webhooks/${mine.endpoint.id}${suffix}`,
          method === 'PATCH' ? { events: ['order.created'] } : undefined,
        );
        expect(res.statusCode, `${method} ${suffix}`).toBe(404);
        expect(res.json().error.code).toBe('WEBHOOK_NOT_FOUND');
      }
    }
    expect(await endpointRow(mine.endpoint.id)).toBeDefined();
  });

  it('refuse NUL bytes, absurd values and unknown events (4xx), and more than 5 a key', async () => {
    const owner = await approvedBusiness(t.app);
    const key = await createKey(t.app, owner, { scopes: ['webhooks:manage'] });
    for (const payload of [
      { url: 'https://erp.example.com/\u0000', events: ['order.created'] },
      { url: `https://erp.example.com/${'a'.repeat(600)}`, events: ['order.created'] },
      { url: 'not a url', events: ['order.created'] },
      { url: 'https://erp.example.com/h', events: [] },
      { url: 'https://erp.example.com/h', events: ['order.deleted'] },
      { url: 'https://erp.example.com/h', events: 'order.created' },
      { url: 'https://erp.example.com/h', events: Array(10_000).fill('order.created') },
      { url: 12, events: ['order.created'] },
    ]) {
      const res = await partner(key.secret, 'POST', '/api/v1/partner/webhooks', payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
    }
    const empty = await partner(
      key.secret,
      'PATCH',
      `/api/v1/partner/webhooks/${crypto.randomUUID()}`,
      {},
    );
    expect(empty.statusCode).toBe(400);
    const badId = await partner(key.secret, 'DELETE', '/api/v1/partner/webhooks/not-a-uuid');
    expect(badId.statusCode).toBe(400);
    const bigLimit = await partner(
      key.secret,
      'GET',
      `/api/v1/partner/webhooks/${crypto.randomUUID()}/deliveries?limit=100000`,
    );
    expect(bigLimit.statusCode).toBe(400);

    for (let i = 0; i < MAX_WEBHOOK_ENDPOINTS; i += 1) {
      const ok = await partner(key.secret, 'POST', '/api/v1/partner/webhooks', {
        url: `https://erp.example.com/${i}`,
        events: ['order.created'],
      });
      expect(ok.statusCode).toBe(201);
    }
    const sixth = await partner(key.secret, 'POST', '/api/v1/partner/webhooks', {
      url: 'https://erp.example.com/6',
      events: ['order.created'],
    });
    expect(sixth.statusCode).toBe(422);
    expect(sixth.json().error.code).toBe('WEBHOOKS_LIMIT');
    expect(sixth.json().error.message).toBe(
      'An API key can have at most 5 webhook endpoints. Delete one first.',
    );
  });

  it('keeps the limit of 5 when created at once', async () => {
    const owner = await approvedBusiness(t.app);
    const key = await createKey(t.app, owner, { scopes: ['webhooks:manage'] });
    const answers = await Promise.all(
      Array.from({ length: MAX_WEBHOOK_ENDPOINTS + 3 }, (_, i) =>
        partner(key.secret, 'POST', '/api/v1/partner/webhooks', {
          url: `https://erp.example.com/${i}`,
          events: ['order.created'],
        }),
      ),
    );
    const codes = answers.map((res) => res.statusCode).sort();
    expect(codes).toEqual([201, 201, 201, 201, 201, 422, 422, 422]);
  });
});

describe('the URL rule', () => {
  it('is the push endpoints’ rule: https to a host name, outside development and tests', async () => {
    for (const bad of [
      'http://erp.example.com/h',
      'https://127.0.0.1/h',
      'https://[::1]/h',
      'https://localhost/h',
      'https://printer.local/h',
      'https://user:pass@erp.example.com/h',
      'https://intranet/h',
      'ftp://erp.example.com/h',
    ]) {
      expect(outboundUrlAllowed(bad, false), bad).toBe(false);
    }
    expect(outboundUrlAllowed('https://erp.example.com/h', false)).toBe(true);

    // the service as production builds it: 422 WEBHOOK_URL_REFUSED
    const owner = await approvedBusiness(t.app);
    const key = await createKey(t.app, owner, { scopes: ['webhooks:manage'] });
    const production = createWebhooksService({
      db: t.app.db,
      jobs: t.app.jobs,
      box: createSecretBox(new Uint8Array(32)),
      enqueueEmail: async () => {},
      publicUrl: 'https://permuta.example',
      allowLocalUrls: false,
      now: () => new Date(clock),
      log: t.app.log,
    });
    const scope = { userId: owner.id, keyId: key.id, ip: '127.0.0.1' };
    await expect(
      production.create(scope, { url: 'http://127.0.0.1:8080/h', events: ['order.created'] }),
    ).rejects.toMatchObject({ code: 'WEBHOOK_URL_REFUSED', status: 422 });
    await expect(
      production.create(scope, { url: 'https://erp.example.com/h', events: ['order.created'] }),
    ).resolves.toMatchObject({ url: 'https://erp.example.com/h' });
  });
});

describe('endpoints on the API keys page', () => {
  it('are the key owner’s: another customer 404, no session 401, another origin 403', async () => {
    const mine = await keyWithEndpoint(t.app);
    const base = `/api/v1/me/api-keys/${mine.key.id}/webhooks`;
    const own = await t.app.inject({ url: base, headers: { cookie: mine.owner.cookie } });
    expect(own.statusCode).toBe(200);
    expect(own.json().items.map((e: WebhookEndpointView) => e.id)).toEqual([mine.endpoint.id]);

    const stranger = await registerCustomer(t.app);
    const other = await t.app.inject({ url: base, headers: { cookie: stranger.cookie } });
    expect(other.statusCode).toBe(404);
    const otherBusiness = await approvedBusiness(t.app);
    const notTheirs = await t.app.inject({ url: base, headers: { cookie: otherBusiness.cookie } });
    expect(notTheirs.statusCode).toBe(404);
    expect(notTheirs.json().error.code).toBe('API_KEY_NOT_FOUND');

    expect((await t.app.inject({ url: base })).statusCode).toBe(401);
    const foreign = await t.app.inject({
      method: 'POST',
      url: base,
      headers: { cookie: mine.owner.cookie, origin: 'https://evil.example' },
      payload: { url: CLOSED_URL, events: ['order.created'] },
    });
    expect(foreign.statusCode).toBe(403);

    // a revoked key keeps its log readable, takes no new endpoint
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/me/api-keys/${mine.key.id}/revoke`,
      headers: { cookie: mine.owner.cookie },
    });
    const revoked = await t.app.inject({
      method: 'POST',
      url: base,
      headers: { cookie: mine.owner.cookie },
      payload: { url: CLOSED_URL, events: ['order.created'] },
    });
    expect(revoked.statusCode).toBe(409);
    expect(revoked.json().error.code).toBe('API_KEY_REVOKED');
  });
});

describe('delivery', () => {
  it('POSTs a signed order.created after the order commits, verified by the receiver', async () => {
    const { owner, key, endpoint } = await partnerOnReceiver();
    const order = await partnerOrder(key.secret, owner.wallets.PIX!);
    // nothing sent inside the request: a job after the commit
    expect(receiver.received).toHaveLength(0);
    expect(await drain()).toBe(1);
    const hook = await receiver.next();
    expect(hook.verified).toBe(true);
    expect(hook.headers['content-type']).toBe('application/json');
    expect(hook.headers['user-agent']).toBe('Permuta-Webhooks/1');
    const event = webhookEventSchema.parse(JSON.parse(hook.body));
    expect(hook.headers['permuta-event-id']).toBe(event.id);
    expect(event).toMatchObject({
      type: 'order.created',
      data: { id: order.id, reference: order.reference, status: 'pending', sendToken: 'USDT' },
    });
    expect(hook.headers['permuta-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);

    // a changed body, an old timestamp, another secret: refused
    const header = String(hook.headers['permuta-signature']);
    const now = Math.floor(clock / 1000);
    expect(verifyWebhookSignature(header, hook.body, endpoint.secret, now)).toBe(true);
    expect(verifyWebhookSignature(header, `${hook.body} `, endpoint.secret, now)).toBe(false);
    expect(verifyWebhookSignature(header, hook.body, endpoint.secret, now + 301)).toBe(false);
    expect(verifyWebhookSignature(header, hook.body, 'whsec_other', now)).toBe(false);
    const old = now - 3600;
    const replayed = `t=${old},v1=${webhookSignature(endpoint.secret, old, hook.body)}`;
    expect(verifyWebhookSignature(replayed, hook.body, endpoint.secret, now)).toBe(false);

    // logged: delivered, the receiver's status, a duration, the payload
    const log = await partner(
      key.secret,
      'GET',
      `/api/v1/partner/webhooks/${endpoint.id}/deliveries`,
    );
    expect(log.statusCode, log.body).toBe(200);
    const [first] = log.json<{ items: WebhookDeliveryView[] }>().items;
    expect(first).toMatchObject({
      eventId: event.id,
      eventType: 'order.created',
      attempt: 1,
      replay: false,
      outcome: 'delivered',
      httpStatus: 204,
      gaveUp: false,
      nextAttemptAt: null,
    });
    expect(first!.durationMs).toBeGreaterThanOrEqual(0);
    expect(first!.payload).toEqual(event);
    // a second run of the same job sends nothing
    await t.app.services.webhooks.deliver({ eventId: event.id, endpointId: endpoint.id });
    expect(receiver.received).toHaveLength(1);
  });

  it('sends order.status_changed to endpoints that want it, for every order of the business', async () => {
    const { owner, endpoint } = await partnerOnReceiver(['order.status_changed']);
    // an order made on the web by the business's representative: the business's too
    const quote = await t.app.inject({
      method: 'POST',
      url: '/api/v1/orders/quote',
      headers: { cookie: owner.cookie },
      payload: USDT_TO_PIX,
    });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: { cookie: owner.cookie },
      payload: { quoteToken: quote.json().quoteToken, walletId: owner.wallets.PIX },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(await drain()).toBe(0); // not subscribed to order.created
    const canceled = await t.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${created.json().id}/cancel`,
      headers: { cookie: owner.cookie },
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(await drain()).toBe(1);
    const hook = await receiver.next();
    expect(hook.verified).toBe(true);
    expect(JSON.parse(hook.body)).toMatchObject({
      type: 'order.status_changed',
      data: { reference: created.json().reference, status: 'canceled' },
    });
    expect((await deliveriesOf(endpoint.id)).map((d) => d.outcome)).toEqual(['delivered']);

    // another business's order reaches nobody here
    const stranger = await keyWithEndpoint(t.app, { url: CLOSED_URL });
    await partnerOrder(stranger.key.secret, stranger.owner.wallets.PIX!);
    expect(await deliveriesOf(endpoint.id)).toHaveLength(1);
  });

  it('stops for a revoked key and a deleted endpoint', async () => {
    const { owner, key, endpoint } = await partnerOnReceiver();
    await partnerOrder(key.secret, owner.wallets.PIX!);
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/me/api-keys/${key.id}/revoke`,
      headers: { cookie: owner.cookie },
    });
    await drain();
    expect(receiver.received).toHaveLength(0);
    expect(await deliveriesOf(endpoint.id)).toHaveLength(0);

    const other = await partnerOnReceiver();
    await partnerOrder(other.key.secret, other.owner.wallets.PIX!);
    const gone = await partner(
      other.key.secret,
      'DELETE',
      `/api/v1/partner/webhooks/${other.endpoint.id}`,
    );
    expect(gone.statusCode).toBe(204);
    await drain();
    expect(receiver.received).toHaveLength(0);
  });

  it('does not follow a redirect, and gives up on a slow receiver after the timeout', async () => {
    const { owner, key, endpoint } = await partnerOnReceiver();
    receiver.setMode({ kind: 'redirect' });
    await partnerOrder(key.secret, owner.wallets.PIX!);
    await drain();
    const [redirected] = await deliveriesOf(endpoint.id);
    expect(redirected).toMatchObject({ outcome: 'failed', httpStatus: 302, error: 'redirect' });
    expect(redirected!.nextAttemptAt).not.toBeNull();
    expect(receiver.received.map((r) => r.path)).toEqual(['/hooks']);

    // a receiver slower than the limit (the service with a short one, as the app's 10 s)
    receiver.setMode({ kind: 'slow', ms: 2_000 });
    const quick = createWebhooksService({
      db: t.app.db,
      jobs: t.app.jobs,
      box: createSecretBox(new Uint8Array(32)),
      enqueueEmail: async () => {},
      publicUrl: 'https://permuta.example',
      allowLocalUrls: true,
      now: () => new Date(clock),
      log: t.app.log,
      timeoutMs: 200,
    });
    const scope = { userId: owner.id, keyId: key.id, ip: '127.0.0.1' };
    const slow = await quick.create(scope, { url: receiver.url, events: ['order.created'] });
    receiver.secrets.push(slow.secret);
    const [event] = await t.app.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.userId, owner.id));
    await quick.deliver({ eventId: event!.id, endpointId: slow.id });
    const [timedOut] = await deliveriesOf(slow.id);
    expect(timedOut).toMatchObject({ outcome: 'failed', httpStatus: null, error: 'timeout' });
    expect(timedOut!.durationMs).toBeLessThan(1_500);
  });

  it('retries with doubling waits until 72 h after the event, then gives up', async () => {
    const { owner, key, endpoint } = await partnerOnReceiver();
    receiver.setMode({ kind: 'error', status: 500, body: 'x'.repeat(5000) });
    await partnerOrder(key.secret, owner.wallets.PIX!);
    const [event] = await t.app.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.userId, owner.id));
    const eventAt = event!.createdAt.getTime();
    await drain();
    for (let i = 0; i < 200; i += 1) {
      const rows = await deliveriesOf(endpoint.id);
      const last = rows.at(-1)!;
      if (last.gaveUp) break;
      expect(last.nextAttemptAt).not.toBeNull();
      // the job of the next attempt is queued for that time
      const queued = (await t.app.jobs.queued(WEBHOOK_QUEUE)).filter(
        (job) => (job.data as { endpointId: string }).endpointId === endpoint.id,
      );
      expect(queued.map((job) => job.startAfter.getTime())).toContain(
        last.nextAttemptAt!.getTime(),
      );
      clock = last.nextAttemptAt!.getTime();
      await t.app.services.webhooks.deliver({ eventId: event!.id, endpointId: endpoint.id });
    }
    const rows = await deliveriesOf(endpoint.id);
    expect(rows.at(-1)!.gaveUp).toBe(true);
    expect(rows.at(-1)!.nextAttemptAt).toBeNull();
    expect(rows.every((row) => row.outcome === 'failed' && row.httpStatus === 500)).toBe(true);
    expect(rows.every((row) => Buffer.byteLength(row.answer ?? '') <= 2048)).toBe(true);
    expect(rows.map((row) => row.attempt)).toEqual(rows.map((_, i) => i + 1));
    const gaps = rows
      .slice(1)
      .map((row, i) => row.startedAt.getTime() - rows[i]!.startedAt.getTime());
    // 1 min, 2 min, 4 min... within the jitter of ±10 %, capped at 3 h
    gaps.forEach((gap, i) => {
      const base = Math.min(WEBHOOK_FIRST_DELAY_MS * 2 ** i, WEBHOOK_MAX_DELAY_MS);
      expect(gap).toBeGreaterThanOrEqual(base * 0.9 - 1);
      expect(gap).toBeLessThanOrEqual(base * 1.1 + 1);
    });
    expect(rows.at(-1)!.startedAt.getTime() - eventAt).toBeLessThanOrEqual(WEBHOOK_RETRY_WINDOW_MS);
    expect(rows.length).toBeGreaterThan(20);
    // and never disabled: flagged and still there
    expect((await endpointRow(endpoint.id)).state).toBe('failing');
    expect(backoffMs(1, 0.5)).toBe(WEBHOOK_FIRST_DELAY_MS);
  });

  it('flags an endpoint after 5 failures in a row, e-mails the business once, clears on success', async () => {
    const { owner, key, endpoint } = await partnerOnReceiver();
    receiver.setMode({ kind: 'error', status: 503 });
    const failing = () =>
      t.mail.to(owner.email).filter((m) => m.subject.includes('webhook está falhando'));
    await partnerOrder(key.secret, owner.wallets.PIX!);
    await drain();
    const [event] = await t.app.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.userId, owner.id));
    const job = { eventId: event!.id, endpointId: endpoint.id };
    for (let i = 0; i < 6; i += 1) {
      const last = (await deliveriesOf(endpoint.id)).at(-1)!;
      clock = last.nextAttemptAt!.getTime();
      await t.app.services.webhooks.deliver(job);
    }
    const flagged = await endpointRow(endpoint.id);
    expect(flagged).toMatchObject({ state: 'failing', consecutiveFailures: 7 });
    await deliverEmails(t.app);
    for (let i = 0; i < 50 && failing().length === 0; i += 1)
      await new Promise((r) => setTimeout(r, 100));
    const [mail] = failing();
    expect(mail?.subject).toBe('Um endpoint de webhook está falhando - Permuta');
    expect(mail?.text).toContain(receiver.url);
    expect(mail?.text).toContain('HTTP 503');
    expect(mail?.text).toContain('/profile/api-keys');
    expect(failing()).toHaveLength(1);
    const listed = await partner(key.secret, 'GET', '/api/v1/partner/webhooks');
    expect(listed.json().items[0]).toMatchObject({ state: 'failing', consecutiveFailures: 7 });

    // the receiver is back: the next attempt delivers and clears the flag
    receiver.setMode({ kind: 'ok' });
    clock = (await deliveriesOf(endpoint.id)).at(-1)!.nextAttemptAt!.getTime();
    await t.app.services.webhooks.deliver(job);
    expect(await endpointRow(endpoint.id)).toMatchObject({
      state: 'active',
      consecutiveFailures: 0,
      failingSince: null,
    });
    expect((await deliveriesOf(endpoint.id)).at(-1)!.outcome).toBe('delivered');
  });

  it('replays a delivery now, recorded as a replay; another endpoint’s delivery is 404', async () => {
    const { owner, key, endpoint } = await partnerOnReceiver();
    receiver.setMode({ kind: 'error' });
    await partnerOrder(key.secret, owner.wallets.PIX!);
    await drain();
    const [failed] = await deliveriesOf(endpoint.id);
    receiver.setMode({ kind: 'ok' });
    const replayed = await t.app.inject({
      method: 'POST',
      url: `/api/v1/me/api-keys/${key.id}/webhooks/${endpoint.id}/deliveries/${failed!.id}/replay`,
      headers: { cookie: owner.cookie },
    });
    expect(replayed.statusCode, replayed.body).toBe(200);
    expect(replayed.json()).toMatchObject({
      eventId: failed!.eventId,
      replay: true,
      outcome: 'delivered',
      httpStatus: 204,
    });
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[1]!.headers['permuta-event-id']).toBe(failed!.eventId);

    const other = await keyWithEndpoint(t.app, { owner });
    const wrong = await partner(
      other.key.secret,
      'POST',
      `/api/v1/partner/webhooks/${other.endpoint.id}/deliveries/${failed!.id}/replay`,
    );
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().error.code).toBe('WEBHOOK_DELIVERY_NOT_FOUND');
  });

  it('signs with both secrets for 24 h after a rotation, the new one first', async () => {
    const { owner, key, endpoint } = await partnerOnReceiver();
    const rotated = await partner(
      key.secret,
      'POST',
      `/api/v1/partner/webhooks/${endpoint.id}/rotate`,
    );
    const fresh = rotated.json<{ secret: string }>().secret;
    receiver.secrets.push(fresh);
    await partnerOrder(key.secret, owner.wallets.PIX!);
    await drain();
    const hook = await receiver.next();
    const header = String(hook.headers['permuta-signature']);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
    const [, newer, older] = header.split(',');
    const t0 = Number(header.slice(2, header.indexOf(',')));
    expect(newer).toBe(`v1=${webhookSignature(fresh, t0, hook.body)}`);
    expect(older).toBe(`v1=${webhookSignature(endpoint.secret, t0, hook.body)}`);
    const now = Math.floor(clock / 1000);
    expect(verifyWebhookSignature(header, hook.body, fresh, now)).toBe(true);
    expect(verifyWebhookSignature(header, hook.body, endpoint.secret, now)).toBe(true);

    // 24 h later only the new secret signs
    clock += 24 * 3_600_000 + 1000;
    const log = await partner(
      key.secret,
      'GET',
      `/api/v1/partner/webhooks/${endpoint.id}/deliveries`,
    );
    const replay = await partner(
      key.secret,
      'POST',
      `/api/v1/partner/webhooks/${endpoint.id}/deliveries/${log.json().items[0].id}/replay`,
    );
    expect(replay.statusCode, replay.body).toBe(200);
    const later: ReceivedWebhook = receiver.received.at(-1)!;
    expect(String(later.headers['permuta-signature'])).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(later.verified).toBe(true);
    expect(
      verifyWebhookSignature(
        String(later.headers['permuta-signature']),
        later.body,
        endpoint.secret,
        Math.floor(clock / 1000),
      ),
    ).toBe(false);
  });

  it('delivers once when two runs of one delivery, or two replays, go at once', async () => {
    const { owner, key, endpoint } = await partnerOnReceiver();
    receiver.setMode({ kind: 'slow', ms: 300 });
    await partnerOrder(key.secret, owner.wallets.PIX!);
    const [event] = await t.app.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.userId, owner.id));
    const job = { eventId: event!.id, endpointId: endpoint.id };
    await Promise.all([
      t.app.services.webhooks.deliver(job),
      t.app.services.webhooks.deliver(job),
      drain(),
    ]);
    expect(receiver.received).toHaveLength(1);
    const delivered = await t.app.db
      .select()
      .from(webhookDeliveries)
      .where(
        and(
          eq(webhookDeliveries.endpointId, endpoint.id),
          eq(webhookDeliveries.outcome, 'delivered'),
        ),
      );
    expect(delivered).toHaveLength(1);

    const url = `/api/v1/partner/webhooks/${endpoint.id}/deliveries/${delivered[0]!.id}/replay`;
    const [a, b] = await Promise.all([
      partner(key.secret, 'POST', url),
      partner(key.secret, 'POST', url),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect([a, b].find((r) => r.statusCode === 409)!.json().error.code).toBe(
      'WEBHOOK_REPLAY_IN_PROGRESS',
    );
  });
});
