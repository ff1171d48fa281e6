import {
  automaticPayoutApplies as automaticPayoutRule,
  dec,
  normalize,
  payoutErrorSchema,
  unitOf,
} from '@permuta/contracts';
import type { PayoutError } from '@permuta/contracts';
import type { Db, Settings, Tx } from '@permuta/db';
import {
  ExchangeNotConfiguredError,
  ExchangeRejectedError,
  WITHDRAW_STATUS,
  isExchangeError,
  toExchangeNetwork,
} from '../../adapters/exchange/exchange.ts';
import type { ExchangeClient, WithdrawRecord } from '../../adapters/exchange/exchange.ts';
import { AppError } from '../../lib/app-error.ts';
import { writeAudit } from '../../lib/audit.ts';
import type { JobQueue, QueueOptions } from '../../lib/jobs.ts';
import type { MoveActor } from '../orders/order-transition.ts';
import type { OrderMover } from '../orders/order-mover.ts';
import { findOrderDetail, readSettings } from '../orders/orders.repository.ts';
import type { OrderColumnsSet, OrderDetailRow } from '../orders/orders.repository.ts';
import { availableStock, lockStock } from '../treasury/treasury.service.ts';
import type { PayoutLock } from './payout-lock.ts';
import {
  markWithdrawRequested,
  recordWithdrawId,
  staleProcessingOrderIds,
} from './payouts.repository.ts';
import {
  FAILED_STATUSES,
  MAX_WITHDRAWALS,
  STATUS_NAMES,
  lookUpWithdrawal,
  reasonOf,
} from './withdrawals.ts';
import type { Lookup } from './withdrawals.ts';
import type { Log } from '../../lib/log.ts';

/**
 * Automatic crypto payouts through the exchange (PRODUCT.md section 3, decision 008):
 * admin_confirmed -> processing -> withdrawal at the exchange -> admin_paid with the tx id, or
 * error with the reason. Never two withdrawals for one order: every run first asks the exchange
 * what it has under the order's withdrawOrderId, applies only when it has nothing, and runs
 * under the order's payout lock.
 */

/** The payout job's queue: one queued job per order (singletonKey = order id). */
export const PAYOUT_QUEUE = 'orders-payout';

export const PAYOUT_QUEUE_OPTIONS: QueueOptions = {
  policy: 'short',
  retryLimit: 5,
  retryDelaySeconds: 10,
  // A run makes a few exchange calls of at most the client's timeout each.
  expireInSeconds: 300,
};

export interface PayoutJob {
  orderId: string;
  /** how many times this attempt has already looked at the exchange (bounds the polling) */
  check?: number;
}

/** The sweep that gives a payout job back to processing orders whose job was lost. */
export const PAYOUT_SWEEP_QUEUE = 'orders-payout-sweep';
/** A processing order untouched this long may have lost its job (checks wait 10 min at most). */
export const STUCK_PROCESSING_MS = 30 * 60_000;

/** Checks of one attempt before it gives up waiting for a final answer (about a day). */
export const MAX_CHECKS = 200;
/** The exchange's answer to a second apply with a withdrawOrderId it already has. */
export const DUPLICATE_WITHDRAW_ORDER_ID = -4013;

/** Delay before check `check` (1, 2, ...): 15 s doubling up to 10 min. */
export function checkDelayMs(check: number): number {
  return Math.min(15_000 * 2 ** Math.max(0, check - 1), 600_000);
}

const SYSTEM: MoveActor = { type: 'system', id: null };
/** Longest text of the exchange's kept in a payout error (its message, a withdrawal's note). */
const MAX_QUOTED = 500;

function quoted(text: string): string {
  const trimmed = text.trim();
  return trimmed.length > MAX_QUOTED ? `${trimmed.slice(0, MAX_QUOTED - 1)}…` : trimmed;
}

/** Whether an automatic payout runs for an order just confirmed (contracts' rule, as the view). */
export function automaticPayoutApplies(
  settings: Pick<Settings, 'autoCryptoPayouts'>,
  detail: Pick<OrderDetailRow, 'receive' | 'network'>,
): boolean {
  return automaticPayoutRule({
    autoCryptoPayouts: settings.autoCryptoPayouts,
    receiveKind: detail.receive.kind,
    withdrawEnabled: detail.network?.withdrawEnabled ?? null,
  });
}

export interface PayoutServiceDeps {
  db: Db;
  exchange: ExchangeClient;
  jobs: Pick<JobQueue, 'send'>;
  lock: PayoutLock;
  /** the same mover as every route's (order-mover.ts) */
  mover: OrderMover;
  now: () => Date;
  log: Log;
}

export function createPayoutService(deps: PayoutServiceDeps) {
  const { db, exchange, jobs, lock, log } = deps;

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
   * Looks again later (bounded): the exchange has not given a final answer, or did not answer.
   */
  async function later(detail: OrderDetailRow, check: number, reason: string): Promise<void> {
    const next = check + 1;
    if (next > MAX_CHECKS) {
      log.warn({ orderId: detail.order.id, reason }, 'no final answer from the exchange');
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

  /** Carries on from what the exchange says about the order's withdrawal. */
  async function follow(detail: OrderDetailRow, record: WithdrawRecord, check: number) {
    const { order } = detail;
    if (order.withdrawId !== record.id) {
      await db.transaction(async (tx) => {
        if (!(await recordWithdrawId(tx, order.id, record.id, deps.now()))) return;
        await writeAudit(tx, {
          actorType: 'system',
          actorId: null,
          action: 'order.payout_found',
          entityType: 'order',
          entityId: order.id,
          after: {
            reference: order.reference,
            withdrawOrderId: record.withdrawOrderId ?? null,
            withdrawId: record.id,
            exchangeStatus: record.status,
          },
        });
      });
    }
    const failed = FAILED_STATUSES.get(record.status);
    if (failed) {
      await fail(order.id, {
        code: 'withdrawal_failed',
        params: {
          withdrawId: quoted(record.id),
          outcome: failed,
          info: record.info ? quoted(record.info) : null,
        },
      });
      return;
    }
    if (record.status !== WITHDRAW_STATUS.completed) {
      const status = STATUS_NAMES[record.status] ?? `status ${record.status}`;
      await later(detail, check, `withdrawal ${record.id} is ${status}`);
      return;
    }
    try {
      await deps.mover.move({
        order: order.id,
        action: 'payout_done',
        actor: SYSTEM,
        at: deps.now(),
        set: { payoutTxId: record.txId ?? null, withdrawId: record.id, payoutFailure: null },
      });
    } catch (error) {
      if (error instanceof AppError && error.status === 409) return;
      if (error instanceof AppError && error.code === 'TREASURY_NEGATIVE') {
        log.error({ orderId: order.id, withdrawId: record.id }, 'paid out, but not in the ledger');
        await fail(order.id, {
          code: 'paid_not_in_ledger',
          params: {
            withdrawId: quoted(record.id),
            txId: record.txId ? quoted(record.txId) : null,
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

  /** No withdrawal at the exchange for this attempt: check the stock and apply one. */
  async function apply(detail: OrderDetailRow, withdrawOrderId: string, check: number) {
    const { order, network } = detail;
    if (!network) {
      await fail(order.id, { code: 'no_network', params: {} });
      return;
    }
    const shortfall = await stockShortfall(detail);
    if (shortfall) {
      await fail(order.id, shortfall);
      return;
    }
    const request = {
      withdrawOrderId,
      coin: detail.receive.code,
      network: toExchangeNetwork(network.code),
      address: order.addressToReceive,
      addressTag: order.memoToReceive ?? undefined,
      amount: normalize(order.amountReceive),
    };
    // Recorded before the call: whatever happens next, paying by hand now asks the exchange first.
    if (!(await markWithdrawRequested(db, order.id, deps.now()))) return;
    let applied: { id: string };
    try {
      applied = await exchange.withdrawApply(request);
    } catch (error) {
      if (error instanceof ExchangeRejectedError) {
        if (error.code === DUPLICATE_WITHDRAW_ORDER_ID) {
          // It is there after all (the history had not shown it yet): follow it next time.
          await later(detail, check, `the exchange already has withdrawal ${withdrawOrderId}`);
          return;
        }
        await fail(order.id, {
          code: 'exchange_refused',
          params: { message: quoted(error.msg), exchangeCode: error.code },
        });
        return;
      }
      if (error instanceof ExchangeNotConfiguredError) {
        await fail(order.id, { code: 'exchange_not_configured', params: {} });
        return;
      }
      if (isExchangeError(error)) {
        // Timeout or dropped connection: the exchange may have applied it. Look it up next time.
        log.warn({ orderId: order.id, err: error }, 'withdrawal outcome unknown; will look it up');
        await later(
          detail,
          check,
          `outcome of withdrawal ${withdrawOrderId} unknown: ${reasonOf(error)}`,
        );
        return;
      }
      throw error;
    }
    // If the process dies before this commits, the next run finds the withdrawal by its
    // withdrawOrderId and records it then.
    await db.transaction(async (tx) => {
      if (!(await recordWithdrawId(tx, order.id, applied.id, deps.now()))) return;
      await writeAudit(tx, {
        actorType: 'system',
        actorId: null,
        action: 'order.payout_submitted',
        entityType: 'order',
        entityId: order.id,
        after: { reference: order.reference, ...request, withdrawId: applied.id },
      });
      // A new withdrawal: its checks start from one.
      await schedule(order.id, 1, tx);
    });
  }

  /** One step of an order's payout, under its lock; see the module comment. */
  async function advance(orderId: string, check: number): Promise<void> {
    let detail = await findOrderDetail(db, orderId);
    if (!detail) return;
    if (detail.order.status === 'admin_confirmed') {
      // Still on? (The switch or the network may have changed since the funds were confirmed;
      // then the admin pays by hand.)
      if (!automaticPayoutApplies(await readSettings(db), detail)) return;
      if (!(await move(orderId, 'submit_payout'))) return;
      detail = await findOrderDetail(db, orderId);
      if (!detail) return;
    }
    if (detail.order.status !== 'processing') return;

    let found: Lookup;
    try {
      found = await lookUpWithdrawal(exchange, orderId, detail.order.withdrawId);
    } catch (error) {
      if (error instanceof ExchangeNotConfiguredError) {
        await fail(orderId, { code: 'exchange_not_configured', params: {} });
        return;
      }
      if (!isExchangeError(error)) throw error;
      await later(detail, check, `the withdrawal history did not answer: ${reasonOf(error)}`);
      return;
    }
    switch (found.kind) {
      case 'found':
        return follow(detail, found.record, check);
      case 'exhausted':
        return fail(orderId, {
          code: 'too_many_withdrawals',
          params: { withdrawals: MAX_WITHDRAWALS },
        });
      case 'none':
        if (detail.order.withdrawId) {
          // We recorded a withdrawal the exchange does not show (yet): never apply another.
          return later(
            detail,
            check,
            `the exchange shows no withdrawal ${detail.order.withdrawId} yet`,
          );
        }
        return apply(detail, found.withdrawOrderId, check);
    }
  }

  /**
   * Gives a payout job back to every order in processing untouched for STUCK_PROCESSING_MS: a
   * job that failed for good (its retries used up) leaves such an order with nothing to move it.
   * The job's singletonKey keeps a live job's order from getting a second one; the new job looks
   * the withdrawal up first, as every run does. Returns how many were queued.
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
