import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { tokens } from './catalogue.ts';
import { money, timestamptz } from './columns.ts';
import { pixKeyType } from './enums.ts';
import type { OperatingHours } from '@permuta/contracts/operating-hours';
import { DEFAULT_OPERATING_HOURS, SETTINGS_DEFAULTS } from '@permuta/contracts/settings';

export type { OperatingHours };

/** The platform's bank account shown for TED payments. */
export interface BankAccount {
  bank: string;
  branch: string;
  account: string;
  holder: string;
  /** CPF or CNPJ of the holder, digits (or the 2026 alphanumeric CNPJ). */
  document: string;
}

export { DEFAULT_OPERATING_HOURS };

const D = SETTINGS_DEFAULTS;

/** The single settings row (id = 1). Every column has a default so `{ id: 1 }` is a valid row. */
export const settings = pgTable(
  'settings',
  {
    id: integer('id').primaryKey().default(1),
    defaultSendToken: text('default_send_token').references(() => tokens.code, {
      onDelete: 'set null',
      onUpdate: 'cascade',
    }),
    defaultReceiveToken: text('default_receive_token').references(() => tokens.code, {
      onDelete: 'set null',
      onUpdate: 'cascade',
    }),
    instagramUrl: text('instagram_url'),
    telegramUrl: text('telegram_url'),
    youtubeUrl: text('youtube_url'),
    supportEmail: text('support_email'),
    /** E.164, e.g. +5511999990000 (also the WhatsApp number). */
    supportPhone: text('support_phone'),
    youtubeTutorialUrl: text('youtube_tutorial_url'),
    pixKey: text('pix_key'),
    pixKeyType: pixKeyType('pix_key_type'),
    pixMerchantName: text('pix_merchant_name'),
    pixMerchantCity: text('pix_merchant_city'),
    /** The platform's Deriv account (the specification's "Deriv key"), e.g. CR1234567. */
    derivAccount: text('deriv_account'),
    /** Limits on the amount to receive: PIX in BRL, Deriv in USD. */
    pixMinReceive: money('pix_min_receive').notNull().default(D.pixMinReceive),
    pixMaxReceive: money('pix_max_receive').notNull().default(D.pixMaxReceive),
    derivMinReceive: money('deriv_min_receive').notNull().default(D.derivMinReceive),
    derivMaxReceive: money('deriv_max_receive').notNull().default(D.derivMaxReceive),
    autoCryptoPayouts: boolean('auto_crypto_payouts').notNull().default(D.autoCryptoPayouts),
    /** Credit crypto deposits seen in the exchange's deposit history to their orders (039). */
    autoCryptoDeposits: boolean('auto_crypto_deposits').notNull().default(D.autoCryptoDeposits),
    operatingHours: jsonb('operating_hours')
      .$type<OperatingHours>()
      .notNull()
      .default(D.operatingHours),
    quoteLockMinutes: integer('quote_lock_minutes').notNull().default(D.quoteLockMinutes),
    pendingExpiryMinutes: integer('pending_expiry_minutes')
      .notNull()
      .default(D.pendingExpiryMinutes),
    autoCompleteHours: integer('auto_complete_hours').notNull().default(D.autoCompleteHours),
    priceStaleMinutes: integer('price_stale_minutes').notNull().default(D.priceStaleMinutes),
    documentsRequired: boolean('documents_required').notNull().default(D.documentsRequired),
    /** Extra fee for boleto payments, in BRL. */
    boletoFee: money('boleto_fee').notNull().default(D.boletoFee),
    /** Business days a boleto order may wait for its boleto before it expires. */
    boletoIssueBusinessDays: integer('boleto_issue_business_days')
      .notNull()
      .default(D.boletoIssueBusinessDays),
    /** Business days from the boleto's issue to its due date, when the order expires. */
    boletoDueBusinessDays: integer('boleto_due_business_days')
      .notNull()
      .default(D.boletoDueBusinessDays),
    bankAccount: jsonb('bank_account').$type<BankAccount>(),
    twoFactorRequired: boolean('two_factor_required').notNull().default(D.twoFactorRequired),
    /** A customer's order worth more than this (BRL) needs two-factor; 0: never (decision 061). */
    twoFactorOrderAboveBrl: money('two_factor_order_above_brl')
      .notNull()
      .default(D.twoFactorOrderAboveBrl),
    /** Above this amount (BRL equivalent) the calculator offers to continue on WhatsApp. */
    whatsappThresholdBrl: money('whatsapp_threshold_brl').notNull().default(D.whatsappThresholdBrl),
    // --- price guards: a manual change beyond this % needs a confirming step; a feed price
    // jumping beyond the hold % is held until an admin accepts it.
    manualPriceConfirmPercent: integer('manual_price_confirm_percent')
      .notNull()
      .default(D.manualPriceConfirmPercent),
    feedPriceHoldPercent: integer('feed_price_hold_percent')
      .notNull()
      .default(D.feedPriceHoldPercent),
    // --- per-customer order limits (PRODUCT.md, decisions of 2026-11-26) ---
    /** Orders of one customer waiting for payment (pending) at the same time. */
    customerMaxOpenOrders: integer('customer_max_open_orders')
      .notNull()
      .default(D.customerMaxOpenOrders),
    /** Value of one order in BRL (amount sent at the locked price of the token sent). */
    customerMaxOrderBrl: money('customer_max_order_brl').notNull().default(D.customerMaxOrderBrl),
    /** Value of one customer's orders of a calendar day (America/Sao_Paulo), canceled ones aside. */
    customerMaxDailyBrl: money('customer_max_daily_brl').notNull().default(D.customerMaxDailyBrl),
    // --- end of per-customer order limits ---
    // --- limits per KYC level (decision 062): value of a day / calendar month, BRL ---
    tier1DailyBrl: money('tier1_daily_brl').notNull().default(D.tier1DailyBrl),
    tier1MonthlyBrl: money('tier1_monthly_brl').notNull().default(D.tier1MonthlyBrl),
    tier2DailyBrl: money('tier2_daily_brl').notNull().default(D.tier2DailyBrl),
    tier2MonthlyBrl: money('tier2_monthly_brl').notNull().default(D.tier2MonthlyBrl),
    tier3DailyBrl: money('tier3_daily_brl').notNull().default(D.tier3DailyBrl),
    tier3MonthlyBrl: money('tier3_monthly_brl').notNull().default(D.tier3MonthlyBrl),
    // --- end of limits per KYC level ---
    // --- risk limits of automatic payouts (decision 043) ---
    /** Above this value of one order (BRL) its automatic payout waits for an approval. */
    autoPayoutMaxOrderBrl: money('auto_payout_max_order_brl')
      .notNull()
      .default(D.autoPayoutMaxOrderBrl),
    /** Above this value of a customer's automatic payouts of a São Paulo day (BRL). */
    autoPayoutMaxCustomerDayBrl: money('auto_payout_max_customer_day_brl')
      .notNull()
      .default(D.autoPayoutMaxCustomerDayBrl),
    /** Above this value of one order (BRL) two different admins approve. */
    payoutSecondApprovalAboveBrl: money('payout_second_approval_above_brl')
      .notNull()
      .default(D.payoutSecondApprovalAboveBrl),
    /** A customer's first N orders wait for approval. */
    payoutFirstOrdersHeld: integer('payout_first_orders_held')
      .notNull()
      .default(D.payoutFirstOrdersHeld),
    /** Hours a destination's first payout waits unless approved. */
    payoutNewWalletHoldHours: integer('payout_new_wallet_hold_hours')
      .notNull()
      .default(D.payoutNewWalletHoldHours),
    // --- end of risk limits of automatic payouts ---
    // --- the anti-money-laundering rules' thresholds (decision 066) ---
    /** Orders just under a limit, within the window, that make structuring. */
    complianceStructuringOrders: integer('compliance_structuring_orders')
      .notNull()
      .default(D.complianceStructuringOrders),
    /** How far under a limit (percent of it) an order is "just under". */
    complianceStructuringMarginPercent: integer('compliance_structuring_margin_percent')
      .notNull()
      .default(D.complianceStructuringMarginPercent),
    /** The window of structuring and of new wallets, days. */
    complianceWindowDays: integer('compliance_window_days')
      .notNull()
      .default(D.complianceWindowDays),
    /** Last 30 days above this many times the average month of the 6 before. */
    complianceVolumeMultiple: integer('compliance_volume_multiple')
      .notNull()
      .default(D.complianceVolumeMultiple),
    /** ...and at least this much (BRL), so small customers do not flag. */
    complianceVolumeMinBrl: money('compliance_volume_min_brl')
      .notNull()
      .default(D.complianceVolumeMinBrl),
    /** A customer without history: the first 30 days above this (BRL). */
    complianceFirstMonthBrl: money('compliance_first_month_brl')
      .notNull()
      .default(D.complianceFirstMonthBrl),
    /** New payout wallets used in orders within the window. */
    complianceNewWallets: integer('compliance_new_wallets')
      .notNull()
      .default(D.complianceNewWallets),
    // --- end of the anti-money-laundering rules' thresholds ---
    updatedAt: timestamptz('updated_at')
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
    updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('settings_single_row', sql`${t.id} = 1`),
    check(
      'settings_pix_limits',
      sql`${t.pixMinReceive} > 0 AND ${t.pixMaxReceive} >= ${t.pixMinReceive}`,
    ),
    check(
      'settings_deriv_limits',
      sql`${t.derivMinReceive} > 0 AND ${t.derivMaxReceive} >= ${t.derivMinReceive}`,
    ),
    check('settings_deriv_account_format', sql`${t.derivAccount} ~ '^CR[0-9]+$'`),
    check('settings_two_factor_order_above_not_negative', sql`${t.twoFactorOrderAboveBrl} >= 0`),
    check('settings_quote_lock_positive', sql`${t.quoteLockMinutes} > 0`),
    check('settings_pending_expiry_positive', sql`${t.pendingExpiryMinutes} > 0`),
    check('settings_auto_complete_positive', sql`${t.autoCompleteHours} > 0`),
    check('settings_price_stale_positive', sql`${t.priceStaleMinutes} > 0`),
    check('settings_manual_price_confirm_positive', sql`${t.manualPriceConfirmPercent} > 0`),
    check('settings_feed_price_hold_positive', sql`${t.feedPriceHoldPercent} > 0`),
    check('settings_boleto_fee_non_negative', sql`${t.boletoFee} >= 0`),
    check(
      'settings_boleto_business_days_positive',
      sql`${t.boletoIssueBusinessDays} > 0 AND ${t.boletoDueBusinessDays} > 0`,
    ),
    check('settings_whatsapp_threshold_non_negative', sql`${t.whatsappThresholdBrl} >= 0`),
    check(
      'settings_customer_limits_positive',
      sql`${t.customerMaxOpenOrders} > 0 AND ${t.customerMaxOrderBrl} > 0 AND ${t.customerMaxDailyBrl} > 0`,
    ),
    check(
      'settings_compliance_thresholds',
      sql`${t.complianceStructuringOrders} >= 2 AND ${t.complianceStructuringMarginPercent} BETWEEN 1 AND 50 AND ${t.complianceWindowDays} BETWEEN 1 AND 90 AND ${t.complianceVolumeMultiple} >= 2 AND ${t.complianceVolumeMinBrl} > 0 AND ${t.complianceFirstMonthBrl} > 0 AND ${t.complianceNewWallets} >= 2`,
    ),
    check(
      'settings_tier_limits_positive',
      sql`${t.tier1DailyBrl} > 0 AND ${t.tier1MonthlyBrl} > 0 AND ${t.tier2DailyBrl} > 0 AND ${t.tier2MonthlyBrl} > 0 AND ${t.tier3DailyBrl} > 0 AND ${t.tier3MonthlyBrl} > 0`,
    ),
    check(
      'settings_auto_payout_limits',
      sql`${t.autoPayoutMaxOrderBrl} > 0 AND ${t.autoPayoutMaxCustomerDayBrl} >= ${t.autoPayoutMaxOrderBrl} AND ${t.payoutSecondApprovalAboveBrl} >= ${t.autoPayoutMaxOrderBrl}`,
    ),
    check(
      'settings_payout_holds_range',
      sql`${t.payoutFirstOrdersHeld} BETWEEN 0 AND 100 AND ${t.payoutNewWalletHoldHours} BETWEEN 0 AND 720`,
    ),
  ],
);

export type Settings = typeof settings.$inferSelect;
export type NewSettings = typeof settings.$inferInsert;
