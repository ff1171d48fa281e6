import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { orders, tokens, users } from '@permuta/db';
import type { Db, Tx } from '@permuta/db';
import { DASHBOARD_TIME_ZONE } from '@permuta/contracts';
import type { DocumentType, OrderStatus } from '@permuta/contracts';

/**
 * Read-only queries of the dashboard; each takes the database or a transaction. Days and weeks
 * are cut with `date_trunc(..., DASHBOARD_TIME_ZONE)`; every range is a plain `created_at`
 * interval so that the `(…, created_at)` indexes of orders, users, documents and prices serve it.
 */

type DbOrTx = Db | Tx;

/** The zone as an SQL literal: a constant of the contracts, never user input. */
const TZ = sql.raw(`'${DASHBOARD_TIME_ZONE.replace(/'/g, "''")}'`);

/** `YYYY-MM-DD` of the local day (in TZ) of a timestamptz column or expression. */
const localDay = (column: unknown) =>
  sql`to_char(date_trunc('day', ${column}, ${TZ}) AT TIME ZONE ${TZ}, 'YYYY-MM-DD')`;

export interface Interval {
  start: Date;
  end: Date;
}

/**
 * The instants at which the local days `fromDay` and `toDay` (`YYYY-MM-DD`) begin in TZ: the
 * half-open interval [fromDay 00:00, toDay 00:00).
 */
export async function localInterval(db: DbOrTx, fromDay: string, toDay: string): Promise<Interval> {
  const result = await db.execute<{ start: string; end: string }>(sql`
    SELECT to_char((${fromDay}::date)::timestamp AT TIME ZONE ${TZ} AT TIME ZONE 'UTC',
                   'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS start,
           to_char((${toDay}::date)::timestamp AT TIME ZONE ${TZ} AT TIME ZONE 'UTC',
                   'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "end"`);
  const row = result.rows[0];
  if (!row) throw new Error('no interval');
  return { start: new Date(row.start), end: new Date(row.end) };
}

// --- work queues ------------------------------------------------------------------------------

/** Orders in `statuses`, refund-only ones only (true), all but them (false) or all (null). */
function inQueue(statuses: readonly OrderStatus[], refundOnly: boolean | null) {
  const status = inArray(orders.status, [...statuses]);
  return refundOnly === null ? status : and(status, eq(orders.refundOnly, refundOnly));
}

export async function countOrdersByStatus(
  db: DbOrTx,
  statuses: readonly OrderStatus[],
  refundOnly: boolean | null = null,
): Promise<Map<OrderStatus, number>> {
  const rows = await db
    .select({ status: orders.status, count: count() })
    .from(orders)
    .where(inQueue(statuses, refundOnly))
    .groupBy(orders.status);
  return new Map(rows.map((row) => [row.status, Number(row.count)]));
}

export interface WaitingOrderRow {
  id: string;
  reference: string;
  status: OrderStatus;
  sendToken: string;
  receiveToken: string;
  amountSend: string;
  customerId: string;
  customerName: string;
  statusChangedAt: Date;
}

const sendToken = alias(tokens, 'send_token');
const receiveToken = alias(tokens, 'receive_token');

/** The orders in `statuses` that have waited longest in their status. */
export async function oldestOrders(
  db: DbOrTx,
  statuses: readonly OrderStatus[],
  limit: number,
  refundOnly: boolean | null = null,
): Promise<WaitingOrderRow[]> {
  return db
    .select({
      id: orders.id,
      reference: orders.reference,
      status: orders.status,
      sendToken: sendToken.code,
      receiveToken: receiveToken.code,
      amountSend: orders.amountSend,
      customerId: users.id,
      customerName: users.name,
      statusChangedAt: orders.statusChangedAt,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .innerJoin(sendToken, eq(sendToken.id, orders.sendTokenId))
    .innerJoin(receiveToken, eq(receiveToken.id, orders.receiveTokenId))
    .where(inQueue(statuses, refundOnly))
    .orderBy(asc(orders.statusChangedAt), asc(orders.id))
    .limit(limit);
}

/**
 * Current documents waiting for review: status `uploaded` and no newer upload of the same type
 * by the same customer (a replaced upload stays as history, still `uploaded`).
 */
const WAITING_DOCUMENTS = sql`
  FROM documents d
  WHERE d.status = 'uploaded'
    AND NOT EXISTS (
      SELECT 1 FROM documents newer
       WHERE newer.user_id = d.user_id
         AND newer.type = d.type
         AND (newer.created_at, newer.id) > (d.created_at, d.id))`;

export async function countWaitingDocuments(
  db: DbOrTx,
  overdueBefore: Date,
): Promise<{ count: number; overdue: number }> {
  const result = await db.execute<{ count: number; overdue: number }>(sql`
    SELECT count(*)::int AS count,
           (count(*) FILTER (WHERE d.created_at < ${overdueBefore.toISOString()}::timestamptz))::int AS overdue
    ${WAITING_DOCUMENTS}`);
  const row = result.rows[0];
  return { count: Number(row?.count ?? 0), overdue: Number(row?.overdue ?? 0) };
}

export interface WaitingDocumentRow {
  id: string;
  type: DocumentType;
  customerId: string;
  customerName: string;
  uploadedAt: string;
}

export async function oldestDocuments(db: DbOrTx, limit: number): Promise<WaitingDocumentRow[]> {
  const result = await db.execute<{
    id: string;
    type: DocumentType;
    customer_id: string;
    customer_name: string;
    uploaded_at: string;
  }>(sql`
    SELECT d.id, d.type, u.id AS customer_id, u.name AS customer_name,
           to_char(d.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS uploaded_at
    FROM (SELECT d.* ${WAITING_DOCUMENTS} ORDER BY d.created_at, d.id LIMIT ${limit}) d
    JOIN users u ON u.id = d.user_id
    ORDER BY d.created_at, d.id`);
  return result.rows.map((row) => ({
    id: row.id,
    type: row.type,
    customerId: row.customer_id,
    customerName: row.customer_name,
    uploadedAt: row.uploaded_at,
  }));
}

// --- series -----------------------------------------------------------------------------------

/** Orders created per local day in [start, end), by their current status (days with orders only). */
export async function ordersPerDay(
  db: DbOrTx,
  window: Interval,
): Promise<{ day: string; status: OrderStatus; count: number }[]> {
  const result = await db.execute<{ day: string; status: OrderStatus; count: number }>(sql`
    SELECT ${localDay(sql`o.created_at`)} AS day, o.status, count(*)::int AS count
    FROM orders o
    WHERE o.created_at >= ${window.start.toISOString()}::timestamptz
      AND o.created_at < ${window.end.toISOString()}::timestamptz
    GROUP BY 1, 2`);
  return result.rows.map((row) => ({ ...row, count: Number(row.count) }));
}

export interface VolumeRow {
  day: string;
  send: string;
  receive: string;
  orders: number;
  amountSend: string;
  amountBrl: string;
}

/**
 * Per local day and pair, the orders of `statuses` created in [start, end): how many, the amount
 * sent (what the admin recorded as received when it differs) and its BRL value at each order's
 * locked price of the token sent, rounded to the centavo per day.
 */
export async function volumePerPairPerDay(
  db: DbOrTx,
  window: Interval,
  statuses: readonly OrderStatus[],
): Promise<VolumeRow[]> {
  const result = await db.execute<{
    day: string;
    send: string;
    receive: string;
    orders: number;
    amount_send: string;
    amount_brl: string;
  }>(sql`
    SELECT ${localDay(sql`o.created_at`)} AS day, s.code AS send, r.code AS receive,
           count(*)::int AS orders,
           sum(coalesce(o.amount_received, o.amount_send))::text AS amount_send,
           round(sum(coalesce(o.amount_received, o.amount_send) * o.price_send_brl), 2)::text AS amount_brl
    FROM orders o
    JOIN tokens s ON s.id = o.send_token_id
    JOIN tokens r ON r.id = o.receive_token_id
    WHERE o.created_at >= ${window.start.toISOString()}::timestamptz
      AND o.created_at < ${window.end.toISOString()}::timestamptz
      AND o.status IN (${sql.join(
        statuses.map((s) => sql`${s}::order_status`),
        sql`, `,
      )})
    GROUP BY 1, 2, 3`);
  return result.rows.map((row) => ({
    day: row.day,
    send: row.send,
    receive: row.receive,
    orders: Number(row.orders),
    amountSend: row.amount_send,
    amountBrl: row.amount_brl,
  }));
}

/** Customers registered per local week (Monday first) in [start, end). */
export async function customersPerWeek(
  db: DbOrTx,
  window: Interval,
): Promise<{ week: string; count: number }[]> {
  const result = await db.execute<{ week: string; count: number }>(sql`
    SELECT to_char(date_trunc('week', u.created_at, ${TZ}) AT TIME ZONE ${TZ}, 'YYYY-MM-DD') AS week,
           count(*)::int AS count
    FROM users u
    WHERE u.role = 'customer'
      AND u.created_at >= ${window.start.toISOString()}::timestamptz
      AND u.created_at < ${window.end.toISOString()}::timestamptz
    GROUP BY 1`);
  return result.rows.map((row) => ({ week: row.week, count: Number(row.count) }));
}

export type ChartToken = {
  id: string;
  code: string;
  name: string;
};

/**
 * Tokens with a market price (not legal money) named by the most orders, as sent or received,
 * created in [start, end); ties by the catalogue's display order.
 */
export async function busiestTokens(
  db: DbOrTx,
  window: Interval,
  limit: number,
): Promise<ChartToken[]> {
  const start = window.start.toISOString();
  const end = window.end.toISOString();
  const result = await db.execute<ChartToken>(sql`
    SELECT t.id, t.code, t.name
    FROM (
      SELECT o.send_token_id AS token_id FROM orders o
       WHERE o.created_at >= ${start}::timestamptz AND o.created_at < ${end}::timestamptz
      UNION ALL
      SELECT o.receive_token_id FROM orders o
       WHERE o.created_at >= ${start}::timestamptz AND o.created_at < ${end}::timestamptz
    ) used
    JOIN tokens t ON t.id = used.token_id
    WHERE NOT t.is_legal_money
    GROUP BY t.id, t.code, t.name, t.sort_order
    ORDER BY count(*) DESC, t.sort_order, t.code
    LIMIT ${limit}`);
  return result.rows;
}

export async function tokensByCode(db: DbOrTx, codes: readonly string[]): Promise<ChartToken[]> {
  if (codes.length === 0) return [];
  return db
    .select({ id: tokens.id, code: tokens.code, name: tokens.name })
    .from(tokens)
    .where(inArray(tokens.code, [...codes]));
}

/** Per token and local day in [start, end), the last price of the day. */
export async function lastPricePerDay(
  db: DbOrTx,
  tokenIds: readonly string[],
  window: Interval,
): Promise<{ tokenId: string; day: string; price: string }[]> {
  if (tokenIds.length === 0) return [];
  const result = await db.execute<{ token_id: string; day: string; price: string }>(sql`
    SELECT DISTINCT ON (x.token_id, x.day) x.token_id, x.day, x.price
    FROM (
      SELECT p.token_id, ${localDay(sql`p.created_at`)} AS day, p.price_brl::text AS price,
             p.created_at, p.id
      FROM prices p
      WHERE p.token_id IN (${sql.join(
        tokenIds.map((id) => sql`${id}`),
        sql`, `,
      )})
        AND p.created_at >= ${window.start.toISOString()}::timestamptz
        AND p.created_at < ${window.end.toISOString()}::timestamptz
    ) x
    ORDER BY x.token_id, x.day, x.created_at DESC, x.id DESC`);
  return result.rows.map((row) => ({ tokenId: row.token_id, day: row.day, price: row.price }));
}

/** Per token, the price in force at `before` (its latest price set earlier), if any. */
export async function pricesInForce(
  db: DbOrTx,
  tokenIds: readonly string[],
  before: Date,
): Promise<Map<string, string>> {
  if (tokenIds.length === 0) return new Map();
  const result = await db.execute<{ token_id: string; price: string | null }>(sql`
    SELECT t.id AS token_id,
           (SELECT p.price_brl::text FROM prices p
             WHERE p.token_id = t.id AND p.created_at < ${before.toISOString()}::timestamptz
             ORDER BY p.created_at DESC, p.id DESC LIMIT 1) AS price
    FROM tokens t
    WHERE t.id IN (${sql.join(
      tokenIds.map((id) => sql`${id}`),
      sql`, `,
    )})`);
  return new Map(
    result.rows
      .filter((row): row is { token_id: string; price: string } => row.price !== null)
      .map((row) => [row.token_id, row.price]),
  );
}
