import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, money, percentage, textId, timestamptz, updatedAt } from './columns.ts';
import { priceSource, tokenKind } from './enums.ts';

/** Tokens the exchange swaps: crypto coins, PIX (BRL) and DERIV (USD brokerage balance). */
export const tokens = pgTable(
  'tokens',
  {
    id: textId(),
    /** Upper-case ticker, e.g. USDT, BTC, PIX, DERIV; the admin route `/admin/manager-tokens/:coinName`. */
    code: text('code').notNull().unique('tokens_code_unique'),
    name: text('name').notNull(),
    kind: tokenKind('kind').notNull(),
    /** Decimal places used for amounts of this token (USDT 6, BTC 8, PIX 2). */
    precision: integer('precision').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    isLegalMoney: boolean('is_legal_money').notNull().default(false),
    trading: boolean('trading').notNull().default(true),
    // Balances synced from the exchange's capital config (null until a sync ran).
    balanceFree: money('balance_free'),
    balanceLocked: money('balance_locked'),
    balanceFreeze: money('balance_freeze'),
    balanceWithdrawing: money('balance_withdrawing'),
    balanceIpoable: money('balance_ipoable'),
    balanceIpoing: money('balance_ipoing'),
    balanceStorage: money('balance_storage'),
    syncedAt: timestamptz('synced_at'),
    priceSource: priceSource('price_source').notNull().default('manual'),
    /** Exchange ticker symbol used when `price_source = 'exchange'`, e.g. USDTBRL. */
    exchangeSymbol: text('exchange_symbol'),
    sortOrder: integer('sort_order').notNull().default(0),
    /**
     * The treasury ledger's sum for this token (credits - debits), kept by triggers on
     * `treasury_entries` in the transaction of every entry (decision 064): never written by the
     * application, read instead of summing the ledger.
     */
    ledgerBalance: money('ledger_balance').notNull().default('0'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Target of the composite foreign key wallets (token_id, kind): a wallet's kind is its token's.
    unique('tokens_id_kind_unique').on(t.id, t.kind),
    check('tokens_code_format', sql`${t.code} ~ '^[A-Z0-9]{1,20}$'`),
    check('tokens_precision_range', sql`${t.precision} BETWEEN 0 AND 18`),
    // PRODUCT.md section 2: the sum per token is never negative
    check('tokens_ledger_balance_non_negative', sql`${t.ledgerBalance} >= 0`),
    check(
      'tokens_exchange_symbol_required',
      sql`${t.priceSource} <> 'exchange' OR ${t.exchangeSymbol} IS NOT NULL`,
    ),
  ],
);

/** Networks a token moves on (TRC20, BEP20, ERC20, BTC; BRL for PIX, USD for DERIV). */
export const networks = pgTable(
  'networks',
  {
    id: textId(),
    tokenId: text('token_id')
      .notNull()
      .references(() => tokens.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    name: text('name').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    isDefault: boolean('is_default').notNull().default(false),
    contractAddress: text('contract_address'),
    minConfirmations: integer('min_confirmations').notNull().default(0),
    depositEnabled: boolean('deposit_enabled').notNull().default(true),
    withdrawEnabled: boolean('withdraw_enabled').notNull().default(true),
    withdrawFee: money('withdraw_fee').notNull().default('0'),
    withdrawMin: money('withdraw_min').notNull().default('0'),
    /** null = no network maximum. */
    withdrawMax: money('withdraw_max'),
    estimatedArrivalMinutes: integer('estimated_arrival_minutes'),
    tip: text('tip'),
    notice: text('notice'),
    addressRegex: text('address_regex'),
    memoRegex: text('memo_regex'),
    memoRequired: boolean('memo_required').notNull().default(false),
    /** The platform's own deposit address (and memo) on this network. */
    depositAddress: text('deposit_address'),
    depositMemo: text('deposit_memo'),
    syncedAt: timestamptz('synced_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('networks_token_id_code_unique').on(t.tokenId, t.code),
    // Target of the composite foreign keys (network_id, token_id): the network belongs to the token.
    unique('networks_id_token_id_unique').on(t.id, t.tokenId),
    // At most one default network per token.
    uniqueIndex('networks_one_default_per_token')
      .on(t.tokenId)
      .where(sql`${t.isDefault}`),
    check('networks_code_format', sql`${t.code} ~ '^[A-Z0-9_-]{1,30}$'`),
    check('networks_min_confirmations_non_negative', sql`${t.minConfirmations} >= 0`),
    check('networks_withdraw_fee_non_negative', sql`${t.withdrawFee} >= 0`),
    check('networks_withdraw_min_non_negative', sql`${t.withdrawMin} >= 0`),
    check(
      'networks_withdraw_max_gte_min',
      sql`${t.withdrawMax} IS NULL OR ${t.withdrawMax} >= ${t.withdrawMin}`,
    ),
    check(
      'networks_estimated_arrival_non_negative',
      sql`${t.estimatedArrivalMinutes} IS NULL OR ${t.estimatedArrivalMinutes} >= 0`,
    ),
  ],
);

/** Price history in BRL; the latest row per token is the reference price. */
export const prices = pgTable(
  'prices',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tokenId: text('token_id')
      .notNull()
      .references(() => tokens.id, { onDelete: 'cascade' }),
    priceBrl: money('price_brl').notNull(),
    source: priceSource('source').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('prices_token_id_created_at_idx').on(t.tokenId, t.createdAt.desc().nullsFirst()),
    check('prices_price_brl_positive', sql`${t.priceBrl} > 0`),
  ],
);

/**
 * A price from the exchange feed that jumped more than the settings' hold percentage from the last
 * accepted one: kept here, not applied, until an admin accepts or rejects it or a later feed price
 * close to the accepted one clears it. While a token has a hold its quotes are paused.
 */
export const priceHolds = pgTable(
  'price_holds',
  {
    tokenId: text('token_id')
      .primaryKey()
      .references(() => tokens.id, { onDelete: 'cascade' }),
    /** the latest feed price that was held */
    priceBrl: money('price_brl').notNull(),
    /** the accepted price it was compared with */
    previousPriceBrl: money('previous_price_brl').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('price_holds_price_brl_positive', sql`${t.priceBrl} > 0`)],
);

/**
 * Fee rules as percentages. Both token ids null = the general rule (at most one); otherwise a
 * rule for the pair (token sent -> token received), which wins over the general one.
 */
export const feeRules = pgTable(
  'fee_rules',
  {
    id: textId(),
    sendTokenId: text('send_token_id').references(() => tokens.id, { onDelete: 'cascade' }),
    receiveTokenId: text('receive_token_id').references(() => tokens.id, { onDelete: 'cascade' }),
    /** Percentage, 0 <= rate < 50 (e.g. "5.0000" = 5 %). */
    rate: percentage('rate').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('fee_rules_pair_unique').on(t.sendTokenId, t.receiveTokenId),
    uniqueIndex('fee_rules_one_general_rule')
      .on(sql`(${t.sendTokenId} IS NULL)`)
      .where(sql`${t.sendTokenId} IS NULL`),
    check('fee_rules_rate_range', sql`${t.rate} >= 0 AND ${t.rate} < 50`),
    check(
      'fee_rules_pair_complete',
      sql`(${t.sendTokenId} IS NULL) = (${t.receiveTokenId} IS NULL)`,
    ),
    check(
      'fee_rules_pair_distinct',
      sql`${t.sendTokenId} IS NULL OR ${t.sendTokenId} <> ${t.receiveTokenId}`,
    ),
  ],
);

export type Token = typeof tokens.$inferSelect;
export type NewToken = typeof tokens.$inferInsert;
export type Network = typeof networks.$inferSelect;
export type NewNetwork = typeof networks.$inferInsert;
export type Price = typeof prices.$inferSelect;
export type NewPrice = typeof prices.$inferInsert;
export type FeeRule = typeof feeRules.$inferSelect;
export type NewFeeRule = typeof feeRules.$inferInsert;
