import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, incomingPayments } from '@permuta/db';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { signInAdmin } from '../../../test/auth-helpers.ts';
import type { TestAdmin } from '../../../test/auth-helpers.ts';
import { startFakePixPsp } from '../../fakes/fake-pix-psp.ts';
import type { FakePixPsp } from '../../fakes/fake-pix-psp.ts';
import { trader, updateSettings } from '../orders/test-support.ts';
import type { Trader } from '../orders/test-support.ts';
import { PIX_REFUND_QUEUE, createPixDeposits, refundIdFor } from './pix-deposits.service.ts';

/**
 * The inbox's refunds through the PSP (decision 048): a PIX no order takes is returned with the
 * automatic refunds' own devolução (one id per payment, looked up before it is asked), against
 * the fake PSP over HTTP; exactly one devolução under presses at once, an unknown outcome kept
 * as "requested" until the job settles it, a refusal in the PSP's words, the receipt shown.
 */

const KEY = 'pix@permuta.example';
const CLIENT = { clientId: 'Client_Id_permuta', clientSecret: 'Client_Secret_permuta_0123' };
const STRANGER = { cpf: '52998224725', name: 'Outra Pessoa' };

let t: TestApp;
let owner: TestAdmin;
let operator: TestAdmin;
let customer: Trader;
let fake: FakePixPsp;

async function configure(deposits: boolean) {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/v1/admin/integrations/pix',
    headers: { cookie: owner.cookie },
    payload: {
      config: { apiUrl: fake.url, clientId: CLIENT.clientId },
      secrets: { clientSecret: CLIENT.clientSecret },
      deposits,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  t = await buildTestApp();
  fake = await startFakePixPsp({ ...CLIENT, key: KEY });
  owner = await signInAdmin(t.app);
  operator = await signInAdmin(t.app, undefined, 'operator');
  customer = await trader(t.app, { wallets: [['USDT', 'TRC20'], ['PIX']] });
  await updateSettings(t.app, { pixKey: KEY, pixMerchantName: 'PERMUTA' });
  await configure(true);
});
afterAll(async () => {
  await fake?.close();
  await t?.close();
});
beforeEach(() => fake.setMode({ kind: 'ok' }));

/** A PIX to our key that no order names: in the inbox, unmatched. */
async function strayPix(amount = '250.00') {
  const pix = await fake.payUnknown({ amount, payer: STRANGER });
  await t.app.services.pixDeposits.reportPix(pix.endToEndId);
  const row = await paymentOf(pix.endToEndId);
  expect(row).toMatchObject({ status: 'unmatched', reason: 'no_order' });
  return { pix, payment: row! };
}

async function paymentOf(e2eid: string) {
  const [row] = await t.app.db
    .select()
    .from(incomingPayments)
    .where(and(eq(incomingPayments.provider, 'pix'), eq(incomingPayments.externalId, e2eid)));
  return row ?? null;
}

function post(
  id: string,
  action: 'refund' | 'refunded',
  payload: unknown,
  who: { cookie: string } = operator,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/payments/${id}/${action}`,
    headers: { cookie: who.cookie, 'accept-language': 'en-US', ...headers },
    payload: payload as object,
  });
}

const devolucoes = (e2eid: string) => fake.refunds().filter((r) => r.endToEndId === e2eid);

async function audits(paymentId: string, action: string) {
  return t.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, paymentId), eq(auditLog.action, action)));
}

describe('returning an inbox payment through the PSP', () => {
  it('asks one devolução, stores and shows its receipt, audits the admin and the note', async () => {
    const { pix, payment } = await strayPix();
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/payments',
      headers: { cookie: operator.cookie },
    });
    const item = listed.json().items.find((p: { id: string }) => p.id === payment.id);
    expect(item).toMatchObject({ refundAtProvider: true, refund: null });

    const res = await post(payment.id, 'refund', { note: 'Nobody ordered this: returned.' });
    expect(res.statusCode, res.body).toBe(200);
    const [devolucao] = devolucoes(pix.endToEndId);
    expect(devolucoes(pix.endToEndId)).toHaveLength(1);
    expect(devolucao).toMatchObject({ id: refundIdFor(pix.endToEndId), valor: '250.00' });
    expect(res.json()).toMatchObject({
      status: 'refunded',
      refundAtProvider: false,
      refund: {
        state: 'returned',
        refundId: refundIdFor(pix.endToEndId),
        providerId: devolucao!.rtrId,
      },
    });
    const [requested] = await audits(payment.id, 'payment.refund_requested');
    expect(requested).toMatchObject({ actorType: 'admin', actorId: operator.id });
    expect(requested?.after).toMatchObject({ note: 'Nobody ordered this: returned.' });
    expect(await audits(payment.id, 'payment.refunded')).toHaveLength(1);

    // pressed again: the payment no longer waits, nothing more is asked
    const again = await post(payment.id, 'refund', { note: 'again please' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('PAYMENT_ALREADY_RESOLVED');
    expect(devolucoes(pix.endToEndId)).toHaveLength(1);
  });

  it('two admins at once, each pressing twice: exactly one devolução, one record', async () => {
    const { pix, payment } = await strayPix('99.90');
    const presses = await Promise.all([
      post(payment.id, 'refund', { note: 'first admin' }),
      post(payment.id, 'refund', { note: 'second admin' }, owner),
      post(payment.id, 'refund', { note: 'first admin again' }),
      post(payment.id, 'refund', { note: 'second admin again' }, owner),
    ]);
    for (const res of presses) expect([200, 409], res.body).toContain(res.statusCode);
    expect(devolucoes(pix.endToEndId)).toHaveLength(1);
    expect(await paymentOf(pix.endToEndId)).toMatchObject({ status: 'refunded' });
    expect(await audits(payment.id, 'payment.refunded')).toHaveLength(1);
    expect(await audits(payment.id, 'payment.refund_requested')).toHaveLength(1);
  });

  it('an answer lost after the PSP acted is "requested", not a failure; the job settles it once', async () => {
    const { pix, payment } = await strayPix('10.00');
    fake.setMode({ kind: 'crash-after-submit' });
    const res = await post(payment.id, 'refund', { note: 'return it' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'refunding',
      refundAtProvider: false,
      refund: { state: 'requested', refundId: refundIdFor(pix.endToEndId), providerId: null },
    });
    expect(devolucoes(pix.endToEndId)).toHaveLength(1);
    // while it is asked, nobody marks it returned by hand as well
    const byHand = await post(payment.id, 'refunded', { note: 'I did it myself' });
    expect(byHand.statusCode).toBe(409);
    expect(byHand.json().error.code).toBe('PAYMENT_REFUND_AT_PROVIDER');

    fake.setMode({ kind: 'ok' });
    await t.app.jobs.drain(PIX_REFUND_QUEUE, { includeDeferred: true });
    expect(devolucoes(pix.endToEndId)).toHaveLength(1);
    const done = await paymentOf(pix.endToEndId);
    expect(done).toMatchObject({ status: 'refunded', refundId: refundIdFor(pix.endToEndId) });
    expect(JSON.parse(done!.refundReceipt!)).toMatchObject({
      providerId: devolucoes(pix.endToEndId)[0]!.rtrId,
    });
  });

  it('a PSP that does not answer leaves it requested; a later press only looks it up', async () => {
    const { pix, payment } = await strayPix('11.00');
    const quick = createPixDeposits({
      db: t.app.db,
      jobs: t.app.jobs,
      mover: t.app.services.mover,
      payments: t.app.services.incomingPayments,
      readIntegration: () => t.app.services.integrations.read('pix'),
      publicUrl: t.config.publicUrl,
      now: () => new Date(),
      log: { warn: () => {}, error: () => {} },
      timeoutMs: 300,
    });
    await t.app.db
      .update(incomingPayments)
      .set({ status: 'refunding', refundId: refundIdFor(pix.endToEndId) })
      .where(eq(incomingPayments.id, payment.id));
    fake.setMode({ kind: 'timeout' });
    expect(await quick.attemptRefund(payment.id)).toMatchObject({ kind: 'waiting' });
    expect(await paymentOf(pix.endToEndId)).toMatchObject({ status: 'refunding' });
    fake.setMode({ kind: 'ok' });
    const res = await post(payment.id, 'refund', { note: 'try again' });
    expect(res.json().refund.state).toBe('returned');
    expect(devolucoes(pix.endToEndId)).toHaveLength(1);
  });

  it('a refusal says why, keeps the payment open, and lets an admin mark it returned by hand', async () => {
    const { pix, payment } = await strayPix('12.00');
    fake.setMode({
      kind: 'reject',
      status: 400,
      title: 'Devolução inválida',
      detail: 'O pix originário não pode mais ser devolvido.',
    });
    const res = await post(payment.id, 'refund', { note: 'return it' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'refunding',
      refund: { state: 'refused', refusal: expect.stringContaining('não pode mais ser devolvido') },
    });
    expect(await audits(payment.id, 'payment.refund_refused')).toHaveLength(1);
    // the reconciliation's sweep no longer asks it
    const toRefund = await t.app.services.incomingPayments.toRefund('pix');
    expect(toRefund.map((p) => p.id)).not.toContain(payment.id);
    fake.setMode({ kind: 'ok' });
    const again = await post(payment.id, 'refund', { note: 'again' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('PAYMENT_REFUND_REFUSED');
    expect(again.json().error.message).toContain('não pode mais ser devolvido');
    const byHand = await post(payment.id, 'refunded', { note: 'Returned from the bank app.' });
    expect(byHand.statusCode, byHand.body).toBe(200);
    expect(byHand.json().status).toBe('refunded');
    expect(devolucoes(pix.endToEndId)).toHaveLength(0);
  });

  it('after a refusal nothing asks the PSP again: not the job, not the PIX reported again', async () => {
    const { pix, payment } = await strayPix('14.00');
    fake.setMode({ kind: 'reject', status: 400, title: 'Devolução negada' });
    const res = await post(payment.id, 'refund', { note: 'return it' });
    expect(res.json().refund.state).toBe('refused');
    // the PSP would accept now: the admin was told it refused, and may return it by hand
    fake.setMode({ kind: 'ok' });
    await t.app.jobs.drain(PIX_REFUND_QUEUE, { includeDeferred: true });
    // the reconciliation (every minute) and a webhook sent again report the same PIX
    await t.app.services.pixDeposits.reportPix(pix.endToEndId);
    await t.app.services.pixDeposits.reconcile();
    await t.app.jobs.drain(PIX_REFUND_QUEUE, { includeDeferred: true });
    expect(devolucoes(pix.endToEndId)).toHaveLength(0);
    expect(await paymentOf(pix.endToEndId)).toMatchObject({
      status: 'refunding',
      refundRefusal: expect.stringContaining('Devolução negada'),
    });
    // the attempt itself answers with the refusal, without a word to the PSP
    const asked = fake.requests.length;
    expect(await t.app.services.pixDeposits.attemptRefund(payment.id)).toMatchObject({
      kind: 'refused',
      reason: expect.stringContaining('Devolução negada'),
    });
    expect(fake.requests.length).toBe(asked);
  });

  it('a devolução the PSP did not make (NAO_REALIZADO) is a refusal too', async () => {
    const { pix, payment } = await strayPix('13.00');
    fake.setMode({ kind: 'crash-after-submit' });
    await post(payment.id, 'refund', { note: 'return it' });
    await fake.settleRefund(pix.endToEndId, refundIdFor(pix.endToEndId), 'NAO_REALIZADO');
    fake.setMode({ kind: 'ok' });
    await t.app.jobs.drain(PIX_REFUND_QUEUE, { includeDeferred: true });
    const row = await paymentOf(pix.endToEndId);
    expect(row).toMatchObject({ status: 'refunding', refundRefusal: expect.any(String) });
  });

  it('without a PSP (deposits off) it is offered by hand only, and the PSP route says so', async () => {
    const { payment } = await strayPix('14.00');
    await configure(false);
    try {
      const res = await post(payment.id, 'refund', { note: 'return it' }, operator, {
        'accept-language': 'pt-BR',
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe('PAYMENT_REFUND_UNAVAILABLE');
      expect(res.json().error.message).toMatch(/manualmente/);
      const byHand = await post(payment.id, 'refunded', { note: 'Returned by hand.' });
      expect(byHand.statusCode, byHand.body).toBe(200);
    } finally {
      await configure(true);
    }
  });
});

describe('the refund route under attack', () => {
  it('refuses anonymous callers, customers, other origins, bad notes, NUL bytes and absurd ids', async () => {
    const { pix, payment } = await strayPix('15.00');
    const url = `/api/v1/admin/payments/${payment.id}/refund`;
    expect(
      (await t.app.inject({ method: 'POST', url, payload: { note: 'return it' } })).statusCode,
    ).toBe(401);
    expect((await post(payment.id, 'refund', { note: 'return it' }, customer)).statusCode).toBe(
      403,
    );
    const foreign = await post(payment.id, 'refund', { note: 'return it' }, operator, {
      origin: 'https://evil.example',
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error.code).toBe('CROSS_ORIGIN_REQUEST');
    const crossSite = await post(payment.id, 'refund', { note: 'return it' }, operator, {
      'sec-fetch-site': 'cross-site',
    });
    expect(crossSite.statusCode).toBe(403);
    for (const body of [{}, { note: 'x' }, { note: 'y'.repeat(1001) }, { note: 42 }, 'note']) {
      const res = await post(payment.id, 'refund', body);
      expect([400, 415, 422], res.body).toContain(res.statusCode);
    }
    const nul = await post(payment.id, 'refund', { note: 'return\u0000it' });
    expect(nul.statusCode).toBeLessThan(500);
    expect(nul.statusCode).not.toBe(200);
    for (const id of ['not-a-uuid', '%00', 'x'.repeat(5000), '../../payments']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1/admin/payments/${encodeURIComponent(id)}/refund`,
        headers: { cookie: operator.cookie },
        payload: { note: 'return it' },
      });
      expect(res.statusCode, id).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, id).toBeLessThan(500);
    }
    const missing = await post('00000000-0000-4000-8000-000000000000', 'refund', {
      note: 'return it',
    });
    expect(missing.statusCode).toBe(404);
    expect(devolucoes(pix.endToEndId)).toHaveLength(0);
    expect(await paymentOf(pix.endToEndId)).toMatchObject({ status: 'unmatched', refundId: null });
  });
});
