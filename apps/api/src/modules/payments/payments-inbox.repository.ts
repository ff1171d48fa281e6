import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { OPEN_PAYMENT_STATUSES } from '@permuta/contracts';
import type { PaymentCursor, PaymentProvider } from '@permuta/contracts';
import { incomingPayments, orders, users } from '@permuta/db';
import type { Db, IncomingPaymentRow, Tx } from '@permuta/db';

const OPEN = sql<boolean>`${incomingPayments.status} IN ('unmatched', 'refunding')`;

export interface InboxPaymentRow {
  payment: IncomingPaymentRow;
  /** occurred_at to the microsecond and whether open, for the next cursor */
  cursorAt: string;
  open: boolean;
  order: { id: string; reference: string; status: string; amountSend: string } | null;
  resolvedByUsername: string | null;
}

const columns = {
  payment: incomingPayments,
  cursorAt: sql<string>`to_char(${incomingPayments.occurredAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
  open: OPEN,
  orderId: orders.id,
  orderReference: orders.reference,
  orderStatus: orders.status,
  orderAmountSend: orders.amountSend,
  resolvedByUsername: users.username,
};

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

function selectRows(db: Db | Tx) {
  return db
    .select(columns)
    .from(incomingPayments)
    .leftJoin(orders, eq(orders.id, incomingPayments.orderId))
    .leftJoin(users, eq(users.id, incomingPayments.resolvedBy));
}

/**
 * Incoming payments, open ones (unmatched, refunding) first, then newest first on
 * (occurred_at, id): keyset after `after`. `openOnly` lists the open ones alone.
 */
export async function listInboxPayments(
  db: Db | Tx,
  filter: {
    openOnly: boolean;
    provider?: PaymentProvider | undefined;
    after?: PaymentCursor | undefined;
    limit: number;
  },
): Promise<InboxPaymentRow[]> {
  const after = filter.after;
  // (open desc, occurred_at desc, id desc): the next row is a closed one after an open one,
  // or the same openness and an earlier (occurred_at, id).
  const keyset = after
    ? sql`(${OPEN} < ${after.open}::boolean OR (${OPEN} = ${after.open}::boolean AND (${incomingPayments.occurredAt}, ${incomingPayments.id}) < (${after.occurredAt}::timestamptz, ${after.id}::uuid)))`
    : undefined;
  const conditions: (SQL | undefined)[] = [
    filter.openOnly ? inArray(incomingPayments.status, [...OPEN_PAYMENT_STATUSES]) : undefined,
    filter.provider ? eq(incomingPayments.provider, filter.provider) : undefined,
    keyset,
  ];
  const rows = await selectRows(db)
    .where(and(...conditions))
    .orderBy(desc(OPEN), desc(incomingPayments.occurredAt), desc(incomingPayments.id))
    .limit(filter.limit);
  return rows.map(toRow);
}

export async function findInboxPayment(db: Db | Tx, id: string): Promise<InboxPaymentRow | null> {
  const [row] = await selectRows(db).where(eq(incomingPayments.id, id)).limit(1);
  return row ? toRow(row) : null;
}

/** The payments waiting for an admin, by status. */
export async function countOpenPayments(
  db: Db | Tx,
): Promise<{ unmatched: number; refunding: number }> {
  const rows = await db
    .select({ status: incomingPayments.status, count: sql<number>`count(*)::int` })
    .from(incomingPayments)
    .where(inArray(incomingPayments.status, [...OPEN_PAYMENT_STATUSES]))
    .groupBy(incomingPayments.status);
  const count = (status: string) => Number(rows.find((r) => r.status === status)?.count ?? 0);
  return { unmatched: count('unmatched'), refunding: count('refunding') };
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
