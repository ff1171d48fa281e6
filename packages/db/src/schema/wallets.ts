import { sql } from 'drizzle-orm';
import { check, foreignKey, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { networks, tokens } from './catalogue.ts';
import { createdAt, textId, updatedAt } from './columns.ts';
import { pixKeyType, tokenKind } from './enums.ts';

/**
 * A customer's destination for a token: a crypto address (per network), a PIX key with the
 * holder's bank data, or a Deriv account. `kind` must equal the token's kind and the network must
 * belong to the token (composite foreign keys).
 */
export const wallets = pgTable(
  'wallets',
  {
    id: textId(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: tokenKind('kind').notNull(),
    tokenId: text('token_id').notNull(),
    networkId: text('network_id'),
    // crypto
    address: text('address'),
    memo: text('memo'),
    // pix
    pixKeyType: pixKeyType('pix_key_type'),
    pixKey: text('pix_key'),
    /** Bank code (COMPE / ISPB), e.g. 260. */
    bankCode: text('bank_code'),
    holderName: text('holder_name'),
    /** CPF (11 digits) or CNPJ (14, also the 2026 alphanumeric form) of the holder. */
    holderDocument: text('holder_document'),
    // deriv
    derivAccount: text('deriv_account'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('wallets_user_id_idx').on(t.userId),
    // One wallet per token and network (PIX and Deriv have one network each) for a customer.
    uniqueIndex('wallets_user_token_network_unique').on(
      t.userId,
      t.tokenId,
      sql`coalesce(${t.networkId}, '')`,
    ),
    foreignKey({
      name: 'wallets_token_kind_fk',
      columns: [t.tokenId, t.kind],
      foreignColumns: [tokens.id, tokens.kind],
    }),
    foreignKey({
      name: 'wallets_network_token_fk',
      columns: [t.networkId, t.tokenId],
      foreignColumns: [networks.id, networks.tokenId],
    }),
    check(
      'wallets_crypto_fields',
      sql`${t.kind} <> 'crypto' OR (${t.networkId} IS NOT NULL AND ${t.address} IS NOT NULL AND length(${t.address}) > 0)`,
    ),
    check(
      'wallets_pix_fields',
      sql`${t.kind} <> 'pix' OR (${t.pixKeyType} IS NOT NULL AND ${t.pixKey} IS NOT NULL AND ${t.bankCode} IS NOT NULL AND ${t.holderName} IS NOT NULL AND ${t.holderDocument} IS NOT NULL)`,
    ),
    check(
      'wallets_deriv_fields',
      sql`${t.kind} <> 'deriv' OR (${t.derivAccount} IS NOT NULL AND ${t.derivAccount} ~ '^CR[0-9]+$')`,
    ),
    check(
      'wallets_holder_document_format',
      sql`${t.holderDocument} ~ '^([0-9]{11}|[0-9A-Z]{12}[0-9]{2})$'`,
    ),
  ],
);

export type Wallet = typeof wallets.$inferSelect;
export type NewWallet = typeof wallets.$inferInsert;
