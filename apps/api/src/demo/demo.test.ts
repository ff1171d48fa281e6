import { createServer } from 'node:net';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderView } from '@permuta/contracts';
import { auditLog, incomingPayments, orderEvents, orders } from '@permuta/db';
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
import { txidForOrder } from '../adapters/pix/pix-psp.ts';
import { startDemoProvidersIf } from './demo-gate.ts';
import { startDemoProviders } from './demo-providers.ts';
import type { DemoProviders } from './demo-providers.ts';

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
    // through the door in front of the fake (its port outlives the fake's, see below)
    expect(pix.config.apiUrl).toBe(t.demo!.addresses()!.pix);
    const deriv = await t.app.services.integrations.read('deriv');
    expect(deriv).toMatchObject({ configured: true, deposits: true, payouts: true });
    expect(deriv.config.wsUrl).toBe(t.demo!.addresses()!.deriv);
    // and the door leads to the fake: the Deriv agent signs in through it
    expect(await t.app.services.integrations.test('deriv')).toMatchObject({ ok: true });
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

  /** `times` presses of the button at once: their statuses and error codes, sorted. */
  async function pressedAtOnce(who: Trader, reference: string, times: number) {
    const answers = await Promise.all(
      Array.from({ length: times }, () => simulate(t, who, reference)),
    );
    return answers.map((res) => ({
      status: res.statusCode,
      code: res.statusCode === 200 ? null : (res.json().error.code as string),
    }));
  }

  for (const times of [2, 5]) {
    it(`pressed ${times} times at once: one PSP payment, one credit, one payout`, async () => {
      const order = await placeOrder(t.app, customer, PIX_TO_USDT, { paymentMethod: 'pix' });
      const txid = txidForOrder(order.id);
      const answers = await pressedAtOnce(customer, order.reference, times);
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
      for (const refused of answers.filter((a) => a.status !== 200)) {
        expect(refused.status).toBe(409);
        expect(['DEMO_PAYMENT_ALREADY_SENT', 'DEMO_PAYMENT_NOT_PENDING']).toContain(refused.code);
      }
      for (let i = 0; i < 5 && (await statusOf(t, order.id)) !== 'admin_paid'; i++) {
        await t.app.jobs.drain(PAYOUT_QUEUE, { includeDeferred: true });
      }
      expect(await statusOf(t, order.id)).toBe('admin_paid');

      // the PSP was paid once, the app credited once, the exchange paid out once
      expect(t.demo!.psp.received().filter((p) => p.txid === txid)).toHaveLength(1);
      const credits = await t.app.db
        .select({ status: incomingPayments.status })
        .from(incomingPayments)
        .where(eq(incomingPayments.orderId, order.id));
      expect(credits).toEqual([{ status: 'credited' }]);
      const moves = await t.app.db
        .select({ to: orderEvents.toStatus })
        .from(orderEvents)
        .where(eq(orderEvents.orderId, order.id));
      expect(moves.filter((m) => m.to === 'admin_paid')).toHaveLength(1);
      expect(
        t.demo!.exchange.withdrawals.filter((w) => w.withdrawOrderId === order.id),
      ).toHaveLength(1);
    });
  }

  it("refuses someone else's order however many times it is pressed at once", async () => {
    const order = await placeOrder(t.app, customer, PIX_TO_USDT, { paymentMethod: 'pix' });
    const answers = await pressedAtOnce(other, order.reference, 5);
    expect(answers).toEqual(Array.from({ length: 5 }, () => ({ status: 404, code: 'NOT_FOUND' })));
    expect(t.demo!.psp.received().filter((p) => p.txid === txidForOrder(order.id))).toEqual([]);
    expect(await statusOf(t, order.id)).toBe('pending');
    // and the owner can still press it
    const mine = await simulate(t, customer, order.reference);
    expect(mine.statusCode, mine.body).toBe(200);
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

describe('the demo restarted on the same database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { DEMO_PROVIDERS: 'true' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const integrationAudits = async () =>
    (
      await t.app.db
        .select({ entity: auditLog.entityId, actor: auditLog.actorType, after: auditLog.after })
        .from(auditLog)
        .where(eq(auditLog.action, 'integration.updated'))
        .orderBy(asc(auditLog.id))
    ).map((row) => ({
      ...row,
      apiUrl: (row.after as { config: { apiUrl?: string } }).config.apiUrl,
    }));

  /** Whether a new PIX order's charge, made through the stored integration, is at `demo`'s PSP. */
  async function chargedAt(demo: DemoProviders): Promise<boolean> {
    const buyer = await trader(t.app, { wallets: [['USDT', 'TRC20'], ['PIX']] });
    await liftCustomerLimits(t.app);
    const order = await placeOrder(t.app, buyer, PIX_TO_USDT, { paymentMethod: 'pix' });
    await t.app.services.pixDeposits.createCharge(order.id);
    return demo.psp.charges().some((charge) => charge.txid === txidForOrder(order.id));
  }

  /** A process's end and a new start: the fakes (and their doors) close, new ones start. */
  async function restart(previous: DemoProviders): Promise<DemoProviders> {
    await previous.close();
    const next = await startDemoProviders();
    await next.prepare(t.app);
    return next;
  }

  it('writes the integrations once; a restart finds them as they were and writes nothing', async () => {
    const first = await integrationAudits();
    expect(first.map((a) => [a.entity, a.actor])).toEqual([
      ['pix', 'system'],
      ['deriv', 'system'],
    ]);
    const before = t.demo!.addresses()!;
    const pixBefore = await t.app.services.integrations.view();

    const second = await restart(t.demo!);
    try {
      // the fakes run on new ports, the doors on the old ones
      expect(second.psp.url).not.toBe(t.demo!.psp.url);
      expect(second.addresses()).toEqual(before);
      expect(await integrationAudits()).toEqual(first);
      expect(await t.app.services.integrations.view()).toEqual(pixBefore);
      // and what is stored reaches the new fakes
      expect(await chargedAt(second)).toBe(true);
      expect(await t.app.services.integrations.test('deriv')).toMatchObject({ ok: true });

      // the PSP door's port taken by something else meanwhile: the integration moves, audited
      await second.close();
      const squatter = createServer();
      await new Promise<void>((resolve) =>
        squatter.listen(Number(new URL(before.pix).port), '127.0.0.1', resolve),
      );
      const third = await startDemoProviders();
      try {
        await third.prepare(t.app);
        const moved = third.addresses()!;
        expect(moved.pix).not.toBe(before.pix);
        expect(moved.deriv).toBe(before.deriv);
        const audits = await integrationAudits();
        expect(audits.slice(0, 2)).toEqual(first);
        expect(audits.slice(2).map((a) => [a.entity, a.actor, a.apiUrl])).toEqual([
          ['pix', 'system', moved.pix],
        ]);
        const pix = await t.app.services.integrations.read('pix');
        expect(pix.config.apiUrl).toBe(moved.pix);
        expect(await chargedAt(third)).toBe(true);
      } finally {
        await third.close();
        await new Promise((resolve) => squatter.close(resolve));
      }
    } finally {
      await second.close();
    }
  });

  it("turns an integration back to the demo's when an admin changed it, with its audit entry", async () => {
    const demo = await startDemoProviders();
    try {
      await demo.prepare(t.app);
      const before = (await integrationAudits()).length;
      await t.app.services.integrations.update({ adminId: null, ip: null }, 'deriv', {
        deposits: false,
      });
      await t.app.services.integrations.update({ adminId: null, ip: null }, 'pix', {
        secrets: { clientSecret: 'someone-elses-secret-0123' },
      });
      await demo.close();
      const again = await startDemoProviders();
      try {
        await again.prepare(t.app);
        const audits = await integrationAudits();
        // the two changes, then the demo's two corrections
        expect(audits.slice(before).map((a) => a.entity)).toEqual(['deriv', 'pix', 'pix', 'deriv']);
        expect(await t.app.services.integrations.read('deriv')).toMatchObject({ deposits: true });
        const pix = await t.app.services.integrations.read('pix');
        expect(pix.secrets.clientSecret).toBe('demo-client-secret-0123456789');
      } finally {
        await again.close();
      }
    } finally {
      await demo.close();
    }
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
