import type { Db, Tx } from '@permuta/db';
import { AppError } from '../../lib/app-error.ts';
import type { JobQueue } from '../../lib/jobs.ts';
import type { MoveResult } from '../orders/order-transition.ts';
import { findOrderDetail, readSettings } from '../orders/orders.repository.ts';
import type { PayoutLock } from './payout-lock.ts';
import { endHoldBy, riskHold } from './payout-risk.ts';
import { PAYOUT_QUEUE } from './payouts.service.ts';
import type { PayoutJob } from './payouts.service.ts';
import { startPayoutAttempt } from './payouts.repository.ts';
import { railOf } from './rails.ts';
import type { PayoutRail } from './rails.ts';

/** The refusals of a payout by hand of a rail that names none (the exchange's wording). */
const CRYPTO_REFUSALS = {
  live: 'PAYOUT_AT_EXCHANGE',
  unavailable: 'PAYOUT_CHECK_UNAVAILABLE',
} as const satisfies PayoutRail['refusals'];

export interface PayoutHooksDeps {
  db: Db;
  /** the same rails as the payout service's */
  rails: readonly PayoutRail[];
  jobs: Pick<JobQueue, 'send'>;
  lock: PayoutLock;
  /**
   * Told in the move's transaction of an order left for the back office: funds confirmed with no
   * automatic payout (paid out by hand), or a payout the risk limits held for approval.
   */
  newWork?: (
    tx: Tx,
    work: { kind: 'order_to_pay' | 'payout_held'; order: MoveResult['order'] },
  ) => Promise<void>;
}

/**
 * What the automatic payouts add to every order move (the order mover takes both): the hook that
 * queues a payout in the move's transaction, and the guard of a payout or refund by hand.
 */
export function createPayoutHooks({ db, rails, jobs, lock, newWork }: PayoutHooksDeps) {
  async function enqueue(tx: Tx, orderId: string): Promise<void> {
    await jobs.send<PayoutJob>(PAYOUT_QUEUE, { orderId }, { db: tx, singletonKey: orderId });
  }

  return {
    /**
     * In the transaction of every move: funds confirmed with the order's rail on queue the
     * payout job; a move to processing starts a payout attempt (and, an admin's retry from
     * error, queues the job, which looks the payout up before anything else).
     */
    async afterMove(tx: Tx, moved: MoveResult): Promise<void> {
      const orderId = moved.order.id;
      if (moved.to === 'processing') {
        await startPayoutAttempt(tx, orderId, moved.order.updatedAt);
        // (From admin_confirmed it is the payout job itself moving, and it carries on.)
        if (moved.from === 'error') await enqueue(tx, orderId);
        return;
      }
      if (moved.from === 'admin_confirmed' && moved.actor.type === 'admin') {
        // an admin settled by hand an order a risk rule held: the hold ends, with why
        if (moved.to === 'admin_paid') await endHoldBy(tx, moved, 'paid_by_hand');
        if (moved.to === 'refunded') await endHoldBy(tx, moved, 'refunded');
        return;
      }
      if (moved.to === 'admin_confirmed') {
        if (moved.order.refundOnly) return;
        const detail = await findOrderDetail(tx, orderId);
        const rail = detail ? railOf(rails, detail) : null;
        if (detail && rail && (await rail.applies(tx, detail))) {
          // Risk limits (decision 043, payout-risk.ts): a held payout waits, recorded, for approval.
          const settings = await readSettings(tx);
          const hold = await riskHold(tx, detail, settings, jobs);
          if (!hold) await enqueue(tx, orderId);
          // (a hold that is only a new destination's wait releases itself: nobody to alert)
          else if (hold.approvalsNeeded > 0) {
            await newWork?.(tx, { kind: 'payout_held', order: moved.order });
          }
        } else {
          await newWork?.(tx, { kind: 'order_to_pay', order: moved.order });
        }
      }
    },

    /**
     * An admin's payout or refund by hand (`work`), under the order's payout lock. When a payout
     * of the order was ever asked of its rail's provider, the provider is asked first: a payout
     * that is live or done there refuses the manual move (409, PAYOUT_AT_EXCHANGE for crypto; the retry
     * follows that payout instead), and a provider that cannot be asked refuses it too (503):
     * paying by hand then could pay twice.
     */
    async settleByHand<T>(orderId: string, work: () => Promise<T>): Promise<T> {
      return lock.run(orderId, async () => {
        const detail = await findOrderDetail(db, orderId);
        const rail = detail ? railOf(rails, detail) : null;
        if (detail && rail && detail.order.withdrawRequestedAt && !detail.order.refundOnly) {
          const found = await rail.lookUp(detail);
          const { live, unavailable } = rail.refusals ?? CRYPTO_REFUSALS;
          switch (found.kind) {
            case 'unavailable':
              throw new AppError(unavailable, 503, { reason: found.reason });
            case 'found':
              if (found.state !== 'failed') {
                throw new AppError(live, 409, {
                  withdrawId: found.providerId,
                  state: found.state === 'done' ? 'completed' : found.reason,
                });
              }
              break;
            case 'unsure':
              throw new AppError(live, 409, {
                withdrawId: detail.order.withdrawId ?? orderId,
                state: found.reason,
              });
            case 'stop':
              if (found.live) {
                throw new AppError(live, 409, {
                  withdrawId: detail.order.withdrawId ?? orderId,
                  state: found.reason,
                });
              }
              break;
            case 'none':
              if (detail.order.withdrawId) {
                throw new AppError(live, 409, {
                  withdrawId: detail.order.withdrawId,
                  state: `not shown by ${rail.provider} yet`,
                });
              }
              break;
          }
        }
        return work();
      });
    },
  };
}

export type PayoutHooks = ReturnType<typeof createPayoutHooks>;
