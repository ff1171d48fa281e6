import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dec } from '@permuta/contracts';
import type { DecriptoMonths, DecriptoReport } from '@permuta/contracts';
import { auditLog, decriptoReports, orderEvents, treasuryEntries, users } from '@permuta/db';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { randomCpf, registerCustomer, signInAdmin } from '../../../test/auth-helpers.ts';
import type { TestAdmin, TestCustomer } from '../../../test/auth-helpers.ts';
import { deliverEmails, insertOrder, tokenId, updateSettings } from '../orders/test-support.ts';
import { createDecriptoService } from './decripto.service.ts';

/**
 * The DeCripto report of October 2026, seen from 10 November 2026 (a fixed clock): orders
 * completed in the month and around its edges in Brasília, a customer who erased their data,
 * Deriv-only orders, concurrent generations, a tampered archive and the monthly job.
 */

const NOW = new Date('2026-11-10T15:00:00Z');
const MONTH = '2026-10';
const CNPJ = '11222333000181';

let t: TestApp;
let owner: TestAdmin;
let finance: TestAdmin;
let operator: TestAdmin;
let customer: TestCustomer;
const anaCpf = randomCpf();

interface Made {
  reference: string;
  send: string;
  receive: string;
  delivered: string;
  received: string;
  priceSend: string;
  priceReceive: string;
}

/** Ledger stock for payouts (adjustments with a note), so that no token's sum goes negative. */
async function stock(code: string, amount: string) {
  await t.app.db.insert(treasuryEntries).values({
    tokenId: await tokenId(t.app, code),
    direction: 'credit',
    amount,
    kind: 'adjustment',
    note: 'estoque de teste',
  });
}

/**
 * An order that went all the way (funds received, paid out, completed at `completedAt`), or
 * that was refunded or canceled instead: written as the state machine leaves them.
 */
async function order(
  userId: string,
  values: {
    send: string;
    receive: string;
    amountSend: string;
    amountReceive: string;
    priceSend: string;
    priceReceive: string;
    at: Date;
    status?: 'completed' | 'refunded' | 'canceled';
  },
): Promise<Made> {
  const status = values.status ?? 'completed';
  const sendId = await tokenId(t.app, values.send);
  const receiveId = await tokenId(t.app, values.receive);
  const made = await insertOrder(t.app, userId, {
    sendTokenId: sendId,
    receiveTokenId: receiveId,
    networkId: null,
    amountSend: values.amountSend,
    amountReceive: values.amountReceive,
    priceSendBrl: values.priceSend,
    priceReceiveBrl: values.priceReceive,
    rate: '1',
    status,
  });
  if (status !== 'canceled') {
    await t.app.db.insert(treasuryEntries).values({
      tokenId: sendId,
      direction: 'credit',
      amount: values.amountSend,
      kind: 'funds_received',
      orderId: made.id,
    });
  }
  if (status === 'completed') {
    await t.app.db.insert(treasuryEntries).values({
      tokenId: receiveId,
      direction: 'debit',
      amount: values.amountReceive,
      kind: 'payout',
      orderId: made.id,
    });
  }
  if (status === 'refunded') {
    await t.app.db.insert(treasuryEntries).values({
      tokenId: sendId,
      direction: 'debit',
      amount: values.amountSend,
      kind: 'refund',
      orderId: made.id,
      note: 'devolvido',
    });
  }
  await t.app.db.insert(orderEvents).values({
    orderId: made.id,
    fromStatus: status === 'canceled' ? 'pending' : 'admin_paid',
    toStatus: status,
    actorType: 'system',
    createdAt: values.at,
  });
  return {
    reference: made.reference,
    send: values.send,
    receive: values.receive,
    delivered: values.amountSend,
    received: values.amountReceive,
    priceSend: values.priceSend,
    priceReceive: values.priceReceive,
  };
}

function call(
  admin: TestAdmin | null,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method,
    url,
    headers: { ...(admin ? { cookie: admin.cookie } : {}), ...headers },
    ...(payload ? { payload } : {}),
  });
}

async function generate(month = MONTH): Promise<DecriptoReport> {
  const res = await call(finance, 'POST', `/api/v1/admin/decripto/${month}/versions`);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function download(report: Pick<DecriptoReport, 'month' | 'version'>) {
  return call(
    finance,
    'GET',
    `/api/v1/admin/decripto/${report.month}/versions/${report.version}/file`,
  );
}

/** The records of one type of a file, as cells. */
function records(body: string, type: string): string[][] {
  return body
    .split('\r\n')
    .filter((line) => line.startsWith(`${type},`))
    .map((line) => line.split(','));
}

async function fileOf(month = MONTH): Promise<string> {
  const { bytes } = await t.app.services.decripto.render(month);
  return bytes.toString('utf8');
}

beforeAll(async () => {
  t = await buildTestApp({ app: { now: () => NOW } });
  owner = await signInAdmin(t.app, undefined, 'owner');
  finance = await signInAdmin(t.app, undefined, 'finance');
  operator = await signInAdmin(t.app, undefined, 'operator');
  customer = await registerCustomer(t.app, { name: 'Ana Souza', cpf: anaCpf });
  await updateSettings(t.app, {
    bankAccount: {
      bank: '341',
      branch: '0001',
      account: '12345-6',
      holder: 'Permuta Serviços Digitais Ltda',
      document: CNPJ,
    },
    supportEmail: 'fiscal@permuta.example',
  });
  await stock('USDT', '1000000');
  await stock('BTC', '1000');
  await stock('PIX', '100000000');
  await stock('DERIV', '1000000');
});
afterAll(async () => {
  await t?.close();
});

describe('the month of an operation (Brasília)', () => {
  it('puts an order completed at 23:59:59 of the last day in that month, one at 00:00 in the next', async () => {
    const late = await order(customer.id, {
      send: 'PIX',
      receive: 'USDT',
      amountSend: '540.00',
      amountReceive: '96.5',
      priceSend: '1',
      priceReceive: '5.40',
      at: new Date('2026-10-31T23:59:59.999-03:00'),
    });
    const next = await order(customer.id, {
      send: 'PIX',
      receive: 'USDT',
      amountSend: '100.00',
      amountReceive: '17.9',
      priceSend: '1',
      priceReceive: '5.40',
      at: new Date('2026-11-01T00:00:00-03:00'),
    });
    const before = await order(customer.id, {
      send: 'PIX',
      receive: 'USDT',
      amountSend: '100.00',
      amountReceive: '17.9',
      priceSend: '1',
      priceReceive: '5.40',
      at: new Date('2026-09-30T23:59:59-03:00'),
    });
    const october = records(await fileOf(), 'O').map((r) => r[4]);
    expect(october).toContain(late.reference);
    expect(october).not.toContain(next.reference);
    expect(october).not.toContain(before.reference);
    expect(records(await fileOf('2026-09'), 'O').map((r) => r[4])).toContain(before.reference);
  });
});

describe('the records', () => {
  it('declares compra, venda and permuta with exact values and fees, and leaves Deriv and refunds out', async () => {
    const at = new Date('2026-10-15T12:00:00Z');
    const compra = await order(customer.id, {
      send: 'PIX',
      receive: 'BTC',
      amountSend: '1000.00',
      amountReceive: '0.00184210',
      priceSend: '1',
      priceReceive: '520000',
      at,
    });
    const venda = await order(customer.id, {
      send: 'USDT',
      receive: 'PIX',
      amountSend: '100',
      amountReceive: '521.10',
      priceSend: '5.40',
      priceReceive: '1',
      at,
    });
    const permuta = await order(customer.id, {
      send: 'BTC',
      receive: 'USDT',
      amountSend: '0.01',
      amountReceive: '929.123456',
      priceSend: '520000',
      priceReceive: '5.40',
      at,
    });
    const derivOnly = await order(customer.id, {
      send: 'PIX',
      receive: 'DERIV',
      amountSend: '540.00',
      amountReceive: '96',
      priceSend: '1',
      priceReceive: '5.45',
      at,
    });
    const derivForCrypto = await order(customer.id, {
      send: 'DERIV',
      receive: 'USDT',
      amountSend: '100',
      amountReceive: '96.5',
      priceSend: '5.45',
      priceReceive: '5.40',
      at,
    });
    const refunded = await order(customer.id, {
      send: 'PIX',
      receive: 'USDT',
      amountSend: '300.00',
      amountReceive: '53.7',
      priceSend: '1',
      priceReceive: '5.40',
      at,
      status: 'refunded',
    });
    const body = await fileOf();
    const byRef = new Map(records(body, 'O').map((r) => [r[4], r]));
    // compra: R$ 1.000,00 paid; 0.0018421 BTC × 520.000 = R$ 957,89 (rounded), fees R$ 42,11
    expect(byRef.get(compra.reference)?.slice(3)).toEqual([
      'compra',
      compra.reference,
      'CPF',
      anaCpf,
      'Ana Souza',
      'N',
      'PIX',
      '1000',
      'BTC',
      '0.0018421',
      '957.89',
      '42.11',
    ]);
    expect(byRef.get(venda.reference)?.slice(3, 4)).toEqual(['venda']);
    expect(byRef.get(venda.reference)?.slice(13)).toEqual(['521.10', '18.90']);
    expect(byRef.get(permuta.reference)?.slice(3, 4)).toEqual(['permuta']);
    expect(byRef.get(permuta.reference)?.slice(9, 15)).toEqual([
      'BTC',
      '0.01',
      'USDT',
      '929.123456',
      '5017.27',
      '182.73',
    ]);
    expect(byRef.get(derivForCrypto.reference)?.slice(3, 4)).toEqual(['compra']);
    expect(byRef.has(derivOnly.reference)).toBe(false);
    expect(byRef.has(refunded.reference)).toBe(false);
    // header and trailer
    expect(records(body, 'H')[0]).toEqual([
      'H',
      'permuta-decripto-1',
      MONTH,
      'America/Sao_Paulo',
      'CNPJ',
      CNPJ,
      'Permuta Serviços Digitais Ltda',
    ]);
    const [trailer] = records(body, 'T');
    const operations = records(body, 'O');
    expect(trailer?.[1]).toBe(String(operations.length));
    const total = operations.reduce((sum, r) => sum.plus(dec(r[13]!)), dec(0));
    expect(trailer?.[3]).toBe(total.toFixed(2));
    expect(trailer?.[5]).toBe(String(body.split('\r\n').filter(Boolean).length));
  });

  it('still names an anonymised customer by the retained CPF', async () => {
    const goneCpf = randomCpf();
    const gone = await registerCustomer(t.app, { name: 'Bruno Lima', cpf: goneCpf });
    const made = await order(gone.id, {
      send: 'PIX',
      receive: 'USDT',
      amountSend: '54.00',
      amountReceive: '9.5',
      priceSend: '1',
      priceReceive: '5.40',
      at: new Date('2026-10-20T12:00:00Z'),
    });
    await t.app.db
      .update(users)
      .set({
        name: 'Cliente anonimizado',
        cpf: null,
        retainedCpf: goneCpf,
        phone: null,
        birthDate: null,
        anonymizedAt: NOW,
      })
      .where(eq(users.id, gone.id));
    const row = records(await fileOf(), 'O').find((r) => r[4] === made.reference);
    expect(row?.slice(5, 9)).toEqual(['CPF', goneCpf, 'Cliente anonimizado', 'S']);
  });

  it("totals each asset exactly as the ledger's entries of the month's completed orders (property)", async () => {
    const codes = ['PIX', 'USDT', 'BTC', 'DERIV'] as const;
    const places: Record<(typeof codes)[number], number> = { PIX: 2, USDT: 6, BTC: 8, DERIV: 2 };
    const amount = (code: (typeof codes)[number]) =>
      fc.bigInt({ min: 1n, max: 10n ** 12n }).map((n) =>
        dec(n.toString())
          .div(10 ** places[code])
          .toFixed(places[code]),
      );
    const anOrder = fc
      .tuple(
        fc.constantFrom(...codes),
        fc.constantFrom(...codes),
        fc.integer({ min: -2 * 3600, max: 32 * 86400 }),
        fc.constantFrom('completed', 'completed', 'refunded', 'canceled'),
        fc.integer({ min: 1, max: 600_000 }),
        fc.integer({ min: 1, max: 600_000 }),
      )
      .filter(([send, receive]) => send !== receive)
      .chain(([send, receive, seconds, status, p1, p2]) =>
        fc.record({
          send: fc.constant(send),
          receive: fc.constant(receive),
          amountSend: amount(send),
          amountReceive: amount(receive),
          at: fc.constant(new Date(Date.parse('2026-10-01T03:00:00Z') + seconds * 1000)),
          status: fc.constant(status as 'completed' | 'refunded' | 'canceled'),
          priceSend: fc.constant(send === 'PIX' ? '1' : (p1 / 100).toFixed(2)),
          priceReceive: fc.constant(receive === 'PIX' ? '1' : (p2 / 100).toFixed(2)),
        }),
      );
    await stock('PIX', '100000000000');
    await stock('USDT', '100000000');
    await stock('BTC', '100000000');
    await stock('DERIV', '100000000000');
    const someone = await registerCustomer(t.app);
    const made = new Map<string, Made>();
    await fc.assert(
      fc.asyncProperty(fc.array(anOrder, { minLength: 1, maxLength: 5 }), async (batch) => {
        for (const values of batch) {
          const one = await order(someone.id, values);
          made.set(one.reference, one);
        }
        const body = await fileOf();
        // the ledger, independently: entries of orders completed in October (Brasília) with a
        // crypto-asset on either side
        const ledger = await t.app.db.execute<{ code: string; kind: string; total: string }>(sql`
          SELECT tk.code, e.kind::text AS kind, sum(e.amount)::text AS total
            FROM treasury_entries e
            JOIN orders o ON o.id = e.order_id
            JOIN order_events ev ON ev.order_id = o.id AND ev.to_status = 'completed'
            JOIN tokens tk ON tk.id = e.token_id
            JOIN tokens s ON s.id = o.send_token_id
            JOIN tokens r ON r.id = o.receive_token_id
           WHERE o.status = 'completed'
             AND ev.created_at >= '2026-10-01T03:00:00Z' AND ev.created_at < '2026-11-01T03:00:00Z'
             AND (s.kind = 'crypto' OR r.kind = 'crypto')
           GROUP BY tk.code, e.kind`);
        const expected = new Map<string, { delivered: string; received: string }>();
        for (const row of ledger.rows) {
          const entry = expected.get(row.code) ?? { delivered: '0', received: '0' };
          if (row.kind === 'funds_received') entry.delivered = dec(row.total).toString();
          if (row.kind === 'payout') entry.received = dec(row.total).toString();
          expected.set(row.code, entry);
        }
        const reported = new Map(
          records(body, 'A').map(([, code, delivered, received]) => [
            code!,
            { delivered: dec(delivered!).toString(), received: dec(received!).toString() },
          ]),
        );
        expect(reported).toEqual(expected);
        // and value + fees = what the customers handed over, in centavos, per operation
        for (const r of records(body, 'O')) {
          const one = made.get(r[4]!);
          if (!one) continue; // an order of the tests above
          const gross = dec(one.delivered).times(dec(one.priceSend)).round(2, 1);
          const value = dec(one.received).times(dec(one.priceReceive)).round(2, 1);
          expect(r[13]).toBe(value.toFixed(2));
          expect(dec(r[13]!).plus(dec(r[14]!)).toFixed(2)).toBe(gross.toFixed(2));
        }
        const [trailer] = records(body, 'T');
        const operations = records(body, 'O');
        expect(trailer?.[3]).toBe(
          operations.reduce((sum, r) => sum.plus(dec(r[13]!)), dec(0)).toFixed(2),
        );
        expect(trailer?.[4]).toBe(
          operations.reduce((sum, r) => sum.plus(dec(r[14]!)), dec(0)).toFixed(2),
        );
      }),
      { numRuns: 12 },
    );
  });
});

describe('the archive', () => {
  it('makes byte-identical files of the same data, each a new version, and lists them', async () => {
    const first = await generate('2026-08');
    const second = await generate('2026-08');
    expect(second.version).toBe(first.version + 1);
    expect(second.sha256).toBe(first.sha256);
    expect(second.generatedByName).toBe(finance.username);
    const file = await download(second);
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers['x-checksum-sha256']).toBe(second.sha256);
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="decripto-2026-08-v${second.version}.csv"`,
    );
    expect(createHash('sha256').update(file.rawPayload).digest('hex')).toBe(second.sha256);
    const list = await call(finance, 'GET', '/api/v1/admin/decripto');
    expect(list.statusCode).toBe(200);
    const months: DecriptoMonths = list.json();
    expect(months.officialLayoutVerified).toBe(false);
    expect(months.months.map((m) => m.month)).toEqual(['2026-10', '2026-09', '2026-08', '2026-07']);
    const august = months.months.find((m) => m.month === '2026-08');
    expect(august?.state).toBe('draft');
    expect(august?.dueDate).toBe('2026-09-30');
    expect(august?.versions.map((v) => v.version)).toEqual([second.version, first.version]);
    expect(august?.versions[0]?.generatedByName).toBe(finance.username);
  });

  it('records the totals of October and gives two generations at once one version each', async () => {
    const [a, b] = await Promise.all([
      call(finance, 'POST', `/api/v1/admin/decripto/${MONTH}/versions`),
      call(owner, 'POST', `/api/v1/admin/decripto/${MONTH}/versions`),
    ]);
    expect([a.statusCode, b.statusCode], `${a.body} ${b.body}`).toEqual([201, 201]);
    const versions = [a.json<DecriptoReport>().version, b.json<DecriptoReport>().version].sort();
    expect(versions[1]).toBe(versions[0]! + 1);
    const rows = await t.app.db
      .select()
      .from(decriptoReports)
      .where(eq(decriptoReports.month, MONTH));
    expect(rows).toHaveLength(2);
    const body = (await download(a.json())).body;
    const [trailer] = records(body, 'T');
    expect(a.json<DecriptoReport>().operations).toBe(Number(trailer?.[1]));
    expect(a.json<DecriptoReport>().totalValueBrl).toBe(trailer?.[3]);
    const audited = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'decripto.generated'), eq(auditLog.entityId, rows[0]!.id)));
    expect(audited).toHaveLength(1);
  });

  it('refuses a stored file that no longer matches its checksum, or is gone', async () => {
    const report = await generate('2026-07');
    const [row] = await t.app.db
      .select()
      .from(decriptoReports)
      .where(eq(decriptoReports.id, report.id));
    const original = await t.app.storage.get(row!.storageKey);
    await t.app.storage.put(row!.storageKey, Buffer.concat([original!, Buffer.from('O,9\r\n')]));
    const tampered = await download(report);
    expect(tampered.statusCode).toBe(409);
    expect(tampered.json().error.code).toBe('DECRIPTO_FILE_TAMPERED');
    await t.app.storage.delete(row!.storageKey);
    expect((await download(report)).statusCode).toBe(409);
  });

  it('refuses the current month, a future one, absurd months and a missing version', async () => {
    const current = await call(finance, 'POST', '/api/v1/admin/decripto/2026-11/versions');
    expect(current.statusCode).toBe(422);
    expect(current.json().error.code).toBe('DECRIPTO_MONTH_NOT_CLOSED');
    expect(
      (await call(finance, 'POST', '/api/v1/admin/decripto/2027-03/versions')).statusCode,
    ).toBe(422);
    for (const month of [
      '2026-13',
      '2026-00',
      '2026-1',
      '2026-10%00',
      '%00',
      '2025-12',
      'x'.repeat(400),
    ]) {
      const res = await call(finance, 'POST', `/api/v1/admin/decripto/${month}/versions`);
      // 414 for the URL too long to read, 400 for the rest
      expect([400, 414], month).toContain(res.statusCode);
    }
    const missing = await call(finance, 'GET', `/api/v1/admin/decripto/${MONTH}/versions/999/file`);
    expect(missing.statusCode).toBe(404);
    for (const version of ['0', '-1', '1e9', '99999999999999999999', 'a%00']) {
      const res = await call(
        finance,
        'GET',
        `/api/v1/admin/decripto/${MONTH}/versions/${version}/file`,
      );
      expect(res.statusCode, version).toBe(400);
    }
  });

  it('refuses generation without the declarant CNPJ in the settings', async () => {
    await updateSettings(t.app, { bankAccount: null });
    const res = await call(finance, 'POST', '/api/v1/admin/decripto/2026-09/versions');
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('DECRIPTO_DECLARANT_MISSING');
    await updateSettings(t.app, {
      bankAccount: {
        bank: '341',
        branch: '0001',
        account: '12345-6',
        holder: 'Permuta Serviços Digitais Ltda',
        document: CNPJ,
      },
    });
  });
});

describe('marking a version as sent', () => {
  it('records the receipt once (owner only); twice at once, one wins', async () => {
    const report = await generate('2026-09');
    const url = `/api/v1/admin/decripto/2026-09/versions/${report.version}/sent`;
    expect((await call(finance, 'POST', url, { receipt: '12.34.56' })).statusCode).toBe(403);
    const bad = await call(owner, 'POST', url, { receipt: 'a\u0000b' });
    expect(bad.statusCode).toBe(400);
    const [a, b] = await Promise.all([
      call(owner, 'POST', url, { receipt: '12.34.56.78-90' }),
      call(owner, 'POST', url, { receipt: '99.99' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const winner = a.statusCode === 200 ? a : b;
    expect(winner.json()).toMatchObject({ status: 'sent', version: report.version });
    const loser = a.statusCode === 200 ? b : a;
    expect(loser.json().error.code).toBe('DECRIPTO_ALREADY_SENT');
    const list: DecriptoMonths = (await call(finance, 'GET', '/api/v1/admin/decripto')).json();
    expect(list.months.find((m) => m.month === '2026-09')?.state).toBe('sent');
    const other = await call(owner, 'POST', `/api/v1/admin/decripto/2026-09/versions/999/sent`, {
      receipt: '1',
    });
    expect(other.statusCode).toBe(404);
  });
});

describe('access', () => {
  it('answers 401 without a session and 403 below finance', async () => {
    expect((await call(null, 'GET', '/api/v1/admin/decripto')).statusCode).toBe(401);
    expect((await call(null, 'POST', `/api/v1/admin/decripto/${MONTH}/versions`)).statusCode).toBe(
      401,
    );
    expect((await call(operator, 'GET', '/api/v1/admin/decripto')).statusCode).toBe(403);
    expect(
      (await call(operator, 'POST', `/api/v1/admin/decripto/${MONTH}/versions`)).statusCode,
    ).toBe(403);
    expect(
      (await call(operator, 'GET', `/api/v1/admin/decripto/${MONTH}/versions/1/file`)).statusCode,
    ).toBe(403);
    const asCustomer = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/decripto',
      headers: { cookie: customer.cookie },
    });
    expect(asCustomer.statusCode).toBe(403);
  });

  it('refuses a generation from another origin', async () => {
    const before = await t.app.db.select().from(decriptoReports);
    const res = await call(finance, 'POST', `/api/v1/admin/decripto/2026-07/versions`, undefined, {
      origin: 'https://evil.example',
    });
    expect(res.statusCode).toBe(403);
    expect(await t.app.db.select().from(decriptoReports)).toHaveLength(before.length);
  });
});

describe('the monthly job', () => {
  it("makes last month's draft once, and reminds the support address once before the due date", async () => {
    const at = (iso: string) =>
      createDecriptoService({
        db: t.app.db,
        storage: t.app.storage,
        now: () => new Date(iso),
        enqueueEmail: (db, to, template, locale) => t.app.enqueueEmail(db, to, template, locale),
        publicUrl: 'https://permuta.example',
        log: t.app.log,
      });
    // 1 December 2026, 09:00 in Brasília: November has ended, nothing generated yet
    const first = await at('2026-12-01T12:00:00Z').runMonthly();
    expect(first.generated).toMatchObject({ month: '2026-11', version: 1, generatedBy: null });
    const again = await at('2026-12-01T12:00:00Z').runMonthly();
    expect(again.generated).toBeNull();
    // 24 December: November's due date (31 December, a Thursday) is within 7 days
    const reminders = await at('2026-12-24T12:00:00Z').runMonthly();
    expect(reminders.reminded).toContain('2026-11');
    expect((await at('2026-12-25T12:00:00Z').runMonthly()).reminded).not.toContain('2026-11');
    await deliverEmails(t.app);
    const mail = await t.mail.waitFor('fiscal@permuta.example');
    expect(mail.subject).toMatch(/DeCripto/);
  });
});
