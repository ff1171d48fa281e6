import { sql } from 'drizzle-orm';
import { boolean, check, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import { users } from './auth.ts';
import { updatedAt } from './columns.ts';

/**
 * One row per provider money moves through by itself (decision 040): its plain settings, its
 * credentials encrypted as one JSON object (lib/secret-box.ts, a key derived from AUTH_SECRET),
 * and the switches of its automatic deposits and payouts.
 */
export const integrations = pgTable(
  'integrations',
  {
    provider: text('provider').primaryKey(),
    config: jsonb('config').$type<Record<string, string>>().notNull().default({}),
    /** hex of the encrypted JSON of the secrets; null when none is set */
    secrets: text('secrets'),
    depositsEnabled: boolean('deposits_enabled').notNull().default(false),
    payoutsEnabled: boolean('payouts_enabled').notNull().default(false),
    /**
     * A problem the provider answered while money was being moved (e.g. `token_refused`: Deriv
     * refused the API token), in the provider's words and when; cleared when the settings are
     * saved or a connection test passes.
     */
    problem: text('problem'),
    problemDetail: text('problem_detail'),
    problemAt: timestamptz('problem_at'),
    updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [check('integrations_provider', sql`${t.provider} IN ('pix', 'deriv')`)],
);

export type IntegrationRow = typeof integrations.$inferSelect;
