import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { createdAt, textId, timestamptz, updatedAt } from './columns.ts';
import { businessStatus } from './enums.ts';

/**
 * A customer account that is a business (decision 057): one row per customer, the signed-up
 * person being its representative. `cnpj` is stored plain (14 characters, the 2026 alphanumeric
 * CNPJ included), upper-cased, unique. Only an approved business may hold API keys.
 */
export const businesses = pgTable(
  'businesses',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyName: text('company_name').notNull(),
    cnpj: text('cnpj').notNull().unique('businesses_cnpj_unique'),
    status: businessStatus('status').notNull().default('pending'),
    reviewedBy: text('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamptz('reviewed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('businesses_cnpj_format', sql`${t.cnpj} ~ '^[0-9A-Z]{12}[0-9]{2}$'`),
    check('businesses_company_name_length', sql`char_length(${t.companyName}) BETWEEN 2 AND 150`),
    index('businesses_status_idx').on(t.status),
  ],
);

/**
 * A business's API keys. The secret is shown once at creation; only its SHA-256 is kept, with a
 * visible `prefix` (unique) by which a presented key is found before its hash is compared in
 * constant time. `last_used_at` is written at most once a minute per key.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: textId(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull().unique('api_keys_prefix_unique'),
    /** hex SHA-256 of the whole key */
    secretHash: text('secret_hash').notNull(),
    scopes: text('scopes').array().notNull(),
    rateLimitPerMinute: integer('rate_limit_per_minute').notNull(),
    lastUsedAt: timestamptz('last_used_at'),
    revokedAt: timestamptz('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('api_keys_user_id_idx').on(t.userId, t.createdAt),
    check('api_keys_secret_hash_format', sql`${t.secretHash} ~ '^[0-9a-f]{64}$'`),
    check('api_keys_rate_limit_range', sql`${t.rateLimitPerMinute} BETWEEN 1 AND 100000`),
    check('api_keys_name_length', sql`char_length(${t.name}) BETWEEN 1 AND 80`),
  ],
);

export type Business = typeof businesses.$inferSelect;
export type ApiKey = typeof apiKeys.$inferSelect;
export type NewApiKey = typeof apiKeys.$inferInsert;
