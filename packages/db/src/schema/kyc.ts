import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { INCOME_RANGES } from '@permuta/contracts/tiers';
import { users } from './auth.ts';
import { createdAt, textId, timestamptz } from './columns.ts';
import { documentStatus, documentType } from './enums.ts';

/** Largest accepted upload: 5 MB. */
export const MAX_DOCUMENT_BYTES = 5 * 1024 * 1024;

/**
 * Identity documents. Every upload is a new row (history kept); the current document of a type
 * is the latest row for (user_id, type). The file itself lives behind the storage adapter.
 */
export const documents = pgTable(
  'documents',
  {
    id: textId(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: documentType('type').notNull(),
    status: documentStatus('status').notNull().default('uploaded'),
    storageKey: text('storage_key').notNull().unique('documents_storage_key_unique'),
    originalName: text('original_name').notNull(),
    /** Detected from the content (magic bytes), not from the name. */
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /** Hex SHA-256 of the stored bytes. */
    sha256: text('sha256').notNull(),
    rejectionReason: text('rejection_reason'),
    reviewedBy: text('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamptz('reviewed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('documents_user_id_type_created_at_idx').on(
      t.userId,
      t.type,
      t.createdAt.desc().nullsFirst(),
    ),
    index('documents_status_created_at_idx').on(t.status, t.createdAt),
    check(
      'documents_size_range',
      sql`${t.sizeBytes} > 0 AND ${t.sizeBytes} <= ${sql.raw(String(MAX_DOCUMENT_BYTES))}`,
    ),
    check(
      'documents_mime_type_allowed',
      sql`${t.mimeType} IN ('image/jpeg', 'image/png', 'application/pdf')`,
    ),
    check('documents_sha256_format', sql`${t.sha256} ~ '^[0-9a-f]{64}$'`),
    check(
      'documents_rejection_reason',
      sql`${t.status} <> 'rejected' OR ${t.rejectionReason} IS NOT NULL`,
    ),
    check('documents_reviewed_at', sql`${t.status} = 'uploaded' OR ${t.reviewedAt} IS NOT NULL`),
  ],
);

export type Document = typeof documents.$inferSelect;
export type NewDocument = typeof documents.$inferInsert;

/**
 * The customer's declaration of an enhanced verification request (KYC level 3, decision 062):
 * monthly income range and occupation. Every request is a new row; the current one is the newest.
 * Its proofs are the documents `proof_of_income` and `source_of_funds`.
 */
export const enhancedDeclarations = pgTable(
  'enhanced_declarations',
  {
    id: textId(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    incomeRange: text('income_range').notNull(),
    occupation: text('occupation').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('enhanced_declarations_user_id_created_at_idx').on(t.userId, t.createdAt.desc()),
    check(
      'enhanced_declarations_income_range',
      sql`${t.incomeRange} IN (${sql.raw(INCOME_RANGES.map((r) => `'${r}'`).join(', '))})`,
    ),
    check(
      'enhanced_declarations_occupation_length',
      sql`char_length(${t.occupation}) BETWEEN 2 AND 100`,
    ),
  ],
);

export type EnhancedDeclaration = typeof enhancedDeclarations.$inferSelect;
