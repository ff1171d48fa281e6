import type { Db } from '@permuta/db';
import { AppError } from '../../lib/app-error.ts';
import type { JobQueue } from '../../lib/jobs.ts';
import { deleteExpiredIdempotencyKeys } from './idempotency.ts';
import type { OrderMover } from './order-mover.ts';
import {
  expiredPendingOrderIds,
  readSettings,
  staleAdminPaidOrderIds,
} from './orders.repository.ts';

/** Queues of the order jobs, each scheduled every minute. */
export const EXPIRE_ORDERS_QUEUE = 'orders-expire';
export const AUTO_COMPLETE_ORDERS_QUEUE = 'orders-auto-complete';

export interface OrderJobsDeps {
  db: Db;
  /** the same mover as every route's (order-mover.ts) */
  mover: OrderMover;
  /** where an order that could not be moved is reported (it is tried again next run) */
  logError: (details: object, message: string) => void;
}

const BATCH = 100;

/**
 * Makes the system move `action` on each order `next` finds, one transaction per order. An order
 * someone else moved meanwhile (409) is skipped; an order whose move fails otherwise is reported
 * and left for the next run (never retried within this one).
 */
async function sweep(
  deps: OrderJobsDeps,
  now: Date,
  action: 'cancel' | 'complete',
  next: () => Promise<string[]>,
): Promise<number> {
  let moved = 0;
  const tried = new Set<string>();
  for (;;) {
    const ids = (await next()).filter((id) => !tried.has(id));
    if (ids.length === 0) return moved;
    for (const id of ids) {
      tried.add(id);
      try {
        await deps.mover.move({ order: id, action, actor: { type: 'system', id: null }, at: now });
        moved += 1;
      } catch (error) {
        if (!(error instanceof AppError && error.status === 409)) {
          deps.logError({ err: error, orderId: id, action }, 'order job could not move an order');
        }
      }
    }
  }
}

/** Cancels (as the system) every pending order whose payment time is over at `now`. */
export async function expireOrders(deps: OrderJobsDeps, now: Date): Promise<number> {
  const count = await sweep(deps, now, 'cancel', () => expiredPendingOrderIds(deps.db, now, BATCH));
  await deleteExpiredIdempotencyKeys(deps.db, now);
  return count;
}

/** Completes (as the system) every order paid out settings.autoCompleteHours or more before `now`. */
export async function autoCompleteOrders(deps: OrderJobsDeps, now: Date): Promise<number> {
  const settings = await readSettings(deps.db);
  const paidBefore = new Date(now.getTime() - settings.autoCompleteHours * 3_600_000);
  return sweep(deps, now, 'complete', () => staleAdminPaidOrderIds(deps.db, paidBefore, BATCH));
}

/** The order jobs' workers, each run every minute (once across instances). */
export async function workOrderJobs(
  jobs: Pick<JobQueue, 'work' | 'schedule'>,
  deps: OrderJobsDeps,
  now: () => Date,
): Promise<void> {
  await jobs.work(EXPIRE_ORDERS_QUEUE, async () => {
    await expireOrders(deps, now());
  });
  await jobs.work(AUTO_COMPLETE_ORDERS_QUEUE, async () => {
    await autoCompleteOrders(deps, now());
  });
  await jobs.schedule(EXPIRE_ORDERS_QUEUE, '* * * * *');
  await jobs.schedule(AUTO_COMPLETE_ORDERS_QUEUE, '* * * * *');
}
