import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { SaxesParser } from 'saxes';
import { dec, floorTo, ratesFeedSchema, toAmount, unit } from '@permuta/contracts';
import { priceHolds, prices, tokens } from '@permuta/db';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { availableStock } from '../treasury/treasury.service.ts';
import { rateItem, ratesXml, xmlText } from './rates.service.ts';
import type { RateItem } from './rates.service.ts';

let t: TestApp;
const NOW = new Date('2026-11-20T15:00:00Z');

async function tokenId(code: string): Promise<string> {
  const [token] = await t.handle.db
    .select({ id: tokens.id })
    .from(tokens)
    .where(eq(tokens.code, code));
  return token!.id;
}

async function setPrice(
  code: string,
  brl: string,
  source: 'manual' | 'exchange' = 'manual',
  at = NOW,
) {
  // the only price of the token (the seed's are stamped with the wall clock, after NOW)
  const id = await tokenId(code);
  await t.handle.db.delete(prices).where(eq(prices.tokenId, id));
  await t.handle.db.insert(prices).values({ tokenId: id, priceBrl: brl, source, createdAt: at });
  t.app.pricing.invalidate();
}

async function feed(): Promise<RateItem[]> {
  const res = await t.app.inject({ url: '/api/v1/rates.json' });
  expect(res.statusCode).toBe(200);
  return ratesFeedSchema.parse(res.json()).rates;
}

function find(items: RateItem[], from: string, to: string): RateItem | undefined {
  return items.find((item) => item.from === from && item.to === to);
}

/** Parses XML strictly (a well-formedness error throws); returns the items' fields. */
function parseXml(xml: string): Record<string, string>[] {
  const parser = new SaxesParser();
  const items: Record<string, string>[] = [];
  let current: Record<string, string> | null = null;
  let field: string | null = null;
  parser.on('error', (error) => {
    throw error;
  });
  parser.on('opentag', (tag) => {
    if (tag.name === 'item') current = {};
    else if (current) field = tag.name;
  });
  parser.on('text', (text) => {
    if (current && field) current[field] = (current[field] ?? '') + text;
  });
  parser.on('closetag', (tag) => {
    if (tag.name === 'item' && current) {
      items.push(current);
      current = null;
    }
    field = null;
  });
  parser.write(xml).close();
  return items;
}

beforeAll(async () => {
  t = await buildTestApp({ app: { now: () => NOW } });
});
afterAll(async () => t.close());
beforeEach(async () => {
  await t.handle.db.delete(priceHolds);
  await setPrice('USDT', '5.40');
  await setPrice('BTC', '520000');
});

describe('rates feed', () => {
  it('has one item per open direction, with the exact rate, reserve and limits of the quotes', async () => {
    const items = await feed();
    // USDT (TRC20) -> PIX at 3.5%: 5.40 x 96.5 / 100 = 5.211 reais per USDT
    expect(find(items, 'USDTTRC20', 'PIXBRL')).toEqual({
      from: 'USDTTRC20',
      to: 'PIXBRL',
      in: '1',
      out: '5.211',
      amount: '500000',
      // the PIX minimum of 50 reais costs 9.595088 USDT; the maximum 50000, 9595.087316
      minamount: '9.595088',
      maxamount: '9595.087316',
    });
    // PIX -> USDT (TRC20) at 4%: 5.40 / 0.96 = 5.625 reais per USDT, plus 1 USDT network fee
    expect(find(items, 'PIXBRL', 'USDTTRC20')).toEqual({
      from: 'PIXBRL',
      to: 'USDTTRC20',
      in: '5.625',
      out: '1',
      amount: '50000',
      // 10 USDT (the network minimum) + 1 fee = 11 x 5.625 = 61.875 -> 61.88 reais
      minamount: '61.88',
      // the reserve of 50000 USDT: 281255.63 would pay 50000.000888, one centavo less fits
      maxamount: '281255.62',
      tofee: '1',
    });
    // every USDT network open for payouts has its own direction; no pair of a token with itself
    const toUsdt = items.filter((item) => item.from === 'PIXBRL' && item.to.startsWith('USDT'));
    expect(toUsdt.map((item) => item.to).sort()).toEqual(['USDTBEP20', 'USDTERC20', 'USDTTRC20']);
    expect(items.every((item) => item.from !== item.to)).toBe(true);
    expect(find(items, 'BTC', 'PIXBRL')).toBeDefined();
    expect(find(items, 'DERIVUSD', 'PIXBRL')).toBeDefined();
  });

  it('never promises more than a quote of the same amount gives, and at most one unit less', async () => {
    const directions = await t.app.pricing.directions();
    expect(directions.length).toBeGreaterThan(0);
    for (const direction of directions) {
      const stock = await availableStock(t.handle.db, direction.receive.id);
      const item = rateItem(direction, stock);
      if (!item) continue;
      const sendPrecision = direction.send.precision;
      const receiveUnit = unit(direction.receive.precision);
      const minUnits = BigInt(dec(item.minamount).div(unit(sendPrecision)).toFixed(0));
      const maxUnits = BigInt(dec(item.maxamount).div(unit(sendPrecision)).toFixed(0));
      await fc.assert(
        fc.asyncProperty(fc.bigInt({ min: minUnits, max: maxUnits }), async (units) => {
          const amount = toAmount(dec(units.toString()).times(unit(sendPrecision)), sendPrecision);
          const quote = await t.app.pricing.quote({
            send: direction.send.code,
            receive: direction.receive.code,
            network: direction.network?.code,
            side: 'send',
            amount,
          });
          const promised = floorTo(
            dec(amount).times(item.out).div(item.in),
            direction.receive.precision,
          ).minus(item.tofee ?? '0');
          const context = `${item.from}->${item.to} ${amount}: quote ${quote.amountReceive}, feed ${promised.toFixed()}`;
          expect(dec(quote.amountReceive).gte(promised), context).toBe(true);
          expect(dec(quote.amountReceive).minus(promised).lte(receiveUnit), context).toBe(true);
        }),
        { numRuns: 25, seed: 20_261_129 },
      );
    }
  });

  it('serves the same items as XML, well formed, one element a line', async () => {
    const res = await t.app.inject({ url: '/api/v1/rates.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<rates>\n')).toBe(true);
    const items = await feed();
    expect(parseXml(res.body)).toEqual(items.map((item) => ({ ...item })));
    expect(res.body).toContain('    <from>USDTTRC20</from>\n    <to>PIXBRL</to>\n');
  });

  it('escapes what it writes (codes come from admins)', () => {
    const xml = ratesXml([
      {
        from: 'A<B>&"\'',
        to: 'C\u0000D\u0007',
        in: '1',
        out: '2',
        amount: '3',
        minamount: '1',
        maxamount: '2',
      },
    ]);
    const [item] = parseXml(xml);
    expect(item).toMatchObject({ from: 'A<B>&"\'', to: 'CD' });
    expect(xml).toContain('<from>A&lt;B&gt;&amp;&quot;&apos;</from>');
    expect(xmlText(']]>')).toBe(']]&gt;');
  });

  it('leaves out the directions of a paused (held) or stale token', async () => {
    await t.handle.db
      .insert(priceHolds)
      .values({ tokenId: await tokenId('BTC'), priceBrl: '600000', previousPriceBrl: '520000' });
    t.app.pricing.invalidate();
    let items = await feed();
    expect(items.some((item) => item.from === 'BTC' || item.to === 'BTC')).toBe(false);
    expect(find(items, 'USDTTRC20', 'PIXBRL')).toBeDefined();

    await t.handle.db.delete(priceHolds);
    // an exchange price older than the settings' staleness limit, and no newer one
    await setPrice('BTC', '520000', 'exchange', new Date(NOW.getTime() - 24 * 3_600_000));
    items = await feed();
    expect(items.some((item) => item.from === 'BTC' || item.to === 'BTC')).toBe(false);
  });

  it('is cacheable: Cache-Control, ETag and Last-Modified, 304 when the copy is current', async () => {
    for (const url of ['/api/v1/rates.xml', '/api/v1/rates.json']) {
      const first = await t.app.inject({ url });
      expect(first.headers['cache-control']).toBe('public, max-age=60');
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^W\/"[\w-]+"$/);
      const lastModified = String(first.headers['last-modified']);
      expect(new Date(lastModified).toUTCString()).toBe(lastModified);

      const same = await t.app.inject({ url, headers: { 'if-none-match': etag } });
      expect(same.statusCode).toBe(304);
      expect(same.body).toBe('');
      expect(same.headers.etag).toBe(etag);
      const listed = await t.app.inject({ url, headers: { 'if-none-match': `"x", ${etag}` } });
      expect(listed.statusCode).toBe(304);
      const since = await t.app.inject({ url, headers: { 'if-modified-since': lastModified } });
      expect(since.statusCode).toBe(304);

      const other = await t.app.inject({ url, headers: { 'if-none-match': '"other"' } });
      expect(other.statusCode).toBe(200);
      const garbage = await t.app.inject({ url, headers: { 'if-modified-since': 'yesterday' } });
      expect(garbage.statusCode).toBe(200);
    }
    // a new price is new content: another validator, and the old one gets the full answer
    const before = await t.app.inject({ url: '/api/v1/rates.json' });
    await setPrice('USDT', '5.50');
    const after = await t.app.inject({
      url: '/api/v1/rates.json',
      headers: { 'if-none-match': String(before.headers.etag) },
    });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(find(ratesFeedSchema.parse(after.json()).rates, 'USDTTRC20', 'PIXBRL')?.out).toBe(
      '5.3075',
    );
  });

  it('is under the API rate limit', async () => {
    const limited = await buildTestApp({ env: { RATE_LIMIT_PER_MINUTE: '2' } });
    try {
      for (let i = 0; i < 2; i += 1) {
        expect((await limited.app.inject({ url: '/api/v1/rates.xml' })).statusCode).toBe(200);
      }
      const res = await limited.app.inject({ url: '/api/v1/rates.xml' });
      expect(res.statusCode).toBe(429);
      expect(res.json().error.code).toBe('RATE_LIMITED');
    } finally {
      await limited.close();
    }
  });
});
