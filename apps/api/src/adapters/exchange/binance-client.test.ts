import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fakeCoin, startFakeExchange } from '../../fakes/fake-exchange.ts';
import type { FakeExchange } from '../../fakes/fake-exchange.ts';
import { createBinanceClient } from './binance-client.ts';
import {
  ExchangeNotConfiguredError,
  ExchangeRejectedError,
  ExchangeTimeoutError,
  ExchangeUnavailableError,
} from './exchange.ts';

let fake: FakeExchange;

const client = (overrides: { apiSecret?: string; apiKey?: string; timeoutMs?: number } = {}) =>
  createBinanceClient({
    apiUrl: fake.url,
    apiKey: fake.apiKey,
    apiSecret: fake.apiSecret,
    timeoutMs: 2000,
    ...overrides,
  });

const withdrawal = (withdrawOrderId: string, amount = '25') => ({
  coin: 'USDT',
  network: 'TRX',
  address: 'TLDWDCnJ5o2hD57VjFC71PR7m41vudkA5j',
  amount,
  withdrawOrderId,
});

beforeAll(async () => {
  fake = await startFakeExchange({
    coins: [fakeCoin('USDT', [{ network: 'TRX' }, { network: 'BSC' }], { free: '1000' })],
    tickers: { USDTBRL: '5.43000000' },
  });
});
afterAll(async () => fake.stop());
afterEach(() => fake.setMode({ kind: 'ok' }));

describe('exchange client against the fake exchange', () => {
  it('reads a public ticker price', async () => {
    expect(await client().tickerPrice('USDTBRL')).toBe('5.43000000');
  });

  it("reports an unknown symbol as the exchange's rejection", async () => {
    const error = await client()
      .tickerPrice('NOPEBRL')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ExchangeRejectedError);
    expect(error).toMatchObject({ code: -1121, msg: 'Invalid symbol.', status: 400 });
  });

  it('signs the capital config request with the key header, timestamp and recvWindow', async () => {
    const coins = await client().capitalConfig();
    expect(coins.map((c) => c.coin)).toEqual(['USDT']);
    const request = fake.requests.at(-1)!;
    expect(request.apiKey).toBe(fake.apiKey);
    expect(request.query.get('timestamp')).toMatch(/^\d{13}$/);
    expect(request.query.get('recvWindow')).toBe('5000');
    expect(request.query.get('signature')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('is refused by the exchange when signed with a wrong secret', async () => {
    const error = await client({ apiSecret: 'wrong-secret' })
      .capitalConfig()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ExchangeRejectedError);
    expect(error).toMatchObject({ code: -1022 });
  });

  it('is refused by the exchange with a wrong API key', async () => {
    const error = await client({ apiKey: 'wrong-key' })
      .capitalConfig()
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'rejected', code: -2015, status: 401 });
  });

  it('refuses signed calls before any request when no key is configured', async () => {
    const count = fake.requests.length;
    const unsigned = createBinanceClient({ apiUrl: fake.url });
    expect(unsigned.signed).toBe(false);
    await expect(unsigned.capitalConfig()).rejects.toBeInstanceOf(ExchangeNotConfiguredError);
    expect(fake.requests.length).toBe(count);
  });

  it('applies a withdrawal once per withdrawOrderId and finds it in the history', async () => {
    const c = client();
    const { id } = await c.withdrawApply(withdrawal('order-1'));
    expect(fake.balanceOf('USDT')).toBe('975');
    const again = await c.withdrawApply(withdrawal('order-1')).catch((e: unknown) => e);
    expect(again).toBeInstanceOf(ExchangeRejectedError);
    expect(fake.withdrawals.filter((w) => w.withdrawOrderId === 'order-1')).toHaveLength(1);
    expect(fake.balanceOf('USDT')).toBe('975');

    const history = await c.withdrawHistory({ withdrawOrderId: 'order-1' });
    expect(history).toEqual([expect.objectContaining({ id, status: 4, amount: '25' })]);
    fake.completeWithdrawal(id, '0xabc');
    expect((await c.withdrawHistory({ withdrawOrderId: 'order-1' }))[0]).toMatchObject({
      status: 6,
      txId: '0xabc',
    });
    expect(await c.withdrawHistory({ withdrawOrderId: 'unknown' })).toEqual([]);
  });

  it('refuses a withdrawal above the balance', async () => {
    const error = await client()
      .withdrawApply(withdrawal('order-big', '1000000'))
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'rejected', code: -4026 });
  });

  it('reports a rejection switched on in the fake with its code and message', async () => {
    fake.setMode({ kind: 'reject', status: 400, code: -4019, msg: 'Withdrawals suspended.' });
    const error = await client()
      .withdrawApply(withdrawal('order-2'))
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'rejected', code: -4019, msg: 'Withdrawals suspended.' });
    expect(fake.withdrawals.some((w) => w.withdrawOrderId === 'order-2')).toBe(false);
  });

  it('gives up with a timeout error when the exchange never answers', async () => {
    fake.setMode({ kind: 'timeout' });
    const started = Date.now();
    const error = await client({ timeoutMs: 300 })
      .tickerPrice('USDTBRL')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ExchangeTimeoutError);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('waits for a slow answer within the timeout, and times out beyond it', async () => {
    fake.setMode({ kind: 'slow', ms: 150 });
    expect(await client({ timeoutMs: 2000 }).tickerPrice('USDTBRL')).toBe('5.43000000');
    fake.setMode({ kind: 'slow', ms: 1000 });
    await expect(client({ timeoutMs: 200 }).tickerPrice('USDTBRL')).rejects.toBeInstanceOf(
      ExchangeTimeoutError,
    );
  });

  it('reports a dropped connection after submit as unavailable, while the exchange kept the withdrawal', async () => {
    fake.setMode({ kind: 'crash-after-submit' }, '/sapi/v1/capital/withdraw/apply');
    const c = client();
    const error = await c.withdrawApply(withdrawal('order-3')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ExchangeUnavailableError);
    // The retry looks it up first: the withdrawal exists, and a second apply is refused.
    fake.setMode({ kind: 'ok' });
    expect(await c.withdrawHistory({ withdrawOrderId: 'order-3' })).toHaveLength(1);
    await expect(c.withdrawApply(withdrawal('order-3'))).rejects.toBeInstanceOf(
      ExchangeRejectedError,
    );
  });

  it('reports a refused connection as unavailable', async () => {
    const closed = createBinanceClient({ apiUrl: 'http://127.0.0.1:1', timeoutMs: 1000 });
    await expect(closed.tickerPrice('USDTBRL')).rejects.toBeInstanceOf(ExchangeUnavailableError);
  });

  it('reports a 5xx as unavailable', async () => {
    fake.setMode({ kind: 'reject', status: 502, code: -1001, msg: 'Internal error' });
    await expect(client().tickerPrice('USDTBRL')).rejects.toBeInstanceOf(ExchangeUnavailableError);
  });

  it('reads the deposit history in a window, signed, with its confirmations growing', async () => {
    const c = client();
    const hour = 3_600_000;
    const old = fake.deposit({
      coin: 'USDT',
      network: 'TRX',
      amount: '12.5',
      address: 'TLDWDCnJ5o2hD57VjFC71PR7m41vudkA5j',
      insertTime: new Date(Date.now() - 3 * hour),
      status: 1,
      confirmations: [20, 20],
    });
    const fresh = fake.deposit({
      coin: 'USDT',
      network: 'BSC',
      amount: '100',
      address: '0x7065726d7574612d64656d6f2d61646472657373',
      txId: '0xfeed',
      confirmations: [3, 12],
    });
    const recent = await c.depositHistory({ coin: 'USDT', startTime: Date.now() - hour });
    expect(recent).toEqual([
      expect.objectContaining({
        id: fresh.id,
        amount: '100',
        network: 'BSC',
        status: 0,
        txId: '0xfeed',
        confirmTimes: '3/12',
      }),
    ]);
    const request = fake.requests.at(-1)!;
    expect(request.path).toBe('/sapi/v1/capital/deposit/hisrec');
    expect(request.query.get('signature')).toMatch(/^[0-9a-f]{64}$/);

    fake.deposit({ id: fresh.id, status: 1, confirmations: [12, 12] });
    const all = await c.depositHistory({ startTime: Date.now() - 4 * hour });
    expect(all.map((d) => [d.id, d.status, d.confirmTimes])).toEqual([
      [fresh.id, 1, '12/12'],
      [old.id, 1, '20/20'],
    ]);
    const paged = await c.depositHistory({ startTime: Date.now() - 4 * hour, offset: 1, limit: 1 });
    expect(paged.map((d) => d.id)).toEqual([old.id]);
    expect(await c.depositHistory({ coin: 'BTC', startTime: Date.now() - 4 * hour })).toEqual([]);
  });

  it('is refused a deposit window of 90 days or more, as the exchange refuses it', async () => {
    const now = Date.now();
    const refused = await client()
      .depositHistory({ startTime: now - 90 * 24 * 3_600_000, endTime: now })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ExchangeRejectedError);
    expect(refused).toMatchObject({ code: -1127 });
  });

  it('reports a deposit history that does not answer in time as a timeout', async () => {
    fake.setMode({ kind: 'timeout' }, '/sapi/v1/capital/deposit/hisrec');
    await expect(
      client({ timeoutMs: 200 }).depositHistory({ startTime: Date.now() - 60_000 }),
    ).rejects.toBeInstanceOf(ExchangeTimeoutError);
  });
});
