import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { auditLog, networks, prices, tokens } from '@permuta/db';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { signInAdmin } from '../../../test/auth-helpers.ts';
import type { TestAdmin } from '../../../test/auth-helpers.ts';
import { fakeCoin, startFakeExchange } from '../../fakes/fake-exchange.ts';
import type { FakeExchange } from '../../fakes/fake-exchange.ts';
import { createBinanceClient } from '../../adapters/exchange/binance-client.ts';
import { refreshExchangePrices, syncCatalogue } from './catalogue.exchange.ts';

let t: TestApp;
let fake: FakeExchange;
let admin: TestAdmin;

const client = () =>
  createBinanceClient({ apiUrl: fake.url, apiKey: fake.apiKey, apiSecret: fake.apiSecret });

const exchangeCoins = () => [
  fakeCoin(
    'USDT',
    [
      {
        network: 'TRX',
        withdrawFee: '1.2',
        withdrawMin: '12',
        withdrawMax: '80000',
        minConfirm: 19,
        addressRegex: '^T[1-9A-HJ-NP-Za-km-z]{33}$',
      },
      { network: 'BSC', withdrawFee: '0.3', withdrawMin: '8', depositEnable: false },
      { network: 'ETH', withdrawFee: '4', withdrawMin: '25' },
      { network: 'SOL', name: 'Solana', withdrawFee: '1', withdrawMin: '5' },
    ],
    { free: '12345.678', locked: '1', withdrawing: '0.5' },
  ),
  fakeCoin('ADA', [{ network: 'ADA', name: 'Cardano', withdrawFee: '0.8', withdrawMin: '2' }], {
    name: 'Cardano',
    free: '300',
  }),
  fakeCoin('bad coin!', [{ network: 'X' }]),
];

async function network(token: string, code: string) {
  const [row] = await t.handle.db
    .select({ n: networks })
    .from(networks)
    .innerJoin(tokens, eq(tokens.id, networks.tokenId))
    .where(and(eq(tokens.code, token), eq(networks.code, code)));
  return row?.n;
}

beforeAll(async () => {
  fake = await startFakeExchange({
    coins: exchangeCoins(),
    tickers: { USDTBRL: '5.61', BTCBRL: '530123.45' },
  });
  t = await buildTestApp({
    env: {
      EXCHANGE_API_URL: fake.url,
      EXCHANGE_API_KEY: fake.apiKey,
      EXCHANGE_API_SECRET: fake.apiSecret,
    },
  });
  admin = await signInAdmin(t.app);
});
afterAll(async () => {
  await t.close();
  await fake.stop();
});
beforeEach(() => {
  fake.setMode({ kind: 'ok' });
  fake.coins = exchangeCoins();
});

describe('catalogue sync from the exchange', () => {
  it('creates missing coins disabled and updates fees, limits and balances of existing ones', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/catalogue/sync',
      headers: { cookie: admin.cookie, 'accept-language': 'en-US' },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.tokensCreated).toEqual(['ADA']);
    expect(body.networksCreated).toEqual(['USDT/SOL', 'ADA/ADA']);
    expect(body.skipped).toContain('bad coin!');
    expect(body.message).toMatch(/^Catalogue synced: 1 new tokens, 2 new networks/);

    const [ada] = await t.handle.db.select().from(tokens).where(eq(tokens.code, 'ADA'));
    expect(ada).toMatchObject({ enabled: false, name: 'Cardano', kind: 'crypto' });
    expect(Number(ada?.balanceFree)).toBe(300);
    // New network of a token customers already see: off until an admin enables it.
    expect(await network('USDT', 'SOL')).toMatchObject({ enabled: false, name: 'Solana' });

    const trc20 = await network('USDT', 'TRC20');
    expect(trc20).toMatchObject({ minConfirmations: 19, enabled: true });
    expect(Number(trc20?.withdrawFee)).toBe(1.2);
    expect(Number(trc20?.withdrawMax)).toBe(80000);
    const [usdt] = await t.handle.db.select().from(tokens).where(eq(tokens.code, 'USDT'));
    expect(usdt?.balanceFree).toMatch(/^12345\.678/);
    expect(usdt?.syncedAt).not.toBeNull();
    // The exchange suspended BEP20 deposits: the flag goes off.
    expect((await network('USDT', 'BEP20'))?.depositEnabled).toBe(false);

    const tokensSeen = (await t.app.inject({ url: '/api/v1/tokens' })).json().tokens;
    expect(tokensSeen.map((x: { code: string }) => x.code)).not.toContain('ADA');

    const [audit] = await t.handle.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'network.synced_updated'))
      .orderBy(desc(auditLog.createdAt))
      .limit(1);
    expect(audit).toMatchObject({ actorType: 'admin', actorId: admin.id });
  });

  it('never switches on what an admin switched off', async () => {
    await t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/tokens/USDT/networks/ERC20/enabled',
      headers: { cookie: admin.cookie },
      payload: { enabled: false },
    });
    await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/admin/tokens/USDT/networks/TRC20',
      headers: { cookie: admin.cookie },
      payload: { withdrawEnabled: false },
    });
    await t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/tokens/ADA/enabled',
      headers: { cookie: admin.cookie },
      payload: { enabled: false },
    });
    const result = await syncCatalogue(t.handle.db, client());
    expect(result.tokensCreated).toEqual([]);
    expect(await network('USDT', 'ERC20')).toMatchObject({ enabled: false });
    expect(await network('USDT', 'TRC20')).toMatchObject({ withdrawEnabled: false });
    expect(await network('USDT', 'SOL')).toMatchObject({ enabled: false });
    expect((await network('USDT', 'BEP20'))?.depositEnabled).toBe(false);
    const [ada] = await t.handle.db.select().from(tokens).where(eq(tokens.code, 'ADA'));
    expect(ada?.enabled).toBe(false);
  });

  it('answers 503 with a clear message when the exchange refuses or fails', async () => {
    fake.setMode({
      kind: 'reject',
      status: 400,
      code: -1022,
      msg: 'Signature for this request is not valid.',
    });
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/catalogue/sync',
      headers: { cookie: admin.cookie, 'accept-language': 'en-US' },
    });
    expect(refused.statusCode).toBe(503);
    expect(refused.json().error).toMatchObject({
      code: 'EXCHANGE_REJECTED',
      message: 'The exchange refused the request: Signature for this request is not valid. (-1022)',
    });
    fake.setMode({ kind: 'reject', status: 503, code: -1001, msg: 'down' });
    const down = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/catalogue/sync',
      headers: { cookie: admin.cookie, 'accept-language': 'pt-BR' },
    });
    expect(down.statusCode).toBe(503);
    expect(down.json().error).toMatchObject({
      code: 'EXCHANGE_UNAVAILABLE',
      message: 'A corretora não respondeu. Tente novamente em alguns minutos.',
    });
  });

  it('is refused by the exchange when signed with a wrong secret', async () => {
    const wrong = createBinanceClient({ apiUrl: fake.url, apiKey: fake.apiKey, apiSecret: 'nope' });
    await expect(syncCatalogue(t.handle.db, wrong)).rejects.toMatchObject({
      kind: 'rejected',
      code: -1022,
    });
  });
});

describe('catalogue sync without an API key', () => {
  it('answers 503 naming the missing configuration', async () => {
    const bare = await buildTestApp({ env: { EXCHANGE_API_URL: fake.url } });
    try {
      const other = await signInAdmin(bare.app);
      const res = await bare.app.inject({
        method: 'POST',
        url: '/api/v1/admin/catalogue/sync',
        headers: { cookie: other.cookie, 'accept-language': 'en-US' },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().error.code).toBe('EXCHANGE_NOT_CONFIGURED');
      expect(res.json().error.message).toContain('EXCHANGE_API_KEY');
    } finally {
      await bare.close();
    }
  });
});

describe('exchange prices', () => {
  const quoteBtc = () =>
    t.app.inject({
      method: 'GET',
      url: '/api/v1/quotes',
      query: { send: 'BTC', receive: 'PIX', side: 'send', amount: '0.001' },
    });

  it('appends a price row per exchange-priced token and skips failures without stopping', async () => {
    for (const [coin, symbol] of [
      ['USDT', 'USDTBRL'],
      ['BTC', 'BTCBRL'],
      ['LTC', null],
    ] as const) {
      if (coin === 'LTC') {
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/admin/tokens',
          headers: { cookie: admin.cookie },
          payload: {
            code: 'LTC',
            name: 'Litecoin',
            kind: 'crypto',
            precision: 8,
            networks: [{ code: 'LTC', name: 'Litecoin' }],
          },
        });
        // exchange source with a symbol the exchange does not list
        await t.app.inject({
          method: 'PUT',
          url: '/api/v1/admin/tokens/LTC/price-source',
          headers: { cookie: admin.cookie },
          payload: { source: 'exchange', exchangeSymbol: 'LTCBRL' },
        });
        continue;
      }
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/v1/admin/tokens/${coin}/price-source`,
        headers: { cookie: admin.cookie },
        payload: { source: 'exchange', exchangeSymbol: symbol },
      });
      expect(res.statusCode).toBe(200);
    }
    const before = (await t.handle.db.select().from(prices)).length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/prices/refresh',
      headers: { cookie: admin.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().updated).toEqual([
      { code: 'BTC', priceBrl: '530123.45' },
      { code: 'USDT', priceBrl: '5.61' },
    ]);
    expect(res.json().skipped).toEqual([
      { code: 'LTC', reason: expect.stringContaining('Invalid symbol') },
    ]);
    expect((await t.handle.db.select().from(prices)).length).toBe(before + 2);

    const history = await t.app.inject({
      url: '/api/v1/admin/tokens/USDT/prices',
      headers: { cookie: admin.cookie },
    });
    expect(history.json().items[0]).toMatchObject({ priceBrl: '5.61', source: 'exchange' });
    expect((await quoteBtc()).json().rate).toBe('530123.45');
  });

  it('multiplies two tickers for a symbol such as ETHUSDT*USDTBRL', async () => {
    fake.setTicker('BTCUSDT', '95000.5');
    await t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/tokens/BTC/price-source',
      headers: { cookie: admin.cookie },
      payload: { source: 'exchange', exchangeSymbol: 'BTCUSDT*USDTBRL' },
    });
    const result = await refreshExchangePrices(t.handle.db, client(), new Date());
    expect(result.updated).toContainEqual({ code: 'BTC', priceBrl: '532952.805' });
  });

  it('keeps the others when the ticker fails, and stops quotes on a stale exchange price', async () => {
    fake.setMode({ kind: 'reject', status: 503, code: -1001, msg: 'down' });
    const result = await refreshExchangePrices(t.handle.db, client(), new Date());
    expect(result.updated).toEqual([]);
    expect(result.skipped.map((s) => s.code)).toEqual(['BTC', 'LTC', 'USDT']);

    fake.setMode({ kind: 'ok' });
    // Only a price read 11 minutes ago is left: beyond the 10-minute limit of the settings.
    const [btc] = await t.handle.db.select().from(tokens).where(eq(tokens.code, 'BTC'));
    await t.handle.db.delete(prices).where(eq(prices.tokenId, btc!.id));
    await refreshExchangePrices(t.handle.db, client(), new Date(Date.now() - 11 * 60_000));
    t.app.pricing.invalidate();
    const stale = await quoteBtc();
    expect(stale.statusCode).toBe(422);
    expect(stale.json().error.code).toBe('PRICE_STALE');

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/prices/refresh',
      headers: { cookie: admin.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect((await quoteBtc()).statusCode).toBe(200);
  });
});
