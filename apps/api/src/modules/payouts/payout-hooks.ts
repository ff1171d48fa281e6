import type { Db, Tx } from '@permuta/db';
import {
  ExchangeNotConfiguredError,
  WITHDRAW_STATUS,
  isExchangeError,
} from '../../adapters/exchange/exchange.ts';
import type { ExchangeClient } from '../../adapters/exchange/exchange.ts';
import { AppError } from '../../lib/app-error.ts';
import type { JobQueue } from '../../lib/jobs.ts';
import type { MoveResult } from '../orders/order-transition.ts';
import { findOrderDetail, readSettings } from '../orders/orders.repository.ts';
import type { PayoutLock } from './payout-lock.ts';
import { riskHold } from './payout-risk.ts';
import { PAYOUT_QUEUE, automaticPayoutApplies } from './payouts.service.ts';
import type { PayoutJob } from './payouts.service.ts';
import { startPayoutAttempt } from './payouts.repository.ts';
import { FAILED_STATUSES, STATUS_NAMES, lookUpWithdrawal, reasonOf } from './withdrawals.ts';
import type { Lookup } from './withdrawals.ts';

export interface PayoutHooksDeps {
  db: Db;
  exchange: Pick<ExchangeClient, 'withdrawHistory'>;
  jobs: Pick<JobQueue, 'send'>;
  lock: PayoutLock;
}

/**
 * What the automatic payouts add to every order move (the order mover takes both): the hook that
 * queues a payout in the move's transaction, and the guard of a payout or refund by hand.
 */
export function createPayoutHooks({ db, exchange, jobs, lock }: PayoutHooksDeps) {
  async function enqueue(tx: Tx, orderId: string): Promise<void> {
    await jobs.send<PayoutJob>(PAYOUT_QUEUE, { orderId }, { db: tx, singletonKey: orderId });
  }

  return {
    /**
     * In the transaction of every move: funds confirmed with the switch on queue the payout
     * job; a move to processing starts a payout attempt (and, an admin's retry from error,
     * queues the job, which looks the withdrawal up before anything else).
     */
    async afterMove(tx: Tx, moved: MoveResult): Promise<void> {
      const orderId = moved.order.id;
      if (moved.to === 'processing') {
        await startPayoutAttempt(tx, orderId, moved.order.updatedAt);
        // (From admin_confirmed it is the payout job itself moving, and it carries on.)
        if (moved.from === 'error') await enqueue(tx, orderId);
        return;
      }
      if (moved.to === 'admin_confirmed') {
        if (moved.order.refundOnly) return;
        const settings = await readSettings(tx);
        if (!settings.autoCryptoPayouts) return;
        const detail = await findOrderDetail(tx, orderId);
        if (detail && automaticPayoutApplies(settings, detail)) {
          // Risk limits (decision 043, payout-risk.ts): a held payout waits, recorded, for approval.
          if (!(await riskHold(tx, detail, settings, jobs))) await enqueue(tx, orderId);
        }
      }
    },

    /**
     * An admin's payout or refund by hand (`work`), under the order's payout lock. When a
     * withdrawal of the order was ever asked of the exchange, the exchange is asked first: a
     * withdrawal that is live or done there refuses the manual move (409 PAYOUT_AT_EXCHANGE; the
     * retry follows that withdrawal instead), and an exchange that cannot be asked refuses it
     * too (503): paying by hand then could pay twice.
     */
    async settleByHand<T>(orderId: string, work: () => Promise<T>): Promise<T> {
      return lock.run(orderId, async () => {
        const detail = await findOrderDetail(db, orderId);
        if (detail?.order.withdrawRequestedAt && !detail.order.refundOnly) {
          let found: Lookup;
          try {
            found = await lookUpWithdrawal(exchange, orderId, detail.order.withdrawId);
          } catch (error) {
            if (isExchangeError(error) || error instanceof ExchangeNotConfiguredError) {
              throw new AppError('PAYOUT_CHECK_UNAVAILABLE', 503, { reason: reasonOf(error) });
            }
            throw error;
          }
          if (found.kind === 'found' && !FAILED_STATUSES.has(found.record.status)) {
            const state =
              found.record.status === WITHDRAW_STATUS.completed
                ? 'completed'
                : (STATUS_NAMES[found.record.status] ?? `status ${found.record.status}`);
            throw new AppError('PAYOUT_AT_EXCHANGE', 409, { withdrawId: found.record.id, state });
          }
          if (found.kind === 'none' && detail.order.withdrawId) {
            throw new AppError('PAYOUT_AT_EXCHANGE', 409, {
              withdrawId: detail.order.withdrawId,
              state: 'not shown by the exchange yet',
            });
          }
        }
        return work();
      });
    },
  };
}

export type PayoutHooks = ReturnType<typeof createPayoutHooks>;
