import { sql } from 'drizzle-orm';
import type { MoveObserver } from './order-mover.ts';

/** How a payout was made: by the rail's provider (a system move) or by an admin. */
export type PayoutHow = 'automatic' | 'by_hand';

/**
 * Observes, for every order paid out (moved to admin_paid), the time from its funds confirmed
 * (its last move to admin_confirmed) to the payout, and tells `record` once the move has
 * committed (decision 052). One indexed read of the order's events, in the move's transaction.
 */
export function createPayoutTiming(
  record: (seconds: number, how: PayoutHow) => void,
): MoveObserver {
  return async (tx, moved) => {
    if (moved.to !== 'admin_paid') return undefined;
    const result = await tx.execute<{ seconds: number | null }>(sql`
      SELECT extract(epoch FROM ${moved.order.statusChangedAt.toISOString()}::timestamptz
        - max(created_at))::float8 AS seconds
      FROM order_events
      WHERE order_id = ${moved.order.id} AND to_status = 'admin_confirmed'`);
    const seconds = result.rows[0]?.seconds;
    if (seconds === null || seconds === undefined) return undefined;
    const how: PayoutHow = moved.actor.type === 'system' ? 'automatic' : 'by_hand';
    return () => record(Math.max(0, Number(seconds)), how);
  };
}
