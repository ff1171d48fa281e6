import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { payoutErrorText } from '@permuta/contracts';
import type { DbHandle, NewOrder } from '@permuta/db';
import { createEfiPixSender } from '../../adapters/pix/api-pix-client.ts';
import { sendIdForOrder } from '../../adapters/pix/pix-psp.ts';
import type { PixSender } from '../../adapters/pix/pix-psp.ts';
import { startFakePixPsp } from '../../fakes/fake-pix-psp.ts';
import type { FakePixMode, FakePixPsp } from '../../fakes/fake-pix-psp.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { signInAdmin } from '../../../test/auth-helpers.ts';
import type { TestAdmin } from '../../../test/auth-helpers.ts';
import { insertOrder, networkId, tokenId, updateSettings } from '../orders/test-support.ts';
import type { Trader } from '../orders/test-support.ts';
import type { PayoutService } from './payouts.service.ts';
import { createPixRail } from './pix-rail.ts';
import { orderMovingOf, payoutTestKit, withSecondPool } from './test-support.ts';
import { payingCustomer } from '../payments/test-support.ts';

/**
 * PIX out (decision 044) against the fake PSP over real HTTP: the code under test runs its real
 * Efí client; the fake is the only stand-in.
 */

const KEY = 'pix@permuta.example';
const CLIENT = { clientId: 'Client_Id_permuta', clientSecret: 'Client_Secret_permuta_0123' };
/** a PIX key held by someone else than the customer */
const OTHER_KEY = 'joana@example.com';
const OTHER_CPF = '98765432100';

let fake: FakePixPsp;
let t: TestApp;
let admin: TestAdmin;
let customer: Trader;
/** the customer's CPF (digits): also their PIX key (test-support's PIX wallet) */
let cpf: string;
let customerKey: string;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signInAdmin(t.app);
  const paying = await payingCustomer(t, { locale: 'en-US' });
  customer = paying.customer;
  customerKey = paying.cpf;
  cpf = paying.cpfDigits;
  fake = await startFakePixPsp({
    ...CLIENT,
    key: KEY,
    keyOwners: { [customerKey]: cpf, [OTHER_KEY]: OTHER_CPF },
  });
  await updateSettings(t.app, { pixKey: KEY, pixMerchantName: 'PERMUTA' });
  await setIntegration({ payouts: true });
  // Efí sends a PIX only from a key with a webhook: saved with payouts on (deposits off), ours is
  // registered
  expect(fake.webhookUrl).toBe(`${t.config.publicUrl}/api/v1/webhooks/pix`);
});
afterEach(() => fake.setMode({ kind: 'ok' }));
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

// --- helpers ----------------------------------------------------------------------------------

async function setIntegration(change: { payouts: boolean }) {
  await t.app.services.integrations.update({ adminId: admin.id, ip: null }, 'pix', {
    config: { apiUrl: fake.url, clientId: CLIENT.clientId },
    secrets: { clientSecret: CLIENT.clientSecret, webhookSecret: 'whsec-permuta-test' },
    payouts: change.payouts,
  });
}

/** A USDT -> PIX order whose customer says they paid: 100 USDT for 540.37 BRL by PIX. */
async function paidOrder(values: Partial<NewOrder> = {}) {
  return insertOrder(t.app, customer.id, {
    sendTokenId: await tokenId(t.app, 'USDT'),
    receiveTokenId: await tokenId(t.app, 'PIX'),
    networkId: await networkId(t.app, 'PIX', 'BRL'),
    amountSend: '100',
    amountReceive: '540.37',
    rate: '5.4037',
    priceSendBrl: '5.4037',
    priceReceiveBrl: '1',
    walletId: customer.wallets.PIX,
    addressToReceive: customerKey,
    paymentMethod: 'crypto',
    status: 'user_confirmed',
    ...values,
  });
}

const { adminMove, adminView, confirmFunds, byHand, giveUp, orderRow, payoutEntries, drainAll } =
  payoutTestKit(() => ({ t, admin }), { amountReceived: '100' });

/** The sends the fake accepted for this order: "exactly one payment" is their count. */
const sendsOf = (orderId: string) =>
  fake.sent().filter((send) => send.idEnvio === sendIdForOrder(orderId));

/** The PUTs of a send the fake received for this order (accepted or not). */
const sendRequests = (orderId: string) =>
  fake.requests.filter(
    (r) => r.method === 'PUT' && r.path === `/v2/gn/pix/${sendIdForOrder(orderId)}`,
  ).length;

/**
 * Another payout service on the app's database with its own Efí client (a real one on the
 * fake). `beforeSend` lets the test set the fake's mode for the send only (after the look-up),
 * as the PSP misbehaving exactly then.
 */
function pixPayouts(
  options: { timeoutMs?: number; handle?: DbHandle; beforeSend?: () => void } = {},
): PayoutService {
  const client = createEfiPixSender({
    apiUrl: fake.url,
    clientId: CLIENT.clientId,
    clientSecret: CLIENT.clientSecret,
    timeoutMs: options.timeoutMs ?? 5000,
  });
  const sender: PixSender = {
    ...client,
    send: (request) => {
      options.beforeSend?.();
      return client.send(request);
    },
  };
  return orderMovingOf(t, {
    handle: options.handle,
    rails: [createPixRail({ client: async () => ({ sender, payerKey: KEY }) })],
  }).payouts;
}

/** The fake misbehaves from the next send on (its look-ups included) until the mode is reset. */
function onSend(mode: FakePixMode): () => void {
  let used = false;
  return () => {
    if (used) return;
    used = true;
    fake.setMode(mode, '/v2/gn/pix/');
  };
}

// --- PIX out ------------------------------------------------------------------------------------

describe('automatic PIX payouts', () => {
  it('pays a confirmed order: one send to the key with the CPF, paid with the E2E id', async () => {
    const order = await paidOrder();
    const view = await adminView(order.id);
    expect(view.json().payoutPlan).toEqual({ kind: 'automatic' });
    await confirmFunds(order.id);
    await drainAll();
    const sends = sendsOf(order.id);
    expect(sends).toHaveLength(1);
    expect(sends[0]).toMatchObject({
      valor: '540.37',
      chave: KEY,
      status: 'REALIZADO',
      favorecido: { chave: customerKey, cpf },
    });
    expect(sends[0]!.infoPagador).toContain(order.reference);
    expect(await orderRow(order.id)).toMatchObject({
      status: 'admin_paid',
      payoutTxId: sends[0]!.endToEndId,
      withdrawId: sendIdForOrder(order.id),
      payoutFailure: null,
    });
    expect(await payoutEntries(order.id)).toHaveLength(1);
  });

  it('after a connection dropped right after the send, finds it on the retry: one send, paid', async () => {
    const order = await paidOrder();
    await confirmFunds(order.id);
    const payouts = pixPayouts({ beforeSend: onSend({ kind: 'crash-after-submit' }) });
    await payouts.run({ orderId: order.id });
    expect(sendsOf(order.id)).toHaveLength(1);
    expect(await orderRow(order.id)).toMatchObject({ status: 'processing', withdrawId: null });

    fake.setMode({ kind: 'ok' });
    await payouts.run({ orderId: order.id, check: 1 });
    expect(await orderRow(order.id)).toMatchObject({
      status: 'admin_paid',
      payoutTxId: sendsOf(order.id)[0]!.endToEndId,
    });
    expect(sendsOf(order.id)).toHaveLength(1);
    expect(sendRequests(order.id)).toBe(1);
    expect(await payoutEntries(order.id)).toHaveLength(1);
  });

  it('after a timeout, looks the send up before sending again with the same id: one send', async () => {
    const order = await paidOrder();
    await confirmFunds(order.id);
    const payouts = pixPayouts({ timeoutMs: 300, beforeSend: onSend({ kind: 'timeout' }) });
    await payouts.run({ orderId: order.id });
    expect(sendsOf(order.id)).toHaveLength(0);
    expect((await orderRow(order.id)).status).toBe('processing');

    fake.setMode({ kind: 'ok' });
    await payouts.run({ orderId: order.id, check: 1 });
    await payouts.run({ orderId: order.id, check: 1 });
    expect((await orderRow(order.id)).status).toBe('admin_paid');
    expect(sendsOf(order.id)).toHaveLength(1);
    expect(await payoutEntries(order.id)).toHaveLength(1);
  });

  it('after a timeout the PSP answered late, pays once: the same id is never paid twice', async () => {
    const order = await paidOrder();
    await confirmFunds(order.id);
    const payouts = pixPayouts({ timeoutMs: 200, beforeSend: onSend({ kind: 'slow', ms: 600 }) });
    await payouts.run({ orderId: order.id });
    fake.setMode({ kind: 'ok' });
    await new Promise((resolve) => setTimeout(resolve, 800));
    await payouts.run({ orderId: order.id, check: 1 });
    await payouts.run({ orderId: order.id, check: 1 });
    expect((await orderRow(order.id)).status).toBe('admin_paid');
    expect(sendsOf(order.id)).toHaveLength(1);
  });

  it('makes one send when two instances run the same payout at once', async () => {
    await withSecondPool(t, async (other) => {
      const order = await paidOrder();
      await confirmFunds(order.id);
      const first = pixPayouts();
      const second = pixPayouts({ handle: other });
      await Promise.all(
        Array.from({ length: 10 }, (_, i) => (i % 2 ? first : second).run({ orderId: order.id })),
      );
      expect(sendsOf(order.id)).toHaveLength(1);
      await first.run({ orderId: order.id, check: 1 });
      expect((await orderRow(order.id)).status).toBe('admin_paid');
      expect(sendsOf(order.id)).toHaveLength(1);
      expect(sendRequests(order.id)).toBe(1);
    });
  });

  it('stops when the key is held by another document, says so in both languages, sends nothing', async () => {
    const order = await paidOrder({ addressToReceive: OTHER_KEY });
    await confirmFunds(order.id);
    await drainAll();
    const row = await orderRow(order.id);
    expect(row.status).toBe('error');
    expect(row.payoutFailure).toMatchObject({
      code: 'pix_holder_mismatch',
      params: { key: OTHER_KEY },
    });
    expect(payoutErrorText(row.payoutFailure!, 'en-US')).toContain(`PIX key ${OTHER_KEY}`);
    expect(payoutErrorText(row.payoutFailure!, 'pt-BR')).toContain('não pertence ao CPF');
    expect(sendsOf(order.id)).toHaveLength(0);
    expect(sendRequests(order.id)).toBe(1);
    expect(await payoutEntries(order.id)).toHaveLength(0);
  });

  it('fails with the PSP’s reason when the send is not made, and a retry sends nothing more', async () => {
    const order = await paidOrder();
    await confirmFunds(order.id);
    const payouts = pixPayouts();
    await payouts.run({ orderId: order.id });
    expect(sendsOf(order.id)).toHaveLength(1);
    fake.settleSend(sendIdForOrder(order.id), 'NAO_REALIZADO', 'Conta do favorecido encerrada');
    await payouts.run({ orderId: order.id, check: 1 });
    const row = await orderRow(order.id);
    expect(row.status).toBe('error');
    expect(row.payoutFailure).toEqual({
      code: 'pix_not_made',
      params: {
        key: customerKey,
        e2eid: sendsOf(order.id)[0]!.endToEndId,
        reason: 'Conta do favorecido encerrada',
      },
    });
    // an admin retries: the look-up finds the same send, not made; nothing is sent again
    const retried = await adminMove(order.id, { action: 'submit_payout' });
    expect(retried.statusCode, retried.body).toBe(200);
    await payouts.run({ orderId: order.id });
    expect((await orderRow(order.id)).status).toBe('error');
    expect(sendRequests(order.id)).toBe(1);
    expect(await payoutEntries(order.id)).toHaveLength(0);
    // no money moved: the admin may pay by hand
    const paid = await byHand(order.id);
    expect(paid.statusCode, paid.body).toBe(200);
  });

  it('stops with the PSP’s words when it refuses the send', async () => {
    const order = await paidOrder();
    await confirmFunds(order.id);
    await pixPayouts({
      beforeSend: onSend({ kind: 'reject', status: 400, detail: 'Saldo insuficiente.' }),
    }).run({ orderId: order.id });
    const row = await orderRow(order.id);
    expect(row.status).toBe('error');
    expect(row.payoutFailure).toMatchObject({
      code: 'pix_refused',
      params: { key: customerKey, message: 'Saldo insuficiente.' },
    });
    expect(sendsOf(order.id)).toHaveLength(0);
  });

  it('refuses a payment by hand while a PIX send may be live or is done', async () => {
    const made = await paidOrder();
    await confirmFunds(made.id);
    await pixPayouts({ beforeSend: onSend({ kind: 'crash-after-submit' }) }).run({
      orderId: made.id,
    });
    fake.setMode({ kind: 'ok' });
    await giveUp(made.id);
    const done = await byHand(made.id);
    expect(done.statusCode, done.body).toBe(409);
    expect(done.json().error).toMatchObject({
      code: 'PAYOUT_AT_PSP',
      params: { withdrawId: sendIdForOrder(made.id), state: 'completed' },
    });

    // the PSP cannot be asked: paying by hand now could pay twice
    fake.setMode({ kind: 'reject', status: 503 }, '/v2/gn/pix/');
    const unavailable = await byHand(made.id);
    expect(unavailable.statusCode, unavailable.body).toBe(503);
    expect(unavailable.json().error.code).toBe('PAYOUT_PSP_CHECK_UNAVAILABLE');
    fake.setMode({ kind: 'ok' });
    expect(sendsOf(made.id)).toHaveLength(1);
    expect((await orderRow(made.id)).status).toBe('error');
  });

  it('leaves the payout to an admin when the integration does not pay out', async () => {
    await setIntegration({ payouts: false });
    try {
      const order = await paidOrder();
      await confirmFunds(order.id);
      const view = await adminView(order.id);
      expect(view.json().payoutPlan).toEqual({ kind: 'manual', reason: 'pix' });
      await drainAll();
      expect((await orderRow(order.id)).status).toBe('admin_confirmed');
      expect(sendRequests(order.id)).toBe(0);
      const paid = await byHand(order.id);
      expect(paid.statusCode, paid.body).toBe(200);
    } finally {
      await setIntegration({ payouts: true });
    }
  });
});
