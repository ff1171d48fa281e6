import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_DEPOSIT_ADDRESSES } from '@permuta/db';
import type { NewOrder } from '@permuta/db';
import { createBinanceClient } from '../../adapters/exchange/binance-client.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { startFakeExchange } from '../../fakes/fake-exchange.ts';
import type { FakeDeposit, FakeExchange } from '../../fakes/fake-exchange.ts';
import {
  TRC20_ADDRESS,
  insertOrder,
  networkId,
  tokenId,
  updateSettings,
} from '../orders/test-support.ts';
import type { Trader } from '../orders/test-support.ts';
import { PAYOUT_QUEUE } from '../payouts/payouts.service.ts';
import { CRYPTO_DEPOSITS_QUEUE, createCryptoDepositWatcher } from './crypto-deposits.watcher.ts';
import { depositTestKit, payingCustomer } from './test-support.ts';

const HISTORY = '/sapi/v1/capital/deposit/hisrec';

let fake: FakeExchange;
let t: TestApp;
let customer: Trader;

beforeAll(async () => {
  fake = await startFakeExchange();
  t = await buildTestApp({
    env: {
      EXCHANGE_API_URL: fake.url,
      EXCHANGE_API_KEY: fake.apiKey,
      EXCHANGE_API_SECRET: fake.apiSecret,
    },
  });
  ({ customer } = await payingCustomer(t, { locale: 'en-US' }));
  await updateSettings(t.app, { autoCryptoDeposits: true, autoCryptoPayouts: true });
});
afterEach(() => fake.setMode({ kind: 'ok' }));
afterAll(async () => {
  await t?.close();
  await fake?.stop();
});

// --- helpers ----------------------------------------------------------------------------------

/** One run of the watcher's job, as the cron's worker runs it. */
async function watch(): Promise<void> {
  await t.app.jobs.send(CRYPTO_DEPOSITS_QUEUE, {});
  expect(await t.app.jobs.drain(CRYPTO_DEPOSITS_QUEUE)).toBe(1);
}

const hex = () => randomBytes(32).toString('hex');

/** A USDT (TRC20) -> PIX order waiting for `amount` USDT at the platform's TRC20 address. */
const usdtOrder = (amount: string, values: Partial<NewOrder> = {}) =>
  insertOrder(t.app, customer.id, { amountSend: amount, ...values });

/** A deposit of USDT on Tron to the platform's address, pending with 3 of 20 confirmations. */
const usdtDeposit = (amount: string, values: FakeDeposit = {}) =>
  fake.deposit({
    coin: 'USDT',
    network: 'TRX',
    amount,
    address: DEMO_DEPOSIT_ADDRESSES.TRC20,
    txId: hex(),
    confirmations: [3, 20],
    ...values,
  });

const { orderRow, fundsEntries, paymentOf } = depositTestKit(() => t, 'exchange');

async function orderPage(orderId: string) {
  const answer = await t.app.inject({
    method: 'GET',
    url: `/api/v1/orders/${orderId}`,
    headers: { cookie: customer.cookie },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
}

// --- tests ------------------------------------------------------------------------------------

describe('crypto deposits seen in the exchange history', () => {
  it('shows a deposit confirming, then credits its order once and queues the payout', async () => {
    // BTC -> USDT: paid out automatically once the funds are confirmed (the switch is on)
    const order = await insertOrder(t.app, customer.id, {
      sendTokenId: await tokenId(t.app, 'BTC'),
      receiveTokenId: await tokenId(t.app, 'USDT'),
      networkId: await networkId(t.app, 'USDT', 'TRC20'),
      amountSend: '0.00123',
      amountReceive: '95',
      rate: '77235.77',
      priceSendBrl: '500000',
      priceReceiveBrl: '5.40',
      addressToReceive: TRC20_ADDRESS,
      walletId: customer.wallets.USDT!,
    });
    const txId = hex();
    const deposit = fake.deposit({
      coin: 'BTC',
      network: 'BTC',
      amount: '0.00123',
      address: DEMO_DEPOSIT_ADDRESSES.BTC,
      txId,
      confirmations: [0, 2],
    });

    await watch();
    expect((await orderRow(order.id)).status).toBe('paid');
    expect(await paymentOf(deposit.id)).toMatchObject({
      status: 'seen',
      orderId: order.id,
      confirmations: 0,
      requiredConfirmations: 2,
      reference: txId,
    });
    const seen = await orderPage(order.id);
    expect(seen.deposit).toMatchObject({
      amount: '0.00123',
      confirmations: 0,
      requiredConfirmations: 2,
      txId,
      final: false,
    });

    fake.deposit({ id: deposit.id, confirmations: [1, 2] });
    await watch();
    expect((await orderPage(order.id)).deposit).toMatchObject({ confirmations: 1 });
    expect(await fundsEntries(order.id)).toHaveLength(0);

    // confirmations met while the exchange still says pending: not final yet
    fake.deposit({ id: deposit.id, confirmations: [2, 2] });
    await watch();
    expect((await orderRow(order.id)).status).toBe('paid');

    fake.deposit({ id: deposit.id, status: 1 });
    await watch();
    const credited = await orderRow(order.id);
    expect(credited.status).toBe('admin_confirmed');
    expect(credited.amountReceived).toMatch(/^0\.00123(0*)$/);
    expect(await fundsEntries(order.id)).toHaveLength(1);
    expect(await paymentOf(deposit.id)).toMatchObject({ status: 'credited', orderId: order.id });
    const payouts = (await t.app.jobs.queued(PAYOUT_QUEUE)).filter(
      (job) => (job.data as { orderId?: string }).orderId === order.id,
    );
    expect(payouts).toHaveLength(1);

    // read again and again: nothing more
    await watch();
    await watch();
    expect(await fundsEntries(order.id)).toHaveLength(1);
  });

  it('lets the customer’s transaction id decide between two orders of the same amount', async () => {
    const txId = hex();
    const named = await usdtOrder('101', { status: 'user_confirmed', txHash: `0x${txId}` });
    const other = await usdtOrder('101');
    const deposit = usdtDeposit('101', {
      txId: txId.toUpperCase(),
      status: 1,
      confirmations: [20, 20],
    });

    await watch();
    expect((await orderRow(named.id)).status).toBe('admin_confirmed');
    expect((await orderRow(other.id)).status).toBe('pending');
    expect(await paymentOf(deposit.id)).toMatchObject({ status: 'credited', orderId: named.id });
  });

  it('parks a final deposit two orders could take in the inbox as ambiguous', async () => {
    const a = await usdtOrder('102');
    const b = await usdtOrder('102');
    const deposit = usdtDeposit('102');

    // not final: nothing decided yet (a customer may still give the transaction id)
    await watch();
    expect(await paymentOf(deposit.id)).toBeNull();
    expect((await orderRow(a.id)).status).toBe('pending');

    fake.deposit({ id: deposit.id, status: 1, confirmations: [20, 20] });
    await watch();
    expect(await paymentOf(deposit.id)).toMatchObject({
      status: 'unmatched',
      reason: 'ambiguous',
      orderId: null,
    });
    expect((await orderRow(a.id)).status).toBe('pending');
    expect((await orderRow(b.id)).status).toBe('pending');
  });

  it('parks a deposit no order takes in the inbox', async () => {
    const deposit = usdtDeposit('103.5', { status: 1, confirmations: [20, 20] });
    await watch();
    expect(await paymentOf(deposit.id)).toMatchObject({
      status: 'unmatched',
      reason: 'no_order',
      tokenCode: 'USDT',
      network: 'TRC20',
    });
  });

  it('never credits a deposit the exchange rejected or calls wrong', async () => {
    const rejectedOrder = await usdtOrder('104');
    const wrongOrder = await usdtOrder('105');
    const rejected = usdtDeposit('104', { status: 2, confirmations: [20, 20] });
    const wrong = usdtDeposit('105', { status: 7, confirmations: [20, 20] });

    await watch();
    for (const [order, deposit] of [
      [rejectedOrder, rejected],
      [wrongOrder, wrong],
    ] as const) {
      expect((await orderRow(order.id)).status).toBe('pending');
      expect(await fundsEntries(order.id)).toHaveLength(0);
      expect(await paymentOf(deposit.id)).toBeNull();
    }
  });

  it('takes a deposit the exchange turns down after it was seen off its order', async () => {
    const order = await usdtOrder('109');
    const deposit = usdtDeposit('109');
    await watch();
    expect((await orderRow(order.id)).status).toBe('paid');
    expect((await orderPage(order.id)).deposit).toMatchObject({ confirmations: 3 });

    fake.deposit({ id: deposit.id, status: 7 });
    await watch();
    expect(await paymentOf(deposit.id)).toMatchObject({
      status: 'unmatched',
      reason: 'provider_rejected',
      orderId: null,
    });
    expect((await orderPage(order.id)).deposit).toBeNull();
    expect(await fundsEntries(order.id)).toHaveLength(0);
    // and it stays there, whatever the exchange says next
    fake.deposit({ id: deposit.id, status: 1, confirmations: [20, 20] });
    await watch();
    expect(await fundsEntries(order.id)).toHaveLength(0);
  });

  it('credits once when two runs read the same deposit at the same time', async () => {
    const order = await usdtOrder('106');
    const deposit = usdtDeposit('106', { status: 1, confirmations: [20, 20] });

    const results = await Promise.all([
      t.app.services.cryptoDeposits.run(),
      t.app.services.cryptoDeposits.run(),
      t.app.services.cryptoDeposits.run(),
    ]);
    expect(results.every((r) => r.kind === 'done')).toBe(true);
    expect((await orderRow(order.id)).status).toBe('admin_confirmed');
    expect(await fundsEntries(order.id)).toHaveLength(1);
    expect(await paymentOf(deposit.id)).toMatchObject({ status: 'credited', orderId: order.id });
  });

  it('changes nothing when the exchange does not answer, and catches up on the next run', async () => {
    const warnings: string[] = [];
    const watcher = createCryptoDepositWatcher({
      db: t.app.db,
      exchange: createBinanceClient({
        apiUrl: fake.url,
        apiKey: fake.apiKey,
        apiSecret: fake.apiSecret,
        timeoutMs: 300,
      }),
      incomingPayments: t.app.services.incomingPayments,
      now: () => new Date(),
      log: { warn: (_details, message) => warnings.push(message), error: () => {} },
    });
    const order = await usdtOrder('107');
    const deposit = usdtDeposit('107', { status: 1, confirmations: [20, 20] });

    fake.setMode({ kind: 'timeout' }, HISTORY);
    expect(await watcher.run()).toEqual({ kind: 'exchange_failed', reason: 'timeout' });
    expect(warnings).toHaveLength(1);
    expect((await orderRow(order.id)).status).toBe('pending');
    expect(await paymentOf(deposit.id)).toBeNull();

    fake.setMode({ kind: 'ok' });
    expect(await watcher.run()).toMatchObject({ kind: 'done' });
    expect((await orderRow(order.id)).status).toBe('admin_confirmed');
    expect(await fundsEntries(order.id)).toHaveLength(1);
  });

  it('does nothing with the switch off, nor without the exchange’s key (said once)', async () => {
    const order = await usdtOrder('108');
    const deposit = usdtDeposit('108', { status: 1, confirmations: [20, 20] });
    await updateSettings(t.app, { autoCryptoDeposits: false });
    try {
      const before = fake.requests.filter((r) => r.path === HISTORY).length;
      await watch();
      expect(await t.app.services.cryptoDeposits.run()).toEqual({ kind: 'off' });
      expect(fake.requests.filter((r) => r.path === HISTORY)).toHaveLength(before);
      expect((await orderRow(order.id)).status).toBe('pending');
      expect(await paymentOf(deposit.id)).toBeNull();
    } finally {
      await updateSettings(t.app, { autoCryptoDeposits: true });
    }

    const warnings: string[] = [];
    const unsigned = createCryptoDepositWatcher({
      db: t.app.db,
      exchange: createBinanceClient({ apiUrl: fake.url }),
      incomingPayments: t.app.services.incomingPayments,
      now: () => new Date(),
      log: { warn: (_details, message) => warnings.push(message), error: () => {} },
    });
    expect(await unsigned.run()).toEqual({ kind: 'not_configured' });
    expect(await unsigned.run()).toEqual({ kind: 'not_configured' });
    expect(warnings).toHaveLength(1);
    expect((await orderRow(order.id)).status).toBe('pending');

    // switched back on, the next run credits it
    await watch();
    expect((await orderRow(order.id)).status).toBe('admin_confirmed');
  });
});
