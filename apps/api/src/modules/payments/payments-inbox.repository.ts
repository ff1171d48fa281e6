import { and, desc, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { FINAL_STATUSES, OPEN_PAYMENT_STATUSES } from '@permuta/contracts';
import type { PaymentCursor, PaymentProvider } from '@permuta/contracts';
import { incomingPayments, orders, users } from '@permuta/db';
import type { Db, IncomingPaymentRow, Tx } from '@permuta/db';

/**
 * A return asked of the provider that is stuck: refused (its words kept), or with no final
 * answer since before `staleBefore` (its last change is the asking), and not returned.
 */
function refundStuck(staleBefore: Date): SQL {
  return and(
    isNotNull(incomingPayments.refundId),
    isNull(incomingPayments.refundReceipt),
    or(isNotNull(incomingPayments.refundRefusal), lt(incomingPayments.updatedAt, staleBefore)),
  )!;
}

/**
 * A refund-only credit (decision 036: credited outside the order's limits, to be returned in
 * full) whose return is stuck while its order waits on the desk: it waits in the inbox too
 * (decision 048, "Mended").
 */
function creditStuck(staleBefore: Date): SQL {
  return and(
    eq(incomingPayments.status, 'credited'),
    eq(incomingPayments.reason, 'amount_outside_limits'),
    refundStuck(staleBefore),
    // its order still waits (one refunded by hand before the desk recorded such payments
    // returned is done with)
    sql`NOT EXISTS (SELECT 1 FROM ${orders} WHERE ${orders.id} = ${incomingPayments.orderId} AND ${inArray(orders.status, [...FINAL_STATUSES])})`,
  )!;
}

/**
 * Waiting for an admin: unmatched, refunding, or a refund-only credit whose return is stuck.
 * Never null (a null reason would make it so), as it orders the list and its keyset.
 */
function openOf(staleBefore: Date): SQL {
  return sql`coalesce((${or(
    inArray(incomingPayments.status, [...OPEN_PAYMENT_STATUSES]),
    creditStuck(staleBefore),
  )}), false)`;
}

export interface InboxPaymentRow {
  payment: IncomingPaymentRow;
  /** occurred_at to the microsecond and whether open, for the next cursor */
  cursorAt: string;
  open: boolean;
  order: { id: string; reference: string; status: string; amountSend: string } | null;
  resolvedByUsername: string | null;
}

const columnsOf = (open: SQL) => ({
  payment: incomingPayments,
  cursorAt: sql<string>`to_char(${incomingPayments.occurredAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
  open: sql<boolean>`(${open})`,
  orderId: orders.id,
  orderReference: orders.reference,
  orderStatus: orders.status,
  orderAmountSend: orders.amountSend,
  resolvedByUsername: users.username,
});

type Selected = {
  payment: IncomingPaymentRow;
  cursorAt: string;
  open: boolean;
  orderId: string | null;
  orderReference: string | null;
  orderStatus: string | null;
  orderAmountSend: string | null;
  resolvedByUsername: string | null;
};

function toRow(row: Selected): InboxPaymentRow {
  return {
    payment: row.payment,
    cursorAt: row.cursorAt,
    open: Boolean(row.open),
    order:
      row.orderId && row.orderReference && row.orderStatus && row.orderAmountSend
        ? {
            id: row.orderId,
            reference: row.orderReference,
            status: row.orderStatus,
            amountSend: row.orderAmountSend,
          }
        : null,
    resolvedByUsername: row.resolvedByUsername,
  };
}

function selectRows(db: Db | Tx, staleBefore: Date) {
  return db
    .select(columnsOf(openOf(staleBefore)))
    .from(incomingPayments)
    .leftJoin(orders, eq(orders.id, incomingPayments.orderId))
    .leftJoin(users, eq(users.id, incomingPayments.resolvedBy));
}

/**
 * Incoming payments, open ones (see `openOf`) first, then newest first on (occurred_at, id):
 * keyset after `after`. `only` lists the open ones alone, or the returns stuck at the provider
 * (refused or without a final answer since before `staleBefore`) alone.
 */
export async function listInboxPayments(
  db: Db | Tx,
  filter: {
    only: 'open' | 'refunds' | null;
    staleBefore: Date;
    provider?: PaymentProvider | undefined;
    after?: PaymentCursor | undefined;
    limit: number;
  },
): Promise<InboxPaymentRow[]> {
  const after = filter.after;
  const OPEN = openOf(filter.staleBefore);
  // (open desc, occurred_at desc, id desc): the next row is a closed one after an open one,
  // or the same openness and an earlier (occurred_at, id).
  const keyset = after
    ? sql`(${OPEN} < ${after.open}::boolean OR (${OPEN} = ${after.open}::boolean AND (${incomingPayments.occurredAt}, ${incomingPayments.id}) < (${after.occurredAt}::timestamptz, ${after.id}::uuid)))`
    : undefined;
  const conditions: (SQL | undefined)[] = [
    filter.only === 'open' ? OPEN : undefined,
    filter.only === 'refunds'
      ? and(
          or(eq(incomingPayments.status, 'refunding'), creditStuck(filter.staleBefore)),
          refundStuck(filter.staleBefore),
        )
      : undefined,
    filter.provider ? eq(incomingPayments.provider, filter.provider) : undefined,
    keyset,
  ];
  const rows = await selectRows(db, filter.staleBefore)
    .where(and(...conditions))
    .orderBy(desc(OPEN), desc(incomingPayments.occurredAt), desc(incomingPayments.id))
    .limit(filter.limit);
  return rows.map(toRow);
}

export async function findInboxPayment(
  db: Db | Tx,
  id: string,
  staleBefore: Date,
): Promise<InboxPaymentRow | null> {
  const [row] = await selectRows(db, staleBefore).where(eq(incomingPayments.id, id)).limit(1);
  return row ? toRow(row) : null;
}

/** The payments waiting for an admin, by status (a stuck refund-only credit as `refundStuck`). */
export async function countOpenPayments(
  db: Db | Tx,
  staleBefore: Date,
): Promise<{ unmatched: number; refunding: number; refundStuck: number }> {
  const rows = await db
    .select({ status: incomingPayments.status, count: sql<number>`count(*)::int` })
    .from(incomingPayments)
    .where(openOf(staleBefore))
    .groupBy(incomingPayments.status);
  const count = (status: string) => Number(rows.find((r) => r.status === status)?.count ?? 0);
  return {
    unmatched: count('unmatched'),
    refunding: count('refunding'),
    refundStuck: count('credited'),
  };
}

/** Locks the payment's row until the transaction ends (two admins take turns on it). */
export async function lockPayment(tx: Tx, id: string): Promise<IncomingPaymentRow | null> {
  const [row] = await tx
    .select()
    .from(incomingPayments)
    .where(eq(incomingPayments.id, id))
    .for('update');
  return row ?? null;
}
