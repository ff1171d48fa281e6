import { and, asc, eq, lt, sql } from 'drizzle-orm';
import { orders } from '@permuta/db';
import type { Db, Tx } from '@permuta/db';

/**
 * The order entered processing (a new payout attempt): one more attempt, and the previous
 * attempt's error and payout id cleared (the provider keeps every payout; a retry looks them
 * all up again).
 */
export async function startPayoutAttempt(tx: Tx, orderId: string, at: Date): Promise<void> {
  await tx
    .update(orders)
    .set({
      payoutAttempts: sql`${orders.payoutAttempts} + 1`,
      payoutFailure: null,
      withdrawId: null,
      updatedAt: at,
    })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'processing')));
}

/** The provider's id of the order's payout, while the order is processing. */
export async function recordWithdrawId(
  db: Db | Tx,
  orderId: string,
  withdrawId: string,
  at: Date,
): Promise<boolean> {
  const rows = await db
    .update(orders)
    .set({ withdrawId, updatedAt: at })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'processing')))
    .returning({ id: orders.id });
  return rows.length > 0;
}

/**
 * Before every payout asked of the rail's provider: the first one's time is kept
 * (withdrawRequestedAt: from then on a manual payout or refund asks the provider first, the
 * payout may exist even if we never hear back), the latest one's too (payoutAppliedAt: a
 * provider without an idempotency key may show it only a little later). Committed before the
 * call; false when the order is no longer processing.
 */
export async function markPayoutApplied(db: Db | Tx, orderId: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(orders)
    .set({
      withdrawRequestedAt: sql`coalesce(${orders.withdrawRequestedAt}, ${at.toISOString()}::timestamptz)`,
      payoutAppliedAt: at,
    })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'processing')))
    .returning({ id: orders.id });
  return rows.length > 0;
}

/** Orders in processing untouched since `before` (their payout job may be gone), oldest first. */
export async function staleProcessingOrderIds(
  db: Db | Tx,
  before: Date,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, 'processing'), lt(orders.updatedAt, before)))
    .orderBy(asc(orders.updatedAt))
    .limit(limit);
  return rows.map((row) => row.id);
}
