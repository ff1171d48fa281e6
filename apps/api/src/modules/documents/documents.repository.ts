import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { businesses, documents, enhancedDeclarations, users } from '@permuta/db';
import type { Db, Tx } from '@permuta/db';
import type { DocumentType, DocumentView } from '@permuta/contracts';

export type DocumentRow = typeof documents.$inferSelect;
export type NewDocumentRow = typeof documents.$inferInsert;

/** The current document of each type of a customer: the newest row per type. */
export async function currentDocuments(db: Db | Tx, userId: string): Promise<DocumentRow[]> {
  return db
    .selectDistinctOn([documents.type])
    .from(documents)
    .where(eq(documents.userId, userId))
    .orderBy(documents.type, desc(documents.createdAt), desc(documents.id));
}

/** Whether the customer applied as a business (whatever the application's standing). */
export async function appliedAsBusiness(db: Db | Tx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: businesses.userId })
    .from(businesses)
    .where(eq(businesses.userId, userId))
    .limit(1);
  return row !== undefined;
}

/** The current document of one type, or null when none was ever sent. */
export async function currentDocument(
  db: Db | Tx,
  userId: string,
  type: DocumentType,
): Promise<DocumentRow | null> {
  const [row] = await db
    .select()
    .from(documents)
    .where(and(eq(documents.userId, userId), eq(documents.type, type)))
    .orderBy(desc(documents.createdAt), desc(documents.id))
    .limit(1);
  return row ?? null;
}

export async function insertDocument(tx: Db | Tx, values: NewDocumentRow): Promise<DocumentRow> {
  const [row] = await tx.insert(documents).values(values).returning();
  if (!row) throw new Error('document insert returned no row');
  return row;
}

/** A document by id, only when it belongs to `userId` (someone else's is as good as absent). */
export async function findOwnDocument(
  db: Db | Tx,
  userId: string,
  id: string,
): Promise<DocumentRow | null> {
  const [row] = await db
    .select()
    .from(documents)
    .where(and(eq(documents.id, id), eq(documents.userId, userId)))
    .limit(1);
  return row ?? null;
}

export async function findDocument(db: Db | Tx, id: string): Promise<DocumentRow | null> {
  const [row] = await db.select().from(documents).where(eq(documents.id, id)).limit(1);
  return row ?? null;
}

export function toDocumentView(doc: DocumentRow): DocumentView {
  return {
    id: doc.id,
    type: doc.type,
    status: doc.status,
    originalName: doc.originalName,
    mimeType: doc.mimeType,
    sizeBytes: doc.sizeBytes,
    rejectionReason: doc.rejectionReason,
    uploadedAt: doc.createdAt.toISOString(),
    reviewedAt: doc.reviewedAt ? doc.reviewedAt.toISOString() : null,
  };
}

/** A document waiting for review: sent, not yet reviewed, and still the current one of its type. */
const waitingForReview = and(
  eq(documents.status, 'uploaded'),
  sql`NOT EXISTS (SELECT 1 FROM ${documents} AS newer WHERE newer.user_id = ${documents.userId} AND newer.type = ${documents.type} AND (newer.created_at, newer.id) > (${documents.createdAt}, ${documents.id}))`,
);

export interface ReviewQueueRow {
  id: string;
  type: DocumentRow['type'];
  createdAt: Date;
  /** created_at to the microsecond, for the next cursor */
  cursorAt: string;
  customerId: string;
  customerName: string;
  customerEmail: string;
}

/** The documents waiting for review, oldest first on (created_at, id), keyset after `after`. */
export async function listReviewQueue(
  db: Db | Tx,
  options: { after?: { createdAt: string; id: string } | undefined; limit: number },
): Promise<ReviewQueueRow[]> {
  return db
    .select({
      id: documents.id,
      type: documents.type,
      createdAt: documents.createdAt,
      cursorAt: sql<string>`to_char(${documents.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      customerId: users.id,
      customerName: users.name,
      customerEmail: users.email,
    })
    .from(documents)
    .innerJoin(users, eq(users.id, documents.userId))
    .where(
      and(
        waitingForReview,
        options.after
          ? sql`(${documents.createdAt}, ${documents.id}) > (${options.after.createdAt}::timestamptz, ${options.after.id})`
          : undefined,
      ),
    )
    .orderBy(asc(documents.createdAt), asc(documents.id))
    .limit(options.limit);
}

/** How many documents wait for review, and how many of them were sent before `lateBefore`. */
export async function countReviewQueue(
  db: Db | Tx,
  lateBefore: Date,
): Promise<{ total: number; late: number }> {
  const [row] = await db
    .select({
      total: count(),
      late: sql<number>`count(*) FILTER (WHERE ${documents.createdAt} < ${lateBefore.toISOString()}::timestamptz)`.mapWith(
        Number,
      ),
    })
    .from(documents)
    .where(waitingForReview);
  return { total: row?.total ?? 0, late: row?.late ?? 0 };
}

/** A new declaration of an enhanced verification request (the newest is the current one). */
export async function insertEnhancedDeclaration(
  tx: Tx,
  row: { userId: string; incomeRange: string; occupation: string },
): Promise<{ id: string; createdAt: Date }> {
  const [inserted] = await tx
    .insert(enhancedDeclarations)
    .values(row)
    .returning({ id: enhancedDeclarations.id, createdAt: enhancedDeclarations.createdAt });
  if (!inserted) throw new Error('declaration not inserted');
  return inserted;
}
