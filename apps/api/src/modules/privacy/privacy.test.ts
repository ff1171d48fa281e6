import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import {
  accounts,
  auditLog,
  consents,
  contactMessages,
  documents,
  legalDocuments,
  orderEvents,
  orders,
  reviews,
  sessions,
  users,
  wallets,
} from '@permuta/db';
import type { PersonalDataExport } from '@permuta/contracts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { registerCustomer, registrationBody, signInAdmin } from '../../../test/auth-helpers.ts';
import type { TestAdmin, TestCustomer } from '../../../test/auth-helpers.ts';
import { insertDocument, insertOrder, insertWallet } from '../orders/test-support.ts';
import { ANONYMIZED_NAME, anonymizedEmail } from './privacy.service.ts';

let t: TestApp;
let admin: TestAdmin;

type Method = 'GET' | 'POST';

function call(
  who: { cookie: string } | null,
  method: Method,
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method,
    url,
    headers: { 'accept-language': 'en-US', ...(who ? { cookie: who.cookie } : {}), ...headers },
    ...(payload ? { payload } : {}),
  });
}

const userRow = async (id: string) =>
  (await t.handle.db.select().from(users).where(eq(users.id, id)))[0]!;

const auditOf = (userId: string, action: string) =>
  t.handle.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, userId), eq(auditLog.action, action)))
    .orderBy(asc(auditLog.id));

async function publish(kind: 'terms' | 'privacy', version: string) {
  const res = await call(admin, 'POST', '/api/v1/admin/legal-documents', {
    kind,
    version,
    summary: 'Clearer fees section',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>();
}

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signInAdmin(t.app);
});
afterAll(async () => {
  await t.close();
});

describe('consent to the legal documents', () => {
  it('records the current versions at registration with time, address and browser', async () => {
    const body = registrationBody();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: body,
      headers: { 'user-agent': 'ConsentBrowser/1.0' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [user] = await t.handle.db.select().from(users).where(eq(users.email, body.email));
    const rows = await t.handle.db
      .select({ kind: legalDocuments.kind, ip: consents.ip, userAgent: consents.userAgent })
      .from(consents)
      .innerJoin(legalDocuments, eq(legalDocuments.id, consents.documentId))
      .where(eq(consents.userId, user!.id));
    expect(rows.map((row) => row.kind).sort()).toEqual(['privacy', 'terms']);
    for (const row of rows) {
      expect(row.ip).toBe('127.0.0.1');
      expect(row.userAgent).toBe('ConsentBrowser/1.0');
    }
  });

  it('asks again after a new version, and records the new acceptance', async () => {
    const customer = await registerCustomer(t.app);
    const before = await call(customer, 'GET', '/api/v1/me/consents');
    expect(before.statusCode).toBe(200);
    expect(before.json().pending).toEqual([]);

    const terms = await publish('terms', `t-${Date.now()}`);
    const asked = (await call(customer, 'GET', '/api/v1/me/consents')).json();
    expect(asked.pending.map((doc: { id: string }) => doc.id)).toEqual([terms.id]);
    expect(asked.current.find((doc: { kind: string }) => doc.kind === 'terms').id).toBe(terms.id);

    const accepted = await call(customer, 'POST', '/api/v1/me/consents', {
      documentIds: [terms.id],
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().pending).toEqual([]);
    const audit = await auditOf(customer.id, 'consent.accepted');
    expect(audit).toHaveLength(1);
    // accepting again changes nothing and writes nothing
    await call(customer, 'POST', '/api/v1/me/consents', { documentIds: [terms.id] });
    expect(await auditOf(customer.id, 'consent.accepted')).toHaveLength(1);
  });

  it('refuses an outdated version, another origin and a NUL byte', async () => {
    const customer = await registerCustomer(t.app);
    const old = await publish('privacy', `p-old-${Date.now()}`);
    await publish('privacy', `p-new-${Date.now()}`);
    const outdated = await call(customer, 'POST', '/api/v1/me/consents', {
      documentIds: [old.id],
    });
    expect(outdated.statusCode).toBe(409);
    expect(outdated.json().error.code).toBe('CONSENT_NOT_CURRENT');

    const foreign = await call(
      customer,
      'POST',
      '/api/v1/me/consents',
      { documentIds: [old.id] },
      { origin: 'https://evil.example' },
    );
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error.code).toBe('CROSS_ORIGIN_REQUEST');

    const nul = await call(customer, 'POST', '/api/v1/me/consents', { documentIds: ['a\u0000b'] });
    expect(nul.statusCode).toBe(400);
  });

  it('lets only an owner publish, refuses the same version twice, and audits', async () => {
    const operator = await signInAdmin(t.app, undefined, 'operator');
    const refused = await call(operator, 'POST', '/api/v1/admin/legal-documents', {
      kind: 'terms',
      version: 'v-operator',
    });
    expect(refused.statusCode).toBe(403);
    const customer = await registerCustomer(t.app);
    const asCustomer = await call(customer, 'POST', '/api/v1/admin/legal-documents', {
      kind: 'terms',
      version: 'v-customer',
    });
    expect(asCustomer.statusCode).toBe(403);

    const version = `dup-${Date.now()}`;
    const first = await publish('terms', version);
    const again = await call(admin, 'POST', '/api/v1/admin/legal-documents', {
      kind: 'terms',
      version,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('LEGAL_VERSION_EXISTS');
    const bad = await call(admin, 'POST', '/api/v1/admin/legal-documents', {
      kind: 'terms',
      version: '../../etc',
    });
    expect(bad.statusCode).toBe(400);
    const entries = await t.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'legal_document.published'), eq(auditLog.entityId, first.id)));
    expect(entries).toHaveLength(1);
    expect(entries[0]!.actorId).toBe(admin.id);
  });
});

describe('personal data export', () => {
  let owner: TestCustomer;
  let other: TestCustomer;

  beforeAll(async () => {
    owner = await registerCustomer(t.app);
    other = await registerCustomer(t.app);
    await insertWallet(t.app, owner.id, 'PIX');
    await insertWallet(t.app, other.id, 'PIX');
    const order = await insertOrder(t.app, owner.id, { status: 'completed' });
    await t.handle.db
      .insert(orderEvents)
      .values({ orderId: order.id, toStatus: 'completed', actorType: 'system' });
    await insertOrder(t.app, other.id, { status: 'completed' });
    await insertDocument(t.app, owner.id, 'national_id', new Date());
    await insertDocument(t.app, other.id, 'national_id', new Date());
    await t.handle.db.insert(reviews).values({
      userId: owner.id,
      orderId: order.id,
      rating: 5,
      text: 'Owner review text, quick and clear.',
    });
    await t.handle.db.insert(contactMessages).values([
      { name: 'Owner', email: owner.email.toUpperCase(), message: 'owner message' },
      { name: 'Other', email: other.email, message: 'other message' },
    ]);
  });

  it('holds every section of the owner, and nothing of another customer', async () => {
    const res = await call(owner, 'GET', '/api/v1/me/privacy/export');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="permuta-my-data-/);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const data = res.json<PersonalDataExport>();
    expect(data.format).toBe('permuta-personal-data/1');
    expect(data.profile.id).toBe(owner.id);
    expect(data.profile.email).toBe(owner.email);
    expect(data.consents.length).toBe(2);
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(data.wallets).toHaveLength(1);
    expect(data.orders).toHaveLength(1);
    const events = await t.handle.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, String(data.orders[0]!.id)));
    expect((data.orders[0]!.events as unknown[]).length).toBe(events.length);
    expect(events.some((event) => event.toStatus === 'completed')).toBe(true);
    expect(data.documents).toHaveLength(1);
    expect(String(data.documents[0]!.file)).toMatch(/\/api\/v1\/me\/documents\/.+\/file$/);
    expect(data.reviews).toHaveLength(1);
    expect(data.contactMessages).toEqual([expect.objectContaining({ message: 'owner message' })]);
    expect(data.auditEntries.some((entry) => entry.action === 'auth.registered')).toBe(true);
    expect(data.retention.map((rule) => rule.key)).toContain('orders');

    const text = res.body;
    // no token of any session, no password hash, nothing of the other customer
    const [session] = await t.handle.db
      .select({ token: sessions.token })
      .from(sessions)
      .where(eq(sessions.userId, owner.id));
    expect(text).not.toContain(session!.token);
    const [account] = await t.handle.db
      .select({ password: accounts.password })
      .from(accounts)
      .where(eq(accounts.userId, owner.id));
    expect(text).not.toContain(account!.password!);
    expect(text).not.toContain(other.id);
    expect(text).not.toContain(other.email);
    expect(text).not.toContain('other message');

    expect(await auditOf(owner.id, 'privacy.exported')).toHaveLength(1);
  });

  it('answers 401 signed out and 403 to an admin', async () => {
    expect((await call(null, 'GET', '/api/v1/me/privacy/export')).statusCode).toBe(401);
    expect((await call(admin, 'GET', '/api/v1/me/privacy/export')).statusCode).toBe(403);
  });

  it('is limited per account', async () => {
    const customer = await registerCustomer(t.app);
    const codes: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      codes.push((await call(customer, 'GET', '/api/v1/me/privacy/export')).statusCode);
    }
    expect(codes.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(codes[5]).toBe(429);
    // another account is not held back
    const fresh = await registerCustomer(t.app);
    expect((await call(fresh, 'GET', '/api/v1/me/privacy/export')).statusCode).toBe(200);
  });
});

describe('account deletion', () => {
  it('is refused while an order is open, naming it, and with a wrong password', async () => {
    const customer = await registerCustomer(t.app);
    const order = await insertOrder(t.app, customer.id, { status: 'pending' });
    const overview = (await call(customer, 'GET', '/api/v1/me/privacy')).json();
    expect(overview.canDelete).toBe(false);
    expect(overview.openOrders).toEqual([{ reference: order.reference, status: 'pending' }]);

    const wrong = await call(customer, 'POST', '/api/v1/me/privacy/deletion', {
      password: 'Wrong!Pass1',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields.password).toBeTruthy();

    const res = await call(customer, 'POST', '/api/v1/me/privacy/deletion', {
      password: customer.password,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('DELETION_BLOCKED_OPEN_ORDERS');
    expect(res.json().error.message).toContain(order.reference);
    const row = await userRow(customer.id);
    expect(row.anonymizedAt).toBeNull();
    expect(row.email).toBe(customer.email);
  });

  it('anonymises the person, keeps the retained records, ends sign-in, frees the e-mail', async () => {
    const customer = await registerCustomer(t.app);
    const before = await userRow(customer.id);
    await insertWallet(t.app, customer.id, 'PIX');
    const order = await insertOrder(t.app, customer.id, { status: 'completed' });
    const document = await insertDocument(
      t.app,
      customer.id,
      'selfie_with_id',
      new Date(),
      'approved',
    );
    await t.handle.db.insert(contactMessages).values({
      name: 'Me',
      email: customer.email,
      message: 'my question',
    });
    const orderBefore = (
      await t.handle.db.select().from(orders).where(eq(orders.id, order.id))
    )[0]!;

    const res = await call(customer, 'POST', '/api/v1/me/privacy/deletion', {
      password: customer.password,
    });
    expect(res.statusCode, res.body).toBe(204);
    expect(String(res.headers['set-cookie'])).toMatch(/auth_token=;/);

    const after = await userRow(customer.id);
    // erased
    expect(after.name).toBe(ANONYMIZED_NAME);
    expect(after.email).toBe(anonymizedEmail(customer.id));
    expect(after.username).not.toBe(before.username);
    expect(after.displayUsername).toBeNull();
    expect(after.phone).toBeNull();
    expect(after.birthDate).toBeNull();
    expect(after.cpf).toBeNull();
    expect(after.active).toBe(false);
    expect(after.emailVerified).toBe(false);
    expect(after.anonymizedAt).toBeInstanceOf(Date);
    // kept: the CPF for the retained records, the role, the creation date
    expect(after.retainedCpf).toBe(before.cpf);
    expect(after.role).toBe('customer');
    expect(after.createdAt).toEqual(before.createdAt);
    expect(
      await t.handle.db.select().from(accounts).where(eq(accounts.userId, customer.id)),
    ).toEqual([]);
    expect(
      await t.handle.db.select().from(sessions).where(eq(sessions.userId, customer.id)),
    ).toEqual([]);
    expect(await t.handle.db.select().from(wallets).where(eq(wallets.userId, customer.id))).toEqual(
      [],
    );
    expect(
      await t.handle.db
        .select()
        .from(contactMessages)
        .where(eq(contactMessages.message, 'my question')),
    ).toEqual([]);
    // retained, column by column unchanged (the wallet link aside, which the wallet's removal clears)
    const orderAfter = (await t.handle.db.select().from(orders).where(eq(orders.id, order.id)))[0]!;
    expect({ ...orderAfter, walletId: null, updatedAt: null }).toEqual({
      ...orderBefore,
      walletId: null,
      updatedAt: null,
    });
    const [docAfter] = await t.handle.db
      .select()
      .from(documents)
      .where(eq(documents.id, document.id));
    expect(docAfter).toEqual(document);
    // the audit entry
    const audit = await auditOf(customer.id, 'privacy.anonymized');
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit[0]!.after)).not.toContain(customer.email);

    // the old session is gone; sign-in is refused
    expect((await call(customer, 'GET', '/api/v1/me')).statusCode).toBe(401);
    const signIn = await call(null, 'POST', '/api/v1/auth/sign-in', {
      email: customer.email,
      password: customer.password,
    });
    expect(signIn.statusCode).toBe(401);

    // the same e-mail and CPF may open a new account
    const again = await registerCustomer(t.app, { email: customer.email, cpf: before.cpf! });
    expect(again.id).not.toBe(customer.id);

    // the back office shows the customer as anonymised with the date
    const detail = await call(admin, 'GET', `/api/v1/admin/customers/${customer.id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(JSON.stringify(detail.json())).toContain(after.anonymizedAt!.toISOString());
  });

  it('runs once when asked twice at once', async () => {
    const customer = await registerCustomer(t.app);
    const ask = () =>
      call(customer, 'POST', '/api/v1/me/privacy/deletion', { password: customer.password });
    const answers = await Promise.all([ask(), ask()]);
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes.filter((code) => code === 204)).toHaveLength(1);
    expect(codes.every((code) => code < 500)).toBe(true);
    expect(await auditOf(customer.id, 'privacy.anonymized')).toHaveLength(1);
  });

  it('refuses another origin and a NUL byte', async () => {
    const customer = await registerCustomer(t.app);
    const foreign = await call(
      customer,
      'POST',
      '/api/v1/me/privacy/deletion',
      { password: customer.password },
      { origin: 'https://evil.example' },
    );
    expect(foreign.statusCode).toBe(403);
    const nul = await call(customer, 'POST', '/api/v1/me/privacy/deletion', {
      password: 'a\u0000b',
    });
    expect(nul.statusCode).toBe(400);
    expect((await userRow(customer.id)).anonymizedAt).toBeNull();
  });
});
