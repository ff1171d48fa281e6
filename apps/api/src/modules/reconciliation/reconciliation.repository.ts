import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { auditLog, incomingPayments, networks, orders, tokens, treasuryEntries } from '@permuta/db';
import type { Db, Tx } from '@permuta/db';
import { OPEN_PAYMENT_STATUSES, RECONCILIATION_TIME_ZONE } from '@permuta/contracts';

/**
 * Read-only queries of the reconciliation report (decision 046). Every range is a plain
 * half-open interval of instants on an indexed time column (incoming_payments.occurred_at,
 * treasury_entries.created_at, audit_log.created_at).
 */

type DbOrTx = Db | Tx;

export interface Interval {
  start: Date;
  end: Date;
}

/** The zone as an SQL literal: a constant of the contracts, never user input. */
const TZ = sql.raw(`'${RECONCILIATION_TIME_ZONE.replace(/'/g, "''")}'`);

/** The instants at which the local day `day` and the next one begin: [day 00:00, next 00:00). */
export async function dayInterval(db: DbOrTx, day: string): Promise<Interval> {
  const result = await db.execute<{ start: string; end: string }>(sql`
    SELECT to_char((${day}::date)::timestamp AT TIME ZONE ${TZ} AT TIME ZONE 'UTC',
                   'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS start,
           to_char(((${day}::date) + 1)::timestamp AT TIME ZONE ${TZ} AT TIME ZONE 'UTC',
                   'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "end"`);
  const row = result.rows[0];
  if (!row) throw new Error('no interval');
  return { start: new Date(row.start), end: new Date(row.end) };
}

const paymentColumns = {
  id: incomingPayments.id,
  provider: incomingPayments.provider,
  externalId: incomingPayments.externalId,
  orderId: incomingPayments.orderId,
  orderReference: orders.reference,
  tokenCode: incomingPayments.tokenCode,
  network: incomingPayments.network,
  amount: incomingPayments.amount,
  payerName: incomingPayments.payerName,
  status: incomingPayments.status,
  reason: incomingPayments.reason,
  refundReceipt: incomingPayments.refundReceipt,
  occurredAt: incomingPayments.occurredAt,
};

export interface PaymentLine {
  id: string;
  provider: 'pix' | 'exchange' | 'deriv';
  externalId: string;
  orderId: string | null;
  orderReference: string | null;
  tokenCode: string;
  network: string | null;
  amount: string;
  payerName: string | null;
  status: 'seen' | 'credited' | 'unmatched' | 'refunding' | 'refunded';
  reason: string | null;
  refundReceipt: string | null;
  occurredAt: Date;
}

function paymentsQuery(db: DbOrTx) {
  return db
    .select(paymentColumns)
    .from(incomingPayments)
    .leftJoin(orders, eq(orders.id, incomingPayments.orderId));
}

/** Payments the providers reported final in the interval (a `seen` one is not money yet). */
export async function paymentsReceived(db: DbOrTx, day: Interval): Promise<PaymentLine[]> {
  return (await paymentsQuery(db)
    .where(
      and(
        gte(incomingPayments.occurredAt, day.start),
        lt(incomingPayments.occurredAt, day.end),
        inArray(incomingPayments.status, RECEIVED_PAYMENT_STATUSES),
      ),
    )
    .orderBy(asc(incomingPayments.occurredAt), asc(incomingPayments.id))) as PaymentLine[];
}

/** The statuses of a payment the provider made final (everything but `seen`). */
export const RECEIVED_PAYMENT_STATUSES: ('credited' | 'unmatched' | 'refunding' | 'refunded')[] = [
  'credited',
  'unmatched',
  'refunding',
  'refunded',
];

/** Payments of these orders in `statuses` (a credit's payment, a refunded order's payment). */
export async function paymentsOfOrders(
  db: DbOrTx,
  orderIds: readonly string[],
  statuses: readonly ('credited' | 'refunded')[],
): Promise<PaymentLine[]> {
  if (orderIds.length === 0) return [];
  return (await paymentsQuery(db).where(
    and(
      inArray(incomingPayments.orderId, [...orderIds]),
      inArray(incomingPayments.status, [...statuses]),
    ),
  )) as PaymentLine[];
}

/** Payments still waiting in the inbox now that had arrived by the interval's end. */
export async function openPayments(db: DbOrTx, day: Interval): Promise<PaymentLine[]> {
  return (await paymentsQuery(db)
    .where(
      and(
        lt(incomingPayments.occurredAt, day.end),
        inArray(incomingPayments.status, [...OPEN_PAYMENT_STATUSES]),
      ),
    )
    .orderBy(asc(incomingPayments.occurredAt), asc(incomingPayments.id))) as PaymentLine[];
}

/**
 * Payments recorded returned to their payer in the interval: the time of the audit entry
 * `payment.refunded` (written by the provider's refund and by an admin's "returned by hand").
 */
export async function paymentsRefunded(
  db: DbOrTx,
  day: Interval,
): Promise<(PaymentLine & { refundedAt: Date })[]> {
  const rows = await db
    .select({ ...paymentColumns, refundedAt: auditLog.createdAt })
    .from(auditLog)
    .innerJoin(incomingPayments, sql`${incomingPayments.id}::text = ${auditLog.entityId}`)
    .leftJoin(orders, eq(orders.id, incomingPayments.orderId))
    .where(
      and(
        gte(auditLog.createdAt, day.start),
        lt(auditLog.createdAt, day.end),
        eq(auditLog.action, 'payment.refunded'),
        eq(auditLog.entityType, 'incoming_payment'),
        eq(incomingPayments.status, 'refunded'),
      ),
    )
    .orderBy(asc(auditLog.createdAt), asc(auditLog.id));
  // one line per payment, should an entry ever be written twice
  const seen = new Set<string>();
  return (rows as (PaymentLine & { refundedAt: Date })[]).filter((row) =>
    seen.has(row.id) ? false : (seen.add(row.id), true),
  );
}

const orderNetwork = alias(networks, 'order_network');

export interface LedgerLine {
  id: number;
  kind: 'funds_received' | 'payout' | 'refund';
  amount: string;
  createdAt: Date;
  createdBy: string | null;
  tokenId: string;
  tokenCode: string;
  tokenKind: 'crypto' | 'pix' | 'deriv';
  orderId: string;
  orderReference: string;
  sendTokenId: string;
  orderNetworkCode: string | null;
  payoutTxId: string | null;
  withdrawId: string | null;
  paymentProofStorageKey: string | null;
  refundProofStorageKey: string | null;
}

/** The ledger's entries of orders (credits, payouts, refunds) made in the interval. */
export async function ledgerEntries(
  db: DbOrTx,
  day: Interval,
  kinds: readonly LedgerLine['kind'][] = ['funds_received', 'payout', 'refund'],
): Promise<LedgerLine[]> {
  const rows = await db
    .select({
      id: treasuryEntries.id,
      kind: treasuryEntries.kind,
      amount: treasuryEntries.amount,
      createdAt: treasuryEntries.createdAt,
      createdBy: treasuryEntries.createdBy,
      tokenId: treasuryEntries.tokenId,
      tokenCode: tokens.code,
      tokenKind: tokens.kind,
      orderId: orders.id,
      orderReference: orders.reference,
      sendTokenId: orders.sendTokenId,
      orderNetworkCode: orderNetwork.code,
      payoutTxId: orders.payoutTxId,
      withdrawId: orders.withdrawId,
      paymentProofStorageKey: orders.paymentProofStorageKey,
      refundProofStorageKey: orders.refundProofStorageKey,
    })
    .from(treasuryEntries)
    .innerJoin(tokens, eq(tokens.id, treasuryEntries.tokenId))
    .innerJoin(orders, eq(orders.id, treasuryEntries.orderId))
    .leftJoin(orderNetwork, eq(orderNetwork.id, orders.networkId))
    .where(
      and(
        gte(treasuryEntries.createdAt, day.start),
        lt(treasuryEntries.createdAt, day.end),
        inArray(treasuryEntries.kind, [...kinds]),
      ),
    )
    .orderBy(asc(treasuryEntries.createdAt), asc(treasuryEntries.id));
  return rows as LedgerLine[];
}

/** The first credit in the ledger of each of these orders, whatever its day. */
export async function creditsOfOrders(
  db: DbOrTx,
  orderIds: readonly string[],
): Promise<Map<string, { amount: string; createdAt: Date }>> {
  const credits = new Map<string, { amount: string; createdAt: Date }>();
  if (orderIds.length === 0) return credits;
  const rows = await db
    .select({
      orderId: treasuryEntries.orderId,
      amount: treasuryEntries.amount,
      createdAt: treasuryEntries.createdAt,
    })
    .from(treasuryEntries)
    .where(
      and(
        inArray(treasuryEntries.orderId, [...orderIds]),
        eq(treasuryEntries.kind, 'funds_received'),
      ),
    )
    .orderBy(asc(treasuryEntries.id));
  for (const row of rows) {
    if (row.orderId && !credits.has(row.orderId)) {
      credits.set(row.orderId, { amount: row.amount, createdAt: row.createdAt });
    }
  }
  return credits;
}

export interface NetworkLine {
  tokenId: string;
  code: string;
  isDefault: boolean;
  enabled: boolean;
  depositEnabled: boolean;
}

export async function networksOf(db: DbOrTx, tokenIds: readonly string[]): Promise<NetworkLine[]> {
  if (tokenIds.length === 0) return [];
  return db
    .select({
      tokenId: networks.tokenId,
      code: networks.code,
      isDefault: networks.isDefault,
      enabled: networks.enabled,
      depositEnabled: networks.depositEnabled,
    })
    .from(networks)
    .where(inArray(networks.tokenId, [...tokenIds]))
    .orderBy(asc(networks.code));
}
