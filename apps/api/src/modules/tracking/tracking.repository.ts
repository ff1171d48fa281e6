import { and, desc, eq, gt, gte, isNull, sql } from 'drizzle-orm';
import { orderTrackingCodes, orderTrackingGrants, orders, users } from '@permuta/db';
import type { Db, Tx } from '@permuta/db';

export interface OrderOwner {
  orderId: string;
  reference: string;
  userId: string;
  email: string;
  name: string;
  locale: 'pt-BR' | 'en-US';
}

/** The order of a reference with its owner's e-mail, name and language; null when none. */
export async function findOrderOwner(db: Db | Tx, reference: string): Promise<OrderOwner | null> {
  const [row] = await db
    .select({
      orderId: orders.id,
      reference: orders.reference,
      userId: orders.userId,
      email: users.email,
      name: users.name,
      locale: users.locale,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.reference, reference))
    .limit(1);
  return row ?? null;
}

/**
 * Serialises the code requests and checks of one reference (known or not) until the
 * transaction ends, on every instance.
 */
export async function lockReference(tx: Tx, reference: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`order-tracking:${reference}`}))`);
}

/** Codes sent for an order since `since`, and when the newest of them was. */
export async function recentCodes(
  tx: Tx,
  orderId: string,
  since: Date,
): Promise<{ count: number; newest: Date | null }> {
  const [row] = await tx
    .select({
      count: sql<number>`count(*)::int`,
      newest: sql<Date | null>`max(${orderTrackingCodes.createdAt})`.mapWith(
        (value: string | Date | null) => (value === null ? null : new Date(value)),
      ),
    })
    .from(orderTrackingCodes)
    .where(and(eq(orderTrackingCodes.orderId, orderId), gte(orderTrackingCodes.createdAt, since)));
  return { count: row?.count ?? 0, newest: row?.newest ?? null };
}

export async function insertCode(
  tx: Tx,
  values: { orderId: string; codeHash: string; expiresAt: Date; ip: string; now: Date },
): Promise<void> {
  await tx.insert(orderTrackingCodes).values({
    orderId: values.orderId,
    codeHash: values.codeHash,
    expiresAt: values.expiresAt,
    ip: values.ip,
    createdAt: values.now,
  });
}

/** The newest code of an order not used yet, locked until the transaction ends. */
export async function lockNewestCode(tx: Tx, orderId: string) {
  const [row] = await tx
    .select()
    .from(orderTrackingCodes)
    .where(and(eq(orderTrackingCodes.orderId, orderId), isNull(orderTrackingCodes.usedAt)))
    .orderBy(desc(orderTrackingCodes.createdAt))
    .limit(1)
    .for('update');
  return row ?? null;
}

export async function countWrongCode(tx: Tx, id: string): Promise<number> {
  const [row] = await tx
    .update(orderTrackingCodes)
    .set({ failedAttempts: sql`${orderTrackingCodes.failedAttempts} + 1` })
    .where(eq(orderTrackingCodes.id, id))
    .returning({ failedAttempts: orderTrackingCodes.failedAttempts });
  return row?.failedAttempts ?? 0;
}

/** Spends the code (compare-and-set: a code opens one grant) and stores the grant. */
export async function useCode(
  tx: Tx,
  input: { codeId: string; orderId: string; tokenHash: string; expiresAt: Date; now: Date },
): Promise<boolean> {
  const used = await tx
    .update(orderTrackingCodes)
    .set({ usedAt: input.now })
    .where(and(eq(orderTrackingCodes.id, input.codeId), isNull(orderTrackingCodes.usedAt)))
    .returning({ id: orderTrackingCodes.id });
  if (used.length === 0) return false;
  await tx.insert(orderTrackingGrants).values({
    orderId: input.orderId,
    tokenHash: input.tokenHash,
    expiresAt: input.expiresAt,
    createdAt: input.now,
  });
  return true;
}

/** The live grant of a token's hash, with its order's owner; null when unknown or ended. */
export async function findGrant(db: Db, tokenHash: string, now: Date) {
  const [row] = await db
    .select({
      id: orderTrackingGrants.id,
      orderId: orderTrackingGrants.orderId,
      expiresAt: orderTrackingGrants.expiresAt,
      userId: orders.userId,
    })
    .from(orderTrackingGrants)
    .innerJoin(orders, eq(orders.id, orderTrackingGrants.orderId))
    .where(
      and(eq(orderTrackingGrants.tokenHash, tokenHash), gt(orderTrackingGrants.expiresAt, now)),
    )
    .limit(1);
  return row ?? null;
}

export async function deleteGrant(db: Db, tokenHash: string): Promise<void> {
  await db.delete(orderTrackingGrants).where(eq(orderTrackingGrants.tokenHash, tokenHash));
}

/** Removes codes and grants ended more than a day ago (on the back of a code request). */
export async function sweepEnded(tx: Tx, before: Date): Promise<void> {
  await tx.delete(orderTrackingGrants).where(sql`${orderTrackingGrants.expiresAt} < ${before}`);
  await tx.delete(orderTrackingCodes).where(sql`${orderTrackingCodes.expiresAt} < ${before}`);
}
