import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '@permuta/db';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import {
  PIX_TO_USDT,
  callAs,
  liftCustomerLimits,
  placeOrder,
  trader,
} from '../orders/test-support.ts';
import type { Trader } from '../orders/test-support.ts';
import { PAYOUT_QUEUE } from './payouts.service.ts';

/**
 * The exchange refuses a signed request that reaches it after its recvWindow (-1021): it did not
 * process it, so the withdrawal is tried again, never a failure left to an admin. Found by the
 * demo day (decision 047) on a busy machine, where such a refusal stopped a normal order.
 */

const WITHDRAW_APPLY = '/sapi/v1/capital/withdraw/apply';

let t: TestApp;
let customer: Trader;

beforeAll(async () => {
  t = await buildTestApp({ env: { DEMO_PROVIDERS: 'true' } });
  customer = await trader(t.app, { wallets: [['USDT', 'TRC20'], ['PIX']] });
  await liftCustomerLimits(t.app);
});
afterAll(async () => {
  await t?.close();
});

async function statusOf(id: string) {
  const [row] = await t.app.db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

describe('a crypto payout refused for its timestamp', () => {
  it('is tried again and paid once, not stopped for an admin', async () => {
    const exchange = t.demo!.exchange;
    const order = await placeOrder(t.app, customer, PIX_TO_USDT, { paymentMethod: 'pix' });
    exchange.setMode(
      {
        kind: 'reject',
        status: 400,
        code: -1021,
        msg: 'Timestamp for this request is outside of the recvWindow.',
      },
      WITHDRAW_APPLY,
    );
    const paid = await callAs(
      t.app,
      customer,
      'POST',
      `/api/v1/dev/simulate-payment/${order.reference}`,
    );
    expect(paid.statusCode, paid.body).toBe(200);
    await t.app.jobs.drain(PAYOUT_QUEUE);
    const refused = await statusOf(order.id);
    expect(refused.payoutFailure).toBeNull();
    expect(refused.status).toBe('processing');

    exchange.setMode({ kind: 'ok' });
    for (let i = 0; i < 4 && (await statusOf(order.id)).status !== 'admin_paid'; i++) {
      await t.app.jobs.drain(PAYOUT_QUEUE, { includeDeferred: true });
    }
    expect((await statusOf(order.id)).status).toBe('admin_paid');
    expect(exchange.withdrawals.filter((w) => w.withdrawOrderId === order.id)).toHaveLength(1);
  });
});
