import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { payoutErrorText } from '@permuta/contracts';
import { auditLog, incomingPayments, wallets } from '@permuta/db';
import type { DbHandle, NewOrder } from '@permuta/db';
import { createDerivClient } from '../../adapters/deriv/deriv-client.ts';
import type { DerivAgent } from '../../adapters/deriv/deriv.ts';
import { transferMarker } from '../../adapters/deriv/deriv.ts';
import { startFakeDeriv } from '../../fakes/fake-deriv.ts';
import type { FakeDeriv, FakeDerivMode } from '../../fakes/fake-deriv.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { signInAdmin } from '../../../test/auth-helpers.ts';
import type { TestAdmin } from '../../../test/auth-helpers.ts';
import { insertOrder, networkId, tokenId, trader, updateSettings } from '../orders/test-support.ts';
import type { Trader } from '../orders/test-support.ts';
import { createDerivDeposits } from '../payments/deriv-deposits.ts';
import { depositTestKit } from '../payments/test-support.ts';
import { derivTester } from '../integrations/deriv-agent.ts';
import type { PayoutService } from './payouts.service.ts';
import { createDerivRail, DERIV_SETTLE_MS } from './deriv-rail.ts';
import { derivTestKit, orderMovingOf, payoutTestKit, withSecondPool } from './test-support.ts';

/**
 * Deriv out and in (decision 042) against the fake Deriv over real WebSockets: the code under
 * test runs its real client; the fake is the only stand-in.
 */

const AGENT = 'CR9000001';
const AGENT_TOKEN = 'agent-token-0001';
/** the customer's account (test-support's DERIV wallet), in the customer's KYC name */
const CUSTOMER_ACCOUNT = 'CR765432';
/** an account in another person's name */
const OTHER_ACCOUNT = 'CR111222';
/** an account no customer of ours has as a wallet */
const STRANGER = 'CR333444';

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
      // the customer's KYC name is "Maria da Silva": Deriv writes it its own way
      { loginid: CUSTOMER_ACCOUNT, fullName: '  MARÍA DA  SILVA ', currency: 'USD', balance: 5000 },
      { loginid: OTHER_ACCOUNT, fullName: 'Joana Souza', currency: 'USD', balance: 5000 },
      { loginid: STRANGER, fullName: 'Pedro Alves', currency: 'USD', balance: 5000 },
    ],
  });
  t = await buildTestApp();
  admin = await signInAdmin(t.app);
  customer = await trader(t.app, { locale: 'en-US', wallets: [['DERIV'], ['PIX']] });
  await updateSettings(t.app, { derivAccount: AGENT });
  await setIntegration({ payouts: true, deposits: true });
});
afterEach(() => fake.setMode({ kind: 'ok' }));
afterAll(async () => {
  for (const client of clients) await client.close();
  await t?.close();
  await fake?.close();
});

// --- helpers ----------------------------------------------------------------------------------

const { adminView, confirmFunds, byHand, giveUp, orderRow, payoutEntries, drainAll } =
  payoutTestKit(() => ({ t, admin }), { amountReceived: '540' });

const { setIntegration, paidOrder, transfersOf, transferRequests } = derivTestKit(
  () => ({ t, admin, fake, customer }),
  { agentToken: AGENT_TOKEN, account: CUSTOMER_ACCOUNT },
);

/** A clock the test moves on. */
function testClock() {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    advance: (ms: number) => {
      offset += ms;
    },
  };
}

/**
 * Another payout service on the app's database with its own Deriv client (a real one on the
 * fake). `beforeTransfer` lets the test set the fake's mode for the real transfer only (after
 * the dry run), as Deriv misbehaving exactly then.
 */
function derivPayouts(
  now: () => Date,
  options: {
    timeoutMs?: number;
    handle?: DbHandle;
    beforeTransfer?: () => void;
  } = {},
): PayoutService {
  const client = createDerivClient({
    url: fake.url,
    token: AGENT_TOKEN,
    timeoutMs: options.timeoutMs ?? 5000,
  });
  clients.push(client);
  const agent: DerivAgent = {
    ...client,
    transfer: (request) => {
      if (!request.dryRun) options.beforeTransfer?.();
      return client.transfer(request);
    },
  };
  return orderMovingOf(t, {
    handle: options.handle,
    rails: [createDerivRail({ agent: async () => agent, now })],
    now,
  }).payouts;
}

/** The fake misbehaves on the next real transfer only (the first one after this). */
function onTransfer(mode: FakeDerivMode): () => void {
  let used = false;
  return () => {
    if (used) return;
    used = true;
    fake.setMode(mode, 'paymentagent_transfer');
  };
}

async function auditOf(orderId: string, action: string) {
  return t.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, orderId), eq(auditLog.action, action)));
}

// --- Deriv out ----------------------------------------------------------------------------------

describe('automatic Deriv payouts', () => {
  it('pays a confirmed order: a dry run, one transfer with the marker, paid with the transaction id', async () => {
    const order = await paidOrder();
    await confirmFunds(order.id);
    await drainAll();
    const row = await orderRow(order.id);
    const [transfer] = transfersOf(order.id);
    expect(transfersOf(order.id)).toHaveLength(1);
    expect(transfer).toMatchObject({ to: CUSTOMER_ACCOUNT, amount: '95', currency: 'USD' });
    expect(row).toMatchObject({
      status: 'admin_paid',
      payoutTxId: String(transfer!.transactionId),
      withdrawId: String(transfer!.transactionId),
      payoutFailure: null,
    });
    expect(transferRequests(order.id)).toEqual({ dryRuns: 1, real: 1 });
    expect(await payoutEntries(order.id)).toHaveLength(1);
  });

  it('stops before any transfer when the account is in another name, and says so in both languages', async () => {
    const order = await paidOrder({ addressToReceive: OTHER_ACCOUNT });
    await confirmFunds(order.id);
    await drainAll();
    const row = await orderRow(order.id);
    expect(row.status).toBe('error');
    expect(row.payoutFailure).toEqual({
      code: 'deriv_name_mismatch',
      params: { account: OTHER_ACCOUNT, derivName: 'Joana Souza', kycName: 'Maria da Silva' },
    });
    expect(payoutErrorText(row.payoutFailure!, 'en-US')).toContain('“Joana Souza”');
    expect(payoutErrorText(row.payoutFailure!, 'pt-BR')).toContain('Nenhuma transferência');
    expect(transfersOf(order.id)).toHaveLength(0);
    expect(transferRequests(order.id)).toEqual({ dryRuns: 1, real: 0 });
    expect(await payoutEntries(order.id)).toHaveLength(0);
  });

  it('after a connection dropped right after the transfer, finds it on the retry: one transfer, paid', async () => {
    const order = await paidOrder();
    await confirmFunds(order.id);
    const clock = testClock();
    const payouts = derivPayouts(clock.now, {
      beforeTransfer: onTransfer({ kind: 'crash-after-submit' }),
    });
    await payouts.run({ orderId: order.id });
    expect(transfersOf(order.id)).toHaveLength(1);
    expect(await orderRow(order.id)).toMatchObject({ status: 'processing', withdrawId: null });
    const [unknown] = await auditOf(order.id, 'order.payout_outcome_unknown');
    expect(String((unknown?.after as { why?: string }).why)).toMatch(/not paid/);

    fake.setMode({ kind: 'ok' });
    await payouts.run({ orderId: order.id, check: 1 });
    const [transfer] = transfersOf(order.id);
    expect(await orderRow(order.id)).toMatchObject({
      status: 'admin_paid',
      payoutTxId: String(transfer!.transactionId),
    });
    expect(transfersOf(order.id)).toHaveLength(1);
    expect(transferRequests(order.id).real).toBe(1);
    expect(await payoutEntries(order.id)).toHaveLength(1);
  });

  it('after a timeout Deriv never acted on, waits before taking "nothing" as "not paid", then pays once', async () => {
    const order = await paidOrder();
    await confirmFunds(order.id);
    const clock = testClock();
    const payouts = derivPayouts(clock.now, {
      timeoutMs: 300,
      beforeTransfer: onTransfer({ kind: 'timeout' }),
    });
    await payouts.run({ orderId: order.id });
    expect(transfersOf(order.id)).toHaveLength(0);
    expect((await orderRow(order.id)).status).toBe('processing');

    fake.setMode({ kind: 'ok' });
    // the retries of the next two minutes find nothing, and that proves nothing yet
    await payouts.run({ orderId: order.id, check: 1 });
    clock.advance(DERIV_SETTLE_MS - 10_000);
    await payouts.run({ orderId: order.id, check: 2 });
    expect(transferRequests(order.id).real).toBe(1);
    expect((await orderRow(order.id)).status).toBe('processing');

    clock.advance(20_000);
    await payouts.run({ orderId: order.id, check: 3 });
    expect(transfersOf(order.id)).toHaveLength(1);
    const [submitted] = await auditOf(order.id, 'order.payout_submitted');
    expect(String((submitted?.after as { why?: string }).why)).toMatch(/it was not made/);
    await payouts.run({ orderId: order.id, check: 1 });
    expect((await orderRow(order.id)).status).toBe('admin_paid');
    expect(transfersOf(order.id)).toHaveLength(1);
    expect(await payoutEntries(order.id)).toHaveLength(1);
  });

  it('after a timeout Deriv answered late, finds the late transfer and never sends another', async () => {
    const order = await paidOrder();
    await confirmFunds(order.id);
    const clock = testClock();
    const payouts = derivPayouts(clock.now, {
      timeoutMs: 200,
      beforeTransfer: onTransfer({ kind: 'slow', ms: 600 }),
    });
    await payouts.run({ orderId: order.id });
    fake.setMode({ kind: 'ok' });
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(transfersOf(order.id)).toHaveLength(1);
    clock.advance(DERIV_SETTLE_MS + 60_000);
    await payouts.run({ orderId: order.id, check: 1 });
    expect((await orderRow(order.id)).status).toBe('admin_paid');
    expect(transfersOf(order.id)).toHaveLength(1);
    expect(transferRequests(order.id).real).toBe(1);
  });

  it('makes one transfer when two instances run the same payout at once', async () => {
    await withSecondPool(t, async (other) => {
      const order = await paidOrder();
      await confirmFunds(order.id);
      const clock = testClock();
      const first = derivPayouts(clock.now);
      const second = derivPayouts(clock.now, { handle: other });
      await Promise.all(
        Array.from({ length: 10 }, (_, i) => (i % 2 ? first : second).run({ orderId: order.id })),
      );
      expect(transfersOf(order.id)).toHaveLength(1);
      await first.run({ orderId: order.id, check: 1 });
      expect((await orderRow(order.id)).status).toBe('admin_paid');
      expect(transfersOf(order.id)).toHaveLength(1);
    });
  });

  it('refuses a payment by hand while a Deriv transfer may be live or is done', async () => {
    // a timeout a moment ago: nothing in the statement yet, but that is no proof
    const unsure = await paidOrder();
    await confirmFunds(unsure.id);
    await derivPayouts(() => new Date(), {
      timeoutMs: 300,
      beforeTransfer: onTransfer({ kind: 'timeout' }),
    }).run({ orderId: unsure.id });
    fake.setMode({ kind: 'ok' });
    await giveUp(unsure.id);
    const refused = await byHand(unsure.id);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error.code).toBe('PAYOUT_AT_DERIV');

    // a transfer made, its answer lost
    const made = await paidOrder();
    await confirmFunds(made.id);
    await derivPayouts(() => new Date(), {
      beforeTransfer: onTransfer({ kind: 'crash-after-submit' }),
    }).run({ orderId: made.id });
    fake.setMode({ kind: 'ok' });
    await giveUp(made.id);
    const done = await byHand(made.id);
    expect(done.statusCode, done.body).toBe(409);
    expect(done.json().error).toMatchObject({
      code: 'PAYOUT_AT_DERIV',
      params: { withdrawId: String(transfersOf(made.id)[0]!.transactionId), state: 'completed' },
    });
    expect(transfersOf(made.id)).toHaveLength(1);
    expect((await orderRow(made.id)).status).toBe('error');
  });

  it('stops for a person, sending nothing more, when the statement shows the order paid twice', async () => {
    const order = await paidOrder();
    await confirmFunds(order.id);
    // as if someone had paid this order twice with its marker (by hand at Deriv, say)
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
    await derivPayouts(() => new Date()).run({ orderId: order.id });
    const row = await orderRow(order.id);
    expect(row.status).toBe('error');
    expect(row.payoutFailure).toEqual({
      code: 'deriv_paid_twice',
      params: { transactions: transfersOf(order.id).map((x) => String(x.transactionId)) },
    });
    expect(transfersOf(order.id)).toHaveLength(2);
    expect(await payoutEntries(order.id)).toHaveLength(0);
  });

  it('leaves the payout to an admin when the integration does not pay out', async () => {
    await setIntegration({ payouts: false });
    try {
      const order = await paidOrder();
      await confirmFunds(order.id);
      const view = await adminView(order.id);
      expect(view.json().payoutPlan).toEqual({ kind: 'manual', reason: 'deriv' });
      await drainAll();
      expect((await orderRow(order.id)).status).toBe('admin_confirmed');
      expect(transferRequests(order.id)).toEqual({ dryRuns: 0, real: 0 });
    } finally {
      await setIntegration({ payouts: true });
    }
  });
});

// --- Deriv in -----------------------------------------------------------------------------------

describe('Deriv deposits', () => {
  /** A DERIV -> PIX order of the customer waiting for `amount` USD from their Deriv account. */
  async function derivOrder(amount: string, values: Partial<NewOrder> = {}) {
    return insertOrder(t.app, customer.id, {
      sendTokenId: await tokenId(t.app, 'DERIV'),
      receiveTokenId: await tokenId(t.app, 'PIX'),
      networkId: await networkId(t.app, 'DERIV', 'USD'),
      amountSend: amount,
      amountReceive: '500',
      rate: '5.2',
      priceSendBrl: '5.6',
      priceReceiveBrl: '1',
      walletId: customer.wallets.PIX,
      addressToReceive: '12345678909',
      paymentMethod: 'deriv',
      status: 'pending',
      ...values,
    } as Partial<NewOrder>);
  }

  async function paymentsOf(externalId: number) {
    return t.app.db
      .select()
      .from(incomingPayments)
      .where(
        and(
          eq(incomingPayments.provider, 'deriv'),
          eq(incomingPayments.externalId, String(externalId)),
        ),
      );
  }

  const run = () => t.app.services.derivDeposits.run();
  const { fundsEntries } = depositTestKit(() => t, 'deriv');

  it("credits the order a customer's transfer pays, once however often the statement is read", async () => {
    const order = await derivOrder('101.5');
    const sent = fake.customerSends(CUSTOMER_ACCOUNT, '101.5', 'for my order');
    await run();
    await run();
    const [payment, ...more] = await paymentsOf(sent.transactionId);
    expect(more).toHaveLength(0);
    expect(payment).toMatchObject({
      status: 'credited',
      orderId: order.id,
      payerAccount: CUSTOMER_ACCOUNT,
      reference: sent.reference,
      tokenCode: 'DERIV',
    });
    expect((await orderRow(order.id)).status).toBe('admin_confirmed');
    expect(await fundsEntries(order.id)).toHaveLength(1);
  });

  it('parks a transfer two equal orders could be for in the inbox as ambiguous', async () => {
    const first = await derivOrder('102.25');
    const second = await derivOrder('102.25');
    const sent = fake.customerSends(CUSTOMER_ACCOUNT, '102.25');
    await run();
    const [payment] = await paymentsOf(sent.transactionId);
    expect(payment).toMatchObject({ status: 'unmatched', reason: 'ambiguous', orderId: null });
    expect((await orderRow(first.id)).status).toBe('pending');
    expect((await orderRow(second.id)).status).toBe('pending');
  });

  it('parks a transfer from an account no customer has in the inbox', async () => {
    const order = await derivOrder('103');
    const sent = fake.customerSends(STRANGER, '103');
    await run();
    const [payment] = await paymentsOf(sent.transactionId);
    expect(payment).toMatchObject({
      status: 'unmatched',
      reason: 'no_order',
      payerAccount: STRANGER,
    });
    expect((await orderRow(order.id)).status).toBe('pending');
  });

  it('moves nothing while the integration takes no deposits', async () => {
    await setIntegration({ deposits: false });
    try {
      const order = await derivOrder('104');
      const sent = fake.customerSends(CUSTOMER_ACCOUNT, '104');
      expect(await run()).toEqual([]);
      expect(await paymentsOf(sent.transactionId)).toHaveLength(0);
      expect((await orderRow(order.id)).status).toBe('pending');
    } finally {
      await setIntegration({ deposits: true });
    }
  });

  it('a second reader of the statement (another instance) changes nothing already decided', async () => {
    const order = await derivOrder('105');
    const sent = fake.customerSends(CUSTOMER_ACCOUNT, '105');
    const client = createDerivClient({ url: fake.url, token: AGENT_TOKEN });
    clients.push(client);
    const other = createDerivDeposits({
      db: t.app.db,
      agent: async () => client,
      incoming: t.app.services.incomingPayments,
      now: () => new Date(),
      log: { warn: () => {}, error: () => {} },
    });
    await Promise.all([run(), other.run(), run()]);
    expect(await paymentsOf(sent.transactionId)).toHaveLength(1);
    expect((await orderRow(order.id)).status).toBe('admin_confirmed');
    // the customer's wallet is still theirs (nothing else was touched)
    const [wallet] = await t.app.db
      .select()
      .from(wallets)
      .where(eq(wallets.id, customer.wallets.DERIV!));
    expect(wallet?.derivAccount).toBe(CUSTOMER_ACCOUNT);
  });
});

// --- the integration's test -------------------------------------------------------------------

describe('the Deriv integration test', () => {
  it("connects with the agent's token, and refuses another account or a bad token", async () => {
    expect(await t.app.services.integrations.test('deriv')).toEqual({
      ok: true,
      result: 'connected',
      detail: null,
      account: AGENT,
    });
    await updateSettings(t.app, { derivAccount: 'CR1234567' });
    try {
      expect(await t.app.services.integrations.test('deriv')).toMatchObject({
        ok: false,
        result: 'account_mismatch',
        account: AGENT,
      });
    } finally {
      await updateSettings(t.app, { derivAccount: AGENT });
    }
    await setIntegration({ token: 'not-the-token' });
    try {
      expect(await t.app.services.integrations.test('deriv')).toMatchObject({
        ok: false,
        result: 'credentials_refused',
      });
    } finally {
      await setIntegration({});
    }
  });

  it('tells an unreachable Deriv from one that does not answer in time', async () => {
    const integration = (wsUrl: string) => ({
      provider: 'deriv' as const,
      config: { wsUrl, appId: '1' },
      secrets: { token: AGENT_TOKEN },
      configured: true,
      deposits: false,
      payouts: false,
    });
    const test = derivTester(t.app.db, { timeoutMs: 300 });
    expect(await test(integration('ws://127.0.0.1:1/websockets/v3'))).toMatchObject({
      ok: false,
      result: 'unreachable',
    });
    const url = new URL(fake.url);
    fake.setMode({ kind: 'timeout' }, 'authorize');
    expect(await test(integration(`${url.origin}${url.pathname}`))).toMatchObject({
      ok: false,
      result: 'timeout',
    });
  });
});
