import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import {
  auditLog,
  documents,
  networks,
  orders,
  sessions,
  tokens,
  users,
  wallets,
} from '@permuta/db';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { registerCustomer, signInAdmin } from '../../../test/auth-helpers.ts';
import type { TestAdmin, TestCustomer } from '../../../test/auth-helpers.ts';

let t: TestApp;
let admin: TestAdmin;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signInAdmin(t.app);
});
afterAll(async () => t.close());

function call(
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  options: { cookie?: string; payload?: object; locale?: string } = {},
) {
  return t.app.inject({
    method,
    url,
    headers: {
      cookie: options.cookie ?? admin.cookie,
      'accept-language': options.locale ?? 'en-US',
    },
    ...(options.payload ? { payload: options.payload } : {}),
  });
}

async function auditEntries(action: string, entityId: string) {
  return t.handle.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, entityId)))
    .orderBy(desc(auditLog.id));
}

type DocType = 'national_id' | 'proof_of_address' | 'selfie_with_id';

/** A documents row as the upload would leave it; `createdAt` orders the history. */
async function insertDocument(
  userId: string,
  type: DocType,
  createdAt: Date,
  status: 'uploaded' | 'approved' | 'rejected' = 'uploaded',
) {
  const [row] = await t.handle.db
    .insert(documents)
    .values({
      userId,
      type,
      status,
      storageKey: `test/${randomBytes(12).toString('hex')}`,
      originalName: `${type}.png`,
      mimeType: 'image/png',
      sizeBytes: 2048,
      sha256: randomBytes(32).toString('hex'),
      createdAt,
      ...(status === 'uploaded' ? {} : { reviewedAt: createdAt, reviewedBy: admin.id }),
      ...(status === 'rejected' ? { rejectionReason: 'Blurry picture' } : {}),
    })
    .returning();
  return row!;
}

/** The e-mails the review sent (registration's e-mail validation left out), oldest first. */
function reviewMails(email: string) {
  return t.mail.to(email).filter((m) => !/^Confirm/.test(m.subject));
}

async function waitForReviewMails(email: string, count: number) {
  const deadline = Date.now() + 5000;
  while (reviewMails(email).length < count) {
    if (Date.now() > deadline) throw new Error(`fewer than ${count} review e-mails to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return reviewMails(email);
}

function review(id: string, body: object, locale = 'en-US') {
  return call('POST', `/api/v1/admin/documents/${id}/review`, { payload: body, locale });
}

describe('customer list', () => {
  let ana: TestCustomer;
  let bruno: TestCustomer;
  let carla: TestCustomer;

  beforeAll(async () => {
    ana = await registerCustomer(t.app, { name: 'Ana Zebedeu', cpf: '52998224725' });
    bruno = await registerCustomer(t.app, { name: 'Bruno Quixaba' });
    carla = await registerCustomer(t.app, { name: 'Carla Quixaba' });
    await t.handle.db.update(users).set({ active: false }).where(eq(users.id, bruno.id));
    const day = new Date('2026-01-01T00:00:00Z');
    for (const type of ['national_id', 'proof_of_address', 'selfie_with_id'] as const) {
      await insertDocument(carla.id, type, day, 'approved');
    }
  });

  const idsOf = (body: { items: { id: string }[] }) => body.items.map((item) => item.id);

  it('lists customers newest first, never admins, with the total', async () => {
    const res = await call('GET', '/api/v1/admin/customers');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ page: 1, pageSize: 20 });
    expect(body.total).toBeGreaterThanOrEqual(3);
    const ids = idsOf(body);
    expect(ids.indexOf(carla.id)).toBeLessThan(ids.indexOf(bruno.id));
    expect(ids.indexOf(bruno.id)).toBeLessThan(ids.indexOf(ana.id));
    expect(ids).not.toContain(admin.id);
    expect(body.items.find((item: { id: string }) => item.id === ana.id)).toMatchObject({
      name: 'Ana Zebedeu',
      email: ana.email,
      username: ana.username,
      cpf: '52998224725',
      active: true,
      emailVerified: true,
      documentsVerified: false,
      nationalIdVerified: false,
    });
  });

  it('searches by name, e-mail, username and CPF digits (typed with punctuation too)', async () => {
    const search = async (q: string) =>
      idsOf((await call('GET', `/api/v1/admin/customers?q=${encodeURIComponent(q)}`)).json());
    expect(await search('zebedeu')).toEqual([ana.id]);
    expect(await search(bruno.email.toUpperCase())).toEqual([bruno.id]);
    expect(await search(carla.username)).toEqual([carla.id]);
    expect(await search('529.982.247-25')).toEqual([ana.id]);
    expect(await search('98224')).toEqual([ana.id]);
    expect((await search('quixaba')).sort()).toEqual([bruno.id, carla.id].sort());
    expect(await search('%')).toEqual([]);
  });

  it('says documents verified in the list for a customer whose three documents are approved', async () => {
    const list = (await call('GET', `/api/v1/admin/customers?q=Quixaba&pageSize=100`)).json();
    const row = (id: string) => list.items.find((item: { id: string }) => item.id === id);
    expect(row(carla.id)).toMatchObject({ documentsVerified: true });
    expect(row(bruno.id)).toMatchObject({ documentsVerified: false });
  });

  it('filters by active, inactive, verified and unverified', async () => {
    const filter = async (status: string) =>
      idsOf((await call('GET', `/api/v1/admin/customers?status=${status}&pageSize=100`)).json());
    expect(await filter('inactive')).toEqual([bruno.id]);
    expect(await filter('active')).toEqual(expect.arrayContaining([ana.id, carla.id]));
    expect(await filter('active')).not.toContain(bruno.id);
    expect(await filter('verified')).toEqual([carla.id]);
    expect(await filter('unverified')).toEqual(expect.arrayContaining([ana.id, bruno.id]));
    expect(await filter('unverified')).not.toContain(carla.id);
  });

  it('pages through the results', async () => {
    const first = (await call('GET', '/api/v1/admin/customers?q=quixaba&pageSize=5')).json();
    expect(first.total).toBe(2);
    const all = (await call('GET', '/api/v1/admin/customers?pageSize=5')).json();
    const second = (await call('GET', '/api/v1/admin/customers?pageSize=5&page=2')).json();
    expect(second.page).toBe(2);
    expect(second.total).toBe(all.total);
    expect(second.items).toHaveLength(Math.max(0, Math.min(5, all.total - 5)));
  });

  it('refuses a customer (403) and an anonymous caller (401)', async () => {
    expect((await call('GET', '/api/v1/admin/customers', { cookie: ana.cookie })).statusCode).toBe(
      403,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/admin/customers' })).statusCode).toBe(
      401,
    );
  });
});

describe('customer detail', () => {
  it('shows the profile, every document newest first, wallets and orders', async () => {
    const customer = await registerCustomer(t.app);
    const older = await insertDocument(
      customer.id,
      'national_id',
      new Date('2026-01-01T00:00:00Z'),
      'rejected',
    );
    const newer = await insertDocument(
      customer.id,
      'national_id',
      new Date('2026-01-02T00:00:00Z'),
    );
    const proof = await insertDocument(
      customer.id,
      'proof_of_address',
      new Date('2026-01-03T00:00:00Z'),
    );

    const [usdt] = await t.handle.db.select().from(tokens).where(eq(tokens.code, 'USDT'));
    const [pix] = await t.handle.db.select().from(tokens).where(eq(tokens.code, 'PIX'));
    const [trc20] = await t.handle.db
      .select()
      .from(networks)
      .where(and(eq(networks.tokenId, usdt!.id), eq(networks.code, 'TRC20')));
    const [wallet] = await t.handle.db
      .insert(wallets)
      .values({
        userId: customer.id,
        kind: 'crypto',
        tokenId: usdt!.id,
        networkId: trc20!.id,
        address: 'TXYZabc123',
      })
      .returning();
    const now = new Date();
    await t.handle.db.insert(orders).values({
      reference: 'EX-TEST1',
      userId: customer.id,
      sendTokenId: pix!.id,
      receiveTokenId: usdt!.id,
      networkId: trc20!.id,
      amountSend: '540',
      amountReceive: '95',
      rate: '0.18',
      feeRate: '5',
      priceSendBrl: '1',
      priceReceiveBrl: '5.4',
      walletId: wallet!.id,
      addressToReceive: 'TXYZabc123',
      paymentMethod: 'pix',
      quoteLockedUntil: now,
      expiresAt: now,
    });

    const res = await call('GET', `/api/v1/admin/customers/${customer.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.customer).toMatchObject({
      id: customer.id,
      role: 'customer',
      email: customer.email,
      documentsVerified: false,
    });
    expect(body.documents.map((d: { id: string }) => d.id)).toEqual([proof.id, newer.id, older.id]);
    expect(body.documents[2]).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Blurry picture',
      mimeType: 'image/png',
      sizeBytes: 2048,
    });
    expect(body.wallets).toEqual([
      expect.objectContaining({
        id: wallet!.id,
        kind: 'crypto',
        token: 'USDT',
        network: 'TRC20',
        destination: 'TXYZabc123',
      }),
    ]);
    expect(body.orders).toEqual([
      expect.objectContaining({
        reference: 'EX-TEST1',
        sendToken: 'PIX',
        receiveToken: 'USDT',
        status: 'pending',
      }),
    ]);
    expect(body.orders[0].amountSend).toMatch(/^540(\.0+)?$/);
  });

  it('answers empty lists for a customer without documents, wallets or orders', async () => {
    const customer = await registerCustomer(t.app);
    const body = (await call('GET', `/api/v1/admin/customers/${customer.id}`)).json();
    expect(body).toMatchObject({ documents: [], wallets: [], orders: [] });
  });

  it('answers 404 for an unknown id and for an admin', async () => {
    for (const id of ['nobody-here', admin.id]) {
      const res = await call('GET', `/api/v1/admin/customers/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
  });
});

describe('activation', () => {
  it('deactivating signs the customer out everywhere and is recorded; activating undoes it', async () => {
    const customer = await registerCustomer(t.app);
    expect((await call('GET', '/api/v1/me', { cookie: customer.cookie })).statusCode).toBe(200);

    const off = await call('PATCH', `/api/v1/admin/customers/${customer.id}/active`, {
      payload: { active: false },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ id: customer.id, active: false });
    const left = await t.handle.db.select().from(sessions).where(eq(sessions.userId, customer.id));
    expect(left).toHaveLength(0);
    expect((await call('GET', '/api/v1/me', { cookie: customer.cookie })).statusCode).toBe(401);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in',
      payload: { email: customer.email, password: customer.password },
    });
    expect(signIn.statusCode).toBe(403);
    const [deactivated] = await auditEntries('customer.deactivated', customer.id);
    expect(deactivated).toMatchObject({ actorType: 'admin', actorId: admin.id });
    expect(deactivated?.before).toEqual({ active: true });
    expect(deactivated?.after).toEqual({ active: false, sessionsRevoked: 1 });

    const on = await call('PATCH', `/api/v1/admin/customers/${customer.id}/active`, {
      payload: { active: true },
    });
    expect(on.json().active).toBe(true);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in',
      payload: { email: customer.email, password: customer.password },
    });
    expect(again.statusCode).toBe(200);
    const [activated] = await auditEntries('customer.activated', customer.id);
    expect(activated?.after).toMatchObject({ active: true });
  });

  it('answers 404 for an admin id', async () => {
    const res = await call('PATCH', `/api/v1/admin/customers/${admin.id}/active`, {
      payload: { active: false },
    });
    expect(res.statusCode).toBe(404);
    const [row] = await t.handle.db.select().from(users).where(eq(users.id, admin.id));
    expect(row?.active).toBe(true);
  });
});

describe('national ID verification', () => {
  it('says verified when it verifies and revoked when it revokes, in the caller language, and records it', async () => {
    const customer = await registerCustomer(t.app);
    const res = await call('POST', `/api/v1/admin/customers/${customer.id}/national-id`, {
      payload: { verified: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'National ID (CPF) marked as verified',
      customer: { id: customer.id, nationalIdVerified: true },
    });
    const pt = await call('POST', `/api/v1/admin/customers/${customer.id}/national-id`, {
      payload: { verified: false },
      locale: 'pt-BR',
    });
    expect(pt.json().message).toBe('Verificação do CPF revogada');
    expect(pt.json().customer.nationalIdVerified).toBe(false);
    const entries = await auditEntries('customer.national_id', customer.id);
    expect(entries.map((e) => e.after)).toEqual([
      { nationalIdVerified: false },
      { nationalIdVerified: true },
    ]);
  });

  it('answers 404 for an unknown customer', async () => {
    const res = await call('POST', '/api/v1/admin/customers/unknown/national-id', {
      payload: { verified: true },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('document review', () => {
  it("approves the current document, e-mails the customer in the customer's language", async () => {
    const customer = await registerCustomer(t.app);
    const doc = await insertDocument(customer.id, 'national_id', new Date());
    const res = await review(doc.id, { decision: 'approve' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: doc.id, status: 'approved', rejectionReason: null });
    expect(res.json().reviewedAt).toBeTruthy();
    const [row] = await t.handle.db.select().from(documents).where(eq(documents.id, doc.id));
    expect(row).toMatchObject({ status: 'approved', reviewedBy: admin.id });

    const [mail] = await waitForReviewMails(customer.email, 1);
    expect(mail!.subject).toContain('Documento aprovado');
    expect(mail!.text).toContain(`${t.config.publicUrl}/profile/documents`);
    expect(mail!.text).not.toContain('/en-US/');

    const [entry] = await auditEntries('document.approved', doc.id);
    expect(entry).toMatchObject({ actorId: admin.id, entityType: 'document' });
    expect(entry?.before).toMatchObject({ status: 'uploaded' });
    expect(entry?.after).toMatchObject({ status: 'approved' });
  });

  it('rejects with a reason, which the customer reads in English under /en-US', async () => {
    const customer = await registerCustomer(t.app, { locale: 'en-US' });
    const doc = await insertDocument(customer.id, 'proof_of_address', new Date());
    const res = await review(doc.id, {
      decision: 'reject',
      reason: 'The bill is older than 90 days',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'rejected',
      rejectionReason: 'The bill is older than 90 days',
    });
    const [mail] = await waitForReviewMails(customer.email, 1);
    expect(mail!.subject).toContain('Document rejected: proof of address');
    expect(mail!.text).toContain('The bill is older than 90 days');
    expect(mail!.text).toContain(`${t.config.publicUrl}/en-US/profile/documents`);
    const [entry] = await auditEntries('document.rejected', doc.id);
    expect(entry?.after).toMatchObject({
      status: 'rejected',
      rejectionReason: 'The bill is older than 90 days',
    });
  });

  it('needs a reason of at least 5 characters to reject', async () => {
    const customer = await registerCustomer(t.app);
    const doc = await insertDocument(customer.id, 'selfie_with_id', new Date());
    const res = await review(doc.id, { decision: 'reject', reason: 'no' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.reason).toBe('Tell the customer why (at least 5 characters).');
    const [row] = await t.handle.db.select().from(documents).where(eq(documents.id, doc.id));
    expect(row?.status).toBe('uploaded');
  });

  it('refuses reviewing a document twice (409 DOCUMENT_ALREADY_REVIEWED)', async () => {
    const customer = await registerCustomer(t.app);
    const doc = await insertDocument(customer.id, 'national_id', new Date());
    expect((await review(doc.id, { decision: 'approve' })).statusCode).toBe(200);
    const again = await review(doc.id, { decision: 'reject', reason: 'Changed my mind' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('DOCUMENT_ALREADY_REVIEWED');
    const [row] = await t.handle.db.select().from(documents).where(eq(documents.id, doc.id));
    expect(row?.status).toBe('approved');
  });

  it('lets only one of two simultaneous reviews win, with one audit entry', async () => {
    const customer = await registerCustomer(t.app);
    const doc = await insertDocument(customer.id, 'selfie_with_id', new Date());
    const answers = await Promise.all([
      review(doc.id, { decision: 'approve' }),
      review(doc.id, { decision: 'reject', reason: 'Face not visible' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const entries = [
      ...(await auditEntries('document.approved', doc.id)),
      ...(await auditEntries('document.rejected', doc.id)),
    ];
    expect(entries).toHaveLength(1);
  });

  it('refuses reviewing a file replaced by a newer upload (409 DOCUMENT_NOT_CURRENT)', async () => {
    const customer = await registerCustomer(t.app);
    const old = await insertDocument(customer.id, 'national_id', new Date('2026-01-01T00:00:00Z'));
    await insertDocument(customer.id, 'national_id', new Date('2026-01-02T00:00:00Z'));
    const res = await review(old.id, { decision: 'approve' }, 'pt-BR');
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'DOCUMENT_NOT_CURRENT',
      message: 'O cliente enviou um arquivo mais novo deste documento: revise esse.',
    });
  });

  it('tells the customer the account is verified when the third document is approved', async () => {
    const customer = await registerCustomer(t.app);
    const at = new Date();
    await insertDocument(customer.id, 'national_id', at, 'approved');
    await insertDocument(customer.id, 'proof_of_address', at, 'approved');
    const selfie = await insertDocument(customer.id, 'selfie_with_id', at);
    expect((await review(selfie.id, { decision: 'approve' })).statusCode).toBe(200);
    const subjects = (await waitForReviewMails(customer.email, 2)).map((m) => m.subject);
    expect(subjects).toEqual([
      expect.stringContaining('Documento aprovado: selfie com documento'),
      expect.stringContaining('Sua conta foi verificada'),
    ]);
    const detail = (await call('GET', `/api/v1/admin/customers/${customer.id}`)).json();
    expect(detail.customer.documentsVerified).toBe(true);
  });

  it('does not announce verification while another document is still pending', async () => {
    const customer = await registerCustomer(t.app);
    const at = new Date();
    await insertDocument(customer.id, 'national_id', at, 'approved');
    await insertDocument(customer.id, 'proof_of_address', at);
    const selfie = await insertDocument(customer.id, 'selfie_with_id', at);
    expect((await review(selfie.id, { decision: 'approve' })).statusCode).toBe(200);
    await waitForReviewMails(customer.email, 1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(reviewMails(customer.email)).toHaveLength(1);
  });

  it('answers 404 for an unknown document', async () => {
    const res = await review('no-such-document', { decision: 'approve' });
    expect(res.statusCode).toBe(404);
  });
});
