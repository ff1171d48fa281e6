import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { PIX_TO_USDT, USDT_TO_PIX, liftCustomerLimits, lockQuote, trader } from './test-support.ts';
import type { Trader } from './test-support.ts';

/**
 * Orders in opposite directions created at the same moment: each locks the stock of the token
 * it pays out while its row refers to the token it receives. On PostgreSQL, a lock that also
 * blocked the reference's key-share lock made the two wait on each other until one was killed
 * as a deadlock: a 500 for a customer doing nothing wrong. Runs on both databases; the
 * embedded one has a single connection and cannot deadlock, PostgreSQL can.
 */

let t: TestApp;
let sellers: Trader[];
let buyers: Trader[];

beforeAll(async () => {
  t = await buildTestApp();
  await liftCustomerLimits(t.app);
  sellers = await Promise.all(Array.from({ length: 6 }, () => trader(t.app)));
  buyers = await Promise.all(
    Array.from({ length: 6 }, () => trader(t.app, { wallets: [['USDT', 'TRC20']] })),
  );
});
afterAll(async () => t?.close());

async function create(who: Trader, quote: typeof USDT_TO_PIX | typeof PIX_TO_USDT) {
  const locked = await lockQuote(t.app, who.cookie, quote);
  expect(locked.statusCode, locked.body).toBe(200);
  return () =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: { cookie: who.cookie },
      payload: {
        quoteToken: locked.json().quoteToken,
        walletId: who.wallets[quote.receive],
        ...(quote.send === 'PIX' ? { paymentMethod: 'pix' } : {}),
      },
    });
}

describe('orders in opposite directions at once', () => {
  it('are all created: no deadlock between the stock lock and the token references', async () => {
    for (let round = 0; round < 3; round += 1) {
      const sends = await Promise.all([
        ...sellers.map((who) => create(who, USDT_TO_PIX)),
        ...buyers.map((who) => create(who, PIX_TO_USDT)),
      ]);
      const answers = await Promise.all(sends.map((send) => send()));
      expect(
        answers.map((a) => (a.statusCode === 201 ? 201 : `${a.statusCode} ${a.body}`)),
        `round ${round}`,
      ).toEqual(answers.map(() => 201));
    }
  });
});
