import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { incomingPayments } from '@permuta/db';
import type {
  Db,
  IncomingPaymentRow,
  IncomingProvider,
  IncomingStatus,
  NewIncomingPayment,
  Tx,
} from '@permuta/db';

/**
 * Records a payment as its provider reported it, or finds the row an earlier report made (the
 * provider's id is unique per provider), and locks that row until the transaction ends: two
 * reports of one payment (a webhook and a reconciliation run, a replay) take turns on it.
 * What the provider says may have changed (confirmations, its record); what we decided has not.
 */
export async function recordAndLockPayment(
  tx: Tx,
  payment: Omit<NewIncomingPayment, 'status'>,
): Promise<IncomingPaymentRow> {
  const [row] = await tx
    .insert(incomingPayments)
    .values({ ...payment, status: 'seen' })
    .onConflictDoUpdate({
      target: [incomingPayments.provider, incomingPayments.externalId],
      set: {
        confirmations: sql`excluded.confirmations`,
        requiredConfirmations: sql`excluded.required_confirmations`,
        details: sql`excluded.details`,
        updatedAt: sql`now()`,
      },
    })
    .returning();
  if (!row) throw new Error('incoming payment not recorded');
  // The upsert has locked the row on PostgreSQL; said once more for any other engine.
  await tx
    .select({ id: incomingPayments.id })
    .from(incomingPayments)
    .where(eq(incomingPayments.id, row.id))
    .for('update');
  return row;
}

export async function updatePayment(
  tx: Tx,
  id: string,
  values: Partial<
    Pick<
      IncomingPaymentRow,
      | 'status'
      | 'orderId'
      | 'reason'
      | 'refundId'
      | 'refundReceipt'
      | 'refundRefusal'
      | 'resolvedBy'
    >
  >,
): Promise<IncomingPaymentRow> {
  const [row] = await tx
    .update(incomingPayments)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(incomingPayments.id, id))
    .returning();
  if (!row) throw new Error(`incoming payment ${id} vanished`);
  return row;
}

export async function findPayment(
  db: Db | Tx,
  provider: IncomingProvider,
  externalId: string,
): Promise<IncomingPaymentRow | null> {
  const [row] = await db
    .select()
    .from(incomingPayments)
    .where(
      and(eq(incomingPayments.provider, provider), eq(incomingPayments.externalId, externalId)),
    )
    .limit(1);
  return row ?? null;
}

/** The payments reported for an order, newest first. */
export async function paymentsOfOrder(
  db: Db | Tx,
  orderId: string,
  statuses?: readonly IncomingStatus[],
): Promise<IncomingPaymentRow[]> {
  return db
    .select()
    .from(incomingPayments)
    .where(
      and(
        eq(incomingPayments.orderId, orderId),
        statuses ? inArray(incomingPayments.status, [...statuses]) : undefined,
      ),
    )
    .orderBy(desc(incomingPayments.occurredAt));
}

/** A payment by its id, locked until the transaction ends when `lock`. */
export async function findPaymentById(
  db: Db | Tx,
  id: string,
  lock = false,
): Promise<IncomingPaymentRow | null> {
  const query = db.select().from(incomingPayments).where(eq(incomingPayments.id, id)).limit(1);
  const [row] = await (lock ? query.for('update') : query);
  return row ?? null;
}

/**
 * Payments of a provider still to be returned to their payer: decided `refunding` (the payer was
 * not the customer), or credited outside the order's limits and not refunded yet.
 */
export async function paymentsToRefund(
  db: Db | Tx,
  provider: IncomingProvider,
  limit = 100,
): Promise<IncomingPaymentRow[]> {
  return db
    .select()
    .from(incomingPayments)
    .where(
      and(
        eq(incomingPayments.provider, provider),
        // a refund the provider refused waits for a person (decision 048)
        isNull(incomingPayments.refundRefusal),
        or(
          eq(incomingPayments.status, 'refunding'),
          and(
            eq(incomingPayments.status, 'credited'),
            eq(incomingPayments.reason, 'amount_outside_limits'),
            isNull(incomingPayments.refundReceipt),
          ),
        ),
      ),
    )
    .orderBy(asc(incomingPayments.createdAt))
    .limit(limit);
}
