import { randomBytes } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  auditLog,
  coafReminders,
  complianceAlerts,
  complianceCases,
  complianceNotes,
  users,
  wallets,
} from '@permuta/db';
import type { Order } from '@permuta/db';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { randomCpf, registerCustomer, signInAdmin } from '../../../test/auth-helpers.ts';
import type { TestAdmin, TestCustomer } from '../../../test/auth-helpers.ts';
import { EMAIL_QUEUE } from '../../lib/jobs.ts';
import { readSettings } from '../orders/orders.repository.ts';
import {
  USDT_TO_PIX,
  insertOrder,
  insertPaidPixToUsdt,
  insertWallet,
  liftCustomerLimits,
  lockQuote,
  trader,
  updateSettings,
} from '../orders/test-support.ts';
import type { ReportedPayment } from '../payments/incoming-payments.service.ts';

/** The app's clock: 12:00 in São Paulo on 17 March 2026. */
const NOON = Date.parse('2026-03-17T15:00:00.000Z');
const DAY = 86_400_000;
let clock = NOON;
let t: TestApp;
let owner: TestAdmin;
let finance: TestAdmin;
let operator: TestAdmin;

const SUPPORT = 'suporte@permuta.example'; // the demo settings' support address

const DEFAULTS = {
  complianceStructuringOrders: 3,
  complianceStructuringMarginPercent: 10,
  complianceWindowDays: 7,
  complianceVolumeMultiple: 5,
  complianceVolumeMinBrl: '1000',
  complianceFirstMonthBrl: '1000000',
  complianceNewWallets: 3,
  customerMaxOrderBrl: '10000',
  twoFactorOrderAboveBrl: '0',
};

beforeAll(async () => {
  t = await buildTestApp({ app: { now: () => new Date(clock) } });
  owner = await signInAdmin(t.app);
  finance = await signInAdmin(t.app, undefined, 'finance');
  operator = await signInAdmin(t.app, undefined, 'operator');
});
afterAll(async () => t?.close());
beforeEach(async () => {
  clock = NOON;
  await updateSettings(t.app, DEFAULTS);
});

/** An order of `valueBrl` (amount sent at price 1) created `daysAgo` before the clock. */
function order(customer: { id: string }, valueBrl: string, daysAgo = 0, extra = {}) {
  return insertOrder(t.app, customer.id, {
    amountSend: valueBrl,
    priceSendBrl: '1',
    status: 'completed',
    createdAt: new Date(clock - daysAgo * DAY),
    ...extra,
  });
}

/** The order-creation rules, as the creation's transaction runs them. */
async function created(row: Order) {
  const settings = await readSettings(t.app.db);
  await t.app.db.transaction((tx) => t.app.services.compliance.orderCreated(tx, row, settings));
}

const alertsOf = (userId: string) =>
  t.app.db
    .select()
    .from(complianceAlerts)
    .where(eq(complianceAlerts.userId, userId))
    .orderBy(asc(complianceAlerts.createdAt));

const casesOf = (userId: string) =>
  t.app.db.select().from(complianceCases).where(eq(complianceCases.userId, userId));

function call(
  who: { cookie: string } | null,
  method: 'GET' | 'POST',
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

describe('structuring', () => {
  it('fires on the third order just under the limit per order, summing above it', async () => {
    const customer = await registerCustomer(t.app);
    const a = await order(customer, '9500', 3);
    const b = await order(customer, '9000', 2);
    await created(b);
    expect(await alertsOf(customer.id)).toEqual([]);
    const c = await order(customer, '10000', 0);
    await created(c);
    const [alert] = await alertsOf(customer.id);
    expect(alert).toMatchObject({ rule: 'structuring', dedupeKey: `structuring:${c.id}` });
    expect([...alert!.orderIds].sort()).toEqual([a.id, b.id, c.id].sort());
    expect(alert!.facts).toMatchObject({
      limit: 'order_limit',
      limitBrl: '10000.00',
      floorBrl: '9000.00',
      totalBrl: '28500.00',
    });
    // the same facts again (a retried hook): still one alert
    await created(c);
    expect(await alertsOf(customer.id)).toHaveLength(1);
  });

  it('does not fire one centavo below the margin, nor outside the window', async () => {
    const customer = await registerCustomer(t.app);
    await order(customer, '9500', 7.01); // just outside the 7 days
    await order(customer, '8999.99', 1); // one centavo below 90 %
    await order(customer, '9500', 1);
    const last = await order(customer, '9999.99', 0);
    await created(last);
    expect(await alertsOf(customer.id)).toEqual([]);
  });

  it('ignores canceled orders and a limit that is off (two-factor at 0)', async () => {
    const customer = await registerCustomer(t.app);
    await order(customer, '9500', 1, { status: 'canceled' });
    await order(customer, '9500', 1);
    const last = await order(customer, '9500', 0);
    await created(last);
    expect(await alertsOf(customer.id)).toEqual([]);
  });
});

describe('volume far above history', () => {
  it('fires above 5 times the average month of the 6 before, not at it', async () => {
    const customer = await registerCustomer(t.app);
    await order(customer, '6000', 60); // 1 000 a month on average
    const first = await order(customer, '5000', 1);
    await created(first);
    expect(await alertsOf(customer.id)).toEqual([]);
    const second = await order(customer, '0.01', 0);
    await created(second);
    const [alert] = await alertsOf(customer.id);
    expect(alert).toMatchObject({ rule: 'volume_spike', orderIds: [second.id] });
    expect(alert!.facts).toMatchObject({
      kind: 'above_history',
      recentBrl: '5000.01',
      averageMonthBrl: '1000.00',
    });
    // once per customer and month
    await created(await order(customer, '1000', 0));
    expect(await alertsOf(customer.id)).toHaveLength(1);
  });

  it('without history, fires above the first-month threshold only', async () => {
    await updateSettings(t.app, { complianceFirstMonthBrl: '20000' });
    const customer = await registerCustomer(t.app);
    await created(await order(customer, '9000', 2));
    await created(await order(customer, '11000', 1));
    expect(await alertsOf(customer.id)).toEqual([]);
    await created(await order(customer, '0.01', 0));
    const [alert] = await alertsOf(customer.id);
    expect(alert?.facts).toMatchObject({ kind: 'first_month', thresholdBrl: '20000.00' });
  });

  it('is not above the minimum for a small customer', async () => {
    await updateSettings(t.app, { complianceVolumeMinBrl: '50000' });
    const customer = await registerCustomer(t.app);
    await order(customer, '60', 60);
    await created(await order(customer, '900', 0)); // 90 times the 10 a month, under 50 000
    expect(await alertsOf(customer.id)).toEqual([]);
  });
});

describe('many new wallets', () => {
  async function walletAged(
    customer: { id: string },
    token: string,
    daysAgo: number,
    network?: string,
  ) {
    const id = await insertWallet(t.app, customer.id, token, network);
    await t.app.db
      .update(wallets)
      .set({ createdAt: new Date(clock - daysAgo * DAY) })
      .where(eq(wallets.id, id));
    return id;
  }

  it('fires when the third wallet created in the window is used, not before', async () => {
    const customer = await registerCustomer(t.app);
    const old = await walletAged(customer, 'BTC', 8);
    await created(await order(customer, '10', 0, { walletId: old }));
    const pix = await walletAged(customer, 'PIX', 3);
    await created(await order(customer, '10', 0, { walletId: pix }));
    const deriv = await walletAged(customer, 'DERIV', 2);
    await created(await order(customer, '10', 0, { walletId: deriv }));
    expect(await alertsOf(customer.id)).toEqual([]);
    const usdt = await walletAged(customer, 'USDT', 0, 'TRC20');
    const third = await order(customer, '10', 0, { walletId: usdt });
    await created(third);
    const [alert] = await alertsOf(customer.id);
    expect(alert).toMatchObject({ rule: 'new_wallets', dedupeKey: `new_wallets:${usdt}` });
    expect(alert!.facts).toMatchObject({ count: 3 });
    // the same wallet used again: the same facts
    await created(await order(customer, '10', 0, { walletId: usdt }));
    expect(await alertsOf(customer.id)).toHaveLength(1);
  });
});

describe('payer not the customer', () => {
  function pixPayment(document: string, overrides: Partial<ReportedPayment> = {}): ReportedPayment {
    return {
      provider: 'pix',
      externalId: `E00000000${randomBytes(8).toString('hex')}`,
      tokenCode: 'PIX',
      amount: '540',
      payer: { document, name: 'Terceiro' },
      settled: true,
      occurredAt: new Date(clock),
      ...overrides,
    };
  }

  async function payer() {
    const customer = await trader(t.app, { wallets: [['USDT', 'TRC20'], ['PIX']] });
    const [row] = await t.app.db
      .select({ cpf: users.cpf })
      .from(users)
      .where(eq(users.id, customer.id));
    return { customer, cpf: row!.cpf! };
  }

  it("alerts on a third party's PIX, not on the customer's own", async () => {
    const { customer, cpf } = await payer();
    const own = await insertPaidPixToUsdt(t.app, customer, { status: 'pending' });
    const credited = await t.app.services.incomingPayments.receive(pixPayment(cpf), {
      kind: 'order',
      orderId: own.id,
    });
    expect(credited.kind).toBe('credited');
    expect(await alertsOf(customer.id)).toEqual([]);

    const other = await insertPaidPixToUsdt(t.app, customer, { status: 'pending' });
    const stranger = randomCpf();
    const payment = pixPayment(stranger);
    const refunded = await t.app.services.incomingPayments.receive(payment, {
      kind: 'order',
      orderId: other.id,
    });
    expect(refunded.kind).toBe('refund');
    const [alert] = await alertsOf(customer.id);
    expect(alert).toMatchObject({
      rule: 'third_party_payer',
      dedupeKey: `third_party_payer:${refunded.payment.id}`,
      orderIds: [other.id],
    });
    expect(alert!.facts).toMatchObject({ payerDocument: stranger, reference: other.reference });
  });

  it('alerts once when the same payment is reported twice at once', async () => {
    const { customer } = await payer();
    const row = await insertPaidPixToUsdt(t.app, customer, { status: 'pending' });
    const payment = pixPayment(randomCpf());
    await Promise.all([
      t.app.services.incomingPayments.receive(payment, { kind: 'order', orderId: row.id }),
      t.app.services.incomingPayments.receive(payment, { kind: 'order', orderId: row.id }),
    ]);
    expect(await alertsOf(customer.id)).toHaveLength(1);
    expect(await casesOf(customer.id)).toHaveLength(1);
  });

  it("two third parties' payments at once join one case", async () => {
    const { customer } = await payer();
    const one = await insertPaidPixToUsdt(t.app, customer, { status: 'pending' });
    const two = await insertPaidPixToUsdt(t.app, customer, { status: 'pending' });
    await Promise.all([
      t.app.services.incomingPayments.receive(pixPayment(randomCpf()), {
        kind: 'order',
        orderId: one.id,
      }),
      t.app.services.incomingPayments.receive(pixPayment(randomCpf()), {
        kind: 'order',
        orderId: two.id,
      }),
    ]);
    expect(await alertsOf(customer.id)).toHaveLength(2);
    const cases = await casesOf(customer.id);
    expect(cases).toHaveLength(1);
    expect(new Set((await alertsOf(customer.id)).map((a) => a.caseId))).toEqual(
      new Set([cases[0]!.id]),
    );
  });
});

describe('order creation runs the rules in its transaction', () => {
  it('an order placed through the API opens a case when it breaks a rule', async () => {
    await liftCustomerLimits(t.app);
    await updateSettings(t.app, { complianceFirstMonthBrl: '1' });
    const customer = await trader(t.app);
    const quote = await lockQuote(t.app, customer.cookie, { ...USDT_TO_PIX, amount: '100' });
    expect(quote.statusCode, quote.body).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: { cookie: customer.cookie },
      payload: { quoteToken: quote.json().quoteToken, walletId: customer.wallets.PIX },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [alert] = await alertsOf(customer.id);
    expect(alert).toMatchObject({ rule: 'volume_spike', orderIds: [res.json().id] });
    // the customer's own views say nothing of it
    const page = await call(customer, 'GET', `/api/v1/orders/${res.json().id}`);
    expect(page.body).not.toMatch(/compliance|volume_spike|alert/i);
    const exported = await call(customer, 'GET', '/api/v1/me/privacy/export');
    expect(exported.statusCode).toBe(200);
    expect(exported.body).not.toMatch(/compliance|volume_spike/i);
  });
});

/** A customer with an open case of one structuring alert. */
async function caseOf(): Promise<{ customer: TestCustomer; caseId: string }> {
  const customer = await registerCustomer(t.app);
  await order(customer, '9500', 2);
  await order(customer, '9500', 1);
  await created(await order(customer, '9500', 0));
  const [row] = await casesOf(customer.id);
  return { customer, caseId: row!.id };
}

describe('the case queue', () => {
  it('lists cases with filters and keyset pages, and shows one with its alerts', async () => {
    // after the cases of the tests before (all made at noon): these two are the newest
    clock += 60_000;
    const first = await caseOf();
    clock += 1000;
    const second = await caseOf();
    const page = await call(
      finance,
      'GET',
      '/api/v1/admin/compliance/cases?status=open&rule=structuring&limit=1',
    );
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().items).toHaveLength(1);
    expect(page.json().items[0]).toMatchObject({
      id: second.caseId,
      rules: ['structuring'],
      alerts: 1,
    });
    const next = await call(
      finance,
      'GET',
      `/api/v1/admin/compliance/cases?status=open&rule=structuring&limit=1&cursor=${encodeURIComponent(page.json().nextCursor)}`,
    );
    expect(next.json().items[0].id).toBe(first.caseId);
    const byCustomer = await call(
      finance,
      'GET',
      `/api/v1/admin/compliance/cases?customer=${encodeURIComponent(first.customer.email)}`,
    );
    expect(byCustomer.json().items.map((i: { id: string }) => i.id)).toEqual([first.caseId]);
    expect(
      (
        await call(
          finance,
          'GET',
          '/api/v1/admin/compliance/cases?rule=new_wallets&customer=' +
            encodeURIComponent(first.customer.email),
        )
      ).json().items,
    ).toEqual([]);

    const detail = await call(finance, 'GET', `/api/v1/admin/compliance/cases/${first.caseId}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({
      status: 'open',
      customer: { id: first.customer.id, email: first.customer.email },
      notes: [],
      decision: null,
    });
    expect(detail.json().alerts[0].orders).toHaveLength(3);
    expect(detail.json().alerts[0].orders[0].reference).toMatch(/^EX-/);
  });

  it('notes are appended with their author; the first moves the case to under analysis', async () => {
    const { caseId } = await caseOf();
    const res = await call(finance, 'POST', `/api/v1/admin/compliance/cases/${caseId}/notes`, {
      text: 'Asked for the source of funds.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'under_analysis',
      notes: [{ author: finance.username, text: 'Asked for the source of funds.' }],
    });
    await call(finance, 'POST', `/api/v1/admin/compliance/cases/${caseId}/notes`, {
      text: 'Second.',
    });
    const notes = await t.app.db
      .select()
      .from(complianceNotes)
      .where(eq(complianceNotes.caseId, caseId));
    expect(notes).toHaveLength(2);
    const audit = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, caseId), eq(auditLog.action, 'compliance.note_added')));
    expect(audit).toHaveLength(2);
  });

  it('is decided once: two decisions at once, one wins; then notes are refused', async () => {
    const { caseId } = await caseOf();
    const url = `/api/v1/admin/compliance/cases/${caseId}/decision`;
    const [a, b] = await Promise.all([
      call(finance, 'POST', url, { decision: 'dismissed', text: 'Salary paid in parts.' }),
      call(owner, 'POST', url, {
        decision: 'reported',
        text: 'Structuring confirmed.',
        protocol: '2026.0001234',
        reportedOn: '2026-03-16',
      }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.json().error.code).toBe('COMPLIANCE_CASE_DECIDED');
    const [row] = await t.app.db
      .select()
      .from(complianceCases)
      .where(eq(complianceCases.id, caseId));
    expect(row!.status).toBe('closed');
    const note = await call(finance, 'POST', `/api/v1/admin/compliance/cases/${caseId}/notes`, {
      text: 'Late.',
    });
    expect(note.statusCode).toBe(409);
    // a new alert of the same customer opens a new case
    const decided = await t.app.db
      .select({ count: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, caseId), eq(auditLog.action, 'compliance.case_decided')));
    expect(Number(decided[0]!.count)).toBe(1);
  });

  it('refuses a report without protocol, a day to come, NUL bytes and absurd values', async () => {
    const { caseId } = await caseOf();
    const url = `/api/v1/admin/compliance/cases/${caseId}/decision`;
    const noProtocol = await call(finance, 'POST', url, {
      decision: 'reported',
      text: 'Reported.',
      reportedOn: '2026-03-16',
    });
    expect(noProtocol.statusCode).toBe(400);
    const future = await call(finance, 'POST', url, {
      decision: 'reported',
      text: 'Reported.',
      protocol: '123456',
      reportedOn: '2026-03-18',
    });
    expect(future.statusCode).toBe(422);
    expect(future.json().error.code).toBe('COMPLIANCE_DAY_FUTURE');
    const nul = await call(finance, 'POST', `/api/v1/admin/compliance/cases/${caseId}/notes`, {
      text: 'a\u0000b c',
    });
    expect(nul.statusCode).toBe(400);
    const long = await call(finance, 'POST', `/api/v1/admin/compliance/cases/${caseId}/notes`, {
      text: 'x'.repeat(5001),
    });
    expect(long.statusCode).toBe(400);
    expect(
      (await call(finance, 'GET', '/api/v1/admin/compliance/cases?limit=100000')).statusCode,
    ).toBe(400);
    expect(
      (await call(finance, 'GET', '/api/v1/admin/compliance/cases?cursor=nope')).statusCode,
    ).toBe(400);
    expect(
      (await call(finance, 'GET', '/api/v1/admin/compliance/cases/not-a-uuid')).statusCode,
    ).toBe(400);
    expect(
      (await call(finance, 'GET', `/api/v1/admin/compliance/cases/${crypto.randomUUID()}`))
        .statusCode,
    ).toBe(404);
    const [row] = await t.app.db
      .select()
      .from(complianceCases)
      .where(eq(complianceCases.id, caseId));
    expect(row!.status).toBe('open');
  });

  it('is closed to operators, customers, anonymous callers and other origins', async () => {
    const { customer, caseId } = await caseOf();
    expect((await call(null, 'GET', '/api/v1/admin/compliance/cases')).statusCode).toBe(401);
    expect(
      (await call(customer, 'GET', `/api/v1/admin/compliance/cases/${caseId}`)).statusCode,
    ).toBe(403);
    const forbidden = await call(operator, 'GET', '/api/v1/admin/compliance/cases');
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error.code).toBe('ADMIN_ROLE_FORBIDDEN');
    expect((await call(operator, 'GET', '/api/v1/admin/compliance/summary')).statusCode).toBe(403);
    const foreign = await call(
      finance,
      'POST',
      `/api/v1/admin/compliance/cases/${caseId}/notes`,
      { text: 'From elsewhere.' },
      { origin: 'https://evil.example' },
    );
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error.code).toBe('CROSS_ORIGIN_REQUEST');
  });

  it('keeps every record: no row of the queue can be deleted, an alert never changes', async () => {
    const { caseId } = await caseOf();
    await expect(
      t.app.db.delete(complianceCases).where(eq(complianceCases.id, caseId)),
    ).rejects.toThrow();
    await expect(
      t.app.db
        .update(complianceAlerts)
        .set({ facts: {} })
        .where(eq(complianceAlerts.caseId, caseId)),
    ).rejects.toThrow();
    expect(
      await t.app.db.select().from(complianceAlerts).where(eq(complianceAlerts.caseId, caseId)),
    ).toHaveLength(1);
  });

  it('survives the customer deleting the account: the case and its facts stay, linked', async () => {
    const { customer, caseId } = await caseOf();
    const res = await call(customer, 'POST', '/api/v1/me/privacy/deletion', {
      password: customer.password,
    });
    expect(res.statusCode, res.body).toBe(204);
    const detail = await call(finance, 'GET', `/api/v1/admin/compliance/cases/${caseId}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().customer).toMatchObject({ id: customer.id, anonymized: true });
    expect(detail.json().customer.cpf).toMatch(/^\d{11}$/);
    expect(detail.json().alerts[0].facts.totalBrl).toBe('28500.00');
  });
});

describe('the yearly declaration of non-occurrence', () => {
  it('is owed in January for a year with orders and no report; recorded once by an owner', async () => {
    // an order in 2025, read in March 2026: the declaration of 2025 is late
    const customer = await registerCustomer(t.app);
    await order(customer, '10', 0, { createdAt: new Date('2025-06-01T12:00:00.000Z') });
    const summary = await call(finance, 'GET', '/api/v1/admin/compliance/summary');
    expect(summary.statusCode).toBe(200);
    expect(summary.json().declarationDue).toEqual({
      year: 2025,
      deadline: '2026-01-15',
      overdue: true,
    });

    const body = { year: 2025, sentOn: '2026-01-10', protocol: 'CNO-2025-77' };
    const byFinance = await call(finance, 'POST', '/api/v1/admin/compliance/declarations', body);
    expect(byFinance.statusCode).toBe(403);
    const early = await call(owner, 'POST', '/api/v1/admin/compliance/declarations', {
      ...body,
      year: 2026,
    });
    expect(early.statusCode).toBe(422);
    expect(early.json().error.code).toBe('COAF_DECLARATION_NOT_OWED');
    const future = await call(owner, 'POST', '/api/v1/admin/compliance/declarations', {
      ...body,
      sentOn: '2026-03-18',
    });
    expect(future.statusCode).toBe(422);
    const [a, b] = await Promise.all([
      call(owner, 'POST', '/api/v1/admin/compliance/declarations', body),
      call(owner, 'POST', '/api/v1/admin/compliance/declarations', body),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const after = (await call(finance, 'GET', '/api/v1/admin/compliance/summary')).json();
    expect(after.declarationDue).toBeNull();
    expect(after.declarations[0]).toMatchObject({
      year: 2025,
      protocol: 'CNO-2025-77',
      recordedBy: owner.username,
    });
  });

  it('e-mails the reminder once per year, however often the job runs', async () => {
    const customer = await registerCustomer(t.app);
    clock = Date.parse('2029-06-01T12:00:00.000Z');
    await order(customer, '10', 0);
    clock = Date.parse('2030-01-02T12:00:00.000Z');
    await t.app.jobs.drain(EMAIL_QUEUE);
    const before = t.mail.to(SUPPORT).length;
    const runs = await Promise.all([
      t.app.services.compliance.remindYearly(),
      t.app.services.compliance.remindYearly(),
    ]);
    expect(runs.filter(Boolean)).toHaveLength(1);
    expect(await t.app.services.compliance.remindYearly()).toBe(false);
    expect(await t.app.jobs.drain(EMAIL_QUEUE)).toBe(1);
    const mail = await t.mail.waitFor(SUPPORT, before + 1);
    expect(mail.subject).toBe('COAF: comunicação de não ocorrência de 2029 - Permuta');
    expect(mail.text).toContain('15/01/2030');
    expect(t.mail.to(SUPPORT).length).toBe(before + 1);
    const claimed = await t.app.db.select().from(coafReminders).where(eq(coafReminders.year, 2029));
    expect(claimed).toHaveLength(1);
  });
});
