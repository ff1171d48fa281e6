import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ceilTo, dec } from '@permuta/contracts';
import { orders } from '@permuta/db';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { USDT_TO_PIX, lockQuote, trader, updateSettings } from './test-support.ts';
import type { Trader } from './test-support.ts';

/** The app's clock: 12:00 in São Paulo (UTC-3). */
const NOON = Date.parse('2026-03-03T15:00:00.000Z');
let clock = NOON;
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ app: { now: () => new Date(clock) } });
});
afterAll(async () => t?.close());
beforeEach(async () => {
  clock = NOON;
  await updateSettings(t.app, {
    customerMaxOpenOrders: 2,
    customerMaxOrderBrl: '20000',
    customerMaxDailyBrl: '50000',
  });
});

interface Locked {
  token: string;
  /** amount sent x the locked price of the token sent, up to the cent */
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

async function create(customer: Trader, quote: Locked, locale: 'en-US' | 'pt-BR' = 'en-US') {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/orders',
    headers: { cookie: customer.cookie, 'accept-language': locale },
    payload: { quoteToken: quote.token, walletId: customer.wallets.PIX },
  });
}

async function limits(customer: Trader) {
  const res = await t.app.inject({
    url: '/api/v1/orders/limits',
    headers: { cookie: customer.cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function cancel(customer: Trader, id: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/orders/${id}/cancel`,
    headers: { cookie: customer.cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** R$ as the messages write it: "R$ 1.234,56" / "R$1,234.56". */
function brl(value: string, locale: 'en-US' | 'pt-BR'): string {
  const [whole = '0', cents = '00'] = dec(value).toFixed(2).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, locale === 'pt-BR' ? '.' : ',');
  // a no-break space after the sign in Portuguese, as Intl writes it
  return locale === 'pt-BR' ? `R$\u00a0${grouped},${cents}` : `R$${grouped}.${cents}`;
}

describe('GET /api/v1/orders/limits', () => {
  it('shows a new customer the limits of the settings with the whole day left', async () => {
    const customer = await trader(t.app);
    expect(await limits(customer)).toEqual({
      openOrders: 0,
      maxOpenOrders: 2,
      maxOrderBrl: '20000',
      maxDailyBrl: '50000',
      usedTodayBrl: '0.00',
      remainingTodayBrl: '50000.00',
    });
  });

  it('counts the orders waiting for payment and the value of the day', async () => {
    const customer = await trader(t.app);
    const quote = await locked(customer);
    expect((await create(customer, quote)).statusCode).toBe(201);
    const after = await limits(customer);
    expect(after).toMatchObject({ openOrders: 1, usedTodayBrl: quote.valueBrl });
    expect(after.remainingTodayBrl).toBe(dec('50000').minus(quote.valueBrl).toFixed(2));
  });

  it('is for signed-in customers only', async () => {
    const res = await t.app.inject({ url: '/api/v1/orders/limits' });
    expect(res.statusCode).toBe(401);
  });
});

describe('per-customer limits at order creation', () => {
  it('refuses an order beyond the orders waiting for payment, in the customer language, until one is canceled', async () => {
    const customer = await trader(t.app);
    const first = await create(customer, await locked(customer));
    expect((await create(customer, await locked(customer))).statusCode).toBe(201);
    const third = await create(customer, await locked(customer), 'pt-BR');
    expect(third.statusCode).toBe(422);
    expect(third.json().error.code).toBe('OPEN_ORDERS_LIMIT');
    expect(third.json().error.message).toBe(
      'Pedidos aguardando pagamento: 2 (o limite é 2). Pague ou cancele um deles para criar um novo pedido.',
    );
    const english = await create(customer, await locked(customer));
    expect(english.json().error.message).toBe(
      'Orders waiting for payment: 2 (the limit is 2). Pay or cancel one of them to place a new order.',
    );
    const count = await t.app.db.select().from(orders).where(eq(orders.userId, customer.id));
    expect(count).toHaveLength(2);

    await cancel(customer, first.json().id as string);
    expect((await create(customer, await locked(customer))).statusCode).toBe(201);
  });

  it('refuses an order above the value per order, naming both', async () => {
    const customer = await trader(t.app);
    await updateSettings(t.app, { customerMaxOrderBrl: '100' });
    const quote = await locked(customer);
    expect(dec(quote.valueBrl).gt(100)).toBe(true);
    const res = await create(customer, quote, 'pt-BR');
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({
      code: 'ORDER_VALUE_LIMIT',
      message: `Este pedido é de ${brl(quote.valueBrl, 'pt-BR')}; o limite por pedido é de ${brl('100', 'pt-BR')}. Diminua o valor.`,
      params: { valueBrl: quote.valueBrl, limitBrl: '100' },
    });
    const en = await create(customer, quote);
    expect(en.json().error.message).toBe(
      `This order is ${brl(quote.valueBrl, 'en-US')}; the limit per order is R$100.00. Lower the amount.`,
    );
  });

  it('refuses an order above what is left of the day, without counting canceled orders, and starts again the next day', async () => {
    const customer = await trader(t.app);
    await updateSettings(t.app, { customerMaxOpenOrders: 10 });
    const probe = await locked(customer);
    // room for one order and a half
    const daily = dec(probe.valueBrl).times('1.5').toFixed(2);
    await updateSettings(t.app, { customerMaxDailyBrl: daily });

    const first = await create(customer, probe);
    expect(first.statusCode).toBe(201);
    const second = await locked(customer);
    const refused = await create(customer, second, 'pt-BR');
    expect(refused.statusCode).toBe(422);
    const left = dec(daily).minus(probe.valueBrl).toFixed(2);
    expect(refused.json().error).toMatchObject({
      code: 'DAILY_VALUE_LIMIT',
      message: `Você ainda pode trocar ${brl(left, 'pt-BR')} hoje (limite diário de ${brl(daily, 'pt-BR')}); este pedido é de ${brl(second.valueBrl, 'pt-BR')}.`,
      params: { remainingBrl: left, limitBrl: dec(daily).toFixed(), valueBrl: second.valueBrl },
    });

    // a canceled order gives its value back
    await cancel(customer, first.json().id as string);
    expect((await create(customer, second)).statusCode).toBe(201);
    expect((await create(customer, await locked(customer))).statusCode).toBe(422);

    // 23:59 in São Paulo is still today; 00:00 is a new day
    clock = Date.parse('2026-03-04T02:59:00.000Z');
    expect((await create(customer, await locked(customer))).json().error.code).toBe(
      'DAILY_VALUE_LIMIT',
    );
    clock = Date.parse('2026-03-04T03:00:00.000Z');
    expect((await limits(customer)).usedTodayBrl).toBe('0.00');
    expect((await create(customer, await locked(customer))).statusCode).toBe(201);
  });

  it('lets only one of two concurrent creations through a limit of one order waiting for payment', async () => {
    await updateSettings(t.app, { customerMaxOpenOrders: 1 });
    for (let round = 0; round < 3; round++) {
      const customer = await trader(t.app);
      const quotes = [await locked(customer), await locked(customer)];
      const answers = await Promise.all(quotes.map((quote) => create(customer, quote)));
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 422]);
      expect(answers.find((a) => a.statusCode === 422)!.json().error.code).toBe(
        'OPEN_ORDERS_LIMIT',
      );
      const rows = await t.app.db.select().from(orders).where(eq(orders.userId, customer.id));
      expect(rows).toHaveLength(1);
    }
  });
});
