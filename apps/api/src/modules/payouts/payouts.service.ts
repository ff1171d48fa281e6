import { dec, normalize, payoutErrorSchema, unitOf } from '@permuta/contracts';
import type { PayoutError } from '@permuta/contracts';
import type { Db, Tx } from '@permuta/db';
import { AppError } from '../../lib/app-error.ts';
import { writeAudit } from '../../lib/audit.ts';
import type { JobQueue, QueueOptions } from '../../lib/jobs.ts';
import type { MoveActor } from '../orders/order-transition.ts';
import type { OrderMover } from '../orders/order-mover.ts';
import { findOrderDetail } from '../orders/orders.repository.ts';
import type { OrderColumnsSet, OrderDetailRow } from '../orders/orders.repository.ts';
import { availableStock, lockStock } from '../treasury/treasury.service.ts';
import { cryptoPayoutApplies } from './crypto-rail.ts';
import type { PayoutLock } from './payout-lock.ts';
import {
  markPayoutApplied,
  recordWithdrawId,
  staleProcessingOrderIds,
} from './payouts.repository.ts';
import { quoted, railOf } from './rails.ts';
import type { PayoutRail, RailLookup } from './rails.ts';
import type { Log } from '../../lib/log.ts';

export { DUPLICATE_WITHDRAW_ORDER_ID } from './crypto-rail.ts';

/**
 * Automatic payouts (PRODUCT.md section 3, decisions 008 and 042): admin_confirmed ->
 * processing -> a payout through the order's rail (crypto: a withdrawal at the exchange; Deriv:
 * a payment-agent transfer) -> admin_paid with the receipt, or error with the reason. Never two
 * payouts for one order: every run first asks the rail's provider what it has under the order's
 * idempotency key, applies only when it has nothing, and runs under the order's payout lock.
 * The protocol is here, once; what differs per provider is the rail's (rails.ts).
 */

/** The payout job's queue: one queued job per order (singletonKey = order id). */
export const PAYOUT_QUEUE = 'orders-payout';

export const PAYOUT_QUEUE_OPTIONS: QueueOptions = {
  policy: 'short',
  retryLimit: 5,
  retryDelaySeconds: 10,
  // A run makes a few provider calls of at most the client's timeout each.
  expireInSeconds: 300,
};

export interface PayoutJob {
  orderId: string;
  /** how many times this attempt has already looked at the provider (bounds the polling) */
  check?: number;
}

/** The sweep that gives a payout job back to processing orders whose job was lost. */
export const PAYOUT_SWEEP_QUEUE = 'orders-payout-sweep';
/** A processing order untouched this long may have lost its job (checks wait 10 min at most). */
export const STUCK_PROCESSING_MS = 30 * 60_000;

/** Checks of one attempt before it gives up waiting for a final answer (about a day). */
export const MAX_CHECKS = 200;

/** Delay before check `check` (1, 2, ...): 15 s doubling up to 10 min. */
export function checkDelayMs(check: number): number {
  return Math.min(15_000 * 2 ** Math.max(0, check - 1), 600_000);
}

/** Whether an automatic crypto payout runs for an order just confirmed (the crypto rail's rule). */
export const automaticPayoutApplies = cryptoPayoutApplies;

export interface PayoutServiceDeps {
  db: Db;
  /** the rails, one per kind of token received (an order of another kind is paid by hand) */
  rails: readonly PayoutRail[];
  jobs: Pick<JobQueue, 'send'>;
  lock: PayoutLock;
  /** the same mover as every route's (order-mover.ts) */
  mover: OrderMover;
  now: () => Date;
  log: Log;
}

export function createPayoutService(deps: PayoutServiceDeps) {
  const { db, rails, jobs, lock, log } = deps;

  const SYSTEM: MoveActor = { type: 'system', id: null };

  /** A system move; false when the order is no longer where the move starts (409). */
  async function move(
    orderId: string,
    action: 'submit_payout' | 'payout_done' | 'payout_failed',
    set?: OrderColumnsSet,
  ): Promise<boolean> {
    try {
      await deps.mover.move({ order: orderId, action, actor: SYSTEM, at: deps.now(), set });
      return true;
    } catch (error) {
      if (error instanceof AppError && error.status === 409) return false;
      throw error;
    }
  }

  async function fail(orderId: string, reason: PayoutError): Promise<void> {
    const payoutFailure = payoutErrorSchema.parse(reason);
    if (await move(orderId, 'payout_failed', { payoutFailure })) {
      log.warn({ orderId, reason: payoutFailure }, 'automatic payout failed');
    }
  }

  /**
   * Looks again later (bounded): the provider has not given a final answer, or did not answer.
   */
  async function later(
    rail: PayoutRail,
    detail: OrderDetailRow,
    check: number,
    reason: string,
  ): Promise<void> {
    const next = check + 1;
    if (next > MAX_CHECKS) {
      log.warn({ orderId: detail.order.id, reason }, `no final answer from ${rail.provider}`);
      await fail(detail.order.id, { code: 'no_final_answer', params: { checks: MAX_CHECKS } });
      return;
    }
    await schedule(detail.order.id, next);
  }

  /** The next check of an order's payout, `checkDelayMs(check)` from now. */
  async function schedule(orderId: string, check: number, tx?: Tx): Promise<void> {
    await jobs.send<PayoutJob>(
      PAYOUT_QUEUE,
      { orderId, check },
      {
        ...(tx ? { db: tx } : {}),
        singletonKey: orderId,
        // compared with the database clock, not the app's (possibly simulated) one
        startAfter: new Date(Date.now() + checkDelayMs(check)),
      },
    );
  }

  /** Carries on from what the provider says about the order's payout. */
  async function follow(
    rail: PayoutRail,
    detail: OrderDetailRow,
    found: Extract<RailLookup, { kind: 'found' }>,
    check: number,
  ) {
    const { order } = detail;
    if (order.withdrawId !== found.providerId) {
      await db.transaction(async (tx) => {
        if (!(await recordWithdrawId(tx, order.id, found.providerId, deps.now()))) return;
        await writeAudit(tx, {
          actorType: 'system',
          actorId: null,
          action: 'order.payout_found',
          entityType: 'order',
          entityId: order.id,
          after: { reference: order.reference, ...found.details },
        });
      });
    }
    if (found.state === 'failed') {
      await fail(
        order.id,
        found.failure ?? { code: 'legacy', params: { text: `payout failed: ${found.reason}` } },
      );
      return;
    }
    if (found.state === 'pending') {
      await later(rail, detail, check, `payout ${found.providerId} is ${found.reason}`);
      return;
    }
    try {
      await deps.mover.move({
        order: order.id,
        action: 'payout_done',
        actor: SYSTEM,
        at: deps.now(),
        set: { payoutTxId: found.receipt, withdrawId: found.providerId, payoutFailure: null },
      });
    } catch (error) {
      if (error instanceof AppError && error.status === 409) return;
      if (error instanceof AppError && error.code === 'TREASURY_NEGATIVE') {
        log.error(
          { orderId: order.id, withdrawId: found.providerId },
          'paid out, but not in the ledger',
        );
        await fail(order.id, {
          code: 'paid_not_in_ledger',
          params: {
            withdrawId: quoted(found.providerId),
            txId: found.receipt ? quoted(found.receipt) : null,
            amount: normalize(order.amountReceive),
            unit: unitOf(detail.receive),
          },
        });
        return;
      }
      throw error;
    }
  }

  /** Stock of the token received that this payout may take (never below zero with the others'). */
  async function stockShortfall(detail: OrderDetailRow): Promise<PayoutError | null> {
    const available = await db.transaction(async (tx) => {
      await lockStock(tx, detail.receive.id);
      return availableStock(tx, detail.receive.id, detail.order.id);
    });
    if (dec(available).gte(detail.order.amountReceive)) return null;
    const unit = unitOf(detail.receive);
    const shown = dec(available).lt(0) ? '0' : normalize(available);
    return {
      code: 'treasury_short',
      params: { available: shown, needed: normalize(detail.order.amountReceive), unit },
    };
  }

  /** Nothing at the provider for this attempt: the rail's checks, the stock, then the payout. */
  async function apply(
    rail: PayoutRail,
    detail: OrderDetailRow,
    none: Extract<RailLookup, { kind: 'none' }>,
    check: number,
  ) {
    const { order } = detail;
    const checked = rail.precheck ? await rail.precheck(detail) : ({ kind: 'ok' } as const);
    if (checked.kind === 'fail') {
      await fail(order.id, checked.failure);
      return;
    }
    if (checked.kind === 'later') {
      await later(rail, detail, check, checked.reason);
      return;
    }
    const shortfall = await stockShortfall(detail);
    if (shortfall) {
      await fail(order.id, shortfall);
      return;
    }
    // Recorded before the call: whatever happens next, paying by hand now asks the provider
    // first, and a look-up that finds nothing right after a lost answer is not taken as proof.
    if (!(await markPayoutApplied(db, order.id, deps.now()))) return;
    const applied = await rail.apply(detail, none.next);
    switch (applied.kind) {
      case 'refused':
        await fail(order.id, applied.failure);
        return;
      case 'later':
        await later(rail, detail, check, applied.reason);
        return;
      case 'unknown':
        log.warn(
          { orderId: order.id, reason: applied.reason },
          'payout outcome unknown; will look it up',
        );
        if (applied.record) {
          await writeAudit(db, {
            actorType: 'system',
            actorId: null,
            action: 'order.payout_outcome_unknown',
            entityType: 'order',
            entityId: order.id,
            after: { reference: order.reference, ...applied.record },
          });
        }
        await later(rail, detail, check, applied.reason);
        return;
      case 'applied':
        break;
    }
    // If the process dies before this commits, the next run finds the payout at the provider by
    // its key and records it then.
    await db.transaction(async (tx) => {
      if (!(await recordWithdrawId(tx, order.id, applied.providerId, deps.now()))) return;
      await writeAudit(tx, {
        actorType: 'system',
        actorId: null,
        action: 'order.payout_submitted',
        entityType: 'order',
        entityId: order.id,
        after: {
          reference: order.reference,
          ...applied.details,
          withdrawId: applied.providerId,
          ...(none.why ? { why: none.why } : {}),
        },
      });
      // A new payout: its checks start from one.
      await schedule(order.id, 1, tx);
    });
  }

  /** One step of an order's payout, under its lock; see the module comment. */
  async function advance(orderId: string, check: number): Promise<void> {
    let detail = await findOrderDetail(db, orderId);
    if (!detail) return;
    const rail = railOf(rails, detail);
    if (detail.order.status === 'admin_confirmed') {
      // Still on? (The switch or the network may have changed since the funds were confirmed;
      // then the admin pays by hand.)
      if (!rail || !(await rail.applies(db, detail))) return;
      if (!(await move(orderId, 'submit_payout'))) return;
      detail = await findOrderDetail(db, orderId);
      if (!detail) return;
    }
    if (detail.order.status !== 'processing') return;
    if (!rail) {
      log.warn({ orderId }, 'an order in processing without a payout rail: left to an admin');
      return;
    }

    const found = await rail.lookUp(detail);
    switch (found.kind) {
      case 'found':
        return follow(rail, detail, found, check);
      case 'stop':
        return fail(orderId, found.failure);
      case 'unavailable':
        if (found.failure) return fail(orderId, found.failure);
        return later(rail, detail, check, `${rail.provider} did not answer: ${found.reason}`);
      case 'unsure':
        return later(rail, detail, check, found.reason);
      case 'none':
        if (detail.order.withdrawId) {
          // We recorded a payout the provider does not show (yet): never apply another.
          return later(
            rail,
            detail,
            check,
            `${rail.provider} shows no payout ${detail.order.withdrawId} yet`,
          );
        }
        return apply(rail, detail, found, check);
    }
  }

  /**
   * Gives a payout job back to every order in processing untouched for STUCK_PROCESSING_MS: a
   * job that failed for good (its retries used up) leaves such an order with nothing to move it.
   * The job's singletonKey keeps a live job's order from getting a second one; the new job looks
   * the payout up first, as every run does. Returns how many were queued.
   */
  async function resumeStuck(): Promise<number> {
    const before = new Date(deps.now().getTime() - STUCK_PROCESSING_MS);
    let queued = 0;
    for (const orderId of await staleProcessingOrderIds(db, before, 500)) {
      const id = await jobs.send<PayoutJob>(PAYOUT_QUEUE, { orderId }, { singletonKey: orderId });
      if (id) {
        queued += 1;
        log.warn({ orderId }, 'payout job given back to an order left in processing');
      }
    }
    return queued;
  }

  return {
    resumeStuck,
    /** The payout job's handler. */
    async run(job: PayoutJob): Promise<void> {
      await lock.run(job.orderId, () => advance(job.orderId, job.check ?? 0));
    },
  };
}

export type PayoutService = ReturnType<typeof createPayoutService>;
