import { and, desc, eq } from 'drizzle-orm';
import { documents } from '@permuta/db';
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
