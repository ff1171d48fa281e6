import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '@permuta/db';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { signInAdmin } from '../../../test/auth-helpers.ts';
import { expireOrders } from './order-jobs.ts';
import type { OrderJobsDeps } from './order-jobs.ts';
import {
  deliverEmails,
  multipartBody,
  placeOrder,
  trader,
  updateSettings,
} from './test-support.ts';

/** The app's clock, set by each test (order creation, boleto upload). */
let clock = Date.parse('2026-03-03T15:00:00.000Z');
let t: TestApp;
let deps: OrderJobsDeps;
const errors: unknown[] = [];

beforeAll(async () => {
  t = await buildTestApp({ app: { now: () => new Date(clock) } });
  // the app's own wiring (its mover), reporting to this test
  deps = { ...t.app.services.orderJobs, logError: (details) => errors.push(details) };
});
afterAll(async () => {
  expect(errors).toEqual([]);
  await t?.close();
});

const PIX_TO_USDT = {
  send: 'PIX',
  receive: 'USDT',
  network: 'TRC20',
  side: 'send',
  amount: '300',
} as const;

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
);

/** A boleto order placed at `at` by a new customer. */
async function boletoOrder(at: string) {
  clock = Date.parse(at);
  const customer = await trader(t.app, { locale: 'pt-BR', wallets: [['USDT', 'TRC20']] });
  const order = await placeOrder(t.app, customer, PIX_TO_USDT, { paymentMethod: 'boleto' });
  return { order, customer };
}

/** The admin uploads the boleto of `orderId` at `at`. */
async function uploadBoleto(orderId: string, at: string) {
  clock = Date.parse(at);
  const admin = await signInAdmin(t.app);
  const body = multipartBody({ name: 'boleto.pdf', bytes: PDF, type: 'application/pdf' }, {});
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/orders/${orderId}/boleto`,
    headers: { cookie: admin.cookie, 'accept-language': 'en-US', ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function row(id: string) {
  const [found] = await t.app.db
    .select({ status: orders.status, expiresAt: orders.expiresAt })
    .from(orders)
    .where(eq(orders.id, id));
  return found!;
}

describe('a boleto order waiting for its boleto', () => {
  it('is not canceled by the pending expiry while the boleto is not issued, until the issue deadline', async () => {
    // Tuesday 2026-03-03, 12:00 in São Paulo; one business day to issue: the end of Wednesday
    const { order, customer } = await boletoOrder('2026-03-03T15:00:00.000Z');
    expect(order.expiresAt).toBe('2026-03-05T03:00:00.000Z');
    // the e-mail does not ask to pay by the deadline: there is nothing to pay yet
    await deliverEmails(t.app);
    const created = t.mail.to(customer.email).find((m) => m.subject.includes(order.reference));
    expect(created?.text).toContain(
      'Emitimos seu boleto no nosso horário de atendimento, até 05/03/2026, 00:00 (horário de Brasília) no máximo',
    );
    expect(created?.text).not.toContain('Pague até');
    expect(order.payment).toMatchObject({
      method: 'boleto',
      boletoAvailable: false,
      issueBy: '2026-03-05T03:00:00.000Z',
      dueDate: null,
      issueHours: {
        timeZone: 'America/Sao_Paulo',
        days: [1, 2, 3, 4, 5],
        open: '10:00',
        close: '18:00',
      },
    });

    // the 30-minute pending expiry of the other methods passes: still pending
    await expireOrders(deps, new Date('2026-03-03T15:31:00.000Z'));
    await expireOrders(deps, new Date('2026-03-05T02:59:59.000Z'));
    expect((await row(order.id)).status).toBe('pending');

    // never issued: canceled at the end of the next business day
    await expireOrders(deps, new Date('2026-03-05T03:00:00.000Z'));
    expect((await row(order.id)).status).toBe('canceled');
  });

  it('counts the wait for issue in business days: an order of a Friday before Carnival waits until Wednesday', async () => {
    // Friday 2026-02-13, 20:00 in São Paulo; Monday 16 and Tuesday 17 are Carnival
    const { order } = await boletoOrder('2026-02-13T23:00:00.000Z');
    expect(order.expiresAt).toBe('2026-02-19T03:00:00.000Z');
    await expireOrders(deps, new Date('2026-02-17T12:00:00.000Z'));
    expect((await row(order.id)).status).toBe('pending');
  });

  it('keeps the 30-minute expiry for the other ways to pay', async () => {
    clock = Date.parse('2026-03-03T15:00:00.000Z');
    const customer = await trader(t.app, { wallets: [['USDT', 'TRC20']] });
    const order = await placeOrder(t.app, customer, PIX_TO_USDT, { paymentMethod: 'pix' });
    expect(order.expiresAt).toBe('2026-03-03T15:30:00.000Z');
  });
});

describe('an issued boleto', () => {
  it('moves the order expiry to the end of the due date, three business days after the upload', async () => {
    const { order, customer } = await boletoOrder('2026-03-03T15:00:00.000Z');
    // uploaded Wednesday 2026-03-04, 14:00 in São Paulo: Thursday 5, Friday 6, Monday 9
    const uploaded = await uploadBoleto(order.id, '2026-03-04T17:00:00.000Z');
    expect(uploaded.expiresAt).toBe('2026-03-10T03:00:00.000Z');
    expect(uploaded.payment).toMatchObject({
      method: 'boleto',
      boletoAvailable: true,
      issueBy: null,
      dueDate: '2026-03-09',
    });
    const mine = await t.app.inject({
      url: `/api/v1/orders/${order.id}`,
      headers: { cookie: customer.cookie },
    });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().payment).toMatchObject({ dueDate: '2026-03-09' });
    await deliverEmails(t.app);
    const mail = t.mail
      .to(customer.email)
      .find((m) => m.subject === `Seu boleto do pedido ${order.reference} - Permuta`);
    expect(mail?.text).toContain('Pague até o vencimento, 09/03/2026');

    // past the issue deadline the order is still open: it now waits for the payment
    await expireOrders(deps, new Date('2026-03-10T02:59:59.000Z'));
    expect((await row(order.id)).status).toBe('pending');
    await expireOrders(deps, new Date('2026-03-10T03:00:00.000Z'));
    expect((await row(order.id)).status).toBe('canceled');
  });

  it('skips weekends and national holidays in the due date', async () => {
    // uploaded Friday 2026-02-13, 13:00 in São Paulo: (weekend, Carnival 16-17) 18, 19, 20
    const { order } = await boletoOrder('2026-02-13T15:00:00.000Z');
    const uploaded = await uploadBoleto(order.id, '2026-02-13T16:00:00.000Z');
    expect(uploaded.payment.dueDate).toBe('2026-02-20');
    expect(uploaded.expiresAt).toBe('2026-02-21T03:00:00.000Z');

    // uploaded Wednesday 2026-04-01: Thursday 2, (Good Friday 3, weekend) Monday 6, (Tiradentes
    // is the 21st) Tuesday 7
    const easter = await boletoOrder('2026-04-01T13:00:00.000Z');
    const issued = await uploadBoleto(easter.order.id, '2026-04-01T14:00:00.000Z');
    expect(issued.payment.dueDate).toBe('2026-04-07');
  });

  it('follows the business-day settings', async () => {
    await updateSettings(t.app, { boletoIssueBusinessDays: 2, boletoDueBusinessDays: 5 });
    try {
      // Thursday 2026-03-05: two business days to issue, Friday 6 and Monday 9
      const { order } = await boletoOrder('2026-03-05T15:00:00.000Z');
      expect(order.expiresAt).toBe('2026-03-10T03:00:00.000Z');
      // issued Friday 6: 9, 10, 11, 12, 13
      const uploaded = await uploadBoleto(order.id, '2026-03-06T15:00:00.000Z');
      expect(uploaded.payment.dueDate).toBe('2026-03-13');
    } finally {
      await updateSettings(t.app, { boletoIssueBusinessDays: 1, boletoDueBusinessDays: 3 });
    }
  });
});
