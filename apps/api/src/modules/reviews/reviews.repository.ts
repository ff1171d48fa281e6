import { and, count, desc, eq, gte, isNull, lt, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { orders, reviews, tokens, users } from '@permuta/db';
import type { Db, NewReview, Review, Tx } from '@permuta/db';
import { REVIEW_RATINGS, normalize, publicAuthorName } from '@permuta/contracts';
import type {
  AdminReview,
  MyReview,
  PublicReview,
  RatingDistribution,
  ReviewableOrder,
  ReviewVisibilityFilter,
} from '@permuta/contracts';

/** Query functions of the reviews; each takes the database or a transaction. */

type DbOrTx = Db | Tx;

/** How many completed orders awaiting a review the customer's form lists (newest first). */
export const REVIEWABLE_ORDERS_LIMIT = 100;

const sendToken = alias(tokens, 'send_token');
const receiveToken = alias(tokens, 'receive_token');

/** `%value%` for LIKE with the value's own wildcards escaped. */
function containsPattern(value: string): string {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

// --- customer -------------------------------------------------------------------------------

/** The customer's completed orders that have no review yet, newest first. */
export async function listReviewableOrders(db: DbOrTx, userId: string): Promise<ReviewableOrder[]> {
  const rows = await db
    .select({
      id: orders.id,
      reference: orders.reference,
      sendToken: sendToken.code,
      receiveToken: receiveToken.code,
      amountSend: orders.amountSend,
      amountReceive: orders.amountReceive,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .innerJoin(sendToken, eq(sendToken.id, orders.sendTokenId))
    .innerJoin(receiveToken, eq(receiveToken.id, orders.receiveTokenId))
    .leftJoin(reviews, eq(reviews.orderId, orders.id))
    .where(and(eq(orders.userId, userId), eq(orders.status, 'completed'), isNull(reviews.id)))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(REVIEWABLE_ORDERS_LIMIT);
  return rows.map((row) => ({
    ...row,
    amountSend: normalize(row.amountSend),
    amountReceive: normalize(row.amountReceive),
    createdAt: row.createdAt.toISOString(),
  }));
}

/** One order of this customer (null for an unknown order or someone else's). */
export async function findOwnOrder(db: DbOrTx, userId: string, orderId: string) {
  const [row] = await db
    .select({ id: orders.id, reference: orders.reference, status: orders.status })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** Inserts the review unless the order already has one (null then: one review per order). */
export async function insertReview(db: DbOrTx, values: NewReview): Promise<Review | null> {
  const [row] = await db
    .insert(reviews)
    .values(values)
    .onConflictDoNothing({ target: reviews.orderId })
    .returning();
  return row ?? null;
}

export function toMyReview(row: Review, orderReference: string): MyReview {
  return {
    id: row.id,
    orderId: row.orderId,
    orderReference,
    rating: row.rating,
    text: row.text,
    visible: row.visible,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listMyReviews(
  db: DbOrTx,
  userId: string,
  page: number,
  pageSize: number,
): Promise<{ items: MyReview[]; total: number }> {
  const where = eq(reviews.userId, userId);
  const [totalRow] = await db.select({ total: count() }).from(reviews).where(where);
  const rows = await db
    .select({ review: reviews, reference: orders.reference })
    .from(reviews)
    .innerJoin(orders, eq(orders.id, reviews.orderId))
    .where(where)
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return {
    total: Number(totalRow?.total ?? 0),
    items: rows.map((row) => toMyReview(row.review, row.reference)),
  };
}

// --- public ---------------------------------------------------------------------------------

/** A page of the visible reviews, newest first, each signed "First L.". */
export async function listPublicReviews(
  db: DbOrTx,
  page: number,
  limit: number,
): Promise<PublicReview[]> {
  const rows = await db
    .select({
      id: reviews.id,
      rating: reviews.rating,
      text: reviews.text,
      name: users.name,
      createdAt: reviews.createdAt,
    })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .where(eq(reviews.visible, true))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit)
    .offset((page - 1) * limit);
  return rows.map((row) => ({
    id: row.id,
    rating: row.rating,
    text: row.text,
    author: publicAuthorName(row.name),
    createdAt: row.createdAt.toISOString(),
  }));
}

/** How many visible reviews gave each number of stars. */
export async function visibleDistribution(db: DbOrTx): Promise<RatingDistribution> {
  const rows = await db
    .select({ rating: reviews.rating, count: count() })
    .from(reviews)
    .where(eq(reviews.visible, true))
    .groupBy(reviews.rating);
  const distribution: RatingDistribution = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
  for (const row of rows) {
    const rating = REVIEW_RATINGS.find((r) => r === row.rating);
    if (rating) distribution[rating] = Number(row.count);
  }
  return distribution;
}

// --- back office ----------------------------------------------------------------------------

export interface AdminReviewFilter {
  visibility: ReviewVisibilityFilter;
  rating?: number | undefined;
  q?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

const adminColumns = {
  review: reviews,
  reference: orders.reference,
  customerName: users.name,
  customerEmail: users.email,
};

type AdminRow = { review: Review; reference: string; customerName: string; customerEmail: string };

function toAdminReview(row: AdminRow): AdminReview {
  return {
    id: row.review.id,
    rating: row.review.rating,
    text: row.review.text,
    visible: row.review.visible,
    createdAt: row.review.createdAt.toISOString(),
    updatedAt: row.review.updatedAt.toISOString(),
    order: { id: row.review.orderId, reference: row.reference },
    customer: { id: row.review.userId, name: row.customerName, email: row.customerEmail },
  };
}

function adminWhere(filter: AdminReviewFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.visibility === 'visible') conditions.push(eq(reviews.visible, true));
  if (filter.visibility === 'hidden') conditions.push(eq(reviews.visible, false));
  if (filter.rating !== undefined) conditions.push(eq(reviews.rating, filter.rating));
  if (filter.from) conditions.push(gte(reviews.createdAt, filter.from));
  if (filter.to) conditions.push(lt(reviews.createdAt, filter.to));
  const q = filter.q?.trim();
  if (q) {
    const pattern = containsPattern(q);
    conditions.push(
      or(
        sql`${reviews.text} ilike ${pattern}`,
        sql`${users.name} ilike ${pattern}`,
        sql`${users.email} ilike ${pattern}`,
        sql`${orders.reference} ilike ${pattern}`,
      )!,
    );
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

export async function listAdminReviews(
  db: DbOrTx,
  filter: AdminReviewFilter,
  page: number,
  pageSize: number,
): Promise<{ items: AdminReview[]; total: number }> {
  const where = adminWhere(filter);
  const [totalRow] = await db
    .select({ total: count() })
    .from(reviews)
    .innerJoin(orders, eq(orders.id, reviews.orderId))
    .innerJoin(users, eq(users.id, reviews.userId))
    .where(where);
  const rows = await db
    .select(adminColumns)
    .from(reviews)
    .innerJoin(orders, eq(orders.id, reviews.orderId))
    .innerJoin(users, eq(users.id, reviews.userId))
    .where(where)
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { total: Number(totalRow?.total ?? 0), items: rows.map(toAdminReview) };
}

/** One review as the back office sees it (null when unknown). */
export async function findAdminReview(db: DbOrTx, id: string): Promise<AdminReview | null> {
  const [row] = await db
    .select(adminColumns)
    .from(reviews)
    .innerJoin(orders, eq(orders.id, reviews.orderId))
    .innerJoin(users, eq(users.id, reviews.userId))
    .where(eq(reviews.id, id))
    .limit(1);
  return row ? toAdminReview(row) : null;
}

/** The review's row, locked until the transaction ends (null when unknown). */
export async function lockReview(tx: Tx, id: string): Promise<Review | null> {
  const [row] = await tx.select().from(reviews).where(eq(reviews.id, id)).limit(1).for('update');
  return row ?? null;
}

export async function setReviewVisible(tx: Tx, id: string, visible: boolean): Promise<Review> {
  const [row] = await tx.update(reviews).set({ visible }).where(eq(reviews.id, id)).returning();
  if (!row) throw new Error(`review ${id} vanished while locked`);
  return row;
}

export async function deleteReview(tx: Tx, id: string): Promise<void> {
  await tx.delete(reviews).where(eq(reviews.id, id));
}

/** What the audit log keeps of a review. */
export function auditReview(row: Review) {
  return {
    id: row.id,
    orderId: row.orderId,
    userId: row.userId,
    rating: row.rating,
    text: row.text,
    visible: row.visible,
    createdAt: row.createdAt,
  };
}
