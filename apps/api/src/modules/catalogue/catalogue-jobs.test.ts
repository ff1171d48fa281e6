import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import { prices, tokens } from '@permuta/db';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { fakeCoin, startFakeExchange } from '../../fakes/fake-exchange.ts';
import type { FakeExchange } from '../../fakes/fake-exchange.ts';
import { CATALOGUE_SYNC_QUEUE, PRICE_REFRESH_QUEUE } from './catalogue.routes.ts';

let t: TestApp;
let fake: FakeExchange;

beforeAll(async () => {
  fake = await startFakeExchange({
    coins: [fakeCoin('ADA', [{ network: 'ADA', name: 'Cardano', withdrawFee: '0.8' }])],
    tickers: { USDTBRL: '5.7345', BTCBRL: '530123.45' },
  });
  t = await buildTestApp({
    env: {
      EXCHANGE_API_URL: fake.url,
      EXCHANGE_API_KEY: fake.apiKey,
      EXCHANGE_API_SECRET: fake.apiSecret,
    },
  });
});
afterAll(async () => {
  await t?.close();
  await fake?.stop();
});

describe('catalogue jobs', () => {
  it('refresh exchange prices every minute and sync the catalogue hourly once a key is set', async () => {
    const rows = await t.handle.db.execute<{ name: string; cron: string }>(
      sql`SELECT name, cron FROM pgboss.schedule WHERE name IN (${PRICE_REFRESH_QUEUE}, ${CATALOGUE_SYNC_QUEUE}) ORDER BY name`,
    );
    expect(rows.rows).toEqual([
      { name: CATALOGUE_SYNC_QUEUE, cron: '17 * * * *' },
      { name: PRICE_REFRESH_QUEUE, cron: '* * * * *' },
    ]);
  });

  it('the price job appends the ticker price of exchange-priced tokens and quotes use it at once', async () => {
    await t.handle.db
      .update(tokens)
      .set({ priceSource: 'exchange', exchangeSymbol: 'USDTBRL' })
      .where(eq(tokens.code, 'USDT'));
    await t.app.jobs.send(PRICE_REFRESH_QUEUE, {});
    expect(await t.app.jobs.drain(PRICE_REFRESH_QUEUE)).toBe(1);

    const [usdt] = await t.handle.db.select().from(tokens).where(eq(tokens.code, 'USDT'));
    const [latest] = await t.handle.db
      .select()
      .from(prices)
      .where(eq(prices.tokenId, usdt!.id))
      .orderBy(desc(prices.id))
      .limit(1);
    expect(latest).toMatchObject({ source: 'exchange' });
    expect(Number(latest!.priceBrl)).toBe(5.7345);

    const catalogue = await t.app.inject({ url: '/api/v1/tokens' });
    const quoted = catalogue.json().tokens.find((x: { code: string }) => x.code === 'USDT');
    expect(quoted.priceBrl).toBe('5.7345');
  });

  it('the sync job imports the exchange catalogue', async () => {
    await t.app.jobs.send(CATALOGUE_SYNC_QUEUE, {});
    expect(await t.app.jobs.drain(CATALOGUE_SYNC_QUEUE)).toBe(1);
    const [ada] = await t.handle.db.select().from(tokens).where(eq(tokens.code, 'ADA'));
    expect(ada).toMatchObject({ enabled: false });
  });
});
