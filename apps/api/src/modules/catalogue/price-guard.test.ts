import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { auditLog, prices, tokens } from '@permuta/db';
import { normalize } from '@permuta/contracts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { signInAdmin } from '../../../test/auth-helpers.ts';
import type { TestAdmin } from '../../../test/auth-helpers.ts';
import { startFakeExchange } from '../../fakes/fake-exchange.ts';
import type { FakeExchange } from '../../fakes/fake-exchange.ts';

let t: TestApp;
let fake: FakeExchange;
let admin: TestAdmin;

function adminCall(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  url: string,
  payload?: object,
  locale = 'en-US',
) {
  return t.app.inject({
    method,
    url,
    headers: { 'accept-language': locale, cookie: admin.cookie },
    ...(payload ? { payload } : {}),
  });
}

const setPrice = (code: string, body: object, locale?: string) =>
  adminCall('PUT', `/api/v1/admin/tokens/${code}/price`, body, locale);
const refresh = () => adminCall('POST', '/api/v1/admin/prices/refresh');
const quote = (send: string, amount: string, locale = 'en-US') =>
  t.app.inject({
    method: 'GET',
    url: '/api/v1/quotes',
    headers: { 'accept-language': locale },
    query: {
      send,
      receive: 'PIX',
      side: 'send',
      amount,
      ...(send === 'USDT' ? { network: 'TRC20' } : {}),
    },
  });

async function audits(action: string, tokenCode: string) {
  const rows = await t.handle.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, action))
    .orderBy(desc(auditLog.id));
  return rows.filter(
    (row) => (row.after as { tokenCode?: string } | null)?.tokenCode === tokenCode,
  );
}

async function priceRows(code: string) {
  const [token] = await t.handle.db.select().from(tokens).where(eq(tokens.code, code));
  return t.handle.db
    .select()
    .from(prices)
    .where(eq(prices.tokenId, token!.id))
    .orderBy(desc(prices.createdAt), desc(prices.id));
}

beforeAll(async () => {
  fake = await startFakeExchange({ tickers: { BTCBRL: '520000' } });
  t = await buildTestApp({ env: { EXCHANGE_API_URL: fake.url } });
  admin = await signInAdmin(t.app);
});
afterAll(async () => {
  await t.close();
  await fake.stop();
});

describe('a manual price change', () => {
  it('applies at once within the confirmation percentage (10% by default)', async () => {
    // 5.40 -> 5.90 is 9.26 %
    const res = await setPrice('USDT', { priceBrl: '5.90' });
    expect(res.statusCode).toBe(200);
    expect(res.json().price).toMatchObject({ priceBrl: '5.9', source: 'manual' });
    expect((await quote('USDT', '100')).json().rate).toBe('5.9');
    const [audit] = await audits('price.set', 'USDT');
    expect(audit?.before).toMatchObject({ price: { priceBrl: '5.4' } });
    expect(audit?.after).toMatchObject({ price: { priceBrl: '5.9' } });
  });

  it('is refused beyond the percentage without a confirmation, with what the second step shows', async () => {
    const rowsBefore = (await priceRows('USDT')).length;
    const auditsBefore = (await audits('price.set', 'USDT')).length;
    // the mistyped 5.90 -> 59.0
    const res = await setPrice('USDT', { priceBrl: '59' });
    expect(res.statusCode).toBe(409);
    const error = res.json().error;
    expect(error.code).toBe('PRICE_CHANGE_UNCONFIRMED');
    expect(error.params).toEqual({
      token: 'USDT',
      oldPriceBrl: '5.9',
      newPriceBrl: '59',
      changePercent: '900',
      thresholdPercent: 10,
      sampleUnits: '100',
      sampleBrlBefore: '590',
      sampleBrlAfter: '5900',
      sampleBrl: '1000',
      sampleUnitsBefore: '169.491525',
      sampleUnitsAfter: '16.949152',
    });
    expect(error.message).toBe(
      'The new price of USDT (R$59) is 900% away from the current one (R$5.9). Check it and confirm to apply it.',
    );
    const pt = await setPrice('USDT', { priceBrl: '59', confirm: false }, 'pt-BR');
    expect(pt.statusCode).toBe(409);
    expect(pt.json().error.message).toBe(
      'O novo preço de USDT (R$ 59) está 900% distante do atual (R$ 5,9). Confira e confirme para aplicá-lo.',
    );
    // nothing changed: no price row, no audit entry, the quote still at 5.90
    expect((await priceRows('USDT')).length).toBe(rowsBefore);
    expect((await audits('price.set', 'USDT')).length).toBe(auditsBefore);
    expect((await quote('USDT', '100')).json().rate).toBe('5.9');
  });

  it('is applied beyond the percentage when the request confirms it, and audited as confirmed', async () => {
    const res = await setPrice('USDT', { priceBrl: '2.95', confirm: true });
    expect(res.statusCode).toBe(200);
    expect((await quote('USDT', '100')).json().rate).toBe('2.95');
    const [audit] = await audits('price.set', 'USDT');
    expect(audit?.before).toMatchObject({ price: { priceBrl: '5.9' } });
    expect(audit?.after).toMatchObject({
      price: { priceBrl: '2.95' },
      confirmed: true,
      changePercent: '-50',
    });
  });

  it("follows the settings' confirmation percentage", async () => {
    const saved = await adminCall('PATCH', '/api/v1/admin/settings', {
      manualPriceConfirmPercent: 60,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().settings.manualPriceConfirmPercent).toBe(60);
    // 2.95 -> 4.40 is 49.15 %: within 60 %
    expect((await setPrice('USDT', { priceBrl: '4.40' })).statusCode).toBe(200);
    expect((await setPrice('USDT', { priceBrl: '7.10' })).statusCode).toBe(409);
    const back = await adminCall('PATCH', '/api/v1/admin/settings', {
      manualPriceConfirmPercent: 10,
    });
    expect(back.json().settings.manualPriceConfirmPercent).toBe(10);
  });
});

describe('a feed price', () => {
  it('within the hold percentage is applied and audited', async () => {
    const source = await adminCall('PUT', '/api/v1/admin/tokens/BTC/price-source', {
      source: 'exchange',
      exchangeSymbol: 'BTCBRL',
    });
    expect(source.statusCode).toBe(200);
    fake.setTicker('BTCBRL', '530000');
    const res = await refresh();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ updated: [{ code: 'BTC', priceBrl: '530000' }], held: [] });
    expect((await quote('BTC', '0.001')).json().rate).toBe('530000');
    const [audit] = await audits('price.feed_applied', 'BTC');
    expect(audit?.actorType).toBe('system');
    expect(audit?.before).toMatchObject({ price: { priceBrl: '520000' } });
    expect(audit?.after).toMatchObject({ price: { priceBrl: '530000', source: 'exchange' } });
  });

  it('that jumps beyond 20% is held, not applied, and the token quotes pause', async () => {
    const rowsBefore = (await priceRows('BTC')).length;
    fake.setTicker('BTCBRL', '700000');
    const res = await refresh();
    expect(res.json()).toMatchObject({
      updated: [],
      held: [{ code: 'BTC', priceBrl: '700000', previousPriceBrl: '530000' }],
    });
    expect((await priceRows('BTC')).length).toBe(rowsBefore);

    const en = await quote('BTC', '0.001');
    expect(en.statusCode).toBe(422);
    expect(en.json().error).toMatchObject({
      code: 'PRICE_UNAVAILABLE',
      message: 'There is no price for BTC at the moment. Please try again later.',
    });
    const pt = await quote('BTC', '0.001', 'pt-BR');
    expect(pt.json().error.message).toBe(
      'Não há cotação para BTC no momento. Tente novamente mais tarde.',
    );
    const catalogue = await t.app.inject({ url: '/api/v1/tokens' });
    const btc = catalogue.json().tokens.find((x: { code: string }) => x.code === 'BTC');
    expect(btc.quotable).toBe(false);
    // other tokens still quote
    expect((await quote('USDT', '100')).statusCode).toBe(200);

    const holds = await adminCall('GET', '/api/v1/admin/price-holds');
    expect(holds.statusCode).toBe(200);
    expect(holds.json().items).toEqual([
      {
        tokenCode: 'BTC',
        tokenName: 'Bitcoin',
        previousPriceBrl: '530000',
        priceBrl: '700000',
        changePercent: '32.08',
        heldAt: expect.any(String),
        updatedAt: expect.any(String),
      },
    ]);
    const held = await audits('price.held', 'BTC');
    expect(held).toHaveLength(1);
    expect(held[0]?.after).toMatchObject({
      price: { priceBrl: '530000' },
      heldPrice: { priceBrl: '700000', previousPriceBrl: '530000' },
      changePercent: '32.08',
    });

    // the feed keeps running: the same held price again is no new entry
    await refresh();
    expect(await audits('price.held', 'BTC')).toHaveLength(1);
  });

  it('held and rejected leaves the accepted price and resumes the quotes', async () => {
    const res = await adminCall('POST', '/api/v1/admin/price-holds/BTC/reject', {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ items: [] });
    const after = await quote('BTC', '0.001');
    expect(after.statusCode).toBe(200);
    expect(after.json().rate).toBe('530000');
    const [audit] = await audits('price.hold_rejected', 'BTC');
    expect(audit?.actorId).toBe(admin.id);
    expect(audit?.before).toMatchObject({ heldPrice: { priceBrl: '700000' } });
    expect(audit?.after).toMatchObject({ price: { priceBrl: '530000' }, heldPrice: null });
    const again = await adminCall('POST', '/api/v1/admin/price-holds/BTC/reject', {});
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('PRICE_HOLD_GONE');
  });

  it('held and accepted is applied, but only the price the admin saw', async () => {
    await refresh(); // the ticker still says 700000: held again
    expect((await quote('BTC', '0.001')).statusCode).toBe(422);
    const moved = await adminCall('POST', '/api/v1/admin/price-holds/BTC/accept', {
      priceBrl: '650000',
    });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().error.code).toBe('PRICE_HOLD_GONE');

    const res = await adminCall('POST', '/api/v1/admin/price-holds/BTC/accept', {
      priceBrl: '700000',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ items: [] });
    expect((await quote('BTC', '0.001')).json().rate).toBe('700000');
    const [latest] = await priceRows('BTC');
    expect([normalize(latest!.priceBrl), latest!.source]).toEqual(['700000', 'exchange']);
    const [audit] = await audits('price.hold_accepted', 'BTC');
    expect(audit?.actorId).toBe(admin.id);
    expect(audit?.before).toMatchObject({
      price: { priceBrl: '530000' },
      heldPrice: { priceBrl: '700000' },
    });
    expect(audit?.after).toMatchObject({ price: { priceBrl: '700000' }, heldPrice: null });
  });

  it('held is cleared by a later feed price within the percentage of the accepted one', async () => {
    fake.setTicker('BTCBRL', '900000');
    expect((await refresh()).json().held).toHaveLength(1);
    expect((await quote('BTC', '0.001')).statusCode).toBe(422);
    fake.setTicker('BTCBRL', '720000');
    const res = await refresh();
    expect(res.json()).toMatchObject({ updated: [{ code: 'BTC', priceBrl: '720000' }], held: [] });
    expect((await adminCall('GET', '/api/v1/admin/price-holds')).json().items).toEqual([]);
    expect((await quote('BTC', '0.001')).json().rate).toBe('720000');
    const [audit] = await audits('price.hold_cleared', 'BTC');
    expect(audit?.before).toMatchObject({
      price: { priceBrl: '700000' },
      heldPrice: { priceBrl: '900000' },
    });
    expect(audit?.after).toMatchObject({ price: { priceBrl: '720000' }, heldPrice: null });
  });

  it('held is dropped when the token is switched to manual pricing', async () => {
    fake.setTicker('BTCBRL', '1000000');
    expect((await refresh()).json().held).toHaveLength(1);
    const manual = await adminCall('PUT', '/api/v1/admin/tokens/BTC/price-source', {
      source: 'manual',
    });
    expect(manual.statusCode).toBe(200);
    expect((await adminCall('GET', '/api/v1/admin/price-holds')).json().items).toEqual([]);
    expect((await quote('BTC', '0.001')).json().rate).toBe('720000');
    const [audit] = await audits('price.source_changed', 'BTC');
    expect(audit?.before).toMatchObject({ heldPrice: { priceBrl: '1000000' } });
  });

  it('accepted twice at once is applied once: the other gets the 409, one audit row', async () => {
    const source = await adminCall('PUT', '/api/v1/admin/tokens/BTC/price-source', {
      source: 'exchange',
      exchangeSymbol: 'BTCBRL',
    });
    expect(source.statusCode).toBe(200);
    fake.setTicker('BTCBRL', '1100000');
    expect((await refresh()).json().held).toMatchObject([{ code: 'BTC', priceBrl: '1100000' }]);
    const rowsBefore = (await priceRows('BTC')).length;
    const auditsBefore = (await audits('price.hold_accepted', 'BTC')).length;

    const accept = () =>
      adminCall('POST', '/api/v1/admin/price-holds/BTC/accept', { priceBrl: '1100000' });
    const answers = await Promise.all([accept(), accept()]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const refused = answers.find((a) => a.statusCode === 409)!;
    expect(refused.json().error.code).toBe('PRICE_HOLD_GONE');

    expect((await priceRows('BTC')).length).toBe(rowsBefore + 1);
    expect((await audits('price.hold_accepted', 'BTC')).length).toBe(auditsBefore + 1);
    expect((await adminCall('GET', '/api/v1/admin/price-holds')).json().items).toEqual([]);
    expect((await quote('BTC', '0.001')).json().rate).toBe('1100000');
  });

  it('accepted and rejected at once: one decides, the other gets the 409', async () => {
    fake.setTicker('BTCBRL', '1500000');
    expect((await refresh()).json().held).toMatchObject([{ code: 'BTC', priceBrl: '1500000' }]);
    const rowsBefore = (await priceRows('BTC')).length;
    const decided = async () =>
      (await audits('price.hold_accepted', 'BTC')).length +
      (await audits('price.hold_rejected', 'BTC')).length;
    const decidedBefore = await decided();

    const answers = await Promise.all([
      adminCall('POST', '/api/v1/admin/price-holds/BTC/accept', { priceBrl: '1500000' }),
      adminCall('POST', '/api/v1/admin/price-holds/BTC/reject', {}),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await decided()).toBe(decidedBefore + 1);
    const accepted = answers[0]!.statusCode === 200;
    expect((await priceRows('BTC')).length).toBe(rowsBefore + (accepted ? 1 : 0));
    expect((await adminCall('GET', '/api/v1/admin/price-holds')).json().items).toEqual([]);
  });

  it('is refused to anyone but an admin when listing or deciding held prices', async () => {
    const anonymous = await t.app.inject({ url: '/api/v1/admin/price-holds' });
    expect(anonymous.statusCode).toBe(401);
    const accept = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/price-holds/BTC/accept',
      payload: { priceBrl: '1' },
    });
    expect(accept.statusCode).toBe(401);
  });
});
