import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { createdAt, timestamptz, updatedAt } from './columns.ts';

/**
 * The anti-money-laundering case queue (decision 066). None of these rows is ever deleted: they
 * are the records Lei 9.613/1998 art. 10 asks to keep for 5 years, and they outlive a customer's
 * anonymisation (the user row stays, with its retained CPF). Triggers of migration
 * `0033_compliance_cases` refuse DELETE on every table and UPDATE on alerts and notes.
 * The admins' ids have no foreign key (like the audit log): the record outlives the admin; their
 * usernames are copied at the time.
 */

/**
 * A customer's case: open (alerts waiting), under_analysis (a note was written), closed with a
 * decision recorded once: dismissed (reason) or reported (to the COAF in Siscoaf: protocol, date).
 * One case not closed per customer: new alerts join it; after a close they open a new one.
 */
export const complianceCases = pgTable(
  'compliance_cases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    status: text('status').notNull().default('open'),
    decision: text('decision'),
    decisionText: text('decision_text'),
    /** the COAF's protocol number of the communication made in Siscoaf, and its day */
    protocol: text('protocol'),
    reportedOn: date('reported_on', { mode: 'string' }),
    decidedBy: text('decided_by'),
    decidedByName: text('decided_by_name'),
    decidedAt: timestamptz('decided_at'),
    /** the newest alert's time: the queue's order */
    lastAlertAt: timestamptz('last_alert_at').notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('compliance_cases_one_open_per_user')
      .on(t.userId)
      .where(sql`${t.status} <> 'closed'`),
    index('compliance_cases_queue_idx').on(t.status, t.createdAt, t.id),
    index('compliance_cases_user_idx').on(t.userId),
    check('compliance_cases_status', sql`${t.status} IN ('open', 'under_analysis', 'closed')`),
    check(
      'compliance_cases_decision',
      sql`(${t.status} = 'closed') = (${t.decision} IS NOT NULL AND ${t.decidedAt} IS NOT NULL AND ${t.decisionText} IS NOT NULL)`,
    ),
    check(
      'compliance_cases_reported_protocol',
      sql`${t.decision} IS NULL OR ${t.decision} = 'dismissed' OR (${t.decision} = 'reported' AND ${t.protocol} IS NOT NULL AND ${t.reportedOn} IS NOT NULL)`,
    ),
    check('compliance_cases_decision_kind', sql`${t.decision} IN ('dismissed', 'reported')`),
  ],
);

/**
 * One rule's hit: the rule, the orders and the facts it saw (JSON), when. `dedupe_key` is the
 * facts' identity (e.g. the payment's id): the same facts never alert twice, even when two
 * confirmations run at once.
 */
export const complianceAlerts = pgTable(
  'compliance_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    caseId: uuid('case_id')
      .notNull()
      .references(() => complianceCases.id, { onDelete: 'restrict' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    rule: text('rule').notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    /** the orders of the facts (no foreign key: orders are never deleted either) */
    orderIds: uuid('order_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    facts: jsonb('facts').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('compliance_alerts_dedupe_key').on(t.dedupeKey),
    index('compliance_alerts_case_idx').on(t.caseId, t.createdAt),
    check(
      'compliance_alerts_rule',
      sql`${t.rule} IN ('structuring', 'third_party_payer', 'volume_spike', 'new_wallets')`,
    ),
  ],
);

/** An analyst's note on a case: append-only (who, when, text). */
export const complianceNotes = pgTable(
  'compliance_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    caseId: uuid('case_id')
      .notNull()
      .references(() => complianceCases.id, { onDelete: 'restrict' }),
    authorId: text('author_id').notNull(),
    authorName: text('author_name').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('compliance_notes_case_idx').on(t.caseId, t.createdAt),
    check('compliance_notes_body_length', sql`char_length(${t.body}) BETWEEN 1 AND 5000`),
  ],
);

/**
 * The yearly "comunicação de não ocorrência" made in Siscoaf for a calendar year without any
 * case reported: recorded once per year (who, when, the protocol and the day it was sent).
 */
export const coafDeclarations = pgTable(
  'coaf_declarations',
  {
    year: integer('year').primaryKey(),
    sentOn: date('sent_on', { mode: 'string' }).notNull(),
    protocol: text('protocol').notNull(),
    recordedBy: text('recorded_by').notNull(),
    recordedByName: text('recorded_by_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('coaf_declarations_year', sql`${t.year} BETWEEN 2000 AND 2999`)],
);

/** The yearly reminder's e-mail to the owners: one row per year, so it goes once. */
export const coafReminders = pgTable('coaf_reminders', {
  year: integer('year').primaryKey(),
  sentAt: timestamptz('sent_at').notNull().defaultNow(),
});

export type ComplianceCaseRow = typeof complianceCases.$inferSelect;
export type ComplianceAlertRow = typeof complianceAlerts.$inferSelect;
export type ComplianceNoteRow = typeof complianceNotes.$inferSelect;
export type CoafDeclarationRow = typeof coafDeclarations.$inferSelect;
