import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { payoutErrorText } from '@permuta/contracts';
import { dec } from '@permuta/contracts';
import { auditLog, orders, treasuryEntries } from '@permuta/db';
import { createDerivClient } from '../../adapters/deriv/deriv-client.ts';
import type { DerivAgent } from '../../adapters/deriv/deriv.ts';
import { transferMarker } from '../../adapters/deriv/deriv.ts';
import { startFakeDeriv } from '../../fakes/fake-deriv.ts';
import type { FakeDeriv } from '../../fakes/fake-deriv.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { signInAdmin } from '../../../test/auth-helpers.ts';
import type { TestAdmin } from '../../../test/auth-helpers.ts';
import { callAs, trader, updateSettings } from '../orders/test-support.ts';
import type { Trader } from '../orders/test-support.ts';
import { findOrderDetail } from '../orders/orders.repository.ts';
import { createDerivRail } from './deriv-rail.ts';
import { derivTestKit, payoutTestKit } from './test-support.ts';

/**
 * The exceptions of automatic Deriv payouts that end with a person (decision 048): a token Deriv
 * refuses stops the payout at once with its reason (and the Integrations page shows it), and an
 * order paid twice at Deriv is closed by finance with what was done. The real client against
 * the fake Deriv over real WebSockets.
 */

const AGENT = 'CR9000101';
const AGENT_TOKEN = 'agent-token-0101';
const CUSTOMER_ACCOUNT = 'CR765432';

let fake: FakeDeriv;
let t: TestApp;
let admin: TestAdmin;
let finance: TestAdmin;
let operator: TestAdmin;
let owner: TestAdmin;
let customer: Trader;
const clients: DerivAgent[] = [];

beforeAll(async () => {
  fake = await startFakeDeriv({
    agentToken: AGENT_TOKEN,
    agentLoginId: AGENT,
    accounts: [
      { loginid: AGENT, fullName: 'Permuta Pagamentos', currency: 'USD', balance: '100000' },
      { loginid: CUSTOMER_ACCOUNT, fullName: 'Maria da Silva', currency: 'USD', balance: 5000 },
    ],
  });
  t = await buildTestApp();
  admin = await signInAdmin(t.app);
  owner = admin;
  finance = await signInAdmin(t.app, undefined, 'finance');
  operator = await signInAdmin(t.app, undefined, 'operator');
  customer = await trader(t.app, { locale: 'en-US', wallets: [['DERIV'], ['PIX']] });
  await updateSettings(t.app, { derivAccount: AGENT });
  await setIntegration({ payouts: true });
});
afterEach(() => fake.setMode({ kind: 'ok' }));
afterAll(async () => {
  for (const client of clients) await client.close();
  await t?.close();
  await fake?.close();
});

const { setIntegration, paidOrder, transferRequests } = derivTestKit(
  () => ({ t, admin, fake, customer }),
  { agentToken: AGENT_TOKEN, account: CUSTOMER_ACCOUNT },
);
const { confirmFunds, orderRow, drainAll, payoutEntries } = payoutTestKit(() => ({ t, admin }), {
  amountReceived: '540',
});

const realTransfers = (orderId: string) => transferRequests(orderId).real;

async function derivIntegration() {
  const view = await t.app.inject({
    method: 'GET',
    url: '/api/v1/admin/integrations',
    headers: { cookie: admin.cookie },
  });
  expect(view.statusCode).toBe(200);
  return (
    view.json() as { integrations: { provider: string; problem: unknown }[] }
  ).integrations.find((i) => i.provider === 'deriv')!;
}

describe('a Deriv token refused', () => {
  it('stops the payout at once with the reason in words, sends nothing, and shows on Integrations', async () => {
    await setIntegration({ token: 'revoked-token' });
    try {
      expect((await derivIntegration()).problem).toBeNull();
      const order = await paidOrder();
      await confirmFunds(order.id);
      await drainAll();
      const row = await orderRow(order.id);
      expect(row.status).toBe('error');
      expect(row.payoutFailure).toEqual({
        code: 'deriv_token_refused',
        params: { message: 'The token is invalid.', derivCode: 'InvalidToken' },
      });
      expect(payoutErrorText(row.payoutFailure!, 'en-US')).toContain('Nothing was sent');
      expect(payoutErrorText(row.payoutFailure!, 'pt-BR')).toContain('Nada foi enviado');
      expect(realTransfers(order.id)).toBe(0);
      const problem = (await derivIntegration()).problem as { code: string; detail: string };
      expect(problem).toMatchObject({ code: 'token_refused' });
      expect(problem.detail).toContain('InvalidToken');
      const audits = await t.app.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'integration.problem'), eq(auditLog.entityId, 'deriv')));
      expect(audits).toHaveLength(1);
    } finally {
      await setIntegration({});
    }
    // saving a token again clears the problem
    expect((await derivIntegration()).problem).toBeNull();
  });

  it('pays once the token is fixed and the admin retries', async () => {
    await setIntegration({ token: 'revoked-token' });
    const order = await paidOrder();
    await confirmFunds(order.id);
    await drainAll();
    expect((await orderRow(order.id)).status).toBe('error');
    await setIntegration({});
    const retry = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${order.id}/transition`,
      headers: { cookie: admin.cookie },
      payload: { action: 'submit_payout' },
    });
    expect(retry.statusCode, retry.body).toBe(200);
    await drainAll();
    expect((await orderRow(order.id)).status).toBe('admin_paid');
    expect(realTransfers(order.id)).toBe(1);
  });

  it('keeps looking (never fails) when a transfer was sent before: a refusal now proves nothing of it', async () => {
    const order = await paidOrder();
    await confirmFunds(order.id);
    // as if a transfer had been sent a moment ago, its answer lost
    await t.app.db
      .update(orders)
      .set({ status: 'processing', payoutAppliedAt: new Date(), withdrawRequestedAt: new Date() })
      .where(eq(orders.id, order.id));
    await setIntegration({ token: 'revoked-token' });
    try {
      await t.app.services.payouts.run({ orderId: order.id, check: 1 });
      const row = await orderRow(order.id);
      expect(row.status).toBe('processing');
      expect(row.payoutFailure).toBeNull();
    } finally {
      await setIntegration({});
    }
  });

  it('a transfer refused for its authorization fails as a token problem; other refusals keep their words', async () => {
    const order = await paidOrder();
    await confirmFunds(order.id);
    fake.setMode(
      { kind: 'reject', code: 'AuthorizationRequired', message: 'Please log in.' },
      'paymentagent_transfer',
    );
    await drainAll();
    expect((await orderRow(order.id)).payoutFailure).toMatchObject({ code: 'deriv_token_refused' });
    expect(realTransfers(order.id)).toBe(0);

    const other = await paidOrder();
    await confirmFunds(other.id);
    fake.setMode(
      { kind: 'reject', code: 'PaymentAgentTransferError', message: 'No.' },
      'paymentagent_transfer',
    );
    await drainAll();
    expect((await orderRow(other.id)).payoutFailure).toMatchObject({ code: 'deriv_refused' });
  });

  it('a timeout or a dropped connection is no refusal: "could not ask", never a failure', async () => {
    const order = await paidOrder();
    const detail = await findOrderDetail(t.app.db, order.id);
    const client = createDerivClient({ url: fake.url, token: AGENT_TOKEN, timeoutMs: 200 });
    clients.push(client);
    let told = 0;
    const rail = createDerivRail({
      agent: async () => client,
      now: () => new Date(),
      tokenRefused: async () => {
        told += 1;
      },
    });
    fake.setMode({ kind: 'timeout' }, 'statement');
    const looked = await rail.lookUp(detail!);
    expect(looked).toMatchObject({ kind: 'unavailable' });
    expect('failure' in looked && looked.failure).toBeFalsy();
    expect(told).toBe(0);
  });
});

describe('a Deriv payout made twice', () => {
  /** An order whose statement shows two transfers with its marker, stopped for a person. */
  async function paidTwice() {
    const order = await paidOrder();
    const client = createDerivClient({ url: fake.url, token: AGENT_TOKEN });
    clients.push(client);
    for (let i = 0; i < 2; i++) {
      await client.transfer({
        to: CUSTOMER_ACCOUNT,
        amount: '95',
        currency: 'USD',
        description: transferMarker(order.id),
      });
    }
    await confirmFunds(order.id);
    await drainAll();
    const row = await orderRow(order.id);
    expect(row).toMatchObject({ status: 'error', payoutFailure: { code: 'deriv_paid_twice' } });
    return {
      order,
      transactions: (row.payoutFailure as { params: { transactions: string[] } }).params
        .transactions,
    };
  }

  const settle = (
    orderId: string,
    payload: unknown,
    who: { cookie: string } = finance,
    headers = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${orderId}/paid-twice`,
      headers: { cookie: who.cookie, 'accept-language': 'en-US', ...headers },
      payload: payload as object,
    });

  const payouts = payoutEntries;

  it('the duplicate returned: paid once, receipt the first transfer, audited; the customer reads it paid', async () => {
    const { order, transactions } = await paidTwice();
    const res = await settle(order.id, {
      outcome: 'duplicate_returned',
      note: 'The customer sent the second 95 USD back.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('admin_paid');
    expect(await orderRow(order.id)).toMatchObject({
      status: 'admin_paid',
      payoutTxId: transactions[0],
    });
    expect(await payouts(order.id)).toHaveLength(1);
    const [audit] = await t.app.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.entityId, order.id), eq(auditLog.action, 'payout.paid_twice_settled')),
      );
    expect(audit).toMatchObject({ actorType: 'admin', actorId: finance.id });
    expect(audit?.after).toMatchObject({ outcome: 'duplicate_returned', transactions });
    const page = await callAs(t.app, customer, 'GET', `/api/v1/orders/${order.id}`);
    expect(page.json()).toMatchObject({ status: 'admin_paid', payoutTxId: transactions[0] });
    // nothing more was sent than the two transfers, and it cannot be settled twice
    expect(realTransfers(order.id)).toBe(2);
    const again = await settle(order.id, { outcome: 'written_off', note: 'again' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('ORDER_NOT_PAID_TWICE');
  });

  it('written off: one payout for the order, the duplicate a treasury adjustment naming it', async () => {
    const { order, transactions } = await paidTwice();
    const res = await settle(order.id, { outcome: 'written_off', note: 'Customer unreachable.' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await payouts(order.id)).map((e) => dec(e.amount).toFixed())).toEqual(['95']);
    const adjustments = await t.app.db
      .select()
      .from(treasuryEntries)
      .where(eq(treasuryEntries.kind, 'adjustment'));
    const mine = adjustments.filter((e) => e.note?.includes(order.reference));
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ direction: 'debit' });
    expect(dec(mine[0]!.amount).toFixed()).toBe('95');
    expect(mine[0]!.note).toContain(transactions[1]!);
  });

  it('two finance admins at once: one settlement', async () => {
    const { order } = await paidTwice();
    const answers = await Promise.all([
      settle(order.id, { outcome: 'duplicate_returned', note: 'returned, says A' }),
      settle(order.id, { outcome: 'written_off', note: 'written off, says B' }, owner),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await payouts(order.id)).toHaveLength(1);
    const audits = await t.app.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.entityId, order.id), eq(auditLog.action, 'payout.paid_twice_settled')),
      );
    expect(audits).toHaveLength(1);
  });

  it('refuses operators, customers, other origins, bad outcomes, NUL bytes, absurd ids, and orders not paid twice', async () => {
    const { order } = await paidTwice();
    const body = { outcome: 'duplicate_returned', note: 'returned' };
    expect((await settle(order.id, body, operator)).statusCode).toBe(403);
    expect((await settle(order.id, body, { cookie: customer.cookie })).statusCode).toBe(403);
    const foreign = await settle(order.id, body, finance, { origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/v1/admin/orders/${order.id}/paid-twice`,
          payload: body,
        })
      ).statusCode,
    ).toBe(401);
    for (const bad of [
      {},
      { outcome: 'paid_thrice', note: 'returned' },
      { outcome: 'written_off', note: 'x' },
      { outcome: 'written_off', note: 'a\u0000b c' },
      { outcome: 'written_off', note: 'y'.repeat(1001) },
    ]) {
      const res = await settle(order.id, bad);
      expect([400, 422], JSON.stringify(bad)).toContain(res.statusCode);
    }
    for (const id of ['nope', 'x'.repeat(500), '%00']) {
      const res = await settle(encodeURIComponent(id), body);
      expect(res.statusCode, id).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, id).toBeLessThan(500);
    }
    const normal = await paidOrder();
    const refused = await settle(normal.id, body);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('ORDER_NOT_PAID_TWICE');
    // the generic transition does not know the move
    const generic = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${order.id}/transition`,
      headers: { cookie: finance.cookie },
      payload: { action: 'settle_paid_twice', note: 'sneaky' },
    });
    expect(generic.statusCode).toBe(400);
    expect((await orderRow(order.id)).status).toBe('error');
  });
});
