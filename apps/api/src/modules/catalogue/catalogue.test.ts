import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, like } from 'drizzle-orm';
import { auditLog, tokens } from '@permuta/db';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { registerCustomer, signInAdmin } from '../../../test/auth-helpers.ts';
import type { TestAdmin, TestCustomer } from '../../../test/auth-helpers.ts';

let t: TestApp;
let admin: TestAdmin;
let customer: TestCustomer;

function as(
  who: { cookie: string } | null,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  locale = 'en-US',
) {
  return t.app.inject({
    method,
    url,
    headers: { 'accept-language': locale, ...(who ? { cookie: who.cookie } : {}) },
    ...(payload ? { payload } : {}),
  });
}
const adminCall = (
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  locale?: string,
) => as(admin, method, url, payload, locale);

const quote = (body: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/v1/quotes', query: body });
const publicCodes = async () =>
  (await t.app.inject({ url: '/api/v1/tokens' }))
    .json()
    .tokens.map((token: { code: string }) => token.code);

async function lastAudit(action: string) {
  const [row] = await t.handle.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, action))
    .orderBy(desc(auditLog.createdAt))
    .limit(1);
  return row;
}

const ltcBody = (overrides: object = {}) => ({
  code: 'ltc',
  name: 'Litecoin',
  kind: 'crypto',
  precision: 8,
  priceBrl: '400.50',
  networks: [
    {
      code: 'LTC',
      name: 'Litecoin',
      isDefault: true,
      minConfirmations: 6,
      withdrawFee: '0.001',
      withdrawMin: '0.01',
      withdrawMax: '100',
      estimatedArrivalMinutes: 20,
      tip: 'Send only LTC.',
    },
  ],
  ...overrides,
});

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signInAdmin(t.app);
  customer = await registerCustomer(t.app);
});
afterAll(async () => t.close());

describe('catalogue admin access', () => {
  it('refuses guests and customers on the admin catalogue', async () => {
    expect((await as(null, 'GET', '/api/v1/admin/tokens')).statusCode).toBe(401);
    expect((await as(customer, 'GET', '/api/v1/admin/tokens')).statusCode).toBe(403);
    expect(
      (await as(customer, 'PUT', '/api/v1/admin/fee-rules/general', { rate: '4' })).statusCode,
    ).toBe(403);
  });
});

describe('tokens and networks', () => {
  it('lists every token with its networks and latest price', async () => {
    const res = await adminCall('GET', '/api/v1/admin/tokens');
    expect(res.statusCode).toBe(200);
    const usdt = res.json().items.find((token: { code: string }) => token.code === 'USDT');
    expect(usdt).toMatchObject({
      kind: 'crypto',
      precision: 6,
      priceSource: 'manual',
      exchangeSymbol: 'USDTBRL',
      price: { priceBrl: '5.4', source: 'manual' },
    });
    expect(usdt.networks).toHaveLength(3);
    expect(usdt.networks[0]).toHaveProperty('depositAddress');
  });

  it('answers one token by its code, and 404 for an unknown one', async () => {
    const res = await adminCall('GET', '/api/v1/admin/tokens/btc');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 'BTC', networks: [{ code: 'BTC' }] });
    expect((await adminCall('GET', '/api/v1/admin/tokens/NOPE')).statusCode).toBe(404);
  });

  it('creates a token with its network and first price, audited', async () => {
    const res = await adminCall('POST', '/api/v1/admin/tokens', ltcBody());
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      code: 'LTC',
      enabled: true,
      price: { priceBrl: '400.5', source: 'manual' },
      networks: [{ code: 'LTC', withdrawFee: '0.001', withdrawMax: '100', isDefault: true }],
    });
    expect(await publicCodes()).toContain('LTC');
    const audit = await lastAudit('token.created');
    expect(audit).toMatchObject({ actorId: admin.id, entityType: 'token' });
    expect(audit?.after).toMatchObject({ tokenCode: 'LTC', name: 'Litecoin' });
    expect((await adminCall('POST', '/api/v1/admin/tokens', ltcBody())).json().error).toMatchObject(
      {
        code: 'TOKEN_EXISTS',
        fields: { code: 'This code is already in use.' },
      },
    );
  });

  it('asks to select at least one network, in both languages', async () => {
    const en = await adminCall(
      'POST',
      '/api/v1/admin/tokens',
      ltcBody({ code: 'XRP', networks: [] }),
    );
    expect(en.statusCode).toBe(400);
    expect(en.json().error.fields).toMatchObject({ networks: 'Select at least one network.' });
    const pt = await adminCall(
      'POST',
      '/api/v1/admin/tokens',
      ltcBody({ code: 'XRP', networks: [] }),
      'pt-BR',
    );
    expect(pt.json().error.fields).toMatchObject({ networks: 'Selecione pelo menos uma rede.' });
  });

  it('validates the token and network fields', async () => {
    const res = await adminCall(
      'POST',
      '/api/v1/admin/tokens',
      ltcBody({
        code: 'BAD',
        precision: 19,
        priceSource: 'exchange',
        networks: [
          {
            code: 'X',
            name: '',
            withdrawFee: '-1',
            withdrawMin: '5',
            withdrawMax: '1',
            addressRegex: '(',
          },
        ],
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields).sort()).toEqual(
      [
        'exchangeSymbol',
        'networks.0.addressRegex',
        'networks.0.name',
        'networks.0.withdrawFee',
        'networks.0.withdrawMax',
        'precision',
      ].sort(),
    );
  });

  it('refuses a deposit address that is not valid for the network', async () => {
    const res = await adminCall('PATCH', '/api/v1/admin/tokens/USDT/networks/TRC20', {
      depositAddress: '0x7065726d7574612d64656d6f2d61646472657373',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'DEPOSIT_ADDRESS_INVALID',
      fields: { depositAddress: 'This address is not valid for this network.' },
    });
    const bad = await adminCall('PATCH', '/api/v1/admin/tokens/USDT/networks/ERC20', {
      depositAddress: '0x7065726d7574612d64656d6f2d6164647265737', // one digit short
    });
    expect(bad.statusCode).toBe(400);
  });

  it('updates every field of a network, audited with before and after', async () => {
    const res = await adminCall('PATCH', '/api/v1/admin/tokens/USDT/networks/TRC20', {
      withdrawFee: '1.5',
      withdrawMin: '15',
      withdrawMax: '90000',
      minConfirmations: 25,
      estimatedArrivalMinutes: 7,
      tip: 'Only TRC20.',
      notice: 'Busy network.',
      contractAddress: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      depositAddress: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      depositMemo: null,
      memoRequired: false,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      withdrawFee: '1.5',
      withdrawMin: '15',
      withdrawMax: '90000',
      minConfirmations: 25,
      estimatedArrivalMinutes: 7,
      notice: 'Busy network.',
      depositAddress: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    });
    const audit = await lastAudit('network.updated');
    expect(audit?.before).toMatchObject({
      tokenCode: 'USDT',
      networkCode: 'TRC20',
      withdrawFee: '1',
    });
    expect(audit?.after).toMatchObject({ withdrawFee: '1.5' });
    const pub = (await t.app.inject({ url: '/api/v1/tokens' })).json();
    const trc20 = pub.tokens
      .find((token: { code: string }) => token.code === 'USDT')
      .networks.find((n: { code: string }) => n.code === 'TRC20');
    expect(trc20).toMatchObject({ withdrawFee: '1.5', minConfirmations: 25 });
    expect(
      (
        await adminCall('PATCH', '/api/v1/admin/tokens/USDT/networks/TRC20', { withdrawMax: '1' })
      ).json().error.fields,
    ).toEqual({ withdrawMax: 'The maximum must not be below the minimum.' });
  });

  it('hides a disabled token from the catalogue and quotes at once, and shows it again', async () => {
    const off = await adminCall('PUT', '/api/v1/admin/tokens/BTC/enabled', { enabled: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().enabled).toBe(false);
    expect(await publicCodes()).not.toContain('BTC');
    const refused = await quote({ send: 'BTC', receive: 'PIX', side: 'send', amount: '0.001' });
    expect(refused.json().error.code).toBe('TOKEN_NOT_FOUND');
    expect((await lastAudit('token.disabled'))?.after).toEqual({
      tokenCode: 'BTC',
      enabled: false,
    });

    await adminCall('PUT', '/api/v1/admin/tokens/BTC/enabled', { enabled: true });
    expect(await publicCodes()).toContain('BTC');
    expect(
      (await quote({ send: 'BTC', receive: 'PIX', side: 'send', amount: '0.001' })).statusCode,
    ).toBe(200);
  });

  it('hides a disabled network from the catalogue and quotes at once', async () => {
    const off = await adminCall('PUT', '/api/v1/admin/tokens/USDT/networks/ERC20/enabled', {
      enabled: false,
    });
    expect(off.statusCode).toBe(200);
    const usdt = (await t.app.inject({ url: '/api/v1/tokens' }))
      .json()
      .tokens.find((token: { code: string }) => token.code === 'USDT');
    expect(usdt.networks.map((n: { code: string }) => n.code)).not.toContain('ERC20');
    const res = await quote({
      send: 'PIX',
      receive: 'USDT',
      network: 'ERC20',
      side: 'send',
      amount: '1000',
    });
    expect(res.json().error.code).toBe('NETWORK_NOT_FOUND');
    await adminCall('PUT', '/api/v1/admin/tokens/USDT/networks/ERC20/enabled', { enabled: true });
  });

  it('suspends payouts of a network with its withdraw switch', async () => {
    await adminCall('PATCH', '/api/v1/admin/tokens/USDT/networks/BEP20', {
      withdrawEnabled: false,
    });
    const res = await quote({
      send: 'PIX',
      receive: 'USDT',
      network: 'BEP20',
      side: 'send',
      amount: '1000',
    });
    expect(res.json().error.code).toBe('WITHDRAW_DISABLED');
    await adminCall('PATCH', '/api/v1/admin/tokens/USDT/networks/BEP20', { withdrawEnabled: true });
  });

  it('adds a network to a token, and refuses the same code twice', async () => {
    const body = { code: 'LTC-BEP20', name: 'LTC on BSC', enabled: false };
    const res = await adminCall('POST', '/api/v1/admin/tokens/LTC/networks', body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ code: 'LTC-BEP20', enabled: false, withdrawFee: '0' });
    const again = await adminCall('POST', '/api/v1/admin/tokens/LTC/networks', body);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('NETWORK_EXISTS');
  });

  it("changes a token's fields", async () => {
    const res = await adminCall('PATCH', '/api/v1/admin/tokens/LTC', {
      name: 'Litecoin (LTC)',
      precision: 6,
      trading: false,
      isLegalMoney: false,
      sortOrder: 9,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Litecoin (LTC)',
      precision: 6,
      trading: false,
      sortOrder: 9,
    });
    expect((await lastAudit('token.updated'))?.before).toMatchObject({ name: 'Litecoin' });
  });
});

describe('prices', () => {
  it('changes the quote at once with a manual price, keeping the history', async () => {
    const body = { send: 'USDT', receive: 'PIX', network: 'TRC20', side: 'send', amount: '100' };
    expect((await quote(body)).json().rate).toBe('5.4');
    const res = await adminCall('PUT', '/api/v1/admin/tokens/USDT/price', { priceBrl: '5.50' });
    expect(res.statusCode).toBe(200);
    expect(res.json().price).toMatchObject({ priceBrl: '5.5', source: 'manual' });
    const after = (await quote(body)).json();
    expect(after.rate).toBe('5.5');
    // 100 x 5.50 x (1 - 3.5%) = 530.75
    expect(after.amountReceive).toBe('530.75');
    const history = await adminCall('GET', '/api/v1/admin/tokens/USDT/prices?pageSize=5');
    expect(history.json()).toMatchObject({ total: 2, page: 1, pageSize: 5 });
    expect(history.json().items.map((i: { priceBrl: string }) => i.priceBrl)).toEqual([
      '5.5',
      '5.4',
    ]);
    expect((await lastAudit('price.set'))?.after).toMatchObject({
      tokenCode: 'USDT',
      price: { priceBrl: '5.5' },
    });
  });

  it('refuses a price that is not a positive decimal', async () => {
    for (const priceBrl of ['0', '-1', 'abc', '1e3']) {
      const res = await adminCall('PUT', '/api/v1/admin/tokens/USDT/price', { priceBrl });
      expect(res.statusCode, priceBrl).toBe(400);
      expect(Object.keys(res.json().error.fields)).toEqual(['priceBrl']);
    }
  });

  it('needs a symbol to price from the exchange', async () => {
    const res = await adminCall('PUT', '/api/v1/admin/tokens/LTC/price-source', {
      source: 'exchange',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      exchangeSymbol: 'An exchange price needs the ticker symbol, for example USDTBRL.',
    });
    const ok = await adminCall('PUT', '/api/v1/admin/tokens/LTC/price-source', {
      source: 'exchange',
      exchangeSymbol: 'ltcbrl',
    });
    expect(ok.json()).toMatchObject({ priceSource: 'exchange', exchangeSymbol: 'LTCBRL' });
    const back = await adminCall('PUT', '/api/v1/admin/tokens/LTC/price-source', {
      source: 'manual',
    });
    expect(back.json()).toMatchObject({ priceSource: 'manual', exchangeSymbol: 'LTCBRL' });
    expect((await lastAudit('price.source_changed'))?.after).toMatchObject({
      priceSource: 'manual',
    });
  });

  it('paginates the price history', async () => {
    for (const price of ['401', '402', '403']) {
      await adminCall('PUT', '/api/v1/admin/tokens/LTC/price', { priceBrl: price });
    }
    const page2 = await adminCall('GET', '/api/v1/admin/tokens/LTC/prices?page=2&pageSize=5');
    expect(page2.json()).toMatchObject({ total: 4, page: 2, items: [] });
    const page1 = await adminCall('GET', '/api/v1/admin/tokens/LTC/prices?pageSize=5');
    expect(page1.json().items[0].priceBrl).toBe('403');
  });
});

describe('fee rules', () => {
  const usdtToPix = { send: 'USDT', receive: 'PIX', network: 'TRC20', side: 'send', amount: '100' };
  const pixToDeriv = { send: 'PIX', receive: 'DERIV', side: 'send', amount: '1000' };

  it('lists the general rate, the pair rules and the warning band', async () => {
    const res = await adminCall('GET', '/api/v1/admin/fee-rules');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ general: { rate: '5' }, band: { min: '3', max: '10' } });
    expect(res.json().pairs).toContainEqual(
      expect.objectContaining({ send: 'USDT', receive: 'PIX', rate: '3.5' }),
    );
  });

  it('lets a pair rule win over the general rate, seen through quotes', async () => {
    expect((await quote(usdtToPix)).json().feePercent).toBe('3.5');
    const general = await adminCall('PUT', '/api/v1/admin/fee-rules/general', { rate: '7.25' });
    expect(general.statusCode).toBe(200);
    expect(general.json().general.rate).toBe('7.25');
    // The pair rule still wins for USDT -> PIX; BTC -> DERIV has no pair rule.
    expect((await quote(usdtToPix)).json().feePercent).toBe('3.5');
    expect(
      (await quote({ send: 'BTC', receive: 'DERIV', side: 'send', amount: '0.001' })).json()
        .feePercent,
    ).toBe('7.25');
    expect((await lastAudit('fee_rule.general_set'))?.before).toEqual({ rate: '5' });
  });

  it('creates, updates and deletes a pair rule, each visible in quotes at once', async () => {
    const pixDeriv = (await adminCall('GET', '/api/v1/admin/fee-rules'))
      .json()
      .pairs.find(
        (p: { send: string; receive: string }) => p.send === 'PIX' && p.receive === 'DERIV',
      );
    expect((await quote(pixToDeriv)).json().feePercent).toBe('6');
    const updated = await adminCall('PATCH', `/api/v1/admin/fee-rules/${pixDeriv.id}`, {
      rate: '4.1234',
    });
    expect(updated.json()).toMatchObject({ rate: '4.1234', send: 'PIX', receive: 'DERIV' });
    expect((await quote(pixToDeriv)).json().feePercent).toBe('4.1234');
    expect((await lastAudit('fee_rule.updated'))?.before).toMatchObject({ rate: '6' });

    expect((await adminCall('DELETE', `/api/v1/admin/fee-rules/${pixDeriv.id}`)).statusCode).toBe(
      204,
    );
    expect((await quote(pixToDeriv)).json().feePercent).toBe('7.25');
    expect((await lastAudit('fee_rule.deleted'))?.before).toMatchObject({ send: 'PIX' });
    expect((await adminCall('DELETE', `/api/v1/admin/fee-rules/${pixDeriv.id}`)).statusCode).toBe(
      404,
    );

    const created = await adminCall('POST', '/api/v1/admin/fee-rules', {
      send: 'pix',
      receive: 'deriv',
      rate: '12',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ send: 'PIX', receive: 'DERIV', rate: '12' });
    expect((await quote(pixToDeriv)).json().feePercent).toBe('12');
    const duplicate = await adminCall('POST', '/api/v1/admin/fee-rules', {
      send: 'PIX',
      receive: 'DERIV',
      rate: '3',
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error.code).toBe('FEE_RULE_EXISTS');
  });

  it('accepts 0 <= rate < 50 with at most 4 decimals and refuses the rest', async () => {
    for (const rate of ['0', '49.9999', '3', '10.5']) {
      expect(
        (await adminCall('PUT', '/api/v1/admin/fee-rules/general', { rate })).statusCode,
        rate,
      ).toBe(200);
    }
    for (const [rate, key] of [
      ['50', 'The rate must be at least 0% and below 50%.'],
      ['-1', 'Enter a percentage with at most 4 decimal places, for example 4.5.'],
      ['4.12345', 'Enter a percentage with at most 4 decimal places, for example 4.5.'],
      ['abc', 'Enter a percentage with at most 4 decimal places, for example 4.5.'],
    ] as const) {
      const res = await adminCall('PUT', '/api/v1/admin/fee-rules/general', { rate });
      expect(res.statusCode, rate).toBe(400);
      expect(res.json().error.fields, rate).toEqual({ rate: key });
    }
    await adminCall('PUT', '/api/v1/admin/fee-rules/general', { rate: '5' });
  });

  it('refuses a pair of one token with itself, or of an unknown token', async () => {
    const same = await adminCall('POST', '/api/v1/admin/fee-rules', {
      send: 'PIX',
      receive: 'PIX',
      rate: '4',
    });
    expect(same.json().error.fields).toEqual({
      receive: 'Choose different tokens to send and to receive.',
    });
    const unknown = await adminCall('POST', '/api/v1/admin/fee-rules', {
      send: 'PIX',
      receive: 'NOPE',
      rate: '4',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.code).toBe('TOKEN_NOT_FOUND');
  });
});

describe('audit trail', () => {
  it('records who changed the catalogue', async () => {
    const rows = await t.handle.db
      .select({ action: auditLog.action, actorId: auditLog.actorId })
      .from(auditLog)
      .where(and(eq(auditLog.actorId, admin.id), like(auditLog.action, '%.%')));
    const actions = new Set(rows.map((r) => r.action));
    for (const action of [
      'token.created',
      'token.updated',
      'token.disabled',
      'token.enabled',
      'network.created',
      'network.updated',
      'network.disabled',
      'price.set',
      'fee_rule.created',
    ]) {
      expect(actions, action).toContain(action);
    }
    // token rows are unchanged by reads
    const [ltc] = await t.handle.db.select().from(tokens).where(eq(tokens.code, 'LTC'));
    expect(ltc?.name).toBe('Litecoin (LTC)');
  });
});
