import { sql } from 'drizzle-orm';
import { ORDER_STATUSES, OPEN_STATUSES } from '@permuta/contracts/order-state';
import type { OrderStatus } from '@permuta/contracts/order-state';
import { INCOMING_PROVIDERS, NOT_OWED_STATUS_LIST } from '@permuta/db';
import type { Db, IncomingProvider } from '@permuta/db';

/**
 * The business figures of the operations view (decision 052), read from the shared database when
 * Prometheus scrapes an instance: every instance reports the same numbers. Five cheap queries,
 * each a grouped count over an index or a small table, plus the treasury's per-token sums (one
 * pass over the ledger, as the treasury page does). Ages are computed by the database's clock.
 */

/** Incoming payments that still wait for something: confirmations, an order, a refund. */
export const OPEN_INCOMING_STATUSES = ['seen', 'unmatched', 'refunding'] as const;
export type OpenIncomingStatus = (typeof OPEN_INCOMING_STATUSES)[number];

export interface OrderFigures {
  status: OrderStatus;
  count: number;
  /** seconds since the oldest order of this status got it (0 when none, or a final status) */
  oldestAgeSeconds: number;
}

export interface QueueFigures {
  queue: string;
  /** due now (created or retry, start time reached), not running yet */
  queued: number;
  /** seconds the oldest due job has waited since it became due (0 when none) */
  oldestQueuedAgeSeconds: number;
  /** running now */
  active: number;
  /** failed for good (retries used up) in the last 24 hours */
  failedLast24h: number;
}

export interface IncomingFigures {
  provider: IncomingProvider;
  status: OpenIncomingStatus;
  count: number;
  oldestAgeSeconds: number;
}

export interface StockFigures {
  token: string;
  kind: string;
  balance: number;
  reserved: number;
  available: number;
}

export interface BusinessFigures {
  orders: OrderFigures[];
  queues: QueueFigures[];
  incoming: IncomingFigures[];
  held: { count: number; oldestAgeSeconds: number };
  stock: StockFigures[];
}

const OPEN = new Set<string>(OPEN_STATUSES);

function num(value: unknown): number {
  const n = typeof value === 'number' ? value : Number(value ?? 0);
  return Number.isFinite(n) ? n : 0;
}

export async function readBusinessFigures(db: Db): Promise<BusinessFigures> {
  // one grouped count over the orders' (status, ...) index
  const orderRows = await db.execute<{ status: string; count: number; age: number | null }>(sql`
    SELECT status::text AS status, count(*)::int AS count,
           extract(epoch FROM now() - min(status_changed_at))::float8 AS age
    FROM orders GROUP BY status`);
  const byStatus = new Map(orderRows.rows.map((row) => [row.status, row]));
  const orders = ORDER_STATUSES.map((status) => {
    const row = byStatus.get(status);
    return {
      status,
      count: num(row?.count),
      oldestAgeSeconds: row && OPEN.has(status) ? Math.max(0, num(row.age)) : 0,
    };
  });

  // pg-boss's own tables (schema pgboss): every defined queue, with its waiting and failed jobs
  const queueRows = await db.execute<{
    name: string;
    queued: number;
    age: number | null;
    active: number;
    failed: number;
  }>(sql`
    SELECT q.name,
           coalesce(j.queued, 0)::int AS queued,
           coalesce(j.age, 0)::float8 AS age,
           coalesce(j.active, 0)::int AS active,
           coalesce(j.failed, 0)::int AS failed
    FROM pgboss.queue q
    LEFT JOIN (
      SELECT name,
             count(*) FILTER (WHERE state < 'active' AND start_after <= now()) AS queued,
             extract(epoch FROM now() - min(start_after)
               FILTER (WHERE state < 'active' AND start_after <= now())) AS age,
             count(*) FILTER (WHERE state = 'active') AS active,
             count(*) FILTER (WHERE state = 'failed') AS failed
      FROM pgboss.job
      WHERE state <= 'active'
         OR (state = 'failed' AND completed_on > now() - interval '24 hours')
      GROUP BY name
    ) j ON j.name = q.name
    ORDER BY q.name`);
  const queues = queueRows.rows.map((row) => ({
    queue: row.name,
    queued: num(row.queued),
    oldestQueuedAgeSeconds: Math.max(0, num(row.age)),
    active: num(row.active),
    failedLast24h: num(row.failed),
  }));

  // the open payments sit in two partial indexes (seen; unmatched and refunding)
  const incomingRows = await db.execute<{
    provider: string;
    status: string;
    count: number;
    age: number | null;
  }>(sql`
    SELECT provider, status, count(*)::int AS count,
           extract(epoch FROM now() - min(created_at))::float8 AS age
    FROM incoming_payments
    WHERE status IN ('seen', 'unmatched', 'refunding')
    GROUP BY provider, status`);
  const incoming: IncomingFigures[] = [];
  for (const provider of INCOMING_PROVIDERS) {
    for (const status of OPEN_INCOMING_STATUSES) {
      const row = incomingRows.rows.find((r) => r.provider === provider && r.status === status);
      incoming.push({
        provider,
        status,
        count: num(row?.count),
        oldestAgeSeconds: Math.max(0, num(row?.age)),
      });
    }
  }

  // automatic payouts held by the risk limits (decision 043): their orders wait in admin_confirmed
  const heldRows = await db.execute<{ count: number; age: number | null }>(sql`
    SELECT count(*)::int AS count, extract(epoch FROM now() - min(c.checked_at))::float8 AS age
    FROM orders o JOIN payout_risk_checks c ON c.order_id = o.id
    WHERE o.status = 'admin_confirmed' AND c.queued_at IS NULL AND c.ended_at IS NULL`);
  const held = {
    count: num(heldRows.rows[0]?.count),
    oldestAgeSeconds: Math.max(0, num(heldRows.rows[0]?.age)),
  };

  // the treasury per token: ledger sum (the running balance the database keeps, decision 064),
  // and what the orders in flight will pay out of it
  const stockRows = await db.execute<{
    code: string;
    kind: string;
    balance: number;
    reserved: number;
  }>(sql`
    SELECT t.code, t.kind::text AS kind,
           t.ledger_balance::float8 AS balance,
           coalesce(r.reserved, 0)::float8 AS reserved
    FROM tokens t
    LEFT JOIN (
      SELECT receive_token_id, sum(amount_receive) AS reserved
      FROM orders
      WHERE status NOT IN (${NOT_OWED_STATUS_LIST}) AND NOT refund_only
      GROUP BY receive_token_id
    ) r ON r.receive_token_id = t.id
    ORDER BY t.code`);
  const stock = stockRows.rows.map((row) => {
    const balance = num(row.balance);
    const reserved = num(row.reserved);
    return { token: row.code, kind: row.kind, balance, reserved, available: balance - reserved };
  });

  return { orders, queues, incoming, held, stock };
}
