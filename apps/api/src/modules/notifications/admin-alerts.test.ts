import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminRole } from '@permuta/contracts';
import { users } from '@permuta/db';
import type { TestApp } from '../../../test/build-test-app.ts';
import { signInAdmin } from '../../../test/auth-helpers.ts';
import type { TestAdmin } from '../../../test/auth-helpers.ts';
import { png } from '../../../test/document-files.ts';
import type { FakePushService } from '../../fakes/fake-push-service.ts';
import type { FakeTelegram } from '../../fakes/fake-telegram.ts';
import {
  insertPaidPixToUsdt,
  multipartBody,
  placeOrder,
  trader,
  updateSettings,
} from '../orders/test-support.ts';
import { RISK_LIMITS_LIFTED } from '../payouts/payout-risk.test-support.ts';
import { ORDER_NOTIFY_QUEUE } from './notifications.service.ts';
import type { AdminAlertJob } from './notifications.service.ts';
import { linkTelegramChat, startNotificationsApp } from './test-support.ts';
import type { NotificationsTestApp } from './test-support.ts';

/**
 * The admins' new-work alerts (decision 060): one short message per piece of work, admin and
 * channel, to the admins whose role may act on it and who turned a channel on.
 */

let started: NotificationsTestApp;
let t: TestApp;
let fake: FakeTelegram;
let pushService: FakePushService;
let chatSeq = 900_000;

const ADMIN_SETTINGS = '/api/v1/admin/me/notifications';

interface LinkedAdmin extends TestAdmin {
  chatId: number;
}

/** An admin of `role` who linked a Telegram chat (linking turns Telegram on). */
async function linkedAdmin(role: AdminRole, locale: 'pt-BR' | 'en-US' = 'pt-BR') {
  const admin = await signInAdmin(t.app, undefined, role);
  await t.app.db.update(users).set({ locale }).where(eq(users.id, admin.id));
  const chatId = chatSeq++;
  await linkTelegramChat(started, admin, ADMIN_SETTINGS, chatId);
  const view = await t.app.inject({
    method: 'GET',
    url: ADMIN_SETTINGS,
    headers: { cookie: admin.cookie },
  });
  expect(view.json().channels.telegram).toBe(true);
  return { ...admin, chatId } satisfies LinkedAdmin;
}

const messagesTo = (admin: LinkedAdmin) =>
  fake.messages.filter((m) => m.chatId === String(admin.chatId)).map((m) => m.text);

const alertsTo = (admin: LinkedAdmin, needle: string) =>
  messagesTo(admin).filter((text) => text.includes(needle));

/** An enhanced verification's proof (a verified trader's identity documents are approved). */
async function uploadDocument(customer: { cookie: string }) {
  const body = multipartBody({ name: 'id.png', bytes: await png(), type: 'image/png' });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/me/documents/proof_of_income',
    headers: { cookie: customer.cookie, ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string };
}

function confirmPayment(customer: { cookie: string }, orderId: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/orders/${orderId}/confirm-payment`,
    headers: { cookie: customer.cookie },
    payload: { txHash: 'a'.repeat(64) },
  });
}

async function confirmFunds(admin: TestAdmin, orderId: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/orders/${orderId}/transition`,
    headers: { cookie: admin.cookie },
    payload: { action: 'confirm_funds', amountReceived: '540' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function alertJobs(): Promise<AdminAlertJob[]> {
  const jobs = await t.app.jobs.queued(ORDER_NOTIFY_QUEUE);
  return jobs.map((job) => job.data as AdminAlertJob).filter((data) => data.kind === 'admin-alert');
}

beforeAll(async () => {
  started = await startNotificationsApp();
  ({ t, telegram: fake, push: pushService } = started);
}, 180_000);

afterAll(async () => {
  await started?.close();
});

describe("admins' new-work alerts", () => {
  it('tell an operator of a document to review, once, in their language, with the page', async () => {
    const operator = await linkedAdmin('operator');
    const english = await linkedAdmin('finance', 'en-US');
    const customer = await trader(t.app);
    const document = await uploadDocument(customer);
    await t.app.jobs.drain(ORDER_NOTIFY_QUEUE);
    // the alerts of this document only (earlier tests' admins get theirs too)
    const mine = (admin: LinkedAdmin) =>
      fake.messages.filter(
        (m) => m.chatId === String(admin.chatId) && m.text.includes('/admin/documents'),
      );
    expect(mine(operator).map((m) => m.text)).toEqual([
      `Novo documento para revisar.\n${t.config.publicUrl}/admin/documents`,
    ]);
    expect(mine(english).map((m) => m.text)).toEqual([
      `A new document to review.\n${t.config.publicUrl}/en-US/admin/documents`,
    ]);
    // a second run of the same work sends nothing again
    await t.app.services.notifications.deliverAdminAlert({
      kind: 'admin-alert',
      adminId: operator.id,
      alert: 'document_to_review',
      entityId: document.id,
      reference: null,
    });
    expect(mine(operator)).toHaveLength(1);
  });

  it('tell the admins of an order waiting for its payment to be confirmed', async () => {
    const operator = await linkedAdmin('operator');
    const customer = await trader(t.app);
    const order = await placeOrder(t.app, customer);
    // the order itself is no work yet
    await t.app.jobs.drain(ORDER_NOTIFY_QUEUE);
    expect(alertsTo(operator, order.reference)).toEqual([]);
    const res = await confirmPayment(customer, order.id);
    expect(res.statusCode, res.body).toBe(200);
    await t.app.jobs.drain(ORDER_NOTIFY_QUEUE);
    expect(alertsTo(operator, order.reference)).toEqual([
      `Pedido ${order.reference}: o cliente informou o pagamento; confirme o recebimento.\n` +
        `${t.config.publicUrl}/admin/orders/${order.reference}`,
    ]);
  });

  it('send one alert when the work is reported twice at once and delivered twice at once', async () => {
    const operator = await linkedAdmin('operator', 'en-US');
    const customer = await trader(t.app);
    const order = await placeOrder(t.app, customer);
    const answers = await Promise.all([
      confirmPayment(customer, order.id),
      confirmPayment(customer, order.id),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const job = (await alertJobs()).find(
      (data) => data.adminId === operator.id && data.reference === order.reference,
    );
    expect(job).toBeDefined();
    await Promise.all([
      t.app.services.notifications.deliverAdminAlert(job!),
      t.app.services.notifications.deliverAdminAlert(job!),
      t.app.jobs.drain(ORDER_NOTIFY_QUEUE),
    ]);
    expect(alertsTo(operator, order.reference)).toEqual([
      `Order ${order.reference}: the customer reported the payment; confirm the funds.\n` +
        `${t.config.publicUrl}/en-US/admin/orders/${order.reference}`,
    ]);
  });

  it("send nothing to an admin who turned Telegram off, nor to one who isn't signed up for it", async () => {
    const off = await linkedAdmin('owner');
    const res = await t.app.inject({
      method: 'PUT',
      url: ADMIN_SETTINGS,
      headers: { cookie: off.cookie },
      payload: { email: true, telegram: false, push: false },
    });
    expect(res.statusCode, res.body).toBe(200);
    const never = await signInAdmin(t.app, undefined, 'owner');
    const customer = await trader(t.app);
    const order = await placeOrder(t.app, customer);
    expect((await confirmPayment(customer, order.id)).statusCode).toBe(200);
    const jobs = await alertJobs();
    expect(jobs.some((job) => job.adminId === off.id || job.adminId === never.id)).toBe(false);
    await t.app.jobs.drain(ORDER_NOTIFY_QUEUE);
    expect(alertsTo(off, order.reference)).toEqual([]);
  });

  it('tell finance, not operators, of a payout held by the risk limits; operators of one to pay by hand', async () => {
    const operator = await linkedAdmin('operator');
    const finance = await linkedAdmin('finance');
    const owner = await signInAdmin(t.app);
    const customer = await trader(t.app, { wallets: [['USDT', 'TRC20']] });
    try {
      // automatic payouts on, every order above R$ 1 held for an approval
      await updateSettings(t.app, {
        ...RISK_LIMITS_LIFTED,
        autoCryptoPayouts: true,
        autoPayoutMaxOrderBrl: '1',
      });
      const held = await insertPaidPixToUsdt(t.app, customer);
      expect((await confirmFunds(owner, held.id)).payoutHold).toMatchObject({ state: 'held' });
      await t.app.jobs.drain(ORDER_NOTIFY_QUEUE);
      expect(alertsTo(finance, held.reference)).toEqual([
        `Pedido ${held.reference}: pagamento retido pelos limites de risco; aguarda aprovação.\n` +
          `${t.config.publicUrl}/admin/orders/${held.reference}`,
      ]);
      // an operator may not approve a payout: no alert
      expect(alertsTo(operator, held.reference)).toEqual([]);
      // automatic payouts off: the order is paid out by hand, an operator's work
      await updateSettings(t.app, { ...RISK_LIMITS_LIFTED, autoCryptoPayouts: false });
      const byHand = await insertPaidPixToUsdt(t.app, customer);
      await confirmFunds(owner, byHand.id);
      await t.app.jobs.drain(ORDER_NOTIFY_QUEUE);
      expect(alertsTo(operator, byHand.reference)).toEqual([
        `Pedido ${byHand.reference}: pagamento confirmado; pague manualmente.\n` +
          `${t.config.publicUrl}/admin/orders/${byHand.reference}`,
      ]);
    } finally {
      await updateSettings(t.app, { ...RISK_LIMITS_LIFTED, autoCryptoPayouts: false });
    }
  });

  it('send nothing to an admin demoted before the job ran', async () => {
    const finance = await linkedAdmin('finance');
    const job: AdminAlertJob = {
      kind: 'admin-alert',
      adminId: finance.id,
      alert: 'payout_held',
      entityId: crypto.randomUUID(),
      reference: 'EX-DEMOTED',
    };
    await t.app.db.update(users).set({ adminRole: 'operator' }).where(eq(users.id, finance.id));
    await t.app.services.notifications.deliverAdminAlert(job);
    expect(alertsTo(finance, 'EX-DEMOTED')).toEqual([]);
    // a job with a made-up kind of work is skipped by the worker, not thrown
    await t.app.jobs.send(ORDER_NOTIFY_QUEUE, { ...job, alert: 'steal_money' });
    await t.app.jobs.drain(ORDER_NOTIFY_QUEUE);
    expect(alertsTo(finance, 'EX-DEMOTED')).toEqual([]);
  });

  it("push an alert to an admin's browser, encrypted, with the back-office page", async () => {
    const admin = await signInAdmin(t.app, undefined, 'operator');
    await t.app.db.update(users).set({ locale: 'en-US' }).where(eq(users.id, admin.id));
    const browser = pushService.subscribe();
    const subscribed = await t.app.inject({
      method: 'POST',
      url: `${ADMIN_SETTINGS}/push`,
      headers: { cookie: admin.cookie },
      payload: browser,
    });
    expect(subscribed.statusCode, subscribed.body).toBe(200);
    const document = await uploadDocument(await trader(t.app));
    await t.app.jobs.drain(ORDER_NOTIFY_QUEUE);
    const got = pushService.received.filter((r) => r.endpoint === browser.endpoint);
    expect(pushService.refused).toEqual([]);
    expect(got.map((r) => JSON.parse(r.payload))).toEqual([
      {
        title: 'New work in the back office',
        body: 'A new document to review.',
        url: `${t.config.publicUrl}/en-US/admin/documents`,
        tag: `alert-document_to_review-${document.id}`,
      },
    ]);
  });
});
