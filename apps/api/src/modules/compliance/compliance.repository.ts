import { and, asc, desc, eq, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import {
  businesses,
  coafDeclarations,
  coafReminders,
  complianceAlerts,
  complianceCases,
  complianceNotes,
  orders,
  statusLiterals,
  users,
  wallets,
} from '@permuta/db';
import type { ComplianceCaseRow, Db, Tx } from '@permuta/db';
import { NOT_COUNTED_FOR_LIMITS_STATUSES } from '@permuta/contracts';
import type { CaseStatus, ComplianceRule } from '@permuta/contracts';

/** Orders that count, as the limits count them (decision 062): every status but these. */
const counted = sql`${orders.status} NOT IN (${statusLiterals(NOT_COUNTED_FOR_LIMITS_STATUSES)})`;
const valueOf = sql`${orders.amountSend} * ${orders.priceSendBrl}`;

// --- the facts the rules read ----------------------------------------------------------------

/** The customer's counted orders created at or after `from`, with their BRL value. */
export async function ordersSince(
  tx: Tx,
  userId: string,
  from: Date,
): Promise<{ id: string; reference: string; valueBrl: string; createdAt: Date }[]> {
  return tx
    .select({
      id: orders.id,
      reference: orders.reference,
      valueBrl: sql<string>`(${valueOf})::text`,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(and(eq(orders.userId, userId), gte(orders.createdAt, from), counted))
    .orderBy(asc(orders.createdAt), asc(orders.id));
}

/** BRL value of the customer's counted orders created in [from, to). */
export async function valueBetween(tx: Tx, userId: string, from: Date, to: Date): Promise<string> {
  const [row] = await tx
    .select({ value: sql<string>`coalesce(sum(${valueOf}), 0)::text` })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        gte(orders.createdAt, from),
        lt(orders.createdAt, to),
        counted,
      ),
    );
  return row?.value ?? '0';
}

/** The customer's wallets created at or after `from` and used by at least one order. */
export async function newWalletsUsed(
  tx: Tx,
  userId: string,
  from: Date,
): Promise<{ id: string; kind: string; destination: string; createdAt: Date }[]> {
  return tx
    .select({
      id: wallets.id,
      kind: sql<string>`${wallets.kind}::text`,
      destination: sql<string>`coalesce(${wallets.address}, ${wallets.pixKey}, ${wallets.derivAccount}, '')`,
      createdAt: wallets.createdAt,
    })
    .from(wallets)
    .where(
      and(
        eq(wallets.userId, userId),
        gte(wallets.createdAt, from),
        sql`EXISTS (SELECT 1 FROM ${orders} WHERE ${orders.walletId} = ${wallets.id})`,
      ),
    )
    .orderBy(asc(wallets.createdAt), asc(wallets.id));
}

/** The customer's own documents: the CPF (or the retained one) and a business's CNPJ. */
export async function customerDocuments(tx: Tx, userId: string): Promise<(string | null)[]> {
  const [row] = await tx
    .select({ cpf: users.cpf, retainedCpf: users.retainedCpf, cnpj: businesses.cnpj })
    .from(users)
    .leftJoin(businesses, eq(businesses.userId, users.id))
    .where(eq(users.id, userId));
  return row ? [row.cpf, row.retainedCpf, row.cnpj] : [];
}

// --- alerts and cases ------------------------------------------------------------------------

export async function alertExists(tx: Tx, dedupeKey: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: complianceAlerts.id })
    .from(complianceAlerts)
    .where(eq(complianceAlerts.dedupeKey, dedupeKey));
  return Boolean(row);
}

/**
 * The customer's case not closed, made when there is none. Two at once: the partial unique index
 * makes the second wait for the first and then update (and return) the same row.
 */
export async function openCaseFor(
  tx: Tx,
  userId: string,
  at: Date,
): Promise<{ id: string; created: boolean }> {
  const [row] = await tx
    .insert(complianceCases)
    .values({ userId, status: 'open', lastAlertAt: at, createdAt: at, updatedAt: at })
    .onConflictDoUpdate({
      target: complianceCases.userId,
      targetWhere: sql`status <> 'closed'`,
      set: { lastAlertAt: sql`GREATEST(${complianceCases.lastAlertAt}, EXCLUDED.last_alert_at)` },
    })
    .returning({ id: complianceCases.id, created: sql<boolean>`(xmax = 0)` });
  if (!row) throw new Error('a compliance case was neither made nor found');
  return { id: row.id, created: Boolean(row.created) };
}

export async function insertAlert(
  tx: Tx,
  alert: {
    caseId: string;
    userId: string;
    rule: ComplianceRule;
    dedupeKey: string;
    orderIds: string[];
    facts: Record<string, unknown>;
    createdAt: Date;
  },
): Promise<string | null> {
  const [row] = await tx
    .insert(complianceAlerts)
    .values(alert)
    .onConflictDoNothing({ target: complianceAlerts.dedupeKey })
    .returning({ id: complianceAlerts.id });
  return row?.id ?? null;
}

export async function lockCase(tx: Tx, id: string): Promise<ComplianceCaseRow | null> {
  const [row] = await tx
    .select()
    .from(complianceCases)
    .where(eq(complianceCases.id, id))
    .for('update');
  return row ?? null;
}

export async function findCase(db: Db | Tx, id: string): Promise<ComplianceCaseRow | null> {
  const [row] = await db.select().from(complianceCases).where(eq(complianceCases.id, id));
  return row ?? null;
}

export async function insertNote(
  tx: Tx,
  note: { caseId: string; authorId: string; authorName: string; body: string; createdAt: Date },
): Promise<string> {
  const [row] = await tx.insert(complianceNotes).values(note).returning({ id: complianceNotes.id });
  if (!row) throw new Error('the note was not written');
  return row.id;
}

export async function setCaseStatus(
  tx: Tx,
  id: string,
  from: CaseStatus,
  to: CaseStatus,
  at: Date,
): Promise<boolean> {
  const rows = await tx
    .update(complianceCases)
    .set({ status: to, updatedAt: at })
    .where(and(eq(complianceCases.id, id), eq(complianceCases.status, from)))
    .returning({ id: complianceCases.id });
  return rows.length > 0;
}

/** Closes the case with its decision, once: null when it was closed already (or is not there). */
export async function closeCase(
  tx: Tx,
  id: string,
  decision: {
    decision: 'dismissed' | 'reported';
    decisionText: string;
    protocol: string | null;
    reportedOn: string | null;
    decidedBy: string;
    decidedByName: string;
    decidedAt: Date;
  },
): Promise<ComplianceCaseRow | null> {
  const [row] = await tx
    .update(complianceCases)
    .set({ ...decision, status: 'closed', updatedAt: decision.decidedAt })
    .where(and(eq(complianceCases.id, id), ne(complianceCases.status, 'closed')))
    .returning();
  return row ?? null;
}

// --- reads of the back office ----------------------------------------------------------------

const customerColumns = {
  customerId: users.id,
  customerName: users.name,
  customerEmail: users.email,
  customerCpf: sql<string | null>`coalesce(${users.cpf}, ${users.retainedCpf})`,
  anonymized: sql<boolean>`${users.anonymizedAt} IS NOT NULL`,
};

export interface CaseListFilter {
  status?: CaseStatus | undefined;
  rule?: ComplianceRule | undefined;
  customer?: string | undefined;
  after?: { createdAt: string; id: string } | null;
  limit: number;
}

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function listCases(db: Db, filter: CaseListFilter) {
  const where: SQL[] = [];
  if (filter.status) where.push(eq(complianceCases.status, filter.status));
  if (filter.rule) {
    where.push(
      sql`EXISTS (SELECT 1 FROM ${complianceAlerts} WHERE ${complianceAlerts.caseId} = ${complianceCases.id} AND ${complianceAlerts.rule} = ${filter.rule})`,
    );
  }
  const customer = filter.customer?.trim();
  if (customer) {
    const pattern = likePattern(customer);
    const digits = customer.replace(/\D/g, '');
    where.push(
      sql`(${users.name} ILIKE ${pattern} OR ${users.email} ILIKE ${pattern}${
        digits.length === 11
          ? sql` OR ${users.cpf} = ${digits} OR ${users.retainedCpf} = ${digits}`
          : sql``
      })`,
    );
  }
  if (filter.after) {
    where.push(
      sql`(${complianceCases.createdAt}, ${complianceCases.id}) < (${filter.after.createdAt}::timestamptz, ${filter.after.id}::uuid)`,
    );
  }
  return db
    .select({
      id: complianceCases.id,
      status: complianceCases.status,
      decision: complianceCases.decision,
      createdAt: complianceCases.createdAt,
      lastAlertAt: complianceCases.lastAlertAt,
      cursorAt: sql<string>`to_char(${complianceCases.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      rules: sql<
        string[]
      >`coalesce((SELECT array_agg(DISTINCT ${complianceAlerts.rule}) FROM ${complianceAlerts} WHERE ${complianceAlerts.caseId} = ${complianceCases.id}), '{}')`,
      alerts: sql<number>`(SELECT count(*) FROM ${complianceAlerts} WHERE ${complianceAlerts.caseId} = ${complianceCases.id})::int`,
      ...customerColumns,
    })
    .from(complianceCases)
    .innerJoin(users, eq(users.id, complianceCases.userId))
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(complianceCases.createdAt), desc(complianceCases.id))
    .limit(filter.limit + 1);
}

export async function caseCustomer(db: Db | Tx, userId: string) {
  const [row] = await db.select(customerColumns).from(users).where(eq(users.id, userId));
  return row ?? null;
}

export async function caseAlerts(db: Db | Tx, caseId: string) {
  return db
    .select()
    .from(complianceAlerts)
    .where(eq(complianceAlerts.caseId, caseId))
    .orderBy(asc(complianceAlerts.createdAt), asc(complianceAlerts.id));
}

export async function orderReferences(db: Db | Tx, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: orders.id, reference: orders.reference })
    .from(orders)
    .where(inArray(orders.id, ids));
  return new Map(rows.map((row) => [row.id, row.reference]));
}

export async function caseNotes(db: Db | Tx, caseId: string) {
  return db
    .select()
    .from(complianceNotes)
    .where(eq(complianceNotes.caseId, caseId))
    .orderBy(asc(complianceNotes.createdAt), asc(complianceNotes.id));
}

export async function countOpenCases(db: Db | Tx): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(complianceCases)
    .where(ne(complianceCases.status, 'closed'));
  return Number(row?.count ?? 0);
}

// --- the yearly declaration ------------------------------------------------------------------

/** Whether a case was reported to the COAF with a day in [from, to] (ISO days). */
export async function reportedBetween(db: Db | Tx, from: string, to: string): Promise<boolean> {
  const [row] = await db
    .select({ id: complianceCases.id })
    .from(complianceCases)
    .where(
      and(
        eq(complianceCases.decision, 'reported'),
        sql`${complianceCases.reportedOn} BETWEEN ${from}::date AND ${to}::date`,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Whether any order was created in [from, to): the platform operated then. */
export async function operatedBetween(db: Db | Tx, from: Date, to: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(gte(orders.createdAt, from), lt(orders.createdAt, to)))
    .limit(1);
  return Boolean(row);
}

export async function findDeclaration(db: Db | Tx, year: number) {
  const [row] = await db.select().from(coafDeclarations).where(eq(coafDeclarations.year, year));
  return row ?? null;
}

export async function listDeclarations(db: Db | Tx) {
  return db.select().from(coafDeclarations).orderBy(desc(coafDeclarations.year)).limit(10);
}

export async function insertDeclaration(
  tx: Tx,
  row: typeof coafDeclarations.$inferInsert,
): Promise<typeof coafDeclarations.$inferSelect | null> {
  const [inserted] = await tx
    .insert(coafDeclarations)
    .values(row)
    .onConflictDoNothing({ target: coafDeclarations.year })
    .returning();
  return inserted ?? null;
}

/** Claims the year's reminder: true once per year, whoever asks how many times. */
export async function claimReminder(tx: Tx, year: number, at: Date): Promise<boolean> {
  const rows = await tx
    .insert(coafReminders)
    .values({ year, sentAt: at })
    .onConflictDoNothing({ target: coafReminders.year })
    .returning({ year: coafReminders.year });
  return rows.length > 0;
}
