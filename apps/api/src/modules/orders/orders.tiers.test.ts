import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ceilTo, dec } from '@permuta/contracts';
import { auditLog, documents, orders } from '@permuta/db';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { registerCustomer, signInAdmin } from '../../../test/auth-helpers.ts';
import type { TestAdmin } from '../../../test/auth-helpers.ts';
import { png } from '../../../test/document-files.ts';
import {
  USDT_TO_PIX,
  insertOrder,
  insertWallet,
  lockQuote,
  trader,
  updateSettings,
} from './test-support.ts';
import type { Trader } from './test-support.ts';

/** The app's clock: 12:00 in São Paulo (UTC-3) on 17 March 2026. */
const NOON = Date.parse('2026-03-17T15:00:00.000Z');
let clock = NOON;
let t: TestApp;
let admin: TestAdmin;

/** Limits wide enough for the per-customer ones (orders.limits.test.ts) to stay out of the way. */
const WIDE = {
  customerMaxOpenOrders: 100,
  customerMaxOrderBrl: '100000000',
  customerMaxDailyBrl: '100000000',
  documentsRequired: true,
  tier1DailyBrl: '1000',
  tier1MonthlyBrl: '5000',
  tier2DailyBrl: '50000',
  tier2MonthlyBrl: '200000',
  tier3DailyBrl: '200000',
  tier3MonthlyBrl: '1000000',
};

beforeAll(async () => {
  t = await buildTestApp({ app: { now: () => new Date(clock) } });
  admin = await signInAdmin(t.app);
});
afterAll(async () => t?.close());
beforeEach(async () => {
  clock = NOON;
  await updateSettings(t.app, WIDE);
});

interface Locked {
  token: string;
  valueBrl: string;
}

async function locked(customer: Trader, amount = '100'): Promise<Locked> {
  const res = await lockQuote(t.app, customer.cookie, { ...USDT_TO_PIX, amount });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  return {
    token: body.quoteToken as string,
    valueBrl: ceilTo(
      dec(body.amountSend as string).times(body.prices.sendBrl as string),
      2,
    ).toFixed(2),
  };
}

function create(customer: Trader, quote: Locked, locale: 'en-US' | 'pt-BR' = 'en-US') {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/orders',
    headers: { cookie: customer.cookie, 'accept-language': locale },
    payload: { quoteToken: quote.token, walletId: customer.wallets.PIX },
  });
}

async function tierLimits(customer: { cookie: string }) {
  const res = await t.app.inject({
    url: '/api/v1/orders/tier-limits',
    headers: { cookie: customer.cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** R$ as the messages write it: "R$ 1.234,56" / "R$1,234.56". */
function brl(value: string, locale: 'en-US' | 'pt-BR'): string {
  const [whole = '0', cents = '00'] = dec(value).toFixed(2).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, locale === 'pt-BR' ? '.' : ',');
  return locale === 'pt-BR' ? `R$\u00a0${grouped},${cents}` : `R$${grouped}.${cents}`;
}

/** A customer at level 1: e-mail validated, no documents, a PIX wallet. */
async function levelOne(): Promise<Trader> {
  const customer = await registerCustomer(t.app);
  return { ...customer, wallets: { PIX: await insertWallet(t.app, customer.id, 'PIX') } };
}

function multipart(fileName: string, bytes: Buffer) {
  const boundary = `----permuta${createHash('md5').update(fileName).digest('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(customer: { cookie: string }, type: string, bytes: Buffer) {
  const body = multipart(`${type}.png`, bytes);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/me/documents/${type}`,
    headers: { cookie: customer.cookie, 'content-type': body.contentType },
    payload: body.payload,
  });
}

function declare(customer: { cookie: string }, payload: unknown, headers = {}) {
  return t.app.inject({
    method: 'PUT',
    url: '/api/v1/me/enhanced-declaration',
    headers: { cookie: customer.cookie, ...headers },
    payload: payload as object,
  });
}

function review(id: string, body: object) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/documents/${id}/review`,
    headers: { cookie: admin.cookie, 'accept-language': 'en-US' },
    payload: body,
  });
}

describe('GET /api/v1/orders/tier-limits', () => {
  it('shows the level, its limits and what is left of the day and the month', async () => {
    const customer = await trader(t.app);
    expect(await tierLimits(customer)).toEqual({
      level: 2,
      documentsRequired: true,
      dailyBrl: '50000',
      monthlyBrl: '200000',
      usedTodayBrl: '0.00',
      usedMonthBrl: '0.00',
      remainingTodayBrl: '50000.00',
      remainingMonthBrl: '200000.00',
      levels: [
        { level: 1, dailyBrl: '1000', monthlyBrl: '5000' },
        { level: 2, dailyBrl: '50000', monthlyBrl: '200000' },
        { level: 3, dailyBrl: '200000', monthlyBrl: '1000000' },
      ],
      enhanced: { status: 'none', documents: [], declaration: null },
    });
    const quote = await locked(customer);
    expect((await create(customer, quote)).statusCode).toBe(201);
    expect(await tierLimits(customer)).toMatchObject({
      usedTodayBrl: quote.valueBrl,
      usedMonthBrl: quote.valueBrl,
      remainingTodayBrl: dec('50000').minus(quote.valueBrl).toFixed(2),
      remainingMonthBrl: dec('200000').minus(quote.valueBrl).toFixed(2),
    });
  });

  it('says level 1 for a validated e-mail without documents, and is for signed-in customers only', async () => {
    expect((await tierLimits(await levelOne())).level).toBe(1);
    expect((await t.app.inject({ url: '/api/v1/orders/tier-limits' })).statusCode).toBe(401);
  });

  it('counts earlier orders of the month but not canceled or refunded ones, nor last month', async () => {
    const customer = await trader(t.app);
    const march2 = new Date('2026-03-02T12:00:00.000Z');
    await insertOrder(t.app, customer.id, { createdAt: march2, status: 'completed' });
    await insertOrder(t.app, customer.id, { createdAt: march2, status: 'canceled' });
    await insertOrder(t.app, customer.id, { createdAt: march2, status: 'refunded' });
    // 23:59 of 28 February in São Paulo is last month
    await insertOrder(t.app, customer.id, {
      createdAt: new Date('2026-03-01T02:59:00.000Z'),
      status: 'completed',
    });
    // 00:00 of 1 March in São Paulo is this month
    await insertOrder(t.app, customer.id, {
      createdAt: new Date('2026-03-01T03:00:00.000Z'),
      status: 'admin_paid',
    });
    const view = await tierLimits(customer);
    // two orders of 100 USDT at R$ 5,40
    expect(view).toMatchObject({ usedTodayBrl: '0.00', usedMonthBrl: '1080.00' });
  });
});

describe('orders beyond the level', () => {
  it('refuses an order above what is left of the level-1 day, naming the limit, what is left and how to raise it', async () => {
    await updateSettings(t.app, { documentsRequired: false, tier1DailyBrl: '600' });
    const customer = await levelOne();
    const first = await locked(customer);
    expect((await create(customer, first)).statusCode).toBe(201);
    const second = await locked(customer);
    const left = dec('600').minus(first.valueBrl).toFixed(2);

    const pt = await create(customer, second, 'pt-BR');
    expect(pt.statusCode).toBe(422);
    expect(pt.json().error).toMatchObject({
      code: 'TIER_LIMIT_EXCEEDED',
      message: `O limite diário do seu nível 1 é de ${brl('600', 'pt-BR')}; você ainda pode trocar ${brl(left, 'pt-BR')} e este pedido é de ${brl(second.valueBrl, 'pt-BR')}. Suba de nível para trocar mais.`,
      params: {
        level: 1,
        period: 'daily',
        limitBrl: '600',
        remainingBrl: left,
        valueBrl: second.valueBrl,
        upgradePath: '/profile/limits',
        nextLevel: 2,
      },
    });
    const en = await create(customer, second, 'en-US');
    expect(en.json().error.message).toBe(
      `Your level 1 daily limit is ${brl('600', 'en-US')}; you can still exchange ${brl(left, 'en-US')} and this order is ${brl(second.valueBrl, 'en-US')}. Raise your level to exchange more.`,
    );
    expect(await t.app.db.select().from(orders).where(eq(orders.userId, customer.id))).toHaveLength(
      1,
    );
  });

  it('keeps level 1 from ordering at all while documents are required', async () => {
    const customer = await levelOne();
    const quote = await lockQuote(t.app, customer.cookie, USDT_TO_PIX);
    expect(quote.statusCode).toBe(403);
    expect(quote.json().error.code).toBe('DOCUMENTS_REQUIRED');
  });

  it('refuses an order above what is left of the month, in the words of the month', async () => {
    const customer = await trader(t.app);
    await insertOrder(t.app, customer.id, {
      createdAt: new Date('2026-03-10T12:00:00.000Z'),
      status: 'completed',
    });
    const quote = await locked(customer);
    // the month holds the earlier 540.00 and one centavo less than this order
    const monthly = dec('540').plus(quote.valueBrl).minus('0.01').toFixed(2);
    await updateSettings(t.app, { tier2MonthlyBrl: monthly });
    const refused = await create(customer, quote, 'pt-BR');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.params).toMatchObject({
      period: 'monthly',
      level: 2,
      remainingBrl: dec(quote.valueBrl).minus('0.01').toFixed(2),
    });
    expect(refused.json().error.message).toContain('O limite mensal do seu nível 2');
    // next month the window starts again
    clock = Date.parse('2026-04-01T03:00:00.000Z');
    expect((await create(customer, await locked(customer))).statusCode).toBe(201);
  });

  it('lets an order equal to what is left through and refuses one centavo more (any amounts)', async () => {
    await fc.assert(
      fc.asyncProperty(
        // 10.00 to 500.00 USDT: above the PIX minimum to receive
        fc.integer({ min: 10_00, max: 500_00 }).map((c) => dec(c).div(100).toFixed(2)),
        // the other window has at least one centavo more room, so the one tested is the one broken
        fc.integer({ min: 1, max: 300_00 }),
        fc.boolean(),
        fc.constantFrom<'daily' | 'monthly'>('daily', 'monthly'),
        async (usdt, spareCents, over, period) => {
          // the previous run left its narrow limits behind
          await updateSettings(t.app, WIDE);
          const customer = await trader(t.app);
          const first = await locked(customer, usdt);
          expect((await create(customer, first)).statusCode).toBe(201);
          const second = await locked(customer, usdt);
          // what is left after the first order is exactly the second order (or one centavo less)
          const limit = dec(first.valueBrl)
            .plus(second.valueBrl)
            .minus(over ? '0.01' : '0')
            .toFixed(2);
          const spare = dec(limit).plus(dec(spareCents).div(100)).toFixed(2);
          await updateSettings(
            t.app,
            period === 'daily'
              ? { tier2DailyBrl: limit, tier2MonthlyBrl: spare }
              : { tier2DailyBrl: spare, tier2MonthlyBrl: limit },
          );
          const res = await create(customer, second);
          if (over) {
            expect(res.statusCode, res.body).toBe(422);
            expect(res.json().error.params).toMatchObject({
              period,
              remainingBrl: dec(second.valueBrl).minus('0.01').toFixed(2),
            });
          } else {
            expect(res.statusCode, res.body).toBe(201);
            const after = await tierLimits(customer);
            // nothing left but the rounding: each order counts at its exact value, the test's
            // values are rounded up to the centavo, so less than a centavo each may stay
            const left = period === 'daily' ? after.remainingTodayBrl : after.remainingMonthBrl;
            expect(dec(left).lte('0.01'), left).toBe(true);
          }
        },
      ),
      { numRuns: 6 },
    );
  }, 180_000);

  it('lets only one of two concurrent orders through a limit that fits one', async () => {
    for (let round = 0; round < 3; round++) {
      const customer = await trader(t.app);
      const quotes = [await locked(customer), await locked(customer)];
      await updateSettings(t.app, {
        tier2DailyBrl: dec(quotes[0]!.valueBrl).times('1.5').toFixed(2),
      });
      const answers = await Promise.all(quotes.map((quote) => create(customer, quote)));
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 422]);
      expect(answers.find((a) => a.statusCode === 422)!.json().error.code).toBe(
        'TIER_LIMIT_EXCEEDED',
      );
      const rows = await t.app.db.select().from(orders).where(eq(orders.userId, customer.id));
      expect(rows).toHaveLength(1);
    }
  });
});

describe('enhanced verification', () => {
  it('takes the two proofs and a declaration; an approval by the back office raises the level and its limits', async () => {
    const customer = await trader(t.app);
    await updateSettings(t.app, { tier2DailyBrl: '100' });
    const quote = await locked(customer);
    expect((await create(customer, quote)).json().error.code).toBe('TIER_LIMIT_EXCEEDED');

    const income = await upload(customer, 'proof_of_income', await png());
    expect(income.statusCode, income.body).toBe(201);
    const funds = await upload(customer, 'source_of_funds', await png());
    expect(funds.statusCode, funds.body).toBe(201);
    const declared = await declare(customer, {
      incomeRange: '20k_to_50k',
      occupation: '  Engenheira civil ',
    });
    expect(declared.statusCode, declared.body).toBe(200);
    expect(declared.json()).toEqual({ incomeRange: '20k_to_50k', occupation: 'Engenheira civil' });

    const waiting = await tierLimits(customer);
    expect(waiting.level).toBe(2);
    expect(waiting.enhanced).toMatchObject({
      status: 'uploaded',
      declaration: { incomeRange: '20k_to_50k', occupation: 'Engenheira civil' },
    });
    // the identity documents stay verified; the proofs are not on the documents page
    const mine = await t.app.inject({
      url: '/api/v1/me/documents',
      headers: { cookie: customer.cookie },
    });
    expect(mine.json().verified).toBe(true);
    expect(mine.json().documents).toHaveLength(3);
    // the back office's work list has them
    const queue = await t.app.inject({
      url: '/api/v1/admin/documents?limit=100',
      headers: { cookie: admin.cookie },
    });
    const queued = queue
      .json()
      .items.filter((item: { customer: { id: string } }) => item.customer.id === customer.id);
    expect(queued.map((item: { type: string }) => item.type).sort()).toEqual([
      'proof_of_income',
      'source_of_funds',
    ]);

    // a rejection with its reason, then a new file and two approvals
    const rejected = await review(income.json().id, { decision: 'reject', reason: 'Ilegível' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect((await tierLimits(customer)).enhanced.status).toBe('rejected');
    // the customer is told in their language (pt-BR), with the way back to the limits page
    const deadline = Date.now() + 5000;
    while (!t.mail.to(customer.email).some((m) => m.subject.startsWith('Documento recusado'))) {
      if (Date.now() > deadline) throw new Error('no rejection e-mail');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const mail = t.mail.to(customer.email).find((m) => m.subject.startsWith('Documento recusado'))!;
    expect(mail.subject).toContain('comprovante de renda');
    expect(mail.text).toContain('Motivo: Ilegível');
    expect(mail.text).toContain('/profile/limits');
    // the back office sees the declaration on the customer's page
    const detail = await t.app.inject({
      url: `/api/v1/admin/customers/${customer.id}`,
      headers: { cookie: admin.cookie },
    });
    expect(detail.json().enhancedDeclaration).toMatchObject({
      incomeRange: '20k_to_50k',
      occupation: 'Engenheira civil',
    });
    const again = await upload(customer, 'proof_of_income', await png(80, 60));
    expect(again.statusCode).toBe(201);
    expect((await review(again.json().id, { decision: 'approve' })).statusCode).toBe(200);
    expect((await tierLimits(customer)).level).toBe(2);
    expect((await review(funds.json().id, { decision: 'approve' })).statusCode).toBe(200);

    const raised = await tierLimits(customer);
    expect(raised).toMatchObject({ level: 3, dailyBrl: '200000', monthlyBrl: '1000000' });
    expect(raised.enhanced.status).toBe('approved');
    expect((await create(customer, quote)).statusCode).toBe(201);

    const actions = await t.app.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.actorId, customer.id));
    expect(actions.map((a) => a.action)).toContain('enhanced.declared');
    const approvals = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'document.approved'));
    expect(approvals.some((a) => a.entityId === funds.json().id)).toBe(true);
  });

  it('does not reach level 3 without the declaration', async () => {
    const customer = await trader(t.app);
    for (const type of ['proof_of_income', 'source_of_funds'] as const) {
      await t.app.db.insert(documents).values({
        userId: customer.id,
        type,
        status: 'approved',
        storageKey: `documents/${type}-${customer.id}`,
        originalName: `${type}.png`,
        mimeType: 'image/png',
        sizeBytes: 10,
        sha256: 'a'.repeat(64),
        reviewedAt: new Date(),
      });
    }
    expect((await tierLimits(customer)).level).toBe(2);
    expect(
      (await declare(customer, { incomeRange: 'up_to_5k', occupation: 'Vendedor' })).statusCode,
    ).toBe(200);
    expect((await tierLimits(customer)).level).toBe(3);
  });

  it('refuses a declaration with NUL bytes, an unknown range, absurd lengths, another origin or no session', async () => {
    const customer = await trader(t.app);
    for (const payload of [
      { incomeRange: 'up_to_5k', occupation: 'Pedreiro\u0000' },
      { incomeRange: 'a lot', occupation: 'Pedreiro' },
      { incomeRange: 'up_to_5k', occupation: 'x'.repeat(101) },
      { incomeRange: 'up_to_5k', occupation: ' ' },
      { incomeRange: 'up_to_5k' },
    ]) {
      const res = await declare(customer, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const crossOrigin = await declare(
      customer,
      { incomeRange: 'up_to_5k', occupation: 'Pedreiro' },
      { origin: 'https://evil.example' },
    );
    expect(crossOrigin.statusCode).toBe(403);
    expect(crossOrigin.json().error.code).toBe('CROSS_ORIGIN_REQUEST');
    const anonymous = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/me/enhanced-declaration',
      payload: { incomeRange: 'up_to_5k', occupation: 'Pedreiro' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await tierLimits(customer)).enhanced.declaration).toBeNull();
  });

  it('refuses a proof that is not an image or a PDF, as other documents', async () => {
    const customer = await trader(t.app);
    const res = await upload(
      customer,
      'source_of_funds',
      Buffer.from('MZ\u0090\u0000 not a picture'),
    );
    expect(res.statusCode).toBe(400);
  });
});
