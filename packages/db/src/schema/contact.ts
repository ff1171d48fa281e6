import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, textId, timestamptz } from './columns.ts';
import { locale } from './enums.ts';

/** Messages sent from the public contact page. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: textId(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    locale: locale('locale').notNull().default('pt-BR'),
    ip: text('ip'),
    createdAt: createdAt(),
    /** when an admin marked it answered (null: waiting for an answer) */
    answeredAt: timestamptz('answered_at'),
    /** users.id of that admin; no foreign key, like the audit log: the record outlives admins */
    answeredBy: text('answered_by'),
  },
  (t) => [index('contact_messages_created_at_idx').on(t.createdAt)],
);

export type ContactMessage = typeof contactMessages.$inferSelect;
export type NewContactMessage = typeof contactMessages.$inferInsert;
