import { PAYOUT_DAY_TIME_ZONE, payoutRiskHold, payoutValueBrl } from '@permuta/contracts';
import { calendarDay } from '@permuta/contracts/operating-hours';
import type { PayoutHoldView, PayoutRiskHold } from '@permuta/contracts';
import type { Db, PayoutHoldEnding, Settings, Tx } from '@permuta/db';
import { AppError, notFound } from '../../lib/app-error.ts';
import { writeAudit } from '../../lib/audit.ts';
import type { JobQueue, QueueOptions } from '../../lib/jobs.ts';
import type { Log } from '../../lib/log.ts';
import type { OrderMover } from '../orders/order-mover.ts';
import { findOrderDetail, lockCustomer, readSettings } from '../orders/orders.repository.ts';
import type { OrderDetailRow } from '../orders/orders.repository.ts';
import type { MoveResult } from '../orders/order-transition.ts';
import {
  addApproval,
  autoPayoutsValue,
  destinationOf,
  findRiskCheck,
  finishedOrderCount,
  listApprovals,
  lockOrder,
  markEnded,
  markQueued,
  saveRiskCheck,
} from './payout-risk.repository.ts';
import { PAYOUT_QUEUE, automaticPayoutApplies } from './payouts.service.ts';
import type { PayoutJob } from './payouts.service.ts';

/**
 * Risk limits of automatic payouts (decision 043): the gate in front of the payout job. When an
 * order's automatic payout would be queued, `riskHold` asks the rule (contracts' payout-risk.ts)
 * and either records a pass (the payout is queued, and counts in the customer's day) or a hold
 * (the order stays admin_confirmed, audited `payout.held`). A hold ends with the approvals it
 * needs (finance, two different admins above the second limit), with the end of a new
 * destination's wait (a delayed job), or with the admin paying by hand or refunding (the order
 * moves on). The hold is data: it outlives restarts.
 */

/** The delayed job that re-checks a hold that is only a new destination's wait. */
export const PAYOUT_RELEASE_QUEUE = 'payouts-risk-release';
export const PAYOUT_RELEASE_QUEUE_OPTIONS: QueueOptions = { policy: 'short', retryLimit: 5 };

interface ReleaseJob {
  orderId: string;
}

async function enqueuePayout(jobs: Pick<JobQueue, 'send'>, tx: Tx, orderId: string) {
  await jobs.send<PayoutJob>(PAYOUT_QUEUE, { orderId }, { db: tx, singletonKey: orderId });
}

/** The rule's inputs for the order at `now`, read in `conn`, and what it says. */
async function evaluate(
  conn: Db | Tx,
  detail: OrderDetailRow,
  settings: Settings,
  now: Date,
): Promise<{ valueBrl: string; hold: PayoutRiskHold | null }> {
  const { order } = detail;
  const valueBrl = payoutValueBrl(order.amountReceive, order.priceReceiveBrl);
  const hold = payoutRiskHold(
    {
      orderValueBrl: valueBrl,
      customerAutoPaidTodayBrl: await autoPayoutsValue(
        conn,
        order.userId,
        calendarDay(now, PAYOUT_DAY_TIME_ZONE),
        order.id,
      ),
      customerFinishedOrders: await finishedOrderCount(conn, order.userId),
      destination: await destinationOf(conn, order),
      now,
    },
    settings,
  );
  return { valueBrl, hold };
}

/** Saves a hold, audits it, and schedules its release when it is only a destination's wait. */
async function recordHold(
  tx: Tx,
  jobs: Pick<JobQueue, 'send'>,
  detail: OrderDetailRow,
  valueBrl: string,
  hold: PayoutRiskHold,
  now: Date,
): Promise<void> {
  const { order } = detail;
  await saveRiskCheck(tx, {
    orderId: order.id,
    userId: order.userId,
    valueBrl,
    reasons: hold.reasons,
    approvalsNeeded: hold.approvalsNeeded,
    releaseAt: hold.releaseAt ?? null,
    checkedAt: now,
    queuedAt: null,
    queuedBy: null,
  });
  await writeAudit(tx, {
    actorType: 'system',
    actorId: null,
    action: 'payout.held',
    entityType: 'order',
    entityId: order.id,
    after: {
      reference: order.reference,
      reasons: hold.reasons,
      approvalsNeeded: hold.approvalsNeeded,
      valueBrl,
      releaseAt: hold.releaseAt ?? null,
    },
  });
  if (hold.releaseAt) {
    await jobs.send<ReleaseJob>(
      PAYOUT_RELEASE_QUEUE,
      { orderId: order.id },
      { db: tx, singletonKey: order.id, startAfter: hold.releaseAt },
    );
  }
}

/**
 * The gate, in the transaction of the move that confirmed the funds (payout-hooks.ts): null when
 * the automatic payout may be queued now (recorded as queued: it counts in the customer's day),
 * else the hold, recorded with its audit entry (and its release job). The customer's row is
 * locked first, so two confirmations of one customer count each other's payouts.
 */
export async function riskHold(
  tx: Tx,
  detail: OrderDetailRow,
  settings: Settings,
  jobs: Pick<JobQueue, 'send'>,
  now: Date = new Date(),
): Promise<PayoutRiskHold | null> {
  await lockCustomer(tx, detail.order.userId);
  const { valueBrl, hold } = await evaluate(tx, detail, settings, now);
  if (hold) {
    await recordHold(tx, jobs, detail, valueBrl, hold, now);
    return hold;
  }
  await saveRiskCheck(tx, {
    orderId: detail.order.id,
    userId: detail.order.userId,
    valueBrl,
    reasons: [],
    approvalsNeeded: 0,
    releaseAt: null,
    checkedAt: now,
    queuedAt: now,
    queuedBy: 'rule',
  });
  return null;
}

/**
 * In the transaction of an admin's payout or refund by hand of an order whose automatic payout a
 * risk rule held: the hold ends, with why and when, audited as `payout.hold_ended` (decision
 * 048). Nothing when no hold waited.
 */
export async function endHoldBy(tx: Tx, moved: MoveResult, by: PayoutHoldEnding): Promise<void> {
  const ended = await markEnded(tx, moved.order.id, by, moved.order.updatedAt);
  if (!ended) return;
  await writeAudit(tx, {
    actorType: moved.actor.type === 'admin' ? 'admin' : 'system',
    actorId: moved.actor.id,
    action: 'payout.hold_ended',
    entityType: 'order',
    entityId: moved.order.id,
    ip: moved.actor.ip ?? null,
    before: { reasons: ended.reasons, approvalsNeeded: ended.approvalsNeeded },
    after: { reference: moved.order.reference, endedBy: by, status: moved.to },
  });
}

/** The order's hold as the back office sees it; null when its payout was never held. */
export async function payoutHoldView(
  conn: Db | Tx,
  orderId: string,
  status: string,
): Promise<PayoutHoldView | null> {
  const check = await findRiskCheck(conn, orderId);
  if (!check || check.reasons.length === 0) return null;
  const approvals = await listApprovals(conn, orderId);
  const state: PayoutHoldView['state'] = check.queuedAt
    ? check.queuedBy === 'release'
      ? 'released'
      : 'approved'
    : check.endedBy
      ? check.endedBy
      : status === 'admin_confirmed'
        ? 'held'
        : 'superseded';
  return {
    reasons: [...check.reasons],
    approvalsNeeded: check.approvalsNeeded,
    valueBrl: check.valueBrl,
    heldAt: check.checkedAt.toISOString(),
    releaseAt: check.releaseAt ? check.releaseAt.toISOString() : null,
    state,
    endedAt: check.endedAt ? check.endedAt.toISOString() : null,
    approvals: approvals.map((a) => ({ admin: a.admin, at: a.at.toISOString() })),
  };
}

/** Whether the order's automatic payout waits for an approval or its release now. */
export async function payoutUnderReview(conn: Db | Tx, orderId: string): Promise<boolean> {
  const check = await findRiskCheck(conn, orderId);
  return Boolean(check && check.reasons.length > 0 && !check.queuedAt);
}

/**
 * What the rule would say of an order not confirmed yet (the confirm-funds dialog's plan), or
 * what holds it now; null when nothing holds it.
 */
export async function payoutRiskPreview(
  conn: Db | Tx,
  detail: OrderDetailRow,
  settings: Settings,
  now: Date,
): Promise<Pick<PayoutRiskHold, 'reasons' | 'approvalsNeeded'> | null> {
  const check = await findRiskCheck(conn, detail.order.id);
  if (check) {
    if (check.queuedAt || check.reasons.length === 0) return null;
    return {
      reasons: [...check.reasons],
      approvalsNeeded: check.approvalsNeeded === 2 ? 2 : 1,
    };
  }
  return (await evaluate(conn, detail, settings, now)).hold;
}

export interface PayoutRiskDeps {
  db: Db;
  jobs: Pick<JobQueue, 'send'>;
  /** the same mover as every route's: an approval is announced like a move */
  mover: Pick<OrderMover, 'change'>;
  now: () => Date;
  log: Pick<Log, 'warn'>;
}

export function createPayoutRisk(deps: PayoutRiskDeps) {
  const { db, jobs, mover } = deps;

  return {
    /**
     * A finance admin's approval of a held payout (one per admin per order). The last approval
     * needed queues the payout in the same transaction. 409 PAYOUT_NOT_HELD (nothing waits for
     * an approval), PAYOUT_ALREADY_APPROVED (this admin approved already),
     * PAYOUT_HOLD_ORDER_MOVED (paid by hand, refunded or canceled meanwhile).
     */
    async approve(caller: { userId: string; ip: string }, idOrReference: string): Promise<string> {
      const found = await findOrderDetail(db, idOrReference);
      if (!found) throw notFound();
      const orderId = found.order.id;
      await mover.change(orderId, async (tx) => {
        const status = await lockOrder(tx, orderId);
        const check = await findRiskCheck(tx, orderId, true);
        if (!check || check.reasons.length === 0 || check.queuedAt) {
          throw new AppError('PAYOUT_NOT_HELD', 409);
        }
        if (status !== 'admin_confirmed') throw new AppError('PAYOUT_HOLD_ORDER_MOVED', 409);
        if (!(await addApproval(tx, orderId, caller.userId))) {
          throw new AppError('PAYOUT_ALREADY_APPROVED', 409);
        }
        const approvals = (await listApprovals(tx, orderId)).length;
        const queued = approvals >= check.approvalsNeeded;
        if (queued) {
          await markQueued(tx, orderId, 'approval', deps.now());
          await enqueuePayout(jobs, tx, orderId);
        }
        await writeAudit(tx, {
          actorType: 'admin',
          actorId: caller.userId,
          ip: caller.ip,
          action: 'payout.approved',
          entityType: 'order',
          entityId: orderId,
          after: {
            reference: found.order.reference,
            reasons: check.reasons,
            approvals,
            approvalsNeeded: check.approvalsNeeded,
            queued,
          },
        });
      });
      return orderId;
    },

    /**
     * The release job: a hold that is only a new destination's wait, looked at again once the
     * wait is over. Queues the payout when nothing holds it any more; else records what holds
     * it now (an approval then). Nothing when the order moved on or the hold ended already.
     */
    async release(orderId: string): Promise<void> {
      await mover.change(orderId, async (tx) => {
        const status = await lockOrder(tx, orderId);
        const check = await findRiskCheck(tx, orderId, true);
        if (!check || check.queuedAt || status !== 'admin_confirmed') return;
        if (check.reasons.length !== 1 || check.reasons[0] !== 'new_wallet') return;
        const detail = await findOrderDetail(tx, orderId);
        if (!detail) return;
        const settings = await readSettings(tx);
        // The switch or the network may have changed: then an admin pays by hand.
        if (!automaticPayoutApplies(settings, detail)) return;
        await lockCustomer(tx, detail.order.userId);
        const now = deps.now();
        const { valueBrl, hold } = await evaluate(tx, detail, settings, now);
        if (hold) {
          await recordHold(tx, jobs, detail, valueBrl, hold, now);
          return;
        }
        await markQueued(tx, orderId, 'release', now);
        await enqueuePayout(jobs, tx, orderId);
        await writeAudit(tx, {
          actorType: 'system',
          actorId: null,
          action: 'payout.released',
          entityType: 'order',
          entityId: orderId,
          after: { reference: detail.order.reference, valueBrl },
        });
      });
    },
  };
}

export type PayoutRisk = ReturnType<typeof createPayoutRisk>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The release job's worker (defines its queue, which the gate sends to). */
export async function workPayoutRiskJobs(
  jobs: Pick<JobQueue, 'work'>,
  risk: PayoutRisk,
  log: Pick<Log, 'warn'>,
): Promise<void> {
  await jobs.work<object>(
    PAYOUT_RELEASE_QUEUE,
    async (data) => {
      const { orderId } = data as { orderId?: unknown };
      if (typeof orderId !== 'string' || !UUID.test(orderId)) {
        log.warn({ data }, 'payout release job without an order id skipped');
        return;
      }
      await risk.release(orderId);
    },
    PAYOUT_RELEASE_QUEUE_OPTIONS,
  );
}
