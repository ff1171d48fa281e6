import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys, auditLog, businesses, orders, users } from '@permuta/db';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { registerCustomer, signInAdmin } from '../../../test/auth-helpers.ts';
import {
  liftCustomerLimits,
  multipartBody,
  placeOrder,
  USDT_TO_PIX,
} from '../orders/test-support.ts';
import { approvedBusiness, createKey, randomCnpj, setBusinessStatus } from './test-support.ts';

let clock = Date.parse('2026-03-03T15:00:00.000Z');
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ app: { now: () => new Date(clock) } });
  await liftCustomerLimits(t.app);
});
afterAll(async () => t?.close());

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4//8/AAX+Av4N70a4AAAAAElFTkSuQmCC',
  'base64',
);

/** A partner request: the key only, no cookie, no origin. */
function partner(
  secret: string,
  method: 'GET' | 'POST',
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

async function partnerOrder(secret: string, walletId: string, key?: string) {
  const quote = await partner(secret, 'POST', '/api/v1/partner/quotes', USDT_TO_PIX);
  expect(quote.statusCode, quote.body).toBe(200);
  return partner(
    secret,
    'POST',
    '/api/v1/partner/orders',
    { quoteToken: quote.json().quoteToken, walletId },
    key ? { 'idempotency-key': key } : {},
  );
}

describe('business application', () => {
  it('takes a company name and a CNPJ with valid check digits, alphanumeric too', async () => {
    const customer = await registerCustomer(t.app);
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/me/business',
      headers: { cookie: customer.cookie, 'accept-language': 'en-US' },
      payload: { companyName: 'Acme Ltda', cnpj: '11.222.333/0001-00' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ cnpj: 'Enter a valid CNPJ.' });

    const ok = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/me/business',
      headers: { cookie: customer.cookie },
      payload: { companyName: ' Acme Ltda ', cnpj: '12.abc.345/01de-35' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      companyName: 'Acme Ltda',
      cnpj: '12ABC34501DE35',
      status: 'pending',
    });

    // the same CNPJ for another account
    const other = await registerCustomer(t.app);
    const taken = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/me/business',
      headers: { cookie: other.cookie },
      payload: { companyName: 'Other', cnpj: '12ABC34501DE35' },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('CNPJ_TAKEN');

    // not approved yet: no keys
    const keys = await t.app.inject({
      url: '/api/v1/me/api-keys',
      headers: { cookie: customer.cookie },
    });
    expect(keys.statusCode).toBe(403);
    expect(keys.json().error.code).toBe('BUSINESS_NOT_APPROVED');
  });

  it('refuses NUL bytes and absurd lengths', async () => {
    const customer = await registerCustomer(t.app);
    for (const payload of [
      { companyName: 'Acme\u0000Ltda', cnpj: randomCnpj() },
      { companyName: 'A'.repeat(151), cnpj: randomCnpj() },
      { companyName: 'Acme', cnpj: '9'.repeat(10_000) },
      { companyName: 'Acme', cnpj: 12345678000195 },
    ]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/v1/me/business',
        headers: { cookie: customer.cookie },
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
    }
  });

  it('answers null, not 404, to a customer who never applied: their pages ask on every visit', async () => {
    const customer = await registerCustomer(t.app);
    const mine = await t.app.inject({
      url: '/api/v1/me/business',
      headers: { cookie: customer.cookie },
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toBeNull();
    const admin = await signInAdmin(t.app, undefined, 'operator');
    const seen = await t.app.inject({
      url: `/api/v1/admin/customers/${customer.id}/business`,
      headers: { cookie: admin.cookie },
    });
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toBeNull();
  });

  it('is approved and revoked by the back office, audited; a customer cannot decide', async () => {
    const customer = await registerCustomer(t.app);
    const applied = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/me/business',
      headers: { cookie: customer.cookie },
      payload: { companyName: 'Loja Exemplo', cnpj: randomCnpj() },
    });
    expect(applied.statusCode).toBe(200);
    const self = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/customers/${customer.id}/business`,
      headers: { cookie: customer.cookie },
      payload: { decision: 'approve' },
    });
    expect(self.statusCode).toBe(403);

    const admin = await signInAdmin(t.app, undefined, 'operator');
    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/customers/${customer.id}/business`,
      headers: { cookie: admin.cookie },
      payload: { decision: 'approve' },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().status).toBe('approved');
    const seen = await t.app.inject({
      url: `/api/v1/admin/customers/${customer.id}/business`,
      headers: { cookie: admin.cookie },
    });
    expect(seen.json()).toMatchObject({
      companyName: 'Loja Exemplo',
      status: 'approved',
      apiKeys: [],
    });
    const entries = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, customer.id), eq(auditLog.action, 'business.approved')));
    expect(entries).toHaveLength(1);
    expect(entries[0]?.actorId).toBe(admin.id);

    // an approved business cannot change its company data by itself
    const change = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/me/business',
      headers: { cookie: customer.cookie },
      payload: { companyName: 'Outra', cnpj: randomCnpj() },
    });
    expect(change.statusCode).toBe(409);

    const revoked = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/customers/${customer.id}/business`,
      headers: { cookie: admin.cookie },
      payload: { decision: 'revoke' },
    });
    expect(revoked.json().status).toBe('revoked');
  });
});

describe('API keys', () => {
  it('shows the whole key once and keeps only its SHA-256', async () => {
    const owner = await approvedBusiness(t.app);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/me/api-keys',
      headers: { cookie: owner.cookie },
      payload: { name: 'ERP', scopes: ['orders:read', 'quotes:read', 'orders:read'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const body = created.json();
    expect(body.secret).toMatch(/^pmt_live_[0-9a-z]{8}_[A-Za-z0-9_-]{43}$/);
    expect(body.secret.startsWith(`${body.prefix}_`)).toBe(true);
    expect(body).toMatchObject({
      name: 'ERP',
      scopes: ['quotes:read', 'orders:read'],
      rateLimitPerMinute: 60,
    });

    const [row] = await t.app.db.select().from(apiKeys).where(eq(apiKeys.id, body.id));
    expect(row?.secretHash).toBe(createHash('sha256').update(body.secret).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(body.secret.slice(body.prefix.length + 1));

    const list = await t.app.inject({
      url: '/api/v1/me/api-keys',
      headers: { cookie: owner.cookie },
    });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(body.secret);
    expect(list.json().items).toEqual([
      expect.objectContaining({ id: body.id, prefix: body.prefix }),
    ]);
    expect(list.json().items[0]).not.toHaveProperty('secret');
  });

  it('refuses another origin, unknown scopes, NUL bytes and absurd limits', async () => {
    const owner = await approvedBusiness(t.app);
    const cross = await t.app.inject({
      method: 'POST',
      url: '/api/v1/me/api-keys',
      headers: { cookie: owner.cookie, origin: 'https://evil.example' },
      payload: { name: 'x', scopes: ['orders:read'] },
    });
    expect(cross.statusCode).toBe(403);
    expect(cross.json().error.code).toBe('CROSS_ORIGIN_REQUEST');
    for (const payload of [
      { name: 'x', scopes: ['admin:all'] },
      { name: 'x', scopes: [] },
      { name: 'a\u0000b', scopes: ['orders:read'] },
      { name: 'x', scopes: ['orders:read'], rateLimitPerMinute: 1e12 },
      { name: 'x', scopes: ['orders:read'], rateLimitPerMinute: 601 },
      { name: 'x', scopes: ['orders:read'], rateLimitPerMinute: 1.5 },
      { name: 'x'.repeat(81), scopes: ['orders:read'] },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/me/api-keys',
        headers: { cookie: owner.cookie },
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const rows = await t.app.db.select().from(apiKeys).where(eq(apiKeys.userId, owner.id));
    expect(rows).toEqual([]);
  });

  it('stops a revoked key on the very next request', async () => {
    const owner = await approvedBusiness(t.app);
    const key = await createKey(t.app, owner);
    expect((await partner(key.secret, 'GET', '/api/v1/partner/orders')).statusCode).toBe(200);
    const revoked = await t.app.inject({
      method: 'POST',
      url: `/api/v1/me/api-keys/${key.id}/revoke`,
      headers: { cookie: owner.cookie },
    });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().revokedAt).not.toBeNull();
    const after = await partner(key.secret, 'GET', '/api/v1/partner/orders');
    expect(after.statusCode).toBe(401);
    expect(after.json().error.code).toBe('PARTNER_KEY_INVALID');
  });

  it("answers 404 for another business's key", async () => {
    const owner = await approvedBusiness(t.app);
    const other = await approvedBusiness(t.app);
    const key = await createKey(t.app, owner);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/me/api-keys/${key.id}/revoke`,
      headers: { cookie: other.cookie },
    });
    expect(res.statusCode).toBe(404);
    expect((await partner(key.secret, 'GET', '/api/v1/partner/orders')).statusCode).toBe(200);
  });

  it('checks each scope', async () => {
    const owner = await approvedBusiness(t.app);
    const reader = await createKey(t.app, owner, { scopes: ['orders:read'] });
    const quote = await partner(reader.secret, 'POST', '/api/v1/partner/quotes', USDT_TO_PIX);
    expect(quote.statusCode).toBe(403);
    expect(quote.json().error).toMatchObject({
      code: 'PARTNER_SCOPE_MISSING',
      message: 'This API key lacks the scope quotes:read.',
    });
    const create = await partner(reader.secret, 'POST', '/api/v1/partner/orders', {});
    expect(create.json().error.code).toBe('PARTNER_SCOPE_MISSING');
    expect((await partner(reader.secret, 'GET', '/api/v1/partner/orders')).statusCode).toBe(200);
  });

  it("counts each key's own per-minute budget", async () => {
    const owner = await approvedBusiness(t.app);
    const slow = await createKey(t.app, owner, { rateLimitPerMinute: 2 });
    const other = await createKey(t.app, owner);
    const codes: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      codes.push((await partner(slow.secret, 'GET', '/api/v1/partner/orders')).statusCode);
    }
    expect(codes).toEqual([200, 200, 429]);
    expect((await partner(other.secret, 'GET', '/api/v1/partner/orders')).statusCode).toBe(200);

    // the business may change the budget within its maximum; an admin beyond it
    const tooMuch = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/me/api-keys/${slow.id}`,
      headers: { cookie: owner.cookie },
      payload: { rateLimitPerMinute: 5000 },
    });
    expect(tooMuch.statusCode).toBe(400);
    const admin = await signInAdmin(t.app, undefined, 'operator');
    const raised = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/api-keys/${slow.id}`,
      headers: { cookie: admin.cookie },
      payload: { rateLimitPerMinute: 5000 },
    });
    expect(raised.statusCode, raised.body).toBe(200);
    expect(raised.json().rateLimitPerMinute).toBe(5000);
  });

  it('records the last use at most once a minute', async () => {
    const owner = await approvedBusiness(t.app);
    const key = await createKey(t.app, owner);
    const lastUsed = async () =>
      (
        await t.app.db.select().from(apiKeys).where(eq(apiKeys.id, key.id))
      )[0]?.lastUsedAt?.getTime();
    expect(await lastUsed()).toBeUndefined();
    const start = clock;
    await partner(key.secret, 'GET', '/api/v1/partner/orders');
    expect(await lastUsed()).toBe(start);
    clock += 30_000;
    await partner(key.secret, 'GET', '/api/v1/partner/orders');
    expect(await lastUsed()).toBe(start);
    clock += 31_000;
    await partner(key.secret, 'GET', '/api/v1/partner/orders');
    expect(await lastUsed()).toBe(start + 61_000);
    clock = start;
  });
});

describe('bearer authentication', () => {
  it('refuses a missing, malformed, unknown key and a key with the cookie too', async () => {
    const owner = await approvedBusiness(t.app);
    const key = await createKey(t.app, owner);
    const none = await t.app.inject({ url: '/api/v1/partner/orders' });
    expect(none.statusCode).toBe(401);
    expect(none.json().error.code).toBe('UNAUTHENTICATED');
    for (const secret of [
      'nonsense',
      `${key.secret.slice(0, -1)}${key.secret.endsWith('A') ? 'B' : 'A'}`,
      `pmt_live_zzzzzzzz_${'A'.repeat(43)}`,
      `${key.secret}\u0000`,
    ]) {
      const res = await t.app.inject({
        url: '/api/v1/partner/orders',
        headers: { authorization: `Bearer ${secret}` },
      });
      expect(res.statusCode, secret).toBe(401);
    }
    const session = await t.app.inject({
      url: '/api/v1/partner/orders',
      headers: { cookie: owner.cookie },
    });
    expect(session.statusCode).toBe(401);
    const both = await t.app.inject({
      url: '/api/v1/partner/orders',
      headers: { cookie: owner.cookie, authorization: `Bearer ${key.secret}` },
    });
    expect(both.statusCode).toBe(401);
    expect(both.json().error.code).toBe('PARTNER_COOKIE_AND_KEY');
  });

  it('refuses the key of a business no longer approved or of a deactivated account', async () => {
    const owner = await approvedBusiness(t.app);
    const key = await createKey(t.app, owner);
    await setBusinessStatus(t.app, owner.id, 'revoked');
    const revoked = await partner(key.secret, 'GET', '/api/v1/partner/orders');
    expect(revoked.statusCode).toBe(403);
    expect(revoked.json().error.code).toBe('PARTNER_BUSINESS_INACTIVE');
    await setBusinessStatus(t.app, owner.id, 'approved');
    await t.app.db.update(users).set({ active: false }).where(eq(users.id, owner.id));
    const inactive = await partner(key.secret, 'GET', '/api/v1/partner/orders');
    expect(inactive.statusCode).toBe(403);
    await t.app.db.update(users).set({ active: true }).where(eq(users.id, owner.id));
    expect((await partner(key.secret, 'GET', '/api/v1/partner/orders')).statusCode).toBe(200);
  });

  it('places an order with no cookie and from any origin, while the cookie routes still check it', async () => {
    const owner = await approvedBusiness(t.app);
    const key = await createKey(t.app, owner);
    const quote = await partner(key.secret, 'POST', '/api/v1/partner/quotes', USDT_TO_PIX, {
      origin: 'https://partner.example',
    });
    expect(quote.statusCode, quote.body).toBe(200);
    const created = await partner(
      key.secret,
      'POST',
      '/api/v1/partner/orders',
      { quoteToken: quote.json().quoteToken, walletId: owner.wallets.PIX },
      { origin: 'https://partner.example' },
    );
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().status).toBe('pending');

    // the web's cookie route from another origin is still refused
    const web = await t.app.inject({
      method: 'POST',
      url: '/api/v1/orders/quote',
      headers: { cookie: owner.cookie, origin: 'https://partner.example' },
      payload: USDT_TO_PIX,
    });
    expect(web.statusCode).toBe(403);
    expect(web.json().error.code).toBe('CROSS_ORIGIN_REQUEST');

    // the order is the web's order: the owner sees it in the app
    const mine = await t.app.inject({
      url: `/api/v1/orders/${created.json().id}`,
      headers: { cookie: owner.cookie },
    });
    expect(mine.statusCode).toBe(200);
  });
});

describe('partner orders', () => {
  it("answers 404 for another business's order, by id and by reference", async () => {
    const owner = await approvedBusiness(t.app);
    const other = await approvedBusiness(t.app);
    const theirs = await placeOrder(t.app, other);
    const key = await createKey(t.app, owner);
    for (const id of [theirs.id, theirs.reference]) {
      const res = await partner(key.secret, 'GET', `/api/v1/partner/orders/${id}`);
      expect(res.statusCode).toBe(404);
    }
    const upload = multipartBody({ name: 'p.png', bytes: PNG, type: 'image/png' });
    const proof = await t.app.inject({
      method: 'POST',
      url: `/api/v1/partner/orders/${theirs.id}/proof`,
      headers: { authorization: `Bearer ${key.secret}`, ...upload.headers },
      payload: upload.payload,
    });
    expect(proof.statusCode).toBe(404);
    const otherKey = await createKey(t.app, other);
    expect(
      (await partner(otherKey.secret, 'GET', `/api/v1/partner/orders/${theirs.reference}`))
        .statusCode,
    ).toBe(200);
  });

  it('uploads the proof of payment with the same rules as the web', async () => {
    const owner = await approvedBusiness(t.app);
    const key = await createKey(t.app, owner);
    const created = await partnerOrder(key.secret, owner.wallets.PIX!);
    const upload = multipartBody({ name: 'p.png', bytes: PNG, type: 'image/png' });
    const proof = await t.app.inject({
      method: 'POST',
      url: `/api/v1/partner/orders/${created.json().id}/proof`,
      headers: { authorization: `Bearer ${key.secret}`, ...upload.headers },
      payload: upload.payload,
    });
    expect(proof.statusCode, proof.body).toBe(200);
    const fake = multipartBody({
      name: 'p.png',
      bytes: Buffer.from('MZ not an image'),
      type: 'image/png',
    });
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/v1/partner/orders/${created.json().id}/proof`,
      headers: { authorization: `Bearer ${key.secret}`, ...fake.headers },
      payload: fake.payload,
    });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode).toBeLessThan(500);
  });

  it('makes one order of two requests with one Idempotency-Key at once', async () => {
    const owner = await approvedBusiness(t.app);
    const key = await createKey(t.app, owner);
    const quote = await partner(key.secret, 'POST', '/api/v1/partner/quotes', USDT_TO_PIX);
    const body = { quoteToken: quote.json().quoteToken, walletId: owner.wallets.PIX };
    const headers = { 'idempotency-key': 'erp-order-1' };
    const [a, b] = await Promise.all([
      partner(key.secret, 'POST', '/api/v1/partner/orders', body, headers),
      partner(key.secret, 'POST', '/api/v1/partner/orders', body, headers),
    ]);
    const codes = [a.statusCode, b.statusCode].sort();
    expect([
      [201, 201],
      [201, 409],
    ]).toContainEqual(codes);
    const again = await partner(key.secret, 'POST', '/api/v1/partner/orders', body, headers);
    expect(again.statusCode).toBe(201);
    expect(again.json().id).toBe((a.statusCode === 201 ? a : b).json().id);
    const rows = await t.app.db.select().from(orders).where(eq(orders.userId, owner.id));
    expect(rows).toHaveLength(1);

    const reused = await partner(
      key.secret,
      'POST',
      '/api/v1/partner/orders',
      { ...body, refundAddress: 'elsewhere' },
      headers,
    );
    expect(reused.statusCode).toBe(422);
    expect(reused.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('lists the orders newest first in keyset pages', async () => {
    const owner = await approvedBusiness(t.app);
    const key = await createKey(t.app, owner);
    const ids: string[] = [];
    const start = clock;
    for (let i = 0; i < 3; i += 1) {
      clock += 1000;
      const created = await partnerOrder(key.secret, owner.wallets.PIX!);
      expect(created.statusCode, created.body).toBe(201);
      ids.unshift(created.json().id);
    }
    const first = await partner(key.secret, 'GET', '/api/v1/partner/orders?limit=2');
    expect(first.json().items.map((o: { id: string }) => o.id)).toEqual(ids.slice(0, 2));
    const cursor = first.json().nextCursor as string;
    expect(cursor).toEqual(expect.any(String));
    const second = await partner(
      key.secret,
      'GET',
      `/api/v1/partner/orders?limit=2&cursor=${cursor}`,
    );
    expect(second.json()).toEqual({
      items: [expect.objectContaining({ id: ids[2] })],
      nextCursor: null,
    });
    for (const bad of [
      'garbage',
      'x'.repeat(201),
      '%00',
      Buffer.from('1|2').toString('base64url'),
    ]) {
      const res = await partner(key.secret, 'GET', `/api/v1/partner/orders?cursor=${bad}`);
      expect(res.statusCode, bad).toBe(400);
    }
    const huge = await partner(key.secret, 'GET', '/api/v1/partner/orders?limit=1000000');
    expect(huge.statusCode).toBe(400);
    clock = start;
  });
});

describe('company documents', () => {
  it('are uploaded by a business and reviewed like the others, without touching "documents verified"', async () => {
    const owner = await approvedBusiness(t.app);
    const outsider = await registerCustomer(t.app);
    for (const type of ['articles_of_association', 'representative_id']) {
      const upload = multipartBody({ name: 'contrato.png', bytes: PNG, type: 'image/png' });
      const sent = await t.app.inject({
        method: 'POST',
        url: `/api/v1/me/documents/${type}`,
        headers: { cookie: owner.cookie, ...upload.headers },
        payload: upload.payload,
      });
      expect(sent.statusCode, sent.body).toBe(201);
      expect(sent.json().type).toBe(type);
      const refused = await t.app.inject({
        method: 'POST',
        url: `/api/v1/me/documents/${type}`,
        headers: { cookie: outsider.cookie, ...upload.headers },
        payload: upload.payload,
      });
      expect(refused.statusCode).toBe(404);
      expect(refused.json().error.code).toBe('BUSINESS_NOT_FOUND');
    }
    const list = await t.app.inject({
      url: '/api/v1/me/documents',
      headers: { cookie: owner.cookie },
    });
    expect(list.json().verified).toBe(true);
    // the documents screen learns from here that it asks the company documents too
    expect(list.json().business).toBe(true);
    expect(list.json().documents.map((d: { type: string }) => d.type)).toEqual([
      'national_id',
      'proof_of_address',
      'selfie_with_id',
      'articles_of_association',
      'representative_id',
    ]);
    const me = await t.app.inject({ url: '/api/v1/me', headers: { cookie: owner.cookie } });
    expect(me.json().user.documentsVerified).toBe(true);

    const admin = await signInAdmin(t.app, undefined, 'operator');
    const articles = list
      .json()
      .documents.find((d: { type: string }) => d.type === 'articles_of_association');
    const review = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/documents/${articles.id}/review`,
      headers: { cookie: admin.cookie },
      payload: { decision: 'approve' },
    });
    expect(review.statusCode, review.body).toBe(200);
  });
});

describe('the stored business rows', () => {
  it('keep the CNPJ plain and upper-cased', async () => {
    const owner = await approvedBusiness(t.app);
    const [row] = await t.app.db.select().from(businesses).where(eq(businesses.userId, owner.id));
    expect(row?.cnpj).toMatch(/^[0-9A-Z]{12}\d{2}$/);
  });
});
