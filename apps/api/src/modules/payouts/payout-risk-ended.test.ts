import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, payoutRiskChecks, wallets } from '@permuta/db';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { signInAdmin } from '../../../test/auth-helpers.ts';
import type { TestAdmin } from '../../../test/auth-helpers.ts';
import { png } from '../../../test/document-files.ts';
import {
  insertPaidPixToUsdt,
  multipartBody,
  trader,
  updateSettings,
} from '../orders/test-support.ts';
import type { Trader } from '../orders/test-support.ts';
import { RISK_LIMITS_LIFTED } from './payout-risk.test-support.ts';
import { PAYOUT_QUEUE } from './payouts.service.ts';

/**
 * A payout held by a risk rule (decision 043) that an admin settles by hand: the hold ends with
 * why and when (decision 048), in the hold panel's view and in the audit history, and a late
 * approval queues nothing.
 */

let t: TestApp;
let owner: TestAdmin;
let finance: TestAdmin;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await signInAdmin(t.app);
  finance = await signInAdmin(t.app, undefined, 'finance');
  await updateSettings(t.app, {
    autoCryptoPayouts: true,
    ...RISK_LIMITS_LIFTED,
    autoPayoutMaxOrderBrl: '100',
  });
});
afterAll(async () => {
  await t?.close();
});

async function heldOrder() {
  const who: Trader = await trader(t.app, { locale: 'en-US', wallets: [['USDT', 'TRC20']] });
  const long = new Date(Date.now() - 72 * 3_600_000);
  await t.app.db
    .update(wallets)
    .set({ createdAt: long, updatedAt: long })
    .where(eq(wallets.id, who.wallets.USDT!));
  const order = await insertPaidPixToUsdt(t.app, who);
  const confirmed = await t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/orders/${order.id}/transition`,
    headers: { cookie: owner.cookie },
    payload: { action: 'confirm_funds', amountReceived: '540' },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  expect(confirmed.json().payoutHold).toMatchObject({ state: 'held', endedAt: null });
  return order;
}

async function byHand(orderId: string, what: 'pay' | 'refund') {
  const body = multipartBody(
    { name: 'proof.png', bytes: await png(), type: 'image/png' },
    what === 'refund' ? { note: 'The customer asked for the money back.' } : {},
  );
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/orders/${orderId}/${what}`,
    headers: { cookie: finance.cookie, 'accept-language': 'en-US', ...body.headers },
    payload: body.payload,
  });
}

async function checkOf(orderId: string) {
  const [row] = await t.app.db
    .select()
    .from(payoutRiskChecks)
    .where(eq(payoutRiskChecks.orderId, orderId));
  return row!;
}

const endedAudits = (orderId: string) =>
  t.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, orderId), eq(auditLog.action, 'payout.hold_ended')));

async function holdView(orderId: string) {
  const answer = await t.app.inject({
    method: 'GET',
    url: `/api/v1/admin/orders/${orderId}`,
    headers: { cookie: owner.cookie },
  });
  return answer.json().payoutHold;
}

describe('a held payout settled by hand', () => {
  it('paid by hand: the hold ends as paid_by_hand, audited with the admin, shown with its time', async () => {
    const order = await heldOrder();
    const paid = await byHand(order.id, 'pay');
    expect(paid.statusCode, paid.body).toBe(200);
    const row = await checkOf(order.id);
    expect(row).toMatchObject({ endedBy: 'paid_by_hand', queuedAt: null });
    expect(row.endedAt).toBeInstanceOf(Date);
    const view = await holdView(order.id);
    expect(view).toMatchObject({ state: 'paid_by_hand', endedAt: row.endedAt!.toISOString() });
    const [audit] = await endedAudits(order.id);
    expect(audit).toMatchObject({ actorType: 'admin', actorId: finance.id });
    expect(audit?.after).toMatchObject({ endedBy: 'paid_by_hand', status: 'admin_paid' });
  });

  it('refunded: the hold ends as refunded, and a late approval queues nothing', async () => {
    const order = await heldOrder();
    const refunded = await byHand(order.id, 'refund');
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(await checkOf(order.id)).toMatchObject({ endedBy: 'refunded' });
    expect((await holdView(order.id)).state).toBe('refunded');
    const late = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${order.id}/payout-approval`,
      headers: { cookie: finance.cookie },
    });
    expect(late.statusCode).toBe(409);
    const jobs = (await t.app.jobs.queued(PAYOUT_QUEUE)).filter(
      (job) => (job.data as { orderId?: string }).orderId === order.id,
    );
    expect(jobs).toHaveLength(0);
    expect(await endedAudits(order.id)).toHaveLength(1);
  });

  it('an order never held records no ending', async () => {
    await updateSettings(t.app, { autoPayoutMaxOrderBrl: '100000000' });
    try {
      const who: Trader = await trader(t.app, { locale: 'en-US', wallets: [['USDT', 'TRC20']] });
      const order = await insertPaidPixToUsdt(t.app, who);
      await t.app.inject({
        method: 'POST',
        url: `/api/v1/admin/orders/${order.id}/transition`,
        headers: { cookie: owner.cookie },
        payload: { action: 'confirm_funds', amountReceived: '540' },
      });
      expect(await holdView(order.id)).toBeNull();
      expect(await endedAudits(order.id)).toHaveLength(0);
    } finally {
      await updateSettings(t.app, { autoPayoutMaxOrderBrl: '100' });
    }
  });
});
