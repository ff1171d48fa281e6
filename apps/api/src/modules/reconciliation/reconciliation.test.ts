import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dec, normalize, reconciliationToday } from '@permuta/contracts';
import type { ReconciliationAccount, ReconciliationReport } from '@permuta/contracts';
import { incomingPayments, users } from '@permuta/db';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { randomCpf, signInAdmin } from '../../../test/auth-helpers.ts';
import type { TestAdmin } from '../../../test/auth-helpers.ts';
import {
  insertOrder,
  insertPaidPixToUsdt,
  networkId,
  tokenId,
  trader,
} from '../orders/test-support.ts';
import type { Trader } from '../orders/test-support.ts';
import type { ReportedPayment } from '../payments/incoming-payments.service.ts';

/**
 * One São Paulo day built with the flows the system runs (the incoming payments' door that the
 * PSP's webhook, the exchange's deposit history and the Deriv statement call; the inbox's
 * "returned by hand"; an admin's confirmation; the payout's system move), plus two states the
 * services never produce, written directly so that the report's detectors are seen to work.
 */

let t: TestApp;
let finance: TestAdmin;
let operator: TestAdmin;
let owner: TestAdmin;
let customer: Trader;
let cpf: string;
let today: string;
const ids: Record<string, string> = {};

const e2e = () => `E00000000${randomBytes(8).toString('hex')}`;

function pix(overrides: Partial<ReportedPayment> = {}): ReportedPayment {
  return {
    provider: 'pix',
    externalId: e2e(),
    tokenCode: 'PIX',
    amount: '540',
    payer: { document: cpf, name: 'Cliente' },
    settled: true,
    occurredAt: new Date(),
    ...overrides,
  };
}

async function paymentId(externalId: string): Promise<string> {
  const [row] = await t.app.db
    .select({ id: incomingPayments.id })
    .from(incomingPayments)
    .where(eq(incomingPayments.externalId, externalId));
  return row!.id;
}

function get(admin: TestAdmin | null, url: string, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'GET',
    url,
    headers: { ...(admin ? { cookie: admin.cookie } : {}), ...headers },
  });
}

async function reportOf(day: string): Promise<ReconciliationReport> {
  const res = await get(finance, `/api/v1/admin/reconciliation?day=${day}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

function accountOf(report: ReconciliationReport, key: string): ReconciliationAccount {
  const found = report.accounts.find((a) => a.key === key);
  if (!found) throw new Error(`no account ${key}: ${report.accounts.map((a) => a.key).join()}`);
  return found;
}

beforeAll(async () => {
  t = await buildTestApp();
  owner = await signInAdmin(t.app, undefined, 'owner');
  finance = await signInAdmin(t.app, undefined, 'finance');
  operator = await signInAdmin(t.app, undefined, 'operator');
  customer = await trader(t.app, { wallets: [['USDT', 'TRC20'], ['PIX']] });
  const [row] = await t.app.db
    .select({ cpf: users.cpf })
    .from(users)
    .where(eq(users.id, customer.id));
  cpf = row!.cpf!;
  today = reconciliationToday(new Date());
  const incoming = t.app.services.incomingPayments;
  const mover = t.app.services.mover;
  const asOwner = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: { cookie: owner.cookie }, payload });

  // A: a PIX paid by the customer, credited as the PSP's webhook reports it
  const a = await insertPaidPixToUsdt(t.app, customer, { status: 'pending' });
  ids.a = a.reference;
  expect(
    await incoming.receive(pix({ amount: '540' }), { kind: 'order', orderId: a.id }),
  ).toMatchObject({ kind: 'credited' });

  // B: a PIX from someone else for an order, to be returned; an admin records the devolução
  // with its e2eid, then confirms the order's own funds by hand (the stranger's PIX is not
  // behind that credit)
  const b = await insertPaidPixToUsdt(t.app, customer, { status: 'user_confirmed' });
  ids.bOrder = b.reference;
  const bPayment = pix({
    amount: '300',
    payer: { document: randomCpf(), name: '=HYPERLINK("http://x","y")' },
  });
  expect(await incoming.receive(bPayment, { kind: 'order', orderId: b.id })).toMatchObject({
    kind: 'refund',
  });
  ids.b = await paymentId(bPayment.externalId);
  const returned = await asOwner(`/api/v1/admin/payments/${ids.b}/refunded`, {
    note: 'Devolvido pelo app do banco',
    receipt: 'D12345678202611281200abcdefghijk',
  });
  expect(returned.statusCode, returned.body).toBe(200);
  const bConfirmed = await asOwner(`/api/v1/admin/orders/${b.id}/transition`, {
    action: 'confirm_funds',
    amountReceived: '540',
  });
  expect(bConfirmed.statusCode, bConfirmed.body).toBe(200);

  // B2: a PIX no order takes, returned by hand with no receipt
  const b2Payment = pix({ amount: '77.70', payer: { name: '+cmd|calc', document: null } });
  await incoming.receive(b2Payment, { kind: 'none', reason: 'no_order' });
  ids.b2 = await paymentId(b2Payment.externalId);
  const returned2 = await asOwner(`/api/v1/admin/payments/${ids.b2}/refunded`, {
    note: 'Devolvido sem comprovante',
  });
  expect(returned2.statusCode, returned2.body).toBe(200);

  // C: a USDT deposit on TRC20 credited from the exchange's history
  const c = await insertOrder(t.app, customer.id, { status: 'pending' });
  ids.c = c.reference;
  expect(
    await incoming.receive(
      {
        provider: 'exchange',
        externalId: `dep-${randomBytes(6).toString('hex')}`,
        tokenCode: 'USDT',
        network: 'TRC20',
        amount: '100',
        reference: randomBytes(32).toString('hex'),
        confirmations: { seen: 20, required: 20 },
        settled: true,
        occurredAt: new Date(),
      },
      { kind: 'order', orderId: c.id },
    ),
  ).toMatchObject({ kind: 'credited' });

  // D: a Deriv payout paid by the rail (the payout service's system move with the receipt)
  const d = await insertOrder(t.app, customer.id, {
    status: 'processing',
    sendTokenId: await tokenId(t.app, 'PIX'),
    receiveTokenId: await tokenId(t.app, 'DERIV'),
    networkId: await networkId(t.app, 'DERIV', 'USD'),
    amountSend: '560',
    amountReceive: '100.25',
    rate: '0.179',
    priceSendBrl: '1',
    priceReceiveBrl: '5.5',
    addressToReceive: 'CR1234567',
    paymentMethod: 'pix',
  });
  await mover.move({
    order: d.id,
    action: 'payout_done',
    actor: { type: 'system', id: null },
    at: new Date(),
    set: { payoutTxId: '71234567', withdrawId: '71234567' },
  });

  // E: an admin confirms a USDT order's funds by hand (no provider payment)
  const e = await insertOrder(t.app, customer.id, { status: 'user_confirmed' });
  ids.e = e.reference;
  const confirmed = await asOwner(`/api/v1/admin/orders/${e.id}/transition`, {
    action: 'confirm_funds',
    amountReceived: '50.5',
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);

  // E2: a PIX payout marked paid with no receipt at all (no rail's id, no proof file)
  const e2 = await insertOrder(t.app, customer.id, { status: 'processing' });
  ids.e2 = e2.reference;
  await mover.move({
    order: e2.id,
    action: 'payout_done',
    actor: { type: 'system', id: null },
    at: new Date(),
  });

  // F: a USDT deposit no order takes, still in the inbox
  const fPayment: ReportedPayment = {
    provider: 'exchange',
    externalId: `dep-${randomBytes(6).toString('hex')}`,
    tokenCode: 'USDT',
    network: 'TRC20',
    amount: '12.345678',
    settled: true,
    occurredAt: new Date(),
  };
  await incoming.receive(fPayment, { kind: 'none', reason: 'no_order' });
  ids.f = await paymentId(fPayment.externalId);

  // G: a PIX received late yesterday (São Paulo) and credited today
  const { from } = await reportOf(today);
  const lateYesterday = new Date(new Date(from).getTime() - 60 * 60_000);
  const g = await insertPaidPixToUsdt(t.app, customer, {
    status: 'pending',
    amountSend: '200',
    createdAt: new Date(lateYesterday.getTime() - 10 * 60_000),
  });
  ids.g = g.reference;
  const gPayment = pix({ amount: '200', occurredAt: lateYesterday });
  expect(await incoming.receive(gPayment, { kind: 'order', orderId: g.id })).toMatchObject({
    kind: 'credited',
  });
  ids.gPayment = await paymentId(gPayment.externalId);

  // H and I: states no service writes, for the detectors. H: credited 540 by an admin, and a
  // payment of 539.99 says it credited that order; I: a payment says it credited an order that
  // the ledger never credited.
  const h = await insertPaidPixToUsdt(t.app, customer, { status: 'user_confirmed' });
  ids.h = h.reference;
  expect(
    (
      await asOwner(`/api/v1/admin/orders/${h.id}/transition`, {
        action: 'confirm_funds',
        amountReceived: '540',
      })
    ).statusCode,
  ).toBe(200);
  const i = await insertPaidPixToUsdt(t.app, customer, { status: 'paid' });
  ids.i = i.reference;
  const [hRow, iRow] = await t.app.db
    .insert(incomingPayments)
    .values([
      {
        provider: 'pix',
        externalId: e2e(),
        orderId: h.id,
        tokenCode: 'PIX',
        amount: '539.99',
        status: 'credited',
        occurredAt: new Date(),
      },
      {
        provider: 'pix',
        externalId: e2e(),
        orderId: i.id,
        tokenCode: 'PIX',
        amount: '10',
        status: 'credited',
        occurredAt: new Date(),
      },
    ])
    .returning({ id: incomingPayments.id });
  ids.hPayment = hRow!.id;
  ids.iPayment = iRow!.id;
});
afterAll(async () => t?.close());

describe('the day’s report', () => {
  it('adds up every account to the centavo, each in its own token', async () => {
    const report = await reportOf(today);
    expect(report.day).toBe(today);
    expect(report.nextDay).toBeNull();
    expect(report.previousDay).toBe(addDays(today, -1));
    expect(report.accounts.map((a) => a.key)).toEqual([
      'pix:PIX',
      'crypto:USDT:TRC20',
      'deriv:DERIV',
    ]);
    const pixAccount = accountOf(report, 'pix:PIX');
    expect(pixAccount).toMatchObject({
      provider: 'pix',
      token: 'PIX',
      network: null,
      // A 540 + B 300 + B2 77.70 + H 539.99 + I 10 (G arrived yesterday)
      received: { count: 5, sum: '1467.69' },
      // B 300 + B2 77.70
      refunded: { count: 2, sum: '377.7' },
      // A 540 + B 540 (by hand) + G 200 + H 540
      credited: { count: 4, sum: '1820' },
      creditedByHand: { count: 1, sum: '540' },
      paidOut: { count: 1, sum: '521.1' },
    });
    expect(accountOf(report, 'crypto:USDT:TRC20')).toMatchObject({
      provider: 'crypto',
      token: 'USDT',
      network: 'TRC20',
      received: { count: 2, sum: '112.345678' },
      refunded: { count: 0, sum: '0' },
      credited: { count: 2, sum: '150.5' },
      creditedByHand: { count: 1, sum: '50.5' },
      paidOut: { count: 0, sum: '0' },
    });
    expect(accountOf(report, 'deriv:DERIV')).toMatchObject({
      received: { count: 0, sum: '0' },
      paidOut: { count: 1, sum: '100.25' },
      differences: [],
    });
  });

  it('lists every difference with its reason and the ids to act on', async () => {
    const report = await reportOf(today);
    const pixLines = accountOf(report, 'pix:PIX').differences;
    const byReason = (reason: string) => pixLines.filter((d) => d.reason === reason);
    expect(pixLines.map((d) => d.reason).sort()).toEqual([
      'amount_differs',
      'confirmed_by_hand',
      'not_credited',
      'other_day',
      'payout_without_receipt',
      'refund_without_receipt',
    ]);
    expect(byReason('confirmed_by_hand')[0]).toMatchObject({
      orderReference: ids.bOrder,
      amount: '540',
      paymentId: null,
    });
    expect(byReason('not_credited')[0]).toMatchObject({
      paymentId: ids.iPayment,
      orderReference: ids.i,
      amount: '10',
    });
    expect(byReason('amount_differs')[0]).toMatchObject({
      paymentId: ids.hPayment,
      orderReference: ids.h,
      amount: '539.99',
      creditedAmount: '540',
    });
    expect(byReason('other_day')[0]).toMatchObject({
      paymentId: ids.gPayment,
      orderReference: ids.g,
      amount: '200',
      otherDay: addDays(today, -1),
    });
    expect(byReason('payout_without_receipt')[0]).toMatchObject({
      orderReference: ids.e2,
      amount: '521.1',
      paymentId: null,
    });
    expect(byReason('refund_without_receipt')[0]).toMatchObject({
      paymentId: ids.b2,
      amount: '77.7',
      payerName: '+cmd|calc',
    });

    const usdt = accountOf(report, 'crypto:USDT:TRC20').differences;
    expect(usdt.map((d) => [d.reason, d.orderReference ?? d.paymentId, d.amount])).toEqual([
      ['confirmed_by_hand', ids.e, '50.5'],
      ['unmatched_open', ids.f, '12.345678'],
    ]);
  });

  it('shows yesterday’s late payment on yesterday, credited on another day', async () => {
    const report = await reportOf(addDays(today, -1));
    expect(report.nextDay).toBe(today);
    const account = accountOf(report, 'pix:PIX');
    expect(account.received).toEqual({ count: 1, sum: '200' });
    expect(account.credited).toEqual({ count: 0, sum: '0' });
    expect(account.differences).toEqual([
      expect.objectContaining({ reason: 'other_day', paymentId: ids.gPayment, otherDay: today }),
    ]);
  });

  it('is empty on a day when nothing moved, and yesterday by default', async () => {
    expect((await reportOf('2021-03-04')).accounts).toEqual([]);
    const res = await get(finance, '/api/v1/admin/reconciliation');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().day).toBe(addDays(today, -1));
  });
});

describe('asking for a day', () => {
  it.each([
    ['2026-02-30', 'reconciliation.day.invalid'],
    ['2026-1-05', 'reconciliation.day.invalid'],
    ['yesterday', 'reconciliation.day.invalid'],
    ['20261127', 'reconciliation.day.invalid'],
    ['1999-12-31', 'reconciliation.day.tooOld'],
    ['0001-01-01', 'reconciliation.day.tooOld'],
  ])('refuses %s in the caller’s language', async (day, key) => {
    const res = await get(finance, `/api/v1/admin/reconciliation?day=${encodeURIComponent(day)}`, {
      'accept-language': 'pt-BR',
    });
    expect(res.statusCode, res.body).toBe(400);
    const { error } = res.json();
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.fields.day).toBe(
      key === 'reconciliation.day.tooOld'
        ? 'O relatório começa em 2020-01-01: escolha um dia posterior.'
        : 'Informe um dia no formato AAAA-MM-DD, por exemplo 2026-11-27.',
    );
  });

  it('refuses a NUL byte and a day after today', async () => {
    const nul = await get(finance, '/api/v1/admin/reconciliation?day=2026-11-0%00');
    expect(nul.statusCode).toBe(400);
    const future = await get(finance, `/api/v1/admin/reconciliation?day=${addDays(today, 1)}`, {
      'accept-language': 'en-US',
    });
    expect(future.statusCode, future.body).toBe(422);
    expect(future.json().error).toMatchObject({
      code: 'RECONCILIATION_DAY_FUTURE',
      message: `The day ${addDays(today, 1)} has not come yet in Brazil: choose today or an earlier day.`,
    });
    const far = await get(
      finance,
      '/api/v1/admin/reconciliation.csv?day=2999-01-01&provider=pix:PIX',
      {
        'accept-language': 'pt-BR',
      },
    );
    expect(far.statusCode).toBe(422);
    expect(far.json().error.message).toContain('ainda não chegou');
  });
});

describe('who reads it', () => {
  it('finance and owners read it; operators, customers and strangers do not', async () => {
    for (const admin of [finance, owner]) {
      expect((await get(admin, `/api/v1/admin/reconciliation?day=${today}`)).statusCode).toBe(200);
      expect(
        (await get(admin, `/api/v1/admin/reconciliation.csv?day=${today}&provider=pix:PIX`))
          .statusCode,
      ).toBe(200);
    }
    for (const url of [
      `/api/v1/admin/reconciliation?day=${today}`,
      `/api/v1/admin/reconciliation.csv?day=${today}&provider=pix:PIX`,
    ]) {
      const asOperator = await get(operator, url);
      expect(asOperator.statusCode).toBe(403);
      expect(asOperator.json().error.code).toBe('ADMIN_ROLE_FORBIDDEN');
      expect((await get({ ...operator, cookie: customer.cookie }, url)).statusCode).toBe(403);
      expect((await get(null, url)).statusCode).toBe(401);
    }
  });

  it('gives a page of another origin nothing it could read', async () => {
    const res = await get(finance, `/api/v1/admin/reconciliation?day=${today}`, {
      origin: 'https://attacker.example',
      'sec-fetch-site': 'cross-site',
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
  });
});

describe('the CSV', () => {
  it('writes an account’s figures and differences for programs, formulas defused', async () => {
    const res = await get(
      finance,
      `/api/v1/admin/reconciliation.csv?day=${today}&provider=pix:PIX`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="reconciliation-${today}-pix-PIX.csv"`,
    );
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'line,code,count,amount,token,network,payment_id,provider_id,order_reference,order_id,credited_amount,at,other_day,payer_name',
    );
    expect(lines.slice(1, 6)).toEqual([
      'figure,received,5,1467.69,PIX,,,,,,,,,',
      'figure,refunded,2,377.7,PIX,,,,,,,,,',
      'figure,credited,4,1820,PIX,,,,,,,,,',
      'figure,credited_by_hand,1,540,PIX,,,,,,,,,',
      'figure,paid_out,1,521.1,PIX,,,,,,,,,',
    ]);
    const refund = lines.find((line) => line.startsWith('difference,refund_without_receipt'));
    expect(refund).toMatch(/,'\+cmd\|calc$/);
    expect(lines).toHaveLength(12);
  });

  it('writes what Excel in Portuguese opens as columns', async () => {
    const res = await get(
      finance,
      `/api/v1/admin/reconciliation.csv?day=${today}&provider=crypto:USDT:TRC20&dialect=excel-pt-BR`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body.startsWith('\uFEFFlinha;código;quantidade;valor;')).toBe(true);
    expect(res.body).toContain('total;received;2;112,345678;USDT;TRC20;');
    expect(res.headers['content-disposition']).toContain('-excel.csv');
  });

  it('defuses a payer’s name written as a formula', async () => {
    const name = '=HYPERLINK("http://x","y")';
    const payment = pix({ amount: '1.23', payer: { name, document: null } });
    await t.app.services.incomingPayments.receive(payment, { kind: 'none', reason: 'no_order' });
    const res = await get(
      finance,
      `/api/v1/admin/reconciliation.csv?day=${today}&provider=pix:PIX`,
    );
    expect(res.body).toContain(`,"'=HYPERLINK(""http://x"",""y"")"\r\n`);
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/payments/${await paymentId(payment.externalId)}/refunded`,
      headers: { cookie: owner.cookie },
      payload: { note: 'Devolvido', receipt: 'D1' },
    });
  });

  it('refuses an account that had nothing that day, and a malformed one', async () => {
    const none = await get(
      finance,
      `/api/v1/admin/reconciliation.csv?day=${today}&provider=crypto:BTC:BTC`,
      {
        'accept-language': 'en-US',
      },
    );
    expect(none.statusCode).toBe(404);
    expect(none.json().error.code).toBe('RECONCILIATION_ACCOUNT_NOT_FOUND');
    const bad = await get(
      finance,
      `/api/v1/admin/reconciliation.csv?day=${today}&provider=%3DSUM(A1)`,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.provider).toBeDefined();
  });
});

describe('any set of payments', () => {
  const ACCOUNTS = [
    { provider: 'pix', tokenCode: 'PIX', network: null, key: 'pix:PIX' },
    { provider: 'exchange', tokenCode: 'USDT', network: 'TRC20', key: 'crypto:USDT:TRC20' },
    { provider: 'exchange', tokenCode: 'USDT', network: 'BEP20', key: 'crypto:USDT:BEP20' },
    { provider: 'exchange', tokenCode: 'BTC', network: 'BTC', key: 'crypto:BTC:BTC' },
    { provider: 'deriv', tokenCode: 'DERIV', network: null, key: 'deriv:DERIV' },
  ] as const;
  const STATUSES = ['seen', 'unmatched', 'refunding', 'refunded'] as const;
  const amount = fc
    .tuple(fc.integer({ min: 0, max: 99_999 }), fc.integer({ min: 0, max: 999_999 }))
    .filter(([units, millionths]) => units + millionths > 0)
    .map(([units, millionths]) => `${units}.${String(millionths).padStart(6, '0')}`);
  const payment = fc.record({
    account: fc.integer({ min: 0, max: ACCOUNTS.length - 1 }),
    status: fc.constantFrom(...STATUSES),
    amount,
    minute: fc.integer({ min: 0, max: 24 * 60 - 1 }),
  });
  let run = 0;

  it('adds up, per account, to the exact sum of its payments, never across tokens', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(payment, { minLength: 1, maxLength: 8 }), async (payments) => {
        // each run on an earlier day of its own, so that no run sees another's payments
        run += 1;
        const day = addDays('2023-12-31', -run);
        const { from } = await reportOf(day);
        await t.app.db.insert(incomingPayments).values(
          payments.map((p) => ({
            provider: ACCOUNTS[p.account]!.provider,
            externalId: `prop-${randomBytes(8).toString('hex')}`,
            tokenCode: ACCOUNTS[p.account]!.tokenCode,
            network: ACCOUNTS[p.account]!.network,
            amount: p.amount,
            status: p.status,
            occurredAt: new Date(new Date(from).getTime() + p.minute * 60_000),
          })),
        );
        const expected = new Map<string, { count: number; sum: ReturnType<typeof dec> }>();
        for (const p of payments) {
          if (p.status === 'seen') continue;
          const key = ACCOUNTS[p.account]!.key;
          const figure = expected.get(key) ?? { count: 0, sum: dec(0) };
          expected.set(key, { count: figure.count + 1, sum: figure.sum.plus(dec(p.amount)) });
        }
        const report = await reportOf(day);
        expect(Object.fromEntries(report.accounts.map((a) => [a.key, a.received]))).toEqual(
          Object.fromEntries(
            [...expected].map(([key, f]) => [key, { count: f.count, sum: normalize(f.sum) }]),
          ),
        );
      }),
      { numRuns: 12 },
    );
  });
});
