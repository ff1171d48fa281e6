import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldMessage, formatBoletoLine } from '@permuta/contracts';
import { orders } from '@permuta/db';
import type { OrderStatus } from '@permuta/contracts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { signInAdmin } from '../../../test/auth-helpers.ts';
import { png } from '../../../test/document-files.ts';
import {
  multipartBody,
  placeOrder,
  TRC20_ADDRESS,
  trader,
  updateSettings,
} from './test-support.ts';
import type { Trader } from './test-support.ts';

/** Tuesday 2026-03-03 12:00 in São Paulo: inside operating hours. */
const clock = Date.parse('2026-03-03T15:00:00.000Z');
let t: TestApp;
let owner: Trader;
let stranger: Trader;

beforeAll(async () => {
  t = await buildTestApp({ app: { now: () => new Date(clock) } });
  await updateSettings(t.app, { customerMaxOpenOrders: 100 });
  owner = await trader(t.app, { wallets: [['PIX'], ['USDT', 'TRC20']] });
  stranger = await trader(t.app);
});
afterAll(async () => t?.close());

const get = (who: { cookie: string }, url: string) =>
  t.app.inject({ method: 'GET', url, headers: { cookie: who.cookie, 'accept-language': 'en-US' } });

describe("the customer's own proof of payment", () => {
  it('stays downloadable by its owner in every later status, and never by anyone else', async () => {
    const order = await placeOrder(t.app, owner);
    const body = multipartBody({ name: 'proof.png', bytes: await png(), type: 'image/png' });
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${order.id}/proof`,
      headers: { cookie: owner.cookie, ...body.headers },
      payload: body.payload,
    });
    expect(sent.statusCode, sent.body).toBe(200);

    const statuses: OrderStatus[] = [
      'user_confirmed',
      'admin_confirmed',
      'processing',
      'error',
      'admin_paid',
      'completed',
      'refunded',
    ];
    for (const status of statuses) {
      await t.app.db.update(orders).set({ status }).where(eq(orders.id, order.id));
      const page = await get(owner, `/api/v1/orders/${order.reference}`);
      expect(page.json().files.proof, status).toBe(true);
      const mine = await get(owner, `/api/v1/orders/${order.reference}/files/proof`);
      expect(mine.statusCode, `${status}: ${mine.body}`).toBe(200);
      expect(mine.headers['content-type']).toBe('image/png');
      expect(mine.headers['content-disposition']).toContain(`${order.reference}-proof.png`);
      const theirs = await get(stranger, `/api/v1/orders/${order.reference}/files/proof`);
      expect(theirs.statusCode, status).toBe(404);
      const nobody = await t.app.inject({
        method: 'GET',
        url: `/api/v1/orders/${order.reference}/files/proof`,
      });
      expect(nobody.statusCode, status).toBe(401);
    }
  });
});

describe('the crypto deposit instructions', () => {
  it('carry the deposit address as a QR image', async () => {
    const order = await placeOrder(t.app, owner);
    expect(order.payment).toMatchObject({ method: 'crypto', address: TRC20_ADDRESS });
    const qr = (order.payment as { qrCode: string }).qrCode;
    expect(qr).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qr.split(',')[1]!, 'base64').toString()).toContain('<svg');
  });
});

/** A boleto order of the owner, paid in reais for USDT. */
const boletoOrder = () =>
  placeOrder(
    t.app,
    owner,
    { send: 'PIX', receive: 'USDT', network: 'TRC20', side: 'send', amount: '300' },
    { paymentMethod: 'boleto' },
  );

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
);
/** Bank 237, factor 1000, R$ 543,50: check digits computed by hand from the FEBRABAN rules. */
const LINE = '23793381286000000000403000000046110000000054350';

async function upload(orderId: string, fields: Record<string, string>, locale = 'en-US') {
  const admin = await signInAdmin(t.app);
  const body = multipartBody({ name: 'boleto.pdf', bytes: PDF, type: 'application/pdf' }, fields);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/orders/${orderId}/boleto`,
    headers: { cookie: admin.cookie, 'accept-language': locale, ...body.headers },
    payload: body.payload,
  });
}

describe("the boleto's linha digitável", () => {
  it('is stored with the PDF when the admin types it (as printed), and shown to the customer', async () => {
    const order = await boletoOrder();
    const res = await upload(order.id, { boletoLine: formatBoletoLine(LINE) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payment).toMatchObject({ boletoAvailable: true, boletoLine: LINE });
    const mine = await get(owner, `/api/v1/orders/${order.reference}`);
    expect(mine.json().payment).toMatchObject({ method: 'boleto', boletoLine: LINE });
  });

  it('is optional: a PDF alone still issues the boleto', async () => {
    const order = await boletoOrder();
    const res = await upload(order.id, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payment).toMatchObject({ boletoAvailable: true, boletoLine: null });
  });

  it.each([
    ['a short line', LINE.slice(0, 40), 'boletoLine.length'],
    ['letters', `${LINE.slice(0, 46)}x`, 'boletoLine.length'],
    ['a NUL byte', `${LINE.slice(0, 20)}\u0000${LINE.slice(20)}`, 'boletoLine.length'],
    ['an absurd length', '1'.repeat(10_000), 'boletoLine.length'],
    [
      'a wrong check digit',
      `${LINE.slice(0, 9)}${(Number(LINE[9]) + 1) % 10}${LINE.slice(10)}`,
      'boletoLine.checkDigit',
    ],
  ])('refuses %s with a 400 that names the field, and stores nothing', async (_, value, key) => {
    const order = await boletoOrder();
    const res = await upload(order.id, { boletoLine: value }, 'pt-BR');
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.code).toBe('BOLETO_LINE_INVALID');
    expect(res.json().error.message).toBe('A linha digitável não é válida: confira com o boleto.');
    expect(res.json().error.fields.boletoLine).toBe(fieldMessage(key, 'pt-BR'));
    const [row] = await t.app.db
      .select({ key: orders.boletoStorageKey, line: orders.boletoLine })
      .from(orders)
      .where(eq(orders.id, order.id));
    expect(row).toEqual({ key: null, line: null });
  });
});
