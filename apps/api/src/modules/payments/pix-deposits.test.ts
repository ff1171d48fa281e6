import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OrderView } from '@permuta/contracts';
import { orders, pixCharges, providerCursors } from '@permuta/db';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { signInAdmin } from '../../../test/auth-helpers.ts';
import type { TestAdmin } from '../../../test/auth-helpers.ts';
import { txidForOrder } from '../../adapters/pix/pix-psp.ts';
import { PIX_SIGNATURE_HEADER, signWebhook } from '../../adapters/pix/pix-webhook.ts';
import { startFakePixPsp } from '../../fakes/fake-pix-psp.ts';
import type { FakePixPsp } from '../../fakes/fake-pix-psp.ts';
import {
  PIX_TO_USDT,
  callAs,
  liftCustomerLimits,
  placeOrder,
  updateSettings,
} from '../orders/test-support.ts';
import type { Trader } from '../orders/test-support.ts';
import {
  PIX_CHARGE_ATTEMPTS,
  PIX_CHARGE_QUEUE,
  PIX_REFUND_QUEUE,
  createPixDeposits,
  refundIdFor,
} from './pix-deposits.service.ts';
import { PIX_WEBHOOK_RATE_LIMIT } from './pix-webhook.routes.ts';
import { depositTestKit, payingCustomer } from './test-support.ts';

const KEY = 'pix@permuta.example';
const CLIENT = { clientId: 'Client_Id_permuta', clientSecret: 'Client_Secret_permuta_0123' };
const SECRET = 'whsec-permuta-test';

let t: TestApp;
let owner: TestAdmin;
let customer: Trader;
let payer: { cpf: string; name: string };
let fake: FakePixPsp;
let appUrl: string;

const deposits = () => t.app.services.pixDeposits;

async function configure(values: { deposits: boolean; webhookSecret?: string | null }) {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/v1/admin/integrations/pix',
    headers: { cookie: owner.cookie },
    payload: {
      config: { apiUrl: fake.url, clientId: CLIENT.clientId },
      secrets: {
        clientSecret: CLIENT.clientSecret,
        webhookSecret: values.webhookSecret === undefined ? SECRET : values.webhookSecret,
      },
      deposits: values.deposits,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  // saved with deposits on: our webhook is registered with the PSP for the platform's key
  if (values.deposits) {
    expect(fake.webhookUrl).toBe(`${t.config.publicUrl}/api/v1/webhooks/pix`);
  }
  // the PSP calls the app where this test listens (PUBLIC_URL is not served here)
  fake.webhookUrl = `${appUrl}/api/v1/webhooks/pix`;
}

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  appUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  fake = await startFakePixPsp({ ...CLIENT, key: KEY, webhookSecret: SECRET });
  owner = await signInAdmin(t.app);
  const paying = await payingCustomer(t);
  customer = paying.customer;
  payer = { cpf: paying.cpfDigits, name: paying.name };
  await liftCustomerLimits(t.app);
  await updateSettings(t.app, { pixKey: KEY, pixMerchantName: 'PERMUTA' });
  await configure({ deposits: true });
});
afterAll(async () => {
  await fake?.close();
  await t?.close();
});
beforeEach(() => fake.setMode({ kind: 'ok' }));

async function page(order: { id: string }): Promise<OrderView> {
  const res = await callAs(t.app, customer, 'GET', `/api/v1/orders/${order.id}`);
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** A PIX order whose charge job has run. */
async function pixOrder(): Promise<OrderView> {
  const order = await placeOrder(t.app, customer, PIX_TO_USDT, { paymentMethod: 'pix' });
  await t.app.jobs.drain(PIX_CHARGE_QUEUE);
  return order;
}

const { orderRow, fundsEntries, paymentOf } = depositTestKit(() => t, 'pix');

/** POSTs a webhook body as the PSP would (signed unless `signature` says otherwise). */
function postWebhook(
  body: string,
  options: { signature?: string | null; path?: string; headers?: Record<string, string> } = {},
) {
  const signature =
    options.signature === undefined
      ? signWebhook(SECRET, Math.floor(Date.now() / 1000), body)
      : options.signature;
  return t.app.inject({
    method: 'POST',
    url: options.path ?? '/api/v1/webhooks/pix/pix',
    headers: {
      'content-type': 'application/json',
      ...(signature ? { [PIX_SIGNATURE_HEADER]: signature } : {}),
      ...options.headers,
    },
    payload: body,
  });
}

/** The customer pays the order's charge without the PSP's webhook reaching us. */
async function paySilently(order: { id: string }, overrides: { amount?: string } = {}) {
  fake.setMode({ kind: 'drop-webhooks' });
  const { pix } = await fake.pay({ txid: txidForOrder(order.id), payer, ...overrides });
  fake.setMode({ kind: 'ok' });
  return pix;
}

describe('the PSP charge of a PIX order', () => {
  it('is made once by its job, and the order page shows its code instead of the static one', async () => {
    const order = await placeOrder(t.app, customer, PIX_TO_USDT, { paymentMethod: 'pix' });
    // made by a job after the order committed: meanwhile the page says it is being prepared
    expect(order.payment).toMatchObject({ method: 'pix', source: 'preparing', brCode: '' });
    expect(fake.charges().filter((c) => c.txid === txidForOrder(order.id))).toHaveLength(0);

    await t.app.jobs.drain(PIX_CHARGE_QUEUE);
    await deposits().createCharge(order.id); // the job again (a retry, a duplicate)
    const cobs = fake.charges().filter((c) => c.txid === txidForOrder(order.id));
    expect(cobs).toHaveLength(1);
    const cob = cobs[0]!;
    expect(cob).toMatchObject({
      chave: KEY,
      valor: { original: '500.00' },
      devedor: { cpf: payer.cpf, nome: payer.name },
    });
    const left = (Date.parse(order.expiresAt) - Date.now()) / 1000;
    expect(cob.calendario.expiracao).toBeGreaterThan(left - 60);
    expect(cob.calendario.expiracao).toBeLessThanOrEqual(left + 1);

    const shown = (await page(order)).payment;
    expect(shown).toMatchObject({ method: 'pix', source: 'charge', brCode: cob.pixCopiaECola });
    expect(shown?.method === 'pix' && shown.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
  });

  it('announces the charge and a decided payment to the order’s open pages', async () => {
    const heard: string[] = [];
    const unlisten = await t.handle.listen({ order_changed: (id) => heard.push(id) });
    try {
      const order = await placeOrder(t.app, customer, PIX_TO_USDT, { paymentMethod: 'pix' });
      await t.app.jobs.drain(PIX_CHARGE_QUEUE);
      await expect.poll(() => heard.filter((id) => id === order.id).length).toBeGreaterThan(0);
      // the creation's and the charge's notifications may still be on their way: let them land
      // before counting what the payment announces
      let settled = -1;
      while (settled !== heard.length) {
        settled = heard.length;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      const before = heard.length;
      // a stranger's payment changes no order row, only the payment's (returned, shown on the page)
      await fake.pay({
        txid: txidForOrder(order.id),
        payer: { cpf: '52998224725', name: 'Outra Pessoa' },
      });
      await expect.poll(() => heard.slice(before).filter((id) => id === order.id).length).toBe(1);
    } finally {
      await unlisten();
    }
  });

  it('falls back to the static BR Code after its retries, with an error logged', async () => {
    fake.setMode({ kind: 'reject', status: 503 }, '/v2/cob/');
    const order = await placeOrder(t.app, customer, PIX_TO_USDT, { paymentMethod: 'pix' });
    for (let run = 1; run < PIX_CHARGE_ATTEMPTS; run += 1) {
      await expect(deposits().createCharge(order.id)).rejects.toThrow();
      expect((await page(order)).payment).toMatchObject({ source: 'preparing' });
    }
    await deposits().createCharge(order.id);
    const [row] = await t.app.db.select().from(pixCharges).where(eq(pixCharges.orderId, order.id));
    expect(row).toMatchObject({ status: 'failed', attempts: PIX_CHARGE_ATTEMPTS });
    const shown = (await page(order)).payment;
    expect(shown).toMatchObject({ method: 'pix', source: 'static' });
    expect(shown?.method === 'pix' && shown.brCode).toContain(KEY);
  });
});

describe('the PSP webhook', () => {
  it('credits the order from the PSP’s record, once even when the same body comes again', async () => {
    const order = await pixOrder();
    const { pix, webhook } = await fake.pay({ txid: txidForOrder(order.id), payer });
    expect(webhook).toMatchObject({ status: 200 });
    expect(webhook?.url).toBe(`${appUrl}/api/v1/webhooks/pix/pix`);
    expect(await orderRow(order.id)).toMatchObject({ status: 'admin_confirmed' });
    expect(await fundsEntries(order.id)).toHaveLength(1);
    expect(await paymentOf(pix.endToEndId)).toMatchObject({
      status: 'credited',
      orderId: order.id,
      reference: txidForOrder(order.id),
    });

    // replayed twice (the PSP retrying, an attacker who caught it): nothing more
    for (const path of ['/api/v1/webhooks/pix/pix', '/api/v1/webhooks/pix']) {
      const again = await postWebhook(webhook!.body, { path });
      expect(again.statusCode).toBe(200);
    }
    expect(await fundsEntries(order.id)).toHaveLength(1);
  });

  it('credits nothing for a PIX the PSP does not have, nor from a body’s amount or txid', async () => {
    const order = await pixOrder();
    const other = await pixOrder();
    const forged = (e2eid: string, txid: string, valor: string) =>
      JSON.stringify({
        pix: [{ endToEndId: e2eid, txid, valor, horario: new Date().toISOString() }],
      });
    // an e2eid the PSP never saw
    const unknown = await postWebhook(
      forged('E09089356202611281200abcdefghijk', txidForOrder(order.id), '500.00'),
    );
    expect(unknown.statusCode).toBe(200);
    expect(await orderRow(order.id)).toMatchObject({ status: 'pending' });

    // a real PIX of 1.00 to `order`, named in a body as 500.00 for `other`
    const real = await paySilently(order, { amount: '1.00' });
    const lie = await postWebhook(forged(real.endToEndId, txidForOrder(other.id), '500.00'));
    expect(lie.statusCode).toBe(200);
    expect(await orderRow(other.id)).toMatchObject({ status: 'pending' });
    expect(await fundsEntries(other.id)).toHaveLength(0);
    // what the PSP says: 1.00 for `order`, below its minimum (refund-only, then returned)
    expect(await paymentOf(real.endToEndId)).toMatchObject({
      orderId: order.id,
      reason: 'amount_outside_limits',
    });
    expect(Number((await orderRow(order.id)).amountReceived)).toBe(1);
  });

  it('refuses a bad signature (401), a NUL byte or an oversized body (400), doing nothing', async () => {
    const order = await pixOrder();
    const pix = await paySilently(order);
    const body = JSON.stringify({
      pix: [{ endToEndId: pix.endToEndId, valor: pix.valor, horario: pix.horario }],
    });
    const wrong = signWebhook('another-secret', Math.floor(Date.now() / 1000), body);
    expect((await postWebhook(body, { signature: wrong })).statusCode).toBe(401);
    expect((await postWebhook(body, { signature: null })).statusCode).toBe(401);
    const stale = signWebhook(SECRET, Math.floor(Date.now() / 1000) - 3600, body);
    expect((await postWebhook(body, { signature: stale })).statusCode).toBe(401);

    const nul = body.replace(pix.valor, `${pix.valor}\\u0000`);
    expect((await postWebhook(nul)).statusCode).toBe(400);
    const huge = JSON.stringify({ pix: [], pad: 'x'.repeat(300 * 1024) });
    expect((await postWebhook(huge)).statusCode).toBe(400);
    expect((await postWebhook('not json')).statusCode).toBe(400);

    expect(await orderRow(order.id)).toMatchObject({ status: 'pending' });
    expect(await paymentOf(pix.endToEndId)).toBeNull();
    // the same body, signed: credited
    expect((await postWebhook(body)).statusCode).toBe(200);
    expect(await orderRow(order.id)).toMatchObject({ status: 'admin_confirmed' });
  });

  it('takes no session: a browser-shaped cross-site POST can do nothing with it', async () => {
    const order = await pixOrder();
    const pix = await paySilently(order);
    const body = JSON.stringify({
      pix: [{ endToEndId: pix.endToEndId, valor: pix.valor, horario: pix.horario }],
    });
    const browser = {
      origin: 'https://evil.example',
      'sec-fetch-site': 'cross-site',
      'content-type': 'text/plain',
    };
    // with the customer's cookie: the same-origin guard refuses it
    const withCookie = await postWebhook(body, {
      signature: null,
      headers: { ...browser, cookie: customer.cookie },
    });
    expect(withCookie.statusCode).toBe(403);
    // without: the webhook's own signature refuses it (no page can sign)
    const without = await postWebhook(body, { signature: null, headers: browser });
    expect(without.statusCode).toBe(401);
    expect(await orderRow(order.id)).toMatchObject({ status: 'pending' });
    expect(await paymentOf(pix.endToEndId)).toBeNull();
  });
});

describe('the reconciliation', () => {
  it('catches a lost webhook, and keeps its window while the PSP is down', async () => {
    const order = await pixOrder();
    const pix = await paySilently(order);
    expect(await orderRow(order.id)).toMatchObject({ status: 'pending' });

    const before = await t.app.db.select().from(providerCursors);
    fake.setMode({ kind: 'reject', status: 503 });
    await expect(deposits().reconcile()).rejects.toThrow();
    expect(await t.app.db.select().from(providerCursors)).toEqual(before);
    expect(await paymentOf(pix.endToEndId)).toBeNull();

    fake.setMode({ kind: 'ok' });
    const run = await deposits().reconcile();
    expect(run.ran).toBe(true);
    expect(await orderRow(order.id)).toMatchObject({ status: 'admin_confirmed' });
    expect(await fundsEntries(order.id)).toHaveLength(1);
    const [cursor] = await t.app.db.select().from(providerCursors);
    expect(cursor?.name).toBe('pix');

    // the next run reads an overlapping window: the same PIX again, nothing more
    await deposits().reconcile();
    expect(await fundsEntries(order.id)).toHaveLength(1);
  });

  it('a webhook, a reconciliation and an admin confirming the same order: one ledger entry', async () => {
    const admin = owner;
    for (let round = 0; round < 3; round += 1) {
      const order = await pixOrder();
      const pix = await paySilently(order);
      await t.app.db
        .update(orders)
        .set({ status: 'user_confirmed' })
        .where(eq(orders.id, order.id));
      const body = JSON.stringify({
        pix: [{ endToEndId: pix.endToEndId, valor: pix.valor, horario: pix.horario }],
      });
      await Promise.all([
        postWebhook(body),
        deposits().reconcile(),
        t.app.inject({
          method: 'POST',
          url: `/api/v1/admin/orders/${order.id}/transition`,
          headers: { cookie: admin.cookie },
          payload: { action: 'confirm_funds', amountReceived: '500' },
        }),
      ]);
      expect(await fundsEntries(order.id)).toHaveLength(1);
      expect(await orderRow(order.id)).toMatchObject({ status: 'admin_confirmed' });
    }
  });
});

describe('refunds', () => {
  it('returns a payment from someone else exactly once, through a crash and a timeout', async () => {
    const order = await pixOrder();
    const stranger = { cpf: '52998224725', name: 'Outra Pessoa' };
    const { pix } = await fake.pay({ txid: txidForOrder(order.id), payer: stranger });
    const payment = await paymentOf(pix.endToEndId);
    expect(payment).toMatchObject({ status: 'refunding', reason: 'payer_not_customer' });
    expect((await page(order)).returnedPayments).toEqual([
      { amount: '500.00', reason: 'payer_not_customer', status: 'returning' },
    ]);

    // the PSP makes the refund and the answer is lost
    fake.setMode({ kind: 'crash-after-submit' });
    await expect(deposits().refund(payment!.id)).rejects.toThrow();
    expect(fake.refunds().filter((r) => r.endToEndId === pix.endToEndId)).toHaveLength(1);
    // a PSP that does not answer at all (a short timeout for the test)
    const quick = createPixDeposits({
      db: t.app.db,
      jobs: t.app.jobs,
      mover: t.app.services.mover,
      payments: t.app.services.incomingPayments,
      readIntegration: () => t.app.services.integrations.read('pix'),
      publicUrl: appUrl,
      now: () => new Date(),
      log: { warn: () => {}, error: () => {} },
      timeoutMs: 300,
    });
    fake.setMode({ kind: 'timeout' });
    await expect(quick.refund(payment!.id)).rejects.toThrow(/within 300 ms/);

    fake.setMode({ kind: 'ok' });
    await t.app.jobs.drain(PIX_REFUND_QUEUE, { includeDeferred: true });
    await deposits().refund(payment!.id);
    await quick.refund(payment!.id);
    const refunds = fake.refunds().filter((r) => r.endToEndId === pix.endToEndId);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ id: refundIdFor(pix.endToEndId), valor: '500.00' });
    const done = await paymentOf(pix.endToEndId);
    expect(done).toMatchObject({ status: 'refunded', refundId: refundIdFor(pix.endToEndId) });
    expect(JSON.parse(done!.refundReceipt!)).toMatchObject({ providerId: refunds[0]!.rtrId });
    // the order still waits for the customer's own payment, and says why the other went back
    const shown = await page(order);
    expect(shown.status).toBe('pending');
    expect(shown.returnedPayments).toEqual([
      { amount: '500.00', reason: 'payer_not_customer', status: 'returned' },
    ]);
    expect(await fundsEntries(order.id)).toHaveLength(0);
  });

  it('returns an amount outside the limits in full and refunds the order as the system', async () => {
    const order = await pixOrder();
    const { pix } = await fake.pay({ txid: txidForOrder(order.id), payer, amount: '2.00' });
    expect(await orderRow(order.id)).toMatchObject({ status: 'admin_confirmed', refundOnly: true });
    await t.app.jobs.drain(PIX_REFUND_QUEUE, { includeDeferred: true });
    await deposits().refund((await paymentOf(pix.endToEndId))!.id);
    expect(fake.refunds().filter((r) => r.endToEndId === pix.endToEndId)).toMatchObject([
      { valor: '2.00' },
    ]);
    expect(await orderRow(order.id)).toMatchObject({ status: 'refunded' });
    expect(await paymentOf(pix.endToEndId)).toMatchObject({
      status: 'refunded',
      reason: 'amount_outside_limits',
    });
    const shown = await page(order);
    expect(shown.events.at(-1)).toMatchObject({ to: 'refunded', actor: 'system' });
    expect(shown.returnedPayments).toMatchObject([
      { reason: 'amount_outside_limits', status: 'returned' },
    ]);
  });
});

describe('the connection test and the switch', () => {
  it('tests the credentials and registers the webhook; reports refused credentials', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/integrations/pix/test',
      headers: { cookie: owner.cookie },
    });
    expect(res.json()).toMatchObject({ ok: true, result: 'connected', account: KEY });
    expect(fake.webhookUrl).toBe(`${t.config.publicUrl}/api/v1/webhooks/pix`);
    fake.webhookUrl = `${appUrl}/api/v1/webhooks/pix`;

    const refused = await deposits().test({
      ...(await t.app.services.integrations.read('pix')),
      secrets: { clientSecret: 'wrong-secret' },
    });
    expect(refused).toMatchObject({ ok: false, result: 'credentials_refused' });
    const unreachable = await deposits().test({
      ...(await t.app.services.integrations.read('pix')),
      config: { apiUrl: 'http://127.0.0.1:9', clientId: CLIENT.clientId },
    });
    expect(unreachable).toMatchObject({ ok: false, result: 'unreachable' });
  });

  it('does nothing while deposits are off: no charge, webhook ignored, no reconciliation', async () => {
    await configure({ deposits: false });
    try {
      const cobs = fake.charges().length;
      const order = await pixOrder();
      expect(order.payment).toMatchObject({ method: 'pix', source: 'static' });
      expect(fake.charges()).toHaveLength(cobs);
      const pix = await fake.payUnknown({ amount: '500.00', payer });
      const body = JSON.stringify({
        pix: [{ endToEndId: pix.endToEndId, valor: pix.valor, horario: pix.horario }],
      });
      expect((await postWebhook(body)).json()).toEqual({ received: 0 });
      expect(await deposits().reconcile()).toEqual({ ran: false, reported: 0 });
      expect(await paymentOf(pix.endToEndId)).toBeNull();
    } finally {
      await configure({ deposits: true });
    }
  });
});

// Last: it spends the webhook's budget of this address for a minute.
describe('the webhook’s rate limit', () => {
  it('answers 429 past its budget per address', async () => {
    const body = JSON.stringify({ pix: [] });
    const statuses: number[] = [];
    for (let call = 0; call <= PIX_WEBHOOK_RATE_LIMIT; call += 1) {
      statuses.push((await postWebhook(body, { signature: null })).statusCode);
    }
    // the earlier tests' webhooks came from this address within the same minute too
    const first = statuses.indexOf(429);
    expect(first).toBeGreaterThan(0);
    expect(new Set(statuses.slice(0, first))).toEqual(new Set([401]));
    expect(new Set(statuses.slice(first))).toEqual(new Set([429]));
  });
});
