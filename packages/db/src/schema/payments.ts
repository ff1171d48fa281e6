import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { createdAt, money, timestamptz, updatedAt } from './columns.ts';
import { orders } from './orders.ts';

/** Who told us of the money: the PIX PSP, the exchange's deposit history, the Deriv agent. */
export const INCOMING_PROVIDERS = ['pix', 'exchange', 'deriv'] as const;
export type IncomingProvider = (typeof INCOMING_PROVIDERS)[number];

/**
 * Where a payment stands with us:
 * - seen: known to the provider, not final there yet (a deposit still short of confirmations)
 * - credited: its order's funds were confirmed with it (or had been, by an admin, with it)
 * - unmatched: no order takes it (no order, an ambiguous match, an order no longer open): in the
 *   back office's inbox until an admin attaches it to an order or refunds it
 * - refunding / refunded: returned to the payer (asked of the provider / done)
 */
export const INCOMING_STATUSES = [
  'seen',
  'credited',
  'unmatched',
  'refunding',
  'refunded',
] as const;
export type IncomingStatus = (typeof INCOMING_STATUSES)[number];

/**
 * Money that arrived on one of the platform's accounts, as its provider reported it: one row per
 * payment (provider and the provider's id are unique), so a webhook, a reconciliation run and a
 * replay of either all land on the same row, and a payment credits at most one order once.
 */
export const incomingPayments = pgTable(
  'incoming_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').$type<IncomingProvider>().notNull(),
    /** the PIX end-to-end id, the exchange's deposit id, the Deriv transaction id */
    externalId: text('external_id').notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    /** the token's code as the catalogue has it (BRL for PIX, USD for Deriv, USDT...) */
    tokenCode: text('token_code').notNull(),
    network: text('network'),
    amount: money('amount').notNull(),
    /** the payer as the provider names them: CPF/CNPJ, name, account (Deriv login, address) */
    payerDocument: text('payer_document'),
    payerName: text('payer_name'),
    payerAccount: text('payer_account'),
    /** the charge's txid, the blockchain transaction id */
    reference: text('reference'),
    confirmations: integer('confirmations'),
    requiredConfirmations: integer('required_confirmations'),
    status: text('status').$type<IncomingStatus>().notNull(),
    /** why it is unmatched or refunded (a code the back office translates) */
    reason: text('reason'),
    /** our id of its refund at the provider (idempotent) and the provider's receipt of it */
    refundId: text('refund_id'),
    refundReceipt: text('refund_receipt'),
    /** the provider's words when it refused the refund (it stays open for the back office) */
    refundRefusal: text('refund_refusal'),
    /** the admin who attached or refunded it from the inbox */
    resolvedBy: text('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    /** the provider's record as last read (never trusted from a webhook body) */
    details: jsonb('details').$type<Record<string, unknown>>(),
    occurredAt: timestamptz('occurred_at').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('incoming_payments_provider_external_id_key').on(t.provider, t.externalId),
    index('incoming_payments_order_id_idx').on(t.orderId),
    // The exchange's deposits still confirming: the deposit watcher reads them every minute.
    index('incoming_payments_seen_idx')
      .on(t.provider, t.occurredAt)
      .where(sql`${t.status} = 'seen'`),
    index('incoming_payments_open_idx')
      .on(t.createdAt)
      .where(sql`${t.status} IN ('unmatched', 'refunding')`),
    check('incoming_payments_provider', sql`${t.provider} IN ('pix', 'exchange', 'deriv')`),
    check(
      'incoming_payments_status',
      sql`${t.status} IN ('seen', 'credited', 'unmatched', 'refunding', 'refunded')`,
    ),
    check('incoming_payments_amount_positive', sql`${t.amount} > 0`),
    check(
      'incoming_payments_credited_has_order',
      sql`${t.status} <> 'credited' OR ${t.orderId} IS NOT NULL`,
    ),
  ],
);

export type IncomingPaymentRow = typeof incomingPayments.$inferSelect;
export type NewIncomingPayment = typeof incomingPayments.$inferInsert;

/**
 * The PSP's charge (cob) of a PIX order (decision 041): made by a job after the order commits,
 * so the order page shows its BR Code. `creating` while the job runs (the page says the code is
 * being prepared), `active` once the PSP answered, `failed` when it could not be made after its
 * retries (the page falls back to the static BR Code).
 */
export const PIX_CHARGE_STATUSES = ['creating', 'active', 'failed'] as const;
export type PixChargeStatus = (typeof PIX_CHARGE_STATUSES)[number];

export const pixCharges = pgTable(
  'pix_charges',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** txidForOrder(order id): what ties a received PIX to its order */
    txid: text('txid').notNull(),
    status: text('status').$type<PixChargeStatus>().notNull(),
    pixCopiaECola: text('pix_copia_e_cola'),
    location: text('location'),
    /** the runs of the charge job so far (it gives up after a few) */
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    expiresAt: timestamptz('expires_at').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('pix_charges_txid_key').on(t.txid),
    check('pix_charges_status', sql`${t.status} IN ('creating', 'active', 'failed')`),
  ],
);

export type PixChargeRow = typeof pixCharges.$inferSelect;

/**
 * Where a provider's periodic reconciliation got to (one row per reader, e.g. `pix`): the end of
 * its last successful window, so the next run starts there (with an overlap).
 */
export const providerCursors = pgTable('provider_cursors', {
  name: text('name').primaryKey(),
  position: timestamptz('position').notNull(),
  updatedAt: updatedAt(),
});
