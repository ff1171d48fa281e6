import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { textId, timestamptz } from './columns.ts';

/**
 * Versions of the terms of service and the privacy policy (decision 063). The latest published
 * version of each kind is the one customers must have accepted; publishing a new one asks every
 * signed-in customer again. Rows are never changed once published.
 */
export const legalDocuments = pgTable(
  'legal_documents',
  {
    id: textId(),
    /** `terms` (terms of service) or `privacy` (privacy policy) */
    kind: text('kind').notNull(),
    /** e.g. 2026-11-29; unique per kind */
    version: text('version').notNull(),
    /** the public page the version refers to, e.g. /terms-of-service */
    path: text('path').notNull(),
    /** what changed, shown to the customer asked to accept it again */
    summary: text('summary').notNull().default(''),
    publishedAt: timestamptz('published_at').notNull().defaultNow(),
    /** users.id of the admin who published it; null for the first versions */
    publishedBy: text('published_by'),
  },
  (t) => [
    uniqueIndex('legal_documents_kind_version_unique').on(t.kind, t.version),
    index('legal_documents_kind_published_at_idx').on(t.kind, t.publishedAt.desc()),
    check('legal_documents_kind', sql`${t.kind} IN ('terms', 'privacy')`),
  ],
);

/** Each acceptance of a legal document version by a customer: when, from where. Never deleted. */
export const consents = pgTable(
  'consents',
  {
    id: textId(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    documentId: text('document_id')
      .notNull()
      .references(() => legalDocuments.id, { onDelete: 'restrict' }),
    acceptedAt: timestamptz('accepted_at').notNull().defaultNow(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [uniqueIndex('consents_user_document_unique').on(t.userId, t.documentId)],
);

export type LegalDocument = typeof legalDocuments.$inferSelect;
export type Consent = typeof consents.$inferSelect;
