import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { tokens } from './catalogue.ts';
import { createdAt, money } from './columns.ts';
import { treasuryDirection, treasuryEntryKind } from './enums.ts';
import { orders } from './orders.ts';

/**
 * The platform's stock as an append-only ledger: balance of a token = credits - debits.
 * funds_received is a credit, payout and refund are debits, an adjustment is either and needs a
 * note. Keeping the sum per token non-negative is the writer's job (in the same transaction).
 */
export const treasuryEntries = pgTable(
  'treasury_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tokenId: text('token_id')
      .notNull()
      .references(() => tokens.id, { onDelete: 'restrict' }),
    direction: treasuryDirection('direction').notNull(),
    amount: money('amount').notNull(),
    kind: treasuryEntryKind('kind').notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    note: text('note'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('treasury_entries_token_id_created_at_idx').on(t.tokenId, t.createdAt),
    index('treasury_entries_order_id_idx').on(t.orderId),
    check('treasury_entries_amount_positive', sql`${t.amount} > 0`),
    check(
      'treasury_entries_cause',
      sql`(${t.kind} = 'adjustment' AND ${t.note} IS NOT NULL AND length(btrim(${t.note})) > 0) OR (${t.kind} <> 'adjustment' AND ${t.orderId} IS NOT NULL)`,
    ),
    check(
      'treasury_entries_direction',
      sql`${t.kind} = 'adjustment' OR (${t.kind} = 'funds_received' AND ${t.direction} = 'credit') OR (${t.kind} IN ('payout', 'refund') AND ${t.direction} = 'debit')`,
    ),
  ],
);

export type TreasuryEntry = typeof treasuryEntries.$inferSelect;
export type NewTreasuryEntry = typeof treasuryEntries.$inferInsert;
