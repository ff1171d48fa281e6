import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';

/**
 * The request rate limit's counters, shared by every instance of the API (decision 050): one row
 * per key (route and client address), `hits` in the window that ends at `reset_at`. UNLOGGED
 * (hand-written in its migration): counters lost in a crash only give a minute's budget back, and
 * no write-ahead log is written for the one upsert each request makes. Rows whose window ended
 * are swept by the API.
 */
export const requestCounters = pgTable('request_counters', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  resetAt: timestamptz('reset_at').notNull(),
});

export type RequestCounter = typeof requestCounters.$inferSelect;
