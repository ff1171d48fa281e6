import { and, eq } from 'drizzle-orm';
import { createDb, orders, treasuryEntries } from '@permuta/db';
import type { DbHandle, NewOrder } from '@permuta/db';
import { transferMarker } from '../../adapters/deriv/deriv.ts';
import type { ExchangeClient } from '../../adapters/exchange/exchange.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import type { TestAdmin } from '../../../test/auth-helpers.ts';
import { png } from '../../../test/document-files.ts';
import type { FakeDeriv } from '../../fakes/fake-deriv.ts';
import { buildOrderMoving } from '../../services.ts';
import type { OrderMovingDeps } from '../../services.ts';
import { insertOrder, multipartBody, networkId, tokenId } from '../orders/test-support.ts';
import type { Trader } from '../orders/test-support.ts';
import { createPayoutLock } from './payout-lock.ts';
import { PAYOUT_QUEUE } from './payouts.service.ts';

/**
 * What the payout tests (crypto, PIX, Deriv) do around an order: an admin moving and confirming
 * it, paying or refunding it by hand, its row and payout entries, draining the payout queue.
 * `current` is read when a helper runs (a test file sets the app and admin in beforeAll);
 * `amountReceived` is what confirmFunds confirms unless told otherwise.
 */
export function payoutTestKit(
  current: () => { t: TestApp; admin: TestAdmin },
  defaults: { amountReceived: string },
) {
  const app = () => current().t;
  async function adminMove(orderId: string, payload: object) {
    return app().app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${orderId}/transition`,
      headers: { cookie: current().admin.cookie },
      payload,
    });
  }

  return {
    adminMove,

    /** The order as the admin's order page reads it (the answer). */
    adminView: (orderId: string) =>
      app().app.inject({
        method: 'GET',
        url: `/api/v1/admin/orders/${orderId}`,
        headers: { cookie: current().admin.cookie },
      }),

    /** The admin confirms the funds (`amount` received); the answer must be 200. */
    async confirmFunds(orderId: string, amount = defaults.amountReceived) {
      const answer = await adminMove(orderId, { action: 'confirm_funds', amountReceived: amount });
      if (answer.statusCode !== 200 || answer.json().status !== 'admin_confirmed') {
        throw new Error(`confirm_funds answered ${answer.statusCode}: ${answer.body}`);
      }
      return answer;
    },

    /** The admin pays (default) or refunds the order by hand, with a proof (and a note for a refund). */
    async byHand(orderId: string, what: 'pay' | 'refund' = 'pay') {
      const body = multipartBody(
        { name: 'proof.png', bytes: await png(), type: 'image/png' },
        what === 'refund' ? { note: 'Returned to the customer.' } : {},
      );
      return app().app.inject({
        method: 'POST',
        url: `/api/v1/admin/orders/${orderId}/${what}`,
        headers: { cookie: current().admin.cookie, 'accept-language': 'en-US', ...body.headers },
        payload: body.payload,
      });
    },

    /** The order in error after an automatic attempt, as when the checks run out unanswered. */
    giveUp: (orderId: string) =>
      app()
        .app.db.update(orders)
        .set({
          status: 'error',
          payoutFailure: { code: 'no_final_answer', params: { checks: 200 } },
        })
        .where(eq(orders.id, orderId)),

    async orderRow(orderId: string) {
      const [row] = await app().app.db.select().from(orders).where(eq(orders.id, orderId));
      if (!row) throw new Error('no order');
      return row;
    },

    async payoutEntries(orderId: string) {
      return app()
        .app.db.select()
        .from(treasuryEntries)
        .where(and(eq(treasuryEntries.orderId, orderId), eq(treasuryEntries.kind, 'payout')));
    },

    /** Every payout job, deferred checks included. */
    drainAll: () => app().app.jobs.drain(PAYOUT_QUEUE, { includeDeferred: true }),
  };
}

/**
 * Another order mover and payout service on the app's database (or `handle`), jobs and mail, as
 * another instance or one after a restart: with `exchange` (none by default) and `rails`.
 */
export function orderMovingOf(
  t: TestApp,
  options: {
    handle?: DbHandle;
    exchange?: ExchangeClient;
    rails?: OrderMovingDeps['rails'];
    now?: () => Date;
  } = {},
) {
  const handle = options.handle ?? t.handle;
  return buildOrderMoving({
    db: handle.db,
    exchange: options.exchange ?? (t.app.services.catalogueExchange as never),
    rails: options.rails,
    jobs: t.app.jobs,
    lock: createPayoutLock(handle),
    enqueueEmail: (tx, to, template, locale) => t.app.enqueueEmail(tx, to, template, locale),
    publicUrl: t.config.publicUrl,
    now: options.now ?? (() => new Date()),
    log: { warn: () => {}, error: () => {} },
  });
}

/**
 * Runs `test` with a second connection pool on the test database (as a second instance of the
 * app); on PGlite, which has one connection, with the app's own handle.
 */
export async function withSecondPool(
  t: TestApp,
  test: (other: DbHandle) => Promise<void>,
): Promise<void> {
  let other: DbHandle = t.handle;
  const url = t.handle.pool?.options.connectionString;
  if (url) other = await createDb({ databaseUrl: url, dataDir: 'unused' });
  try {
    await test(other);
  } finally {
    if (other !== t.handle) await other.close();
  }
}

/**
 * What the Deriv payout tests do around the fake Deriv (decision 042): its integration saved
 * pointing at the fake, a PIX -> DERIV order whose customer says they paid (540 BRL for 95 USD to
 * `account`), and the transfers the fake saw for an order. `current` is read when a helper runs.
 */
export function derivTestKit(
  current: () => { t: TestApp; admin: TestAdmin; fake: FakeDeriv; customer: Trader },
  defaults: { agentToken: string; account: string },
) {
  return {
    /** Saves the Deriv integration at the fake, with the agent's token unless told another. */
    async setIntegration(change: { payouts?: boolean; deposits?: boolean; token?: string }) {
      const { t, admin, fake } = current();
      const url = new URL(fake.url);
      await t.app.services.integrations.update({ adminId: admin.id, ip: null }, 'deriv', {
        config: { wsUrl: `${url.origin}${url.pathname}`, appId: '1' },
        secrets: { token: change.token ?? defaults.agentToken },
        ...(change.payouts === undefined ? {} : { payouts: change.payouts }),
        ...(change.deposits === undefined ? {} : { deposits: change.deposits }),
      });
    },

    /** A PIX -> DERIV order whose customer says they paid: 540 BRL for 95 USD on Deriv. */
    async paidOrder(values: Partial<NewOrder> = {}) {
      const { t, customer } = current();
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
        addressToReceive: defaults.account,
        paymentMethod: 'pix',
        status: 'user_confirmed',
        ...values,
      });
    },

    /** Transfers the fake made to customers for this order (its marker in the description). */
    transfersOf: (orderId: string) =>
      current()
        .fake.transfers()
        .filter(
          (x) => x.direction === 'agent_to_client' && x.description === transferMarker(orderId),
        ),

    /** The order's paymentagent_transfer requests the fake received: dry runs and real ones. */
    transferRequests(orderId: string) {
      const mine = current()
        .fake.requests()
        .filter(
          (r) =>
            r.msgType === 'paymentagent_transfer' &&
            r.body['description'] === transferMarker(orderId),
        );
      return {
        dryRuns: mine.filter((r) => r.body['dry_run'] === 1).length,
        real: mine.filter((r) => r.body['dry_run'] !== 1).length,
      };
    },
  };
}
