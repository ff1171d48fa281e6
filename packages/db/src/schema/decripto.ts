import { sql } from 'drizzle-orm';
import { bigint, check, integer, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { createdAt, money, textId, timestamptz } from './columns.ts';

/**
 * The archive of the DeCripto monthly reports (decision 067): one row per generated file. A
 * month's versions are 1, 2, 3... (a later one is a retificadora); a row is never overwritten:
 * only `status`, `receipt`, `sent_at` and `sent_by` change, once, when an admin records that the
 * version was transmitted. The file itself sits in the file storage under `storage_key`; its
 * SHA-256 is checked on every download.
 */
export const decriptoReports = pgTable(
  'decripto_reports',
  {
    id: textId(),
    /** Brasília month, `YYYY-MM` */
    month: text('month').notNull(),
    version: integer('version').notNull(),
    /** the file's layout, e.g. `permuta-decripto-1` */
    layout: text('layout').notNull(),
    storageKey: text('storage_key').notNull(),
    /** lowercase hex */
    sha256: text('sha256').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    operations: integer('operations').notNull(),
    holders: integer('holders').notNull(),
    totalValueBrl: money('total_value_brl').notNull(),
    totalFeesBrl: money('total_fees_brl').notNull(),
    /** `draft` or `sent` */
    status: text('status').notNull().default('draft'),
    /** the Receita's receipt number, recorded with `sent` */
    receipt: text('receipt'),
    /** the admin who generated it; null: the monthly job */
    generatedBy: text('generated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    sentAt: timestamptz('sent_at'),
    sentBy: text('sent_by').references(() => users.id, { onDelete: 'set null' }),
    /** the reminder e-mail before the due date went out (the job's once-per-month mark) */
    remindedAt: timestamptz('reminded_at'),
  },
  (t) => [
    unique('decripto_reports_month_version_unique').on(t.month, t.version),
    check('decripto_reports_month_format', sql`${t.month} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
    check('decripto_reports_version_positive', sql`${t.version} >= 1`),
    check('decripto_reports_sha256_format', sql`${t.sha256} ~ '^[0-9a-f]{64}$'`),
    check('decripto_reports_status', sql`${t.status} IN ('draft', 'sent')`),
    check(
      'decripto_reports_sent',
      sql`(${t.status} = 'sent') = (${t.receipt} IS NOT NULL AND ${t.sentAt} IS NOT NULL)`,
    ),
  ],
);

export type DecriptoReportRow = typeof decriptoReports.$inferSelect;
