import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { orders, payoutApprovals, payoutRiskChecks, users, wallets } from '@permuta/db';
import type { Db, PayoutHoldEnding, PayoutRiskCheck, Tx } from '@permuta/db';
import { PAID_OUT_STATUSES } from '@permuta/contracts/order-state';
import type { PayoutHoldReason } from '@permuta/contracts';

/** The risk checks' data (decision 043): reads of the rule's inputs, the checks, the approvals. */

/** Statuses of an order whose payout went out: the customer's "finished" orders. */
const PAID_OUT = PAID_OUT_STATUSES;

/** Orders of the customer whose payout went out. */
export async function finishedOrderCount(db: Db | Tx, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(eq(orders.userId, userId), inArray(orders.status, [...PAID_OUT])));
  return Number(row?.count ?? 0);
}

/** Value (BRL) of the customer's automatic payouts queued in [from, to), `orderId` aside. */
export async function autoPayoutsValue(
  db: Db | Tx,
  userId: string,
  day: { from: Date; to: Date },
  orderId: string,
): Promise<string> {
  const [row] = await db
    .select({ value: sql<string>`coalesce(sum(${payoutRiskChecks.valueBrl}), 0)::text` })
    .from(payoutRiskChecks)
    .where(
      and(
        eq(payoutRiskChecks.userId, userId),
        ne(payoutRiskChecks.orderId, orderId),
        sql`${payoutRiskChecks.queuedAt} >= ${day.from.toISOString()}::timestamptz`,
        sql`${payoutRiskChecks.queuedAt} < ${day.to.toISOString()}::timestamptz`,
      ),
    );
  return row?.value ?? '0';
}

/**
 * The order's destination: when it was registered (its wallet's last change when the wallet
 * still holds the order's destination, else the order's own creation: never older than what
 * we know) and whether an order of the customer was ever paid to it.
 */
export async function destinationOf(
  db: Db | Tx,
  order: Pick<
    typeof orders.$inferSelect,
    'id' | 'userId' | 'walletId' | 'addressToReceive' | 'memoToReceive' | 'createdAt'
  >,
): Promise<{ registeredAt: Date; everPaid: boolean }> {
  let registeredAt = order.createdAt;
  if (order.walletId) {
    const [wallet] = await db.select().from(wallets).where(eq(wallets.id, order.walletId)).limit(1);
    const destination = wallet?.address ?? wallet?.pixKey ?? wallet?.derivAccount ?? null;
    if (wallet && destination === order.addressToReceive) {
      registeredAt = wallet.updatedAt > wallet.createdAt ? wallet.updatedAt : wallet.createdAt;
    }
  }
  const [paid] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.userId, order.userId),
        ne(orders.id, order.id),
        eq(orders.addressToReceive, order.addressToReceive),
        sql`coalesce(${orders.memoToReceive}, '') = ${order.memoToReceive ?? ''}`,
        inArray(orders.status, [...PAID_OUT]),
      ),
    )
    .limit(1);
  return { registeredAt, everPaid: Boolean(paid) };
}

/** The order's check, locked until commit when `lock`. */
export async function findRiskCheck(
  db: Db | Tx,
  orderId: string,
  lock = false,
): Promise<PayoutRiskCheck | null> {
  const query = db
    .select()
    .from(payoutRiskChecks)
    .where(eq(payoutRiskChecks.orderId, orderId))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export interface RiskCheckValues {
  orderId: string;
  userId: string;
  valueBrl: string;
  reasons: PayoutHoldReason[];
  approvalsNeeded: number;
  releaseAt: Date | null;
  checkedAt: Date;
  queuedAt: Date | null;
  queuedBy: 'rule' | 'approval' | 'release' | null;
}

/** Records the order's check (a second confirmation of the same order replaces it). */
export async function saveRiskCheck(tx: Tx, values: RiskCheckValues): Promise<void> {
  const { orderId, ...rest } = values;
  await tx
    .insert(payoutRiskChecks)
    .values(values)
    .onConflictDoUpdate({ target: payoutRiskChecks.orderId, set: rest });
  // a new check starts its approvals again
  await tx.delete(payoutApprovals).where(eq(payoutApprovals.orderId, orderId));
}

/** Marks a held payout queued (by the last approval or the end of the wait). */
export async function markQueued(
  tx: Tx,
  orderId: string,
  by: 'approval' | 'release',
  at: Date,
): Promise<boolean> {
  const rows = await tx
    .update(payoutRiskChecks)
    .set({ queuedAt: at, queuedBy: by })
    .where(
      and(
        eq(payoutRiskChecks.orderId, orderId),
        sql`${payoutRiskChecks.queuedAt} IS NULL`,
        sql`${payoutRiskChecks.endedAt} IS NULL`,
      ),
    )
    .returning({ orderId: payoutRiskChecks.orderId });
  return rows.length > 0;
}

/**
 * Ends a hold that still waits (held, not queued, not ended) because an admin settled the order
 * by hand; null when there was none to end.
 */
export async function markEnded(
  tx: Tx,
  orderId: string,
  by: PayoutHoldEnding,
  at: Date,
): Promise<PayoutRiskCheck | null> {
  const [row] = await tx
    .update(payoutRiskChecks)
    .set({ endedAt: at, endedBy: by })
    .where(
      and(
        eq(payoutRiskChecks.orderId, orderId),
        sql`${payoutRiskChecks.queuedAt} IS NULL`,
        sql`${payoutRiskChecks.endedAt} IS NULL`,
        sql`jsonb_array_length(${payoutRiskChecks.reasons}) > 0`,
      ),
    )
    .returning();
  return row ?? null;
}

/** Records an admin's approval; false when this admin had already approved the order. */
export async function addApproval(tx: Tx, orderId: string, adminId: string): Promise<boolean> {
  const rows = await tx
    .insert(payoutApprovals)
    .values({ orderId, adminId })
    .onConflictDoNothing()
    .returning({ id: payoutApprovals.id });
  return rows.length > 0;
}

/** The order's approvals, oldest first, with the admins' usernames. */
export async function listApprovals(
  db: Db | Tx,
  orderId: string,
): Promise<{ adminId: string; admin: string | null; at: Date }[]> {
  return db
    .select({
      adminId: payoutApprovals.adminId,
      admin: users.username,
      at: payoutApprovals.createdAt,
    })
    .from(payoutApprovals)
    .leftJoin(users, eq(users.id, payoutApprovals.adminId))
    .where(eq(payoutApprovals.orderId, orderId))
    .orderBy(asc(payoutApprovals.createdAt), asc(payoutApprovals.id));
}

/** Locks the order's row until commit: an approval and a move of the order run one at a time. */
export async function lockOrder(tx: Tx, orderId: string): Promise<string | null> {
  const [row] = await tx
    .select({ status: orders.status })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update');
  return row?.status ?? null;
}
