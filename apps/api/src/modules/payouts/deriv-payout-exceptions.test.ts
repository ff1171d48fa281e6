import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { payoutErrorText } from '@permuta/contracts';
import { auditLog, orders } from '@permuta/db';
import type { NewOrder } from '@permuta/db';
import { createDerivClient } from '../../adapters/deriv/deriv-client.ts';
import type { DerivAgent } from '../../adapters/deriv/deriv.ts';
import { transferMarker } from '../../adapters/deriv/deriv.ts';
import { startFakeDeriv } from '../../fakes/fake-deriv.ts';
import type { FakeDeriv } from '../../fakes/fake-deriv.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { signInAdmin } from '../../../test/auth-helpers.ts';
import type { TestAdmin } from '../../../test/auth-helpers.ts';
import { insertOrder, networkId, tokenId, trader, updateSettings } from '../orders/test-support.ts';
import type { Trader } from '../orders/test-support.ts';
import { findOrderDetail } from '../orders/orders.repository.ts';
import { createDerivRail } from './deriv-rail.ts';
import { PAYOUT_QUEUE } from './payouts.service.ts';

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

async function setIntegration(change: { payouts?: boolean; token?: string }) {
  const url = new URL(fake.url);
  await t.app.services.integrations.update({ adminId: admin.id, ip: null }, 'deriv', {
    config: { wsUrl: `${url.origin}${url.pathname}`, appId: '1' },
    secrets: { token: change.token ?? AGENT_TOKEN },
    ...(change.payouts === undefined ? {} : { payouts: change.payouts }),
  });
}

async function paidOrder(values: Partial<NewOrder> = {}) {
  return insertOrder(t.app, customer.id, {
    sendTokenId: await tokenId(t.app, 'PIX'),
    receiveTokenId: await tokenId(t.app, 'DERIV'),
    networkId: await networkId(t.app, 'DERIV', 'USD'),
    amountSend: '540',
    amountReceive: '95',
    rate: '0.17592',
    priceSendBrl: '1',
    priceReceiveBrl: '5.6',
    walletId: customer.wallets.DERIV,
    addressToReceive: CUSTOMER_ACCOUNT,
    paymentMethod: 'pix',
    status: 'user_confirmed',
    ...values,
  });
}

async function confirmFunds(orderId: string) {
  const answer = await t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/orders/${orderId}/transition`,
    headers: { cookie: admin.cookie },
    payload: { action: 'confirm_funds', amountReceived: '540' },
  });
  expect(answer.statusCode, answer.body).toBe(200);
}

async function orderRow(orderId: string) {
  const [row] = await t.app.db.select().from(orders).where(eq(orders.id, orderId));
  if (!row) throw new Error('no order');
  return row;
}

const drainAll = () => t.app.jobs.drain(PAYOUT_QUEUE, { includeDeferred: true });

const realTransfers = (orderId: string) =>
  fake
    .requests()
    .filter(
      (r) =>
        r.msgType === 'paymentagent_transfer' &&
        r.body['description'] === transferMarker(orderId) &&
        r.body['dry_run'] !== 1,
    ).length;

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
