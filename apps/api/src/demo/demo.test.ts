import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderView } from '@permuta/contracts';
import { orders } from '@permuta/db';
import { buildTestApp } from '../../test/build-test-app.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { PAYOUT_QUEUE } from '../modules/payouts/payouts.service.ts';
import {
  PIX_TO_USDT,
  USDT_TO_PIX,
  callAs,
  liftCustomerLimits,
  placeOrder,
  trader,
} from '../modules/orders/test-support.ts';
import type { Trader } from '../modules/orders/test-support.ts';
import { startDemoProvidersIf } from './demo-gate.ts';
import { startDemoProviders } from './demo-providers.ts';

const simulate = (t: TestApp, who: Trader, reference: string, headers?: Record<string, string>) =>
  callAs(t.app, who, 'POST', `/api/v1/dev/simulate-payment/${reference}`, undefined, headers);

async function statusOf(t: TestApp, id: string) {
  const [row] = await t.app.db
    .select({ status: orders.status })
    .from(orders)
    .where(eq(orders.id, id));
  return row!.status;
}

describe('the development demo with its providers (DEMO_PROVIDERS=true)', () => {
  let t: TestApp;
  let customer: Trader;
  let other: Trader;

  beforeAll(async () => {
    t = await buildTestApp({ env: { DEMO_PROVIDERS: 'true' } });
    customer = await trader(t.app, { wallets: [['USDT', 'TRC20'], ['PIX']] });
    other = await trader(t.app, { wallets: [['USDT', 'TRC20'], ['PIX']] });
    await liftCustomerLimits(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('points the integrations and the exchange at the fakes started in the process', async () => {
    expect(t.demo).not.toBeNull();
    const pix = await t.app.services.integrations.read('pix');
    expect(pix).toMatchObject({ configured: true, deposits: true, payouts: true });
    expect(pix.config.apiUrl).toBe(t.demo!.psp.url);
    const deriv = await t.app.services.integrations.read('deriv');
    expect(deriv).toMatchObject({ configured: true, deposits: true, payouts: true });
  });

  it('pays a PIX order at the fake PSP: the real webhook credits it and the payout pays it', async () => {
    const order = await placeOrder(t.app, customer, PIX_TO_USDT, { paymentMethod: 'pix' });
    // the order page is told the demo runs (it shows the button)
    const page = await callAs(t.app, customer, 'GET', `/api/v1/orders/${order.reference}`);
    expect(page.json().demo).toBe(true);

    const res = await simulate(t, customer, order.reference);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ reference: order.reference, method: 'pix' });
    // the PSP's webhook reached the app and credited the order through the incoming payments
    expect(t.demo!.psp.received().filter((p) => p.txid)).toHaveLength(1);
    expect(await statusOf(t, order.id)).not.toBe('pending');

    // the automatic crypto payout: applied at the fake exchange, which completes it at once
    for (let i = 0; i < 5 && (await statusOf(t, order.id)) !== 'admin_paid'; i++) {
      await t.app.jobs.drain(PAYOUT_QUEUE, { includeDeferred: true });
    }
    expect(await statusOf(t, order.id)).toBe('admin_paid');
    const withdrawals = t.demo!.exchange.withdrawals;
    expect(withdrawals.at(-1)).toMatchObject({ coin: 'USDT', network: 'TRX', status: 6 });

    // a second press changes nothing
    const again = await simulate(t, customer, order.reference);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('DEMO_PAYMENT_NOT_PENDING');
    expect(t.demo!.psp.received().filter((p) => p.txid)).toHaveLength(1);
  });

  it("answers 404 for someone else's order and refuses another origin", async () => {
    const order = await placeOrder(t.app, customer, PIX_TO_USDT, { paymentMethod: 'pix' });
    const stranger = await simulate(t, other, order.reference);
    expect(stranger.statusCode).toBe(404);
    const foreign = await simulate(t, customer, order.reference, {
      origin: 'https://evil.example',
    });
    expect(foreign.statusCode).toBe(403);
    expect(await statusOf(t, order.id)).toBe('pending');
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/v1/dev/simulate-payment/${order.reference}`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('pays a crypto order with a deposit at the fake exchange, credited by the watcher', async () => {
    const order: OrderView = await placeOrder(t.app, customer, USDT_TO_PIX);
    expect(order.payment?.method).toBe('crypto');
    const res = await simulate(t, customer, order.reference);
    expect(res.statusCode, res.body).toBe(200);
    expect(t.demo!.exchange.deposits.at(-1)).toMatchObject({ coin: 'USDT', status: 1 });
    expect(await statusOf(t, order.id)).not.toBe('pending');
    expect((await simulate(t, customer, order.reference)).statusCode).toBe(409);
  });

  it("pays a Deriv order from the customer's Deriv account, credited by the Deriv job", async () => {
    const deriver = await trader(t.app, { wallets: [['USDT', 'TRC20'], ['DERIV']] });
    const order = await placeOrder(
      t.app,
      deriver,
      { send: 'DERIV', receive: 'USDT', network: 'TRC20', side: 'send', amount: '50' },
      { paymentMethod: 'deriv' },
    );
    expect(order.payment?.method).toBe('deriv');
    const res = await simulate(t, deriver, order.reference);
    expect(res.statusCode, res.body).toBe(200);
    expect(t.demo!.deriv.transfers().at(-1)).toMatchObject({
      from: 'CR765432',
      direction: 'client_to_agent',
    });
    expect(await statusOf(t, order.id)).not.toBe('pending');
  });
});

describe('without the demo providers', () => {
  it('has no simulate route and no demo flag in test mode unless enabled', async () => {
    const t = await buildTestApp();
    try {
      expect(t.demo).toBeNull();
      const customer = await trader(t.app, { wallets: [['USDT', 'TRC20'], ['PIX']] });
      const order = await placeOrder(t.app, customer, PIX_TO_USDT, { paymentMethod: 'pix' });
      const page = await callAs(t.app, customer, 'GET', `/api/v1/orders/${order.id}`);
      expect(page.json().demo).toBeUndefined();
      const res = await simulate(t, customer, order.reference);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('ROUTE_NOT_FOUND');
    } finally {
      await t.close();
    }
  });

  it('never starts them in production, and has no route even when handed some', async () => {
    const secret = 'production-secret-0123456789abcdefghijklmnopqrstuvwxyz';
    expect(() =>
      loadConfig({ NODE_ENV: 'production', AUTH_SECRET: secret, DEMO_PROVIDERS: 'true' }),
    ).toThrow(ConfigError);
    const production = loadConfig({ NODE_ENV: 'production', AUTH_SECRET: secret });
    expect(production.demoProviders).toBe(false);
    // even a configuration forced on is refused by the gate in production
    expect(await startDemoProvidersIf({ ...production, demoProviders: true })).toBeNull();
    expect(loadConfig({ NODE_ENV: 'development' }).demoProviders).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).demoProviders).toBe(false);

    const providers = await startDemoProviders();
    const t = await buildTestApp({
      env: { NODE_ENV: 'production', SEED_DEMO_DATA: 'false' },
      app: { demo: providers },
    });
    try {
      expect(t.demo).toBeNull();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/dev/simulate-payment/EX-00001',
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('ROUTE_NOT_FOUND');
    } finally {
      await t.close();
      await providers.close();
    }
  });
});
