import { and, asc, desc, eq, inArray, notInArray, or, sql } from 'drizzle-orm';
import {
  auditLog,
  consents,
  contactMessages,
  documents,
  legalDocuments,
  orderEvents,
  orders,
  reviews,
  sessions,
  users,
  wallets,
} from '@permuta/db';
import type { Db, LegalDocument as LegalDocumentRow, Tx } from '@permuta/db';
import { FINAL_STATUSES, LEGAL_DOCUMENT_KINDS } from '@permuta/contracts';
import type { LegalDocument } from '@permuta/contracts';

/** The most audit entries an export carries (the newest); more is said in the export. */
export const EXPORT_AUDIT_LIMIT = 5000;

export const toLegalDocument = (row: LegalDocumentRow): LegalDocument => ({
  id: row.id,
  kind: row.kind as LegalDocument['kind'],
  version: row.version,
  path: row.path,
  summary: row.summary,
  publishedAt: row.publishedAt.toISOString(),
});

/** The current (latest published) version of each kind. */
export async function currentLegalDocuments(db: Db | Tx): Promise<LegalDocumentRow[]> {
  const rows = await db
    .selectDistinctOn([legalDocuments.kind])
    .from(legalDocuments)
    .where(inArray(legalDocuments.kind, [...LEGAL_DOCUMENT_KINDS]))
    .orderBy(legalDocuments.kind, desc(legalDocuments.publishedAt), desc(legalDocuments.id));
  return rows;
}

/** The documents among `documentIds` that `userId` accepted. */
export async function acceptedIds(db: Db | Tx, userId: string, documentIds: string[]) {
  if (documentIds.length === 0) return new Set<string>();
  const rows = await db
    .select({ documentId: consents.documentId })
    .from(consents)
    .where(and(eq(consents.userId, userId), inArray(consents.documentId, documentIds)));
  return new Set(rows.map((row) => row.documentId));
}

/** Records the acceptance of each document (an earlier acceptance of the same one stays). */
export async function recordConsents(
  tx: Db | Tx,
  userId: string,
  documentIds: string[],
  caller: { ip: string; userAgent: string },
) {
  if (documentIds.length === 0) return [];
  return tx
    .insert(consents)
    .values(
      documentIds.map((documentId) => ({
        userId,
        documentId,
        ip: caller.ip,
        userAgent: caller.userAgent.slice(0, 200),
      })),
    )
    .onConflictDoNothing()
    .returning();
}

/** The customer's orders that are not final, oldest first. */
export async function openOrders(db: Db | Tx, userId: string) {
  return db
    .select({ reference: orders.reference, status: orders.status })
    .from(orders)
    .where(and(eq(orders.userId, userId), notInArray(orders.status, [...FINAL_STATUSES])))
    .orderBy(asc(orders.createdAt));
}

/** `entity_type = kind AND entity_id IN ids`, or nothing when there are no ids. */
const entityIn = (kind: string, ids: string[]) =>
  ids.length === 0 ? [] : [and(eq(auditLog.entityType, kind), inArray(auditLog.entityId, ids))];

/** Everything the export holds about `userId`, read in one transaction (a consistent picture). */
export async function exportRows(tx: Tx, userId: string, email: string) {
  const [user] = await tx.select().from(users).where(eq(users.id, userId));
  const consentRows = await tx
    .select({
      kind: legalDocuments.kind,
      version: legalDocuments.version,
      path: legalDocuments.path,
      acceptedAt: consents.acceptedAt,
      ip: consents.ip,
      userAgent: consents.userAgent,
    })
    .from(consents)
    .innerJoin(legalDocuments, eq(legalDocuments.id, consents.documentId))
    .where(eq(consents.userId, userId))
    .orderBy(asc(consents.acceptedAt));
  const sessionRows = await tx
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      expiresAt: sessions.expiresAt,
      ipAddress: sessions.ipAddress,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(asc(sessions.createdAt));
  const walletRows = await tx
    .select()
    .from(wallets)
    .where(eq(wallets.userId, userId))
    .orderBy(asc(wallets.createdAt));
  const orderRows = await tx
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(asc(orders.createdAt));
  const eventRows =
    orderRows.length === 0
      ? []
      : await tx
          .select({
            orderId: orderEvents.orderId,
            fromStatus: orderEvents.fromStatus,
            toStatus: orderEvents.toStatus,
            actorType: orderEvents.actorType,
            note: orderEvents.note,
            createdAt: orderEvents.createdAt,
          })
          .from(orderEvents)
          .innerJoin(orders, eq(orders.id, orderEvents.orderId))
          .where(eq(orders.userId, userId))
          .orderBy(asc(orderEvents.id));
  const documentRows = await tx
    .select({
      id: documents.id,
      type: documents.type,
      status: documents.status,
      originalName: documents.originalName,
      mimeType: documents.mimeType,
      sizeBytes: documents.sizeBytes,
      sha256: documents.sha256,
      rejectionReason: documents.rejectionReason,
      reviewedAt: documents.reviewedAt,
      createdAt: documents.createdAt,
    })
    .from(documents)
    .where(eq(documents.userId, userId))
    .orderBy(asc(documents.createdAt));
  const reviewRows = await tx
    .select({
      orderId: reviews.orderId,
      rating: reviews.rating,
      text: reviews.text,
      visible: reviews.visible,
      createdAt: reviews.createdAt,
    })
    .from(reviews)
    .where(eq(reviews.userId, userId))
    .orderBy(asc(reviews.createdAt));
  const contactRows = await tx
    .select({
      name: contactMessages.name,
      email: contactMessages.email,
      message: contactMessages.message,
      createdAt: contactMessages.createdAt,
      answeredAt: contactMessages.answeredAt,
    })
    .from(contactMessages)
    .where(sql`lower(${contactMessages.email}) = lower(${email})`)
    .orderBy(asc(contactMessages.createdAt));
  const auditRows = await tx
    .select({
      action: auditLog.action,
      actorType: auditLog.actorType,
      entityType: auditLog.entityType,
      entityId: auditLog.entityId,
      ip: auditLog.ip,
      before: auditLog.before,
      after: auditLog.after,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .where(
      or(
        and(eq(auditLog.entityType, 'user'), eq(auditLog.entityId, userId)),
        and(eq(auditLog.actorType, 'customer'), eq(auditLog.actorId, userId)),
        ...entityIn(
          'order',
          orderRows.map((row) => row.id),
        ),
        ...entityIn(
          'document',
          documentRows.map((row) => row.id),
        ),
        ...entityIn(
          'wallet',
          walletRows.map((row) => row.id),
        ),
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(EXPORT_AUDIT_LIMIT);
  return {
    user: user!,
    consentRows,
    sessionRows,
    walletRows,
    orderRows,
    eventRows,
    documentRows,
    reviewRows,
    contactRows,
    auditRows,
  };
}
