import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { orders } from '@permuta/db';
import { ORDER_FILES } from '@permuta/contracts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { jpeg, png } from '../../../test/document-files.ts';
import {
  callAs,
  fakeStorageKey,
  insertOrder,
  liftCustomerLimits,
  multipartBody,
  placeOrder,
  trader,
  updateSettings,
} from './test-support.ts';
import type { Trader } from './test-support.ts';

/** Tuesday 2026-03-03 12:00 in São Paulo (15:00 UTC): inside operating hours. */
const TUESDAY_NOON = Date.parse('2026-03-03T15:00:00.000Z');
let clock = TUESDAY_NOON;
let t: TestApp;
let owner: Trader;
let stranger: Trader;

beforeAll(async () => {
  t = await buildTestApp({ app: { now: () => new Date(clock) } });
  // these tests are about other rules: the per-customer limits (orders.limits.test.ts) stay out of the way
  await liftCustomerLimits(t.app);
  owner = await trader(t.app, {
    wallets: [['PIX'], ['USDT', 'TRC20'], ['DERIV'], ['BTC']],
  });
  stranger = await trader(t.app);
});
afterAll(async () => t?.close());
beforeEach(() => {
  clock = TUESDAY_NOON;
});

const call = (
  who: { cookie: string },
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
  headers?: Record<string, string>,
) => callAs(t.app, who, method, url, payload, headers);

describe("someone else's order", () => {
  it('is a 404 on every customer route, by id and by reference', async () => {
    const order = await insertOrder(t.app, owner.id, {
      proofStorageKey: fakeStorageKey(),
      paymentProofStorageKey: fakeStorageKey(),
    });
    const upload = multipartBody({ name: 'r.png', bytes: await png(), type: 'image/png' });
    for (const key of [order.id, order.reference, order.reference.toLowerCase()]) {
      const answers = [
        await call(stranger, 'GET', `/api/v1/orders/${key}`),
        await t.app.inject({
          method: 'POST',
          url: `/api/v1/orders/${key}/proof`,
          headers: { cookie: stranger.cookie, ...upload.headers },
          payload: upload.payload,
        }),
        await call(stranger, 'POST', `/api/v1/orders/${key}/confirm-payment`, { txHash: '' }),
        await call(stranger, 'POST', `/api/v1/orders/${key}/cancel`),
        await call(stranger, 'POST', `/api/v1/orders/${key}/confirm-receipt`),
        ...(await Promise.all(
          ORDER_FILES.map((file) => call(stranger, 'GET', `/api/v1/orders/${key}/files/${file}`)),
        )),
      ];
      for (const answer of answers) {
        expect(answer.statusCode, answer.body).toBe(404);
        expect(answer.json().error.code).toBe('NOT_FOUND');
      }
    }
    const list = await call(stranger, 'GET', '/api/v1/orders');
    expect(JSON.stringify(list.json())).not.toContain(order.id);
    // and the owner sees it, by id and by reference in any case
    for (const key of [order.id, order.reference.toLowerCase()]) {
      const own = await call(owner, 'GET', `/api/v1/orders/${key}`);
      expect(own.statusCode).toBe(200);
      expect(own.json().id).toBe(order.id);
    }
  });
});

describe('my orders', () => {
  it('lists newest first, by status (all by default), a page at a time', async () => {
    const customer = await trader(t.app);
    const made = [];
    for (let i = 0; i < 7; i++) {
      clock = TUESDAY_NOON + i * 60_000;
      made.push(
        await insertOrder(t.app, customer.id, {
          status: i % 2 === 0 ? 'pending' : 'canceled',
          createdAt: new Date(clock),
        }),
      );
    }
    const page1 = await call(customer, 'GET', '/api/v1/orders?pageSize=5');
    expect(page1.json()).toMatchObject({ page: 1, pageSize: 5, total: 7 });
    expect(page1.json().items.map((o: { id: string }) => o.id)).toEqual(
      made
        .slice(2)
        .reverse()
        .map((o) => o.id),
    );
    const page2 = await call(customer, 'GET', '/api/v1/orders?pageSize=5&page=2');
    expect(page2.json().items.map((o: { id: string }) => o.id)).toEqual([made[1]!.id, made[0]!.id]);
    const canceled = await call(customer, 'GET', '/api/v1/orders?status=canceled');
    expect(canceled.json().total).toBe(3);
    expect(canceled.json().items[0]).toMatchObject({
      status: 'canceled',
      summary: 'closed',
      sendToken: 'USDT',
      receiveToken: 'PIX',
      amountSend: '100',
    });
    const all = await call(customer, 'GET', '/api/v1/orders?status=all');
    expect(all.json().total).toBe(7);
  });
});

describe('payment instructions per method', () => {
  it('PIX: a BR Code with the amount and reference and its QR image', async () => {
    const order = await placeOrder(
      t.app,
      owner,
      { send: 'PIX', receive: 'USDT', network: 'TRC20', side: 'send', amount: '250.5' },
      { paymentMethod: 'pix' },
    );
    expect(order.payment).toMatchObject({
      method: 'pix',
      amount: '250.50',
      pixKey: 'pix@permuta.example',
      merchantName: 'PERMUTA',
    });
    if (order.payment?.method !== 'pix') throw new Error('pix expected');
    expect(order.payment.brCode).toContain('br.gov.bcb.pix');
    expect(order.payment.brCode).toContain('5406250.50');
    expect(order.payment.brCode).toContain(order.reference.replace('-', ''));
  });

  it('bank transfer: the platform account and the reference', async () => {
    const order = await placeOrder(
      t.app,
      owner,
      { send: 'PIX', receive: 'USDT', network: 'TRC20', side: 'send', amount: '300' },
      { paymentMethod: 'bank_transfer' },
    );
    expect(order.payment).toEqual({
      method: 'bank_transfer',
      amount: '300.00',
      reference: order.reference,
      bankAccount: {
        bank: '341 - Itaú Unibanco S.A.',
        branch: '0001',
        account: '12345-6',
        holder: 'PERMUTA SERVICOS DIGITAIS LTDA',
        document: '11222333000181',
      },
    });
  });

  it('crypto: the platform deposit address of the network, confirmations and tip', async () => {
    const order = await placeOrder(t.app, owner, {
      send: 'USDT',
      receive: 'PIX',
      network: 'TRC20',
      side: 'send',
      amount: '50',
    });
    expect(order.payment).toEqual({
      method: 'crypto',
      amount: '50.000000',
      token: 'USDT',
      network: 'TRC20',
      networkName: 'Tron (TRC20)',
      address: 'TLDWDCnJ5o2hD57VjFC71PR7m41vudkA5j',
      memo: null,
      minConfirmations: 20,
      tip: 'Envie somente USDT pela rede Tron (TRC20) para este endereço.',
      notice: null,
      qrCode: expect.stringMatching(/^data:image\/svg\+xml;base64,/),
    });
    // USDT -> BTC: the deposit is on a USDT network although the order's network is BTC's
    const cross = await placeOrder(t.app, owner, {
      send: 'USDT',
      receive: 'BTC',
      network: 'BTC',
      side: 'receive',
      amount: '0.001',
    });
    expect(cross.network).toEqual({ code: 'BTC', name: 'Bitcoin' });
    expect(cross.payment).toMatchObject({ method: 'crypto', token: 'USDT' });
  });

  it('Deriv: the platform Deriv account', async () => {
    const order = await placeOrder(t.app, owner, {
      send: 'DERIV',
      receive: 'PIX',
      side: 'send',
      amount: '100',
    });
    expect(order.payment).toEqual({ method: 'deriv', amount: '100.00', account: 'CR1234567' });
    expect(order.paymentMethod).toBe('deriv');
  });

  it('says when an order placed outside operating hours will be processed', async () => {
    const inside = await placeOrder(t.app, owner);
    expect(inside.processingFrom).toBeNull();
    clock = Date.parse('2026-03-07T15:00:00.000Z'); // Saturday noon in São Paulo
    const weekend = await placeOrder(t.app, owner);
    expect(weekend.processingFrom).toBe('2026-03-09T13:00:00.000Z'); // Monday 10:00 -03:00
    clock = Date.parse('2026-03-03T22:30:00.000Z'); // Tuesday 19:30 in São Paulo
    const evening = await t.app.inject({
      url: `/api/v1/orders/${weekend.id}`,
      headers: { cookie: owner.cookie },
    });
    expect(evening.json().processingFrom).toBe('2026-03-04T13:00:00.000Z');
  });
});

describe("the customer's moves", () => {
  it('proof upload: document rules, pending only, replaces the earlier proof', async () => {
    const order = await placeOrder(t.app, owner);
    const url = `/api/v1/orders/${order.reference}/proof`;
    const bad = multipartBody({
      name: 'receipt.png',
      bytes: Buffer.from('MZ this is not a picture'),
      type: 'image/png',
    });
    const refused = await t.app.inject({
      method: 'POST',
      url,
      headers: { cookie: owner.cookie, ...bad.headers },
      payload: bad.payload,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('DOCUMENT_TYPE');

    for (const file of [
      { name: 'one.png', bytes: await png(), type: 'image/png' },
      // judged by content: a JPEG without an extension, then one behind a right-to-left override
      { name: 'comprovante', bytes: await jpeg(), type: 'application/octet-stream' },
      { name: 'pix\u202Egpj.exe', bytes: await jpeg(), type: 'application/octet-stream' },
    ]) {
      const body = multipartBody(file);
      const ok = await t.app.inject({
        method: 'POST',
        url,
        headers: { cookie: owner.cookie, ...body.headers },
        payload: body.payload,
      });
      expect(ok.statusCode, ok.body).toBe(200);
    }
    const download = await call(owner, 'GET', `/api/v1/orders/${order.reference}/files/proof`);
    expect(download.headers['content-type']).toBe('image/jpeg');
    expect(download.headers['content-disposition']).toContain(`${order.reference}-proof.jpg`);

    await call(owner, 'POST', `/api/v1/orders/${order.reference}/cancel`);
    const body = multipartBody({ name: 'three.png', bytes: await png(), type: 'image/png' });
    const late = await t.app.inject({
      method: 'POST',
      url,
      headers: { cookie: owner.cookie, ...body.headers },
      payload: body.payload,
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toMatchObject({
      code: 'ORDER_STATE_CONFLICT',
      params: { status: 'canceled' },
    });
  });

  it('confirm payment: needs a proof or a transaction hash of the network', async () => {
    const order = await placeOrder(t.app, owner);
    const url = `/api/v1/orders/${order.id}/confirm-payment`;
    const none = await call(owner, 'POST', url, {});
    expect(none.statusCode).toBe(422);
    expect(none.json().error.code).toBe('ORDER_PROOF_REQUIRED');

    const wrong = await call(owner, 'POST', url, { txHash: '0x1234' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({
      code: 'TX_HASH_INVALID',
      message: 'This is not a valid transaction hash for TRC20.',
      fields: { txHash: 'Invalid transaction hash.' },
    });

    const hash = 'a'.repeat(64);
    const ok = await call(owner, 'POST', url, { txHash: hash });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      status: 'user_confirmed',
      summary: 'waiting_deposit_confirmation',
      txHash: hash,
      payment: null,
      actions: [],
    });
    const twice = await call(owner, 'POST', url, { txHash: hash });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toMatchObject({
      code: 'ORDER_STATE_CONFLICT',
      message:
        'This order is now user_confirmed: the action is no longer possible. Reload the page.',
    });
  });

  it('confirm payment and proof upload: refused once the payment time is over, cancel still offered', async () => {
    const order = await insertOrder(t.app, owner.id, {
      expiresAt: new Date(clock - 1000),
    });
    const page = await call(owner, 'GET', `/api/v1/orders/${order.id}`);
    expect(page.json().actions).toEqual(['cancel']);
    const late = await call(owner, 'POST', `/api/v1/orders/${order.id}/confirm-payment`, {
      txHash: 'b'.repeat(64),
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toMatchObject({
      code: 'ORDER_EXPIRED',
      message:
        'The time to pay this order is over. If you have already paid, contact support with the order reference.',
    });
    const body = multipartBody({ name: 'proof.png', bytes: await png(), type: 'image/png' });
    const upload = await t.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${order.id}/proof`,
      headers: { cookie: owner.cookie, 'accept-language': 'en-US', ...body.headers },
      payload: body.payload,
    });
    expect(upload.statusCode).toBe(409);
    expect(upload.json().error.code).toBe('ORDER_EXPIRED');
    const [row] = await t.app.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ status: 'pending', txHash: null, proofStorageKey: null });
  });

  it('cancel: pending only', async () => {
    const order = await placeOrder(t.app, owner);
    const canceled = await call(owner, 'POST', `/api/v1/orders/${order.id}/cancel`);
    expect(canceled.statusCode).toBe(200);
    expect(canceled.json()).toMatchObject({ status: 'canceled', summary: 'closed', actions: [] });
    const again = await call(owner, 'POST', `/api/v1/orders/${order.id}/cancel`);
    expect(again.statusCode).toBe(409);
    const paid = await insertOrder(t.app, owner.id, { status: 'user_confirmed' });
    const refused = await call(owner, 'POST', `/api/v1/orders/${paid.id}/cancel`);
    expect(refused.statusCode).toBe(409);
  });

  it('confirm receipt: only once the order is paid out', async () => {
    const early = await insertOrder(t.app, owner.id, { status: 'admin_confirmed' });
    const refused = await call(owner, 'POST', `/api/v1/orders/${early.id}/confirm-receipt`);
    expect(refused.statusCode).toBe(409);
    const paidAt = new Date('2026-11-20T13:00:00.000Z');
    const paid = await insertOrder(t.app, owner.id, {
      status: 'admin_paid',
      statusChangedAt: paidAt,
    });
    const view = await call(owner, 'GET', `/api/v1/orders/${paid.id}`);
    expect(view.json().actions).toEqual(['complete']);
    // it says when the order completes by itself (72 h by default)
    expect(view.json().completesAt).toBe('2026-11-23T13:00:00.000Z');
    expect((await call(owner, 'GET', `/api/v1/orders/${early.id}`)).json().completesAt).toBeNull();
    const done = await call(owner, 'POST', `/api/v1/orders/${paid.id}/confirm-receipt`);
    expect(done.statusCode).toBe(200);
    expect(done.json().status).toBe('completed');
  });

  it('files: 404 for a file the order does not have', async () => {
    const order = await placeOrder(t.app, owner);
    const res = await call(owner, 'GET', `/api/v1/orders/${order.id}/files/payment_proof`);
    expect(res.statusCode).toBe(404);
  });
});

describe('settings', () => {
  it('use the settings of the moment for the boleto fee', async () => {
    await updateSettings(t.app, { boletoFee: '5' });
    try {
      const order = await placeOrder(
        t.app,
        owner,
        { send: 'PIX', receive: 'USDT', network: 'TRC20', side: 'send', amount: '300' },
        { paymentMethod: 'boleto' },
      );
      expect(order.extraFee).toBe('5.00');
      expect(order.payment).toMatchObject({ method: 'boleto', amount: '305.00' });
    } finally {
      await updateSettings(t.app, { boletoFee: '3.50' });
    }
  });
});
