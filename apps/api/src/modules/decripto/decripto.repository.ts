import { and, asc, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  businesses,
  decriptoReports,
  orderEvents,
  orders,
  settings,
  tokens,
  treasuryEntries,
  users,
} from '@permuta/db';
import type { DecriptoReportRow, Db, TokenKind, Tx } from '@permuta/db';

type DbOrTx = Db | Tx;

/** One completed order of the month, with what the ledger moved for it. */
export interface OperationLine {
  orderId: string;
  reference: string;
  /** when the order became `completed` */
  completedAt: Date;
  sendCode: string;
  sendKind: TokenKind;
  receiveCode: string;
  receiveKind: TokenKind;
  priceSendBrl: string;
  priceReceiveBrl: string;
  /** the ledger: funds received, and funds returned, in the token sent */
  fundsReceived: string;
  refunded: string;
  /** the ledger: paid out, in the token received */
  paidOut: string;
  holderName: string;
  /** the CPF (or the retained CPF of an anonymised customer) */
  cpf: string | null;
  anonymized: boolean;
  companyName: string | null;
  cnpj: string | null;
}

const sendToken = alias(tokens, 'send_token');
const receiveToken = alias(tokens, 'receive_token');

/**
 * Every order that became `completed` in [from, to), with its holder and the ledger's sums. The
 * completion time is the `order_events` row of the move (a final state: one per order).
 */
export async function completedOperations(
  db: DbOrTx,
  from: Date,
  to: Date,
): Promise<OperationLine[]> {
  const rows = await db
    .select({
      orderId: orders.id,
      reference: orders.reference,
      completedAt: orderEvents.createdAt,
      sendCode: sendToken.code,
      sendKind: sendToken.kind,
      sendId: sendToken.id,
      receiveCode: receiveToken.code,
      receiveKind: receiveToken.kind,
      receiveId: receiveToken.id,
      priceSendBrl: orders.priceSendBrl,
      priceReceiveBrl: orders.priceReceiveBrl,
      holderName: users.name,
      cpf: sql<string | null>`coalesce(${users.cpf}, ${users.retainedCpf})`,
      anonymizedAt: users.anonymizedAt,
      companyName: businesses.companyName,
      cnpj: businesses.cnpj,
    })
    .from(orderEvents)
    .innerJoin(orders, eq(orders.id, orderEvents.orderId))
    .innerJoin(sendToken, eq(sendToken.id, orders.sendTokenId))
    .innerJoin(receiveToken, eq(receiveToken.id, orders.receiveTokenId))
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(
      businesses,
      and(eq(businesses.userId, orders.userId), eq(businesses.status, 'approved')),
    )
    .where(
      and(
        eq(orderEvents.toStatus, 'completed'),
        eq(orders.status, 'completed'),
        gte(orderEvents.createdAt, from),
        lt(orderEvents.createdAt, to),
      ),
    )
    .orderBy(asc(orderEvents.createdAt), asc(orders.reference));
  if (rows.length === 0) return [];

  const ids = rows.map((row) => row.orderId);
  const sums = await db
    .select({
      orderId: treasuryEntries.orderId,
      tokenId: treasuryEntries.tokenId,
      kind: treasuryEntries.kind,
      amount: sql<string>`sum(${treasuryEntries.amount})::text`,
    })
    .from(treasuryEntries)
    .where(inArray(treasuryEntries.orderId, ids))
    .groupBy(treasuryEntries.orderId, treasuryEntries.tokenId, treasuryEntries.kind);
  const sumOf = (orderId: string, tokenId: string, kind: string) =>
    sums.find((s) => s.orderId === orderId && s.tokenId === tokenId && s.kind === kind)?.amount ??
    '0';

  return rows.map((row) => ({
    orderId: row.orderId,
    reference: row.reference,
    completedAt: row.completedAt,
    sendCode: row.sendCode,
    sendKind: row.sendKind,
    receiveCode: row.receiveCode,
    receiveKind: row.receiveKind,
    priceSendBrl: row.priceSendBrl,
    priceReceiveBrl: row.priceReceiveBrl,
    fundsReceived: sumOf(row.orderId, row.sendId, 'funds_received'),
    refunded: sumOf(row.orderId, row.sendId, 'refund'),
    paidOut: sumOf(row.orderId, row.receiveId, 'payout'),
    holderName: row.holderName,
    cpf: row.cpf,
    anonymized: row.anonymizedAt !== null,
    companyName: row.companyName,
    cnpj: row.cnpj,
  }));
}

/** The platform's bank account (holder and CPF/CNPJ) from the settings: the declarant. */
export async function readDeclarant(
  db: DbOrTx,
): Promise<{ name: string; document: string } | null> {
  const [row] = await db
    .select({ bankAccount: settings.bankAccount })
    .from(settings)
    .where(eq(settings.id, 1));
  const account = row?.bankAccount;
  if (!account?.document || !account.holder) return null;
  return { name: account.holder, document: account.document };
}

export async function readSupportEmail(db: DbOrTx): Promise<string | null> {
  const [row] = await db
    .select({ supportEmail: settings.supportEmail })
    .from(settings)
    .where(eq(settings.id, 1));
  return row?.supportEmail?.trim() || null;
}

/** Serialises the versions of one month between transactions (and instances). */
export async function lockMonth(tx: Tx, month: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`decripto:${month}`}))`);
}

export async function nextVersion(tx: Tx, month: string): Promise<number> {
  const [row] = await tx
    .select({ last: sql<number | null>`max(${decriptoReports.version})` })
    .from(decriptoReports)
    .where(eq(decriptoReports.month, month));
  return Number(row?.last ?? 0) + 1;
}

export async function insertReport(
  tx: Tx,
  values: typeof decriptoReports.$inferInsert,
): Promise<DecriptoReportRow> {
  const [row] = await tx.insert(decriptoReports).values(values).returning();
  if (!row) throw new Error('report not inserted');
  return row;
}

export async function findReport(
  db: DbOrTx,
  month: string,
  version: number,
): Promise<DecriptoReportRow | null> {
  const [row] = await db
    .select()
    .from(decriptoReports)
    .where(and(eq(decriptoReports.month, month), eq(decriptoReports.version, version)));
  return row ?? null;
}

/** Compare-and-set: draft to sent. Null when the version is not a draft (or not there). */
export async function markSent(
  tx: Tx,
  id: string,
  values: { receipt: string; sentAt: Date; sentBy: string },
): Promise<DecriptoReportRow | null> {
  const [row] = await tx
    .update(decriptoReports)
    .set({ status: 'sent', ...values })
    .where(and(eq(decriptoReports.id, id), eq(decriptoReports.status, 'draft')))
    .returning();
  return row ?? null;
}

export interface ReportWithNames extends DecriptoReportRow {
  generatedByName: string | null;
}

export async function reportsFrom(db: DbOrTx, firstMonth: string): Promise<ReportWithNames[]> {
  const generator = alias(users, 'generator');
  const rows = await db
    .select({ report: decriptoReports, generatedByName: generator.username })
    .from(decriptoReports)
    .leftJoin(generator, eq(generator.id, decriptoReports.generatedBy))
    .where(gte(decriptoReports.month, firstMonth))
    .orderBy(desc(decriptoReports.month), desc(decriptoReports.version));
  return rows.map((row) => ({ ...row.report, generatedByName: row.generatedByName }));
}

export async function namedReport(db: DbOrTx, id: string): Promise<ReportWithNames | null> {
  const generator = alias(users, 'generator');
  const [row] = await db
    .select({ report: decriptoReports, generatedByName: generator.username })
    .from(decriptoReports)
    .leftJoin(generator, eq(generator.id, decriptoReports.generatedBy))
    .where(eq(decriptoReports.id, id));
  return row ? { ...row.report, generatedByName: row.generatedByName } : null;
}

/** The reminder's once-per-month mark, on the month's newest version; false when already set. */
export async function markReminded(tx: Tx, id: string, at: Date): Promise<boolean> {
  const rows = await tx
    .update(decriptoReports)
    .set({ remindedAt: at })
    .where(and(eq(decriptoReports.id, id), sql`${decriptoReports.remindedAt} IS NULL`))
    .returning({ id: decriptoReports.id });
  return rows.length === 1;
}
