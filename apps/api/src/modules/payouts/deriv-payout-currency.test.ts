import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeDeriv } from '../../fakes/fake-deriv.ts';
import type { FakeDeriv } from '../../fakes/fake-deriv.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { signInAdmin } from '../../../test/auth-helpers.ts';
import type { TestAdmin } from '../../../test/auth-helpers.ts';
import {
  callAs,
  liftCustomerLimits,
  placeOrder,
  trader,
  updateSettings,
} from '../orders/test-support.ts';
import type { Trader } from '../orders/test-support.ts';
import { derivTestKit, payoutTestKit } from './test-support.ts';

/**
 * A crypto → Deriv order carries the crypto's network (the quote's network is the crypto side's),
 * yet its payout is a transfer of the Deriv account's currency: found by the demo day (decision
 * 047), where every USDT → Deriv payout was refused by Deriv for the currency "TRC20".
 */

const AGENT = 'CR9000001';
const AGENT_TOKEN = 'agent-token-0001';
const CUSTOMER_ACCOUNT = 'CR765432';

let fake: FakeDeriv;
let t: TestApp;
let admin: TestAdmin;
let customer: Trader;

beforeAll(async () => {
  fake = await startFakeDeriv({
    agentToken: AGENT_TOKEN,
    agentLoginId: AGENT,
    accounts: [
      { loginid: AGENT, fullName: 'Permuta Pagamentos', currency: 'USD', balance: '100000' },
      { loginid: CUSTOMER_ACCOUNT, fullName: 'Maria da Silva', currency: 'USD', balance: 10 },
    ],
  });
  t = await buildTestApp();
  admin = await signInAdmin(t.app);
  customer = await trader(t.app, { wallets: [['DERIV'], ['USDT', 'TRC20']] });
  await liftCustomerLimits(t.app);
  await updateSettings(t.app, { derivAccount: AGENT });
  await setIntegration({ payouts: true });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const { setIntegration, transfersOf } = derivTestKit(() => ({ t, admin, fake, customer }), {
  agentToken: AGENT_TOKEN,
  account: CUSTOMER_ACCOUNT,
});
const { confirmFunds, orderRow, drainAll } = payoutTestKit(() => ({ t, admin }), {
  amountReceived: '0',
});

describe('the Deriv payout of an order sent in crypto', () => {
  it('transfers in the Deriv account currency (USD), not in the crypto network sent', async () => {
    const order = await placeOrder(t.app, customer, {
      send: 'USDT',
      receive: 'DERIV',
      network: 'TRC20',
      side: 'send',
      amount: '100',
    });
    const said = await callAs(
      t.app,
      customer,
      'POST',
      `/api/v1/orders/${order.id}/confirm-payment`,
      {
        txHash: `0x${'ab'.repeat(32)}`,
      },
    );
    expect(said.statusCode, said.body).toBe(200);
    await confirmFunds(order.id, order.payment!.amount);

    for (let i = 0; i < 3; i++) await drainAll();

    const row = await orderRow(order.id);
    expect(row.payoutFailure).toBeNull();
    expect(row.status).toBe('admin_paid');
    const transfers = transfersOf(order.id);
    expect(transfers).toHaveLength(1);
    expect(transfers[0]).toMatchObject({ to: CUSTOMER_ACCOUNT, currency: 'USD' });
    expect(Number(transfers[0]!.amount)).toBe(Number(order.amountReceive));
  });
});
