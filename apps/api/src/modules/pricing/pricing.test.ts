import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { quoteResponseSchema } from '@permuta/contracts';
import { networks, prices, tokens } from '@permuta/db';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { TestApp } from '../../../test/build-test-app.ts';

let t: TestApp;
const NOW = new Date('2026-11-20T15:00:00Z');

async function setPrice(
  code: string,
  brl: string,
  source: 'manual' | 'exchange' = 'manual',
  at = NOW,
) {
  const [token] = await t.handle.db
    .select({ id: tokens.id })
    .from(tokens)
    .where(eq(tokens.code, code));
  await t.handle.db
    .insert(prices)
    .values({ tokenId: token!.id, priceBrl: brl, source, createdAt: at });
  t.app.pricing.invalidate();
}

async function clearPrices(code: string) {
  const [token] = await t.handle.db
    .select({ id: tokens.id })
    .from(tokens)
    .where(eq(tokens.code, code));
  await t.handle.db.delete(prices).where(eq(prices.tokenId, token!.id));
  t.app.pricing.invalidate();
}

function quote(body: Record<string, string>, locale = 'en-US') {
  return t.app.inject({
    method: 'GET',
    url: '/api/v1/quotes',
    headers: { 'accept-language': locale },
    query: body,
  });
}

beforeAll(async () => {
  t = await buildTestApp({ app: { now: () => NOW } });
});
afterAll(async () => t.close());
beforeEach(async () => {
  await setPrice('USDT', '5.40');
  await setPrice('BTC', '520000');
});

describe('public catalogue', () => {
  it('lists the enabled demo tokens with networks, prices and receive limits', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/tokens' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const codes = body.tokens.map((token: { code: string }) => token.code);
    expect(codes).toEqual(expect.arrayContaining(['USDT', 'BTC', 'PIX', 'DERIV']));
    const usdt = body.tokens.find((token: { code: string }) => token.code === 'USDT');
    expect(usdt.networks.map((n: { code: string }) => n.code).sort()).toEqual([
      'BEP20',
      'ERC20',
      'TRC20',
    ]);
    expect(usdt.priceBrl).toBe('5.4');
    expect(usdt.quotable).toBe(true);
    const pix = body.tokens.find((token: { code: string }) => token.code === 'PIX');
    expect(pix.receiveMin).toMatch(/^\d/);
    expect(body.whatsapp.thresholdBrl).toBe('200');
  });

  it('hides a disabled token', async () => {
    await t.handle.db.update(tokens).set({ enabled: false }).where(eq(tokens.code, 'BTC'));
    t.app.pricing.invalidate();
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/tokens' });
    expect(res.json().tokens.map((token: { code: string }) => token.code)).not.toContain('BTC');
    await t.handle.db.update(tokens).set({ enabled: true }).where(eq(tokens.code, 'BTC'));
    t.app.pricing.invalidate();
  });
});

describe('quotes', () => {
  it('quotes USDT to PIX from the amount to send with the pair fee', async () => {
    const res = await quote({
      send: 'USDT',
      receive: 'PIX',
      network: 'TRC20',
      side: 'send',
      amount: '100',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // 100 x 5.40 x (1 - 3.5%) = 521.10 BRL
    expect(body).toMatchObject({
      send: 'USDT',
      receive: 'PIX',
      network: 'TRC20',
      amountSend: '100.000000',
      amountReceive: '521.10',
      feePercent: '3.5',
      rate: '5.4',
      networkFee: '0.00',
      limits: { token: 'BRL' },
    });
  });

  it('quotes from the amount to receive, rounding the amount to send up', async () => {
    const res = await quote({
      send: 'USDT',
      receive: 'PIX',
      network: 'TRC20',
      side: 'receive',
      amount: '521.10',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      amountSend: '100.000000',
      amountReceive: '521.10',
      side: 'receive',
    });
  });

  it('subtracts the network withdraw fee when paying out crypto', async () => {
    const [trc20] = await t.handle.db
      .select({ fee: networks.withdrawFee })
      .from(networks)
      .innerJoin(tokens, eq(tokens.id, networks.tokenId))
      .where(eq(networks.code, 'TRC20'));
    const res = await quote({
      send: 'PIX',
      receive: 'USDT',
      network: 'TRC20',
      side: 'send',
      amount: '1000',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Number(body.networkFee)).toBeCloseTo(Number(trc20!.fee));
    // 1000 x 0.96 / 5.40 = 177.777777 before the network fee
    expect(body.feePercent).toBe('4');
    const gross = 177.777777;
    expect(Number(body.amountReceive)).toBeCloseTo(gross - Number(trc20!.fee), 6);
  });

  it('uses the general fee when no pair rule exists', async () => {
    const res = await quote({ send: 'BTC', receive: 'DERIV', side: 'send', amount: '0.01' });
    expect(res.statusCode).toBe(200);
    expect(res.json().feePercent).toBe('5');
  });

  it('asks for the network when the crypto side has several and none is chosen', async () => {
    const res = await quote(
      { send: 'PIX', receive: 'USDT', side: 'send', amount: '1000' },
      'pt-BR',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'NETWORK_REQUIRED',
      message: 'Escolha a rede de USDT.',
      fields: { network: 'Rede obrigatória.' },
    });
  });

  it('refuses an amount to receive below the PIX minimum, in the caller language', async () => {
    const en = await quote({
      send: 'USDT',
      receive: 'PIX',
      network: 'TRC20',
      side: 'send',
      amount: '1',
    });
    expect(en.statusCode).toBe(422);
    expect(en.json().error.code).toBe('AMOUNT_BELOW_MINIMUM');
    expect(en.json().error.message).toMatch(/^The minimum to receive is R\$[\d.,]+\.$/);
    const pt = await quote(
      { send: 'USDT', receive: 'PIX', network: 'TRC20', side: 'send', amount: '1' },
      'pt-BR',
    );
    expect(pt.json().error.message).toMatch(/^O mínimo para receber é R\$\u00a0[\d.,]+\.$/);
  });

  it('refuses an amount to receive above the PIX maximum', async () => {
    const res = await quote({ send: 'BTC', receive: 'PIX', side: 'send', amount: '10' });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('AMOUNT_ABOVE_MAXIMUM');
  });

  it('refuses more decimal places than the token has', async () => {
    const res = await quote({
      send: 'PIX',
      receive: 'USDT',
      network: 'TRC20',
      side: 'send',
      amount: '100.123',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'AMOUNT_PRECISION',
      params: { token: 'PIX', precision: 2 },
    });
  });

  it('never quotes on a stale exchange price', async () => {
    await clearPrices('BTC');
    await setPrice('BTC', '530000', 'exchange', new Date(NOW.getTime() - 11 * 60_000));
    const res = await quote({ send: 'BTC', receive: 'PIX', side: 'send', amount: '0.001' });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('PRICE_STALE');
    await setPrice('BTC', '530000', 'exchange', new Date(NOW.getTime() - 60_000));
    expect(
      (await quote({ send: 'BTC', receive: 'PIX', side: 'send', amount: '0.001' })).statusCode,
    ).toBe(200);
  });

  it('validates the query with localized field messages', async () => {
    const res = await quote({ send: 'USDT', receive: 'PIX', side: 'send', amount: '1e5' }, 'pt-BR');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Verifique os erros do formulário.',
      fields: { amount: 'Informe um valor, por exemplo 100,50.' },
    });
  });

  it('refuses the same token on both sides and unknown tokens', async () => {
    expect(
      (await quote({ send: 'PIX', receive: 'PIX', side: 'send', amount: '100' })).json().error.code,
    ).toBe('SAME_TOKEN');
    const unknown = await quote({ send: 'DOGE', receive: 'PIX', side: 'send', amount: '100' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toMatchObject({
      code: 'TOKEN_NOT_FOUND',
      message: 'The token DOGE is not available.',
    });
  });

  it('refuses a payout network whose withdrawals are suspended', async () => {
    await t.handle.db
      .update(networks)
      .set({ withdrawEnabled: false })
      .where(eq(networks.code, 'ERC20'));
    t.app.pricing.invalidate();
    const res = await quote({
      send: 'PIX',
      receive: 'USDT',
      network: 'ERC20',
      side: 'send',
      amount: '1000',
    });
    expect(res.json().error.code).toBe('WITHDRAW_DISABLED');
    await t.handle.db
      .update(networks)
      .set({ withdrawEnabled: true })
      .where(eq(networks.code, 'ERC20'));
    t.app.pricing.invalidate();
  });
});

describe('quotes on a snapshot', () => {
  it('answer exactly what the contract says, on either side and for a crypto payout', async () => {
    for (const body of [
      { send: 'USDT', receive: 'PIX', network: 'TRC20', side: 'send', amount: '100' },
      { send: 'USDT', receive: 'PIX', network: 'TRC20', side: 'receive', amount: '500' },
      { send: 'PIX', receive: 'USDT', network: 'TRC20', side: 'send', amount: '1000' },
    ]) {
      const first = await quote(body);
      const again = await quote(body);
      expect(first.statusCode, first.body).toBe(200);
      // exactly the schema's shape
      expect(quoteResponseSchema.strict().parse(first.json())).toEqual(first.json());
      expect(again.json()).toEqual(first.json());
    }
    // the same error each time
    const low = { send: 'USDT', receive: 'PIX', network: 'TRC20', side: 'receive', amount: '1' };
    expect((await quote(low)).json().error.code).toBe('AMOUNT_BELOW_MINIMUM');
    expect((await quote(low)).json().error.code).toBe('AMOUNT_BELOW_MINIMUM');
  });

  it('still refuse a price that went stale since the same input was last quoted', async () => {
    let clock = NOW.getTime();
    const other = await buildTestApp({ app: { now: () => new Date(clock) } });
    try {
      const [btc] = await other.handle.db
        .select({ id: tokens.id })
        .from(tokens)
        .where(eq(tokens.code, 'BTC'));
      await other.handle.db.delete(prices).where(eq(prices.tokenId, btc!.id));
      await other.handle.db.insert(prices).values({
        tokenId: btc!.id,
        priceBrl: '530000',
        source: 'exchange',
        createdAt: new Date(clock - 60_000),
      });
      other.app.pricing.invalidate();
      const body = { send: 'BTC', receive: 'PIX', side: 'send', amount: '0.001' };
      const ask = () => other.app.inject({ method: 'GET', url: '/api/v1/quotes', query: body });
      expect((await ask()).statusCode).toBe(200);
      // ten minutes later, on the same snapshot (no reload, no invalidation): stale now
      clock += 10 * 60_000;
      const late = await ask();
      expect(late.statusCode).toBe(422);
      expect(late.json().error.code).toBe('PRICE_STALE');
    } finally {
      await other.close();
    }
  });
});
