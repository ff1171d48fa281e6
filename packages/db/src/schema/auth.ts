import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  char,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { tokens } from './catalogue.ts';
import { createdAt, textId, timestamptz, updatedAt } from './columns.ts';
import { adminRole, locale, userRole } from './enums.ts';

/**
 * Identity tables, shaped for better-auth 1.7 at first and kept as they are since the API's own
 * auth module took over (docs/decisions/033), named in the plural. The JS keys are camelCase; the
 * SQL columns are snake_case.
 *
 * - `role` is the `user_role` enum (customer / admin);
 * - a customer's `cpf`, `phone`, `birthDate` are required (a CHECK refuses a customer without);
 * - admins have no e-mail of their own; they get `<username>@admins.invalid` (`.invalid` is a
 *   reserved TLD, RFC 2606), so `email` stays NOT NULL and unique;
 * - `banned`, `banReason`, `banExpires`, `image` and `sessions.impersonatedBy` are unused
 *   (deactivation is `active`).
 */
export const users = pgTable(
  'users',
  {
    id: textId(),
    role: userRole('role').notNull().default('customer'),
    /** an admin's role in the back office (every admin has one, no customer has) */
    adminRole: adminRole('admin_role'),
    /** Stored lower-cased; sign-in name. */
    username: text('username').notNull().unique('users_username_unique'),
    displayUsername: text('display_username'),
    name: text('name').notNull(),
    email: text('email').notNull().unique('users_email_unique'),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    /** E.164, e.g. +5511999990000. */
    phone: text('phone'),
    /** Customers only: 11 digits, unique. */
    cpf: char('cpf', { length: 11 }).unique('users_cpf_unique'),
    birthDate: date('birth_date', { mode: 'string' }),
    active: boolean('active').notNull().default(true),
    nationalIdVerified: boolean('national_id_verified').notNull().default(false),
    locale: locale('locale').notNull().default('pt-BR'),
    /** Token codes (tokens.code) preselected in the calculator. */
    defaultSendToken: text('default_send_token').references(() => tokens.code, {
      onDelete: 'set null',
      onUpdate: 'cascade',
    }),
    defaultReceiveToken: text('default_receive_token').references(() => tokens.code, {
      onDelete: 'set null',
      onUpdate: 'cascade',
    }),
    termsAcceptedAt: timestamptz('terms_accepted_at'),
    banned: boolean('banned').notNull().default(false),
    banReason: text('ban_reason'),
    banExpires: timestamptz('ban_expires'),
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    /**
     * When the customer's personal data was erased at their request (decision 063): name, e-mail,
     * username, phone and birth date became a tombstone; the row stays for the retained orders.
     */
    anonymizedAt: timestamptz('anonymized_at'),
    /**
     * An anonymised customer's CPF, kept for the retention period of their orders (Lei 9.613/1998
     * art. 10) but out of the unique `cpf` column, so the same person may open a new account.
     */
    retainedCpf: char('retained_cpf', { length: 11 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Case-insensitive uniqueness and the back office's search by e-mail / username.
    uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_lower_unique').on(sql`lower(${t.username})`),
    index('users_role_created_at_idx').on(t.role, t.createdAt.desc().nullsFirst()),
    check('users_cpf_format', sql`${t.cpf} ~ '^[0-9]{11}$'`),
    check('users_phone_format', sql`${t.phone} ~ '^\\+[1-9][0-9]{7,14}$'`),
    check('users_username_length', sql`char_length(${t.username}) >= 3`),
    check('users_admin_role', sql`(${t.role} = 'admin') = (${t.adminRole} IS NOT NULL)`),
    check(
      'users_customer_identity_or_anonymized',
      sql`${t.role} <> 'customer' OR (${t.cpf} IS NOT NULL AND ${t.phone} IS NOT NULL AND ${t.birthDate} IS NOT NULL) OR (${t.anonymizedAt} IS NOT NULL AND ${t.retainedCpf} IS NOT NULL)`,
    ),
  ],
);

/**
 * Sign-in sessions. PRODUCT.md: `token` is stored hashed (the cookie carries the opaque token,
 * the row its hash), 12 h absolute lifetime.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: textId(),
    token: text('token').notNull().unique('sessions_token_unique'),
    expiresAt: timestamptz('expires_at').notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    impersonatedBy: text('impersonated_by'),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('sessions_user_id_idx').on(t.userId),
    index('sessions_expires_at_idx').on(t.expiresAt),
  ],
);

/** Credentials: `provider_id = 'credential'`, `account_id = user id`, `password` = argon2id hash. */
export const accounts = pgTable(
  'accounts',
  {
    id: textId(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamptz('access_token_expires_at'),
    refreshTokenExpiresAt: timestamptz('refresh_token_expires_at'),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('accounts_user_id_idx').on(t.userId),
    uniqueIndex('accounts_provider_account_unique').on(t.providerId, t.accountId),
  ],
);

/** Single-use values: e-mail validation tokens, password-reset OTPs (stored hashed), 2FA cookies. */
export const verifications = pgTable(
  'verifications',
  {
    id: textId(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('verifications_identifier_idx').on(t.identifier),
    // e-mail validation links are looked up by the hash of their token
    index('verifications_value_idx').on(t.value),
  ],
);

/**
 * Admins' TOTP secrets and recovery codes, both encrypted (XChaCha20-Poly1305 under AUTH_SECRET,
 * apps/api/src/modules/auth/two-factor.ts); `verified` false until the first code is confirmed.
 */
export const twoFactors = pgTable(
  'two_factors',
  {
    id: textId(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // wrong codes in a row at sign-in, and the lock they lead to
    verified: boolean('verified').notNull().default(true),
    failedVerificationCount: integer('failed_verification_count').notNull().default(0),
    lockedUntil: timestamptz('locked_until'),
  },
  (t) => [
    index('two_factors_user_id_idx').on(t.userId),
    index('two_factors_secret_idx').on(t.secret),
  ],
);

/** Unused since decision 033 (it was better-auth's rate-limit storage); kept until a migration drops it. */
export const rateLimits = pgTable('rate_limits', {
  id: textId(),
  key: text('key').notNull().unique('rate_limits_key_unique'),
  count: integer('count').notNull(),
  /** Milliseconds since the epoch. */
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type Session = typeof sessions.$inferSelect;
export type NewSession = typeof sessions.$inferInsert;
export type Account = typeof accounts.$inferSelect;
export type NewAccount = typeof accounts.$inferInsert;
export type Verification = typeof verifications.$inferSelect;
export type NewVerification = typeof verifications.$inferInsert;
export type TwoFactor = typeof twoFactors.$inferSelect;
export type NewTwoFactor = typeof twoFactors.$inferInsert;
export type RateLimit = typeof rateLimits.$inferSelect;
export type NewRateLimit = typeof rateLimits.$inferInsert;
