import { eq } from 'drizzle-orm';
import { parsePix } from 'pix-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderEvents, orders, treasuryEntries } from '@permuta/db';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { signInAdmin } from '../../../test/auth-helpers.ts';
import type { TestAdmin } from '../../../test/auth-helpers.ts';
import { png } from '../../../test/document-files.ts';
import { deliverEmails, ledgerSums, multipartBody, placeOrder, trader } from './test-support.ts';

let t: TestApp;
let admin: TestAdmin;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signInAdmin(t.app);
});
afterAll(async () => t?.close());

describe('an order from quote to completion', () => {
  it('goes USDT -> PIX through every step, with a BR Code, the ledger and an e-mail per step in the customer language', async () => {
    const customer = await trader(t.app, { locale: 'en-US', wallets: [['PIX']] });
    const before = await ledgerSums(t.app);

    const order = await placeOrder(t.app, customer);
    expect(order.reference).toMatch(/^EX-[2-9A-Z]{5}$/);
    expect(order.status).toBe('pending');
    expect(order.summary).toBe('not_paid_yet');
    expect(order.actions.sort()).toEqual(['cancel', 'confirm_payment']);
    expect(order.events).toHaveLength(1);
    expect(order.payment?.method).toBe('crypto');

    // A PIX -> USDT order pays by PIX with a real BR Code.
    const pixBuyer = await trader(t.app, { wallets: [['USDT', 'TRC20']] });
    const pixOrder = await placeOrder(
      t.app,
      pixBuyer,
      { send: 'PIX', receive: 'USDT', network: 'TRC20', side: 'send', amount: '500' },
      { paymentMethod: 'pix' },
    );
    expect(pixOrder.payment?.method).toBe('pix');
    if (pixOrder.payment?.method !== 'pix') throw new Error('not pix');
    const decoded = parsePix(pixOrder.payment.brCode);
    expect(decoded).toMatchObject({
      type: 'STATIC',
      pixKey: 'pix@permuta.example',
      transactionAmount: 500,
      txid: pixOrder.reference.replace('-', ''),
    });
    expect(pixOrder.payment.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(pixOrder.payment.qrCode.split(',')[1]!, 'base64').toString()).toContain(
      '<svg',
    );

    // proof, then confirm payment
    const upload = multipartBody({ name: 'receipt.png', bytes: await png(), type: 'image/png' });
    const proof = await t.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${order.reference}/proof`,
      headers: { cookie: customer.cookie, ...upload.headers },
      payload: upload.payload,
    });
    expect(proof.statusCode, proof.body).toBe(200);
    expect(proof.json().files.proof).toBe(true);

    const confirmed = await t.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${order.reference}/confirm-payment`,
      headers: { cookie: customer.cookie },
      payload: {},
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().status).toBe('user_confirmed');
    expect(confirmed.json().actions).toEqual([]);

    // admin: confirm funds, then pay with a proof
    const funds = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${order.id}/transition`,
      headers: { cookie: admin.cookie },
      payload: { action: 'confirm_funds', amountReceived: '100' },
    });
    expect(funds.statusCode, funds.body).toBe(200);
    expect(funds.json().status).toBe('admin_confirmed');
    expect(funds.json().actions.sort()).toEqual(['pay', 'refund']);

    const payBody = multipartBody(
      { name: 'pix-receipt.png', bytes: await png(), type: 'image/png' },
      { payoutTxId: 'E12345678202401011200abcdefghijk' },
    );
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${order.id}/pay`,
      headers: { cookie: admin.cookie, ...payBody.headers },
      payload: payBody.payload,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({
      status: 'admin_paid',
      payoutTxId: 'E12345678202401011200abcdefghijk',
      files: { payment_proof: true },
    });

    const receipt = await t.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${order.reference}/confirm-receipt`,
      headers: { cookie: customer.cookie },
    });
    expect(receipt.statusCode, receipt.body).toBe(200);
    expect(receipt.json().status).toBe('completed');
    expect(receipt.json().events.map((e: { to: string }) => e.to)).toEqual([
      'pending',
      'user_confirmed',
      'admin_confirmed',
      'admin_paid',
      'completed',
    ]);

    // the customer's files, as attachments
    const file = await t.app.inject({
      url: `/api/v1/orders/${order.reference}/files/payment_proof`,
      headers: { cookie: customer.cookie },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['content-disposition']).toContain('attachment');

    // ledger: +100 USDT received, -amountReceive BRL paid
    const after = await ledgerSums(t.app);
    expect(Number(after.USDT) - Number(before.USDT)).toBe(100);
    expect(Number(before.PIX) - Number(after.PIX)).toBeCloseTo(Number(order.amountReceive), 2);
    const entries = await t.app.db
      .select()
      .from(treasuryEntries)
      .where(eq(treasuryEntries.orderId, order.id));
    expect(entries.map((e) => `${e.kind}:${e.direction}`).sort()).toEqual([
      'funds_received:credit',
      'payout:debit',
    ]);
    const events = await t.app.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, order.id));
    expect(events).toHaveLength(5);

    // one e-mail per step, in English
    await deliverEmails(t.app);
    const mails = t.mail.to(customer.email).filter((m) => m.subject.includes(order.reference));
    expect(mails.map((m) => m.subject).sort()).toEqual(
      [
        `Order ${order.reference} created - Permuta`,
        `Order ${order.reference}: payment sent - Permuta`,
        `Order ${order.reference}: funds confirmed - Permuta`,
        `Order ${order.reference}: paid - Permuta`,
        `Order ${order.reference}: completed - Permuta`,
      ].sort(),
    );
    for (const mail of mails) {
      expect(mail.text).toContain(`/en-US/profile/my-orders/${order.reference}`);
      expect(mail.html).toContain('lang="en-US"');
    }
    // and in Portuguese for a Portuguese customer
    const ptMails = t.mail.to(pixBuyer.email).filter((m) => m.subject.includes(pixOrder.reference));
    expect(ptMails.map((m) => m.subject)).toEqual([
      `Pedido ${pixOrder.reference} criado - Permuta`,
    ]);
    expect(ptMails[0]!.text).toContain('você paga R$\u00a0500,00');
    const [row] = await t.app.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.status).toBe('completed');
  });
});

describe('the API document', () => {
  it('describes every order and treasury route with its schemas', async () => {
    const res = await t.app.inject({ url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths as Record<string, Record<string, { summary?: string }>>;
    const { ACCESS } = await import('./orders.access.ts');
    for (const key of Object.keys(ACCESS)) {
      const [method, url] = key.split(' ') as [string, string];
      const path = url.replace(/:(\w+)/g, '{$1}');
      expect(paths[path]?.[method.toLowerCase()]?.summary, key).toBeTruthy();
    }
    expect(paths['/api/v1/orders']!.post).toMatchObject({
      requestBody: { content: { 'application/json': { schema: expect.anything() } } },
    });
  });
});
