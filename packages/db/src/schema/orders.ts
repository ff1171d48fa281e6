import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import type { PayoutError } from '@permuta/contracts/payout-errors';
import { users } from './auth.ts';
import { networks, tokens } from './catalogue.ts';
import { createdAt, money, percentage, timestamptz, updatedAt } from './columns.ts';
import { actorType, orderStatus, paymentMethod } from './enums.ts';
import { NOT_OWED_STATUS_LIST } from './status-sql.ts';
import { wallets } from './wallets.ts';

/**
 * Exchange orders. Status changes are compare-and-set updates
 * (`UPDATE orders SET status = $to ... WHERE id = $id AND status = $from`) written together with
 * an `order_events` row in one transaction.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Short human reference, e.g. EX-7K2Q9. */
    reference: text('reference').notNull().unique('orders_reference_unique'),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    sendTokenId: text('send_token_id')
      .notNull()
      .references(() => tokens.id, { onDelete: 'restrict' }),
    receiveTokenId: text('receive_token_id')
      .notNull()
      .references(() => tokens.id, { onDelete: 'restrict' }),
    /** Network of the crypto side (the receiving network when both sides are crypto). */
    networkId: text('network_id').references(() => networks.id, { onDelete: 'restrict' }),
    amountSend: money('amount_send').notNull(),
    amountReceive: money('amount_receive').notNull(),
    /** What the admin recorded as actually received when confirming the funds. */
    amountReceived: money('amount_received'),
    /** Locked exchange rate: units of the token received per unit of the token sent. */
    rate: money('rate').notNull(),
    /** Locked fee, percentage. */
    feeRate: percentage('fee_rate').notNull(),
    priceSendBrl: money('price_send_brl').notNull(),
    priceReceiveBrl: money('price_receive_brl').notNull(),
    /** Network withdraw fee deducted from the amount to receive (crypto only). */
    networkFee: money('network_fee').notNull().default('0'),
    /** Extra fee of the payment method (boleto, from settings), in the token sent; 0 otherwise. */
    extraFee: money('extra_fee').notNull().default('0'),
    walletId: text('wallet_id').references(() => wallets.id, { onDelete: 'set null' }),
    /** Copied from the wallet at creation: address, PIX key or Deriv account. */
    addressToReceive: text('address_to_receive').notNull(),
    memoToReceive: text('memo_to_receive'),
    refundAddress: text('refund_address'),
    paymentMethod: paymentMethod('payment_method').notNull(),
    status: orderStatus('status').notNull().default('pending'),
    /** Customer's proof of sending (file in storage). */
    proofStorageKey: text('proof_storage_key'),
    txHash: text('tx_hash'),
    /** Admin's proof of payout (file in storage). */
    paymentProofStorageKey: text('payment_proof_storage_key'),
    /** Boleto PDF uploaded by the admin. */
    boletoStorageKey: text('boleto_storage_key'),
    /** The boleto's linha digitável (47 digits, check digits valid), typed by the admin with the PDF. */
    boletoLine: text('boleto_line'),
    /** Admin's proof that the funds went back to the customer (refund). */
    refundProofStorageKey: text('refund_proof_storage_key'),
    /** Transaction id of the payout (exchange withdrawal, Deriv transaction, or manual). */
    payoutTxId: text('payout_tx_id'),
    /** The provider's id of an automatic payout: exchange withdrawal id, Deriv transaction id. */
    withdrawId: text('withdraw_id'),
    /**
     * When a payout of this order was first asked of its rail's provider (set before the call,
     * never cleared): from then on an admin paying or refunding by hand must first ask it.
     */
    withdrawRequestedAt: timestamptz('withdraw_requested_at'),
    /**
     * When the rail last sent a payout to its provider (set before each call). A provider
     * without an idempotency key (Deriv) may show a transfer whose answer was lost only a little
     * later: until a wait after this time, "nothing found" is no proof of "not paid".
     */
    payoutAppliedAt: timestamptz('payout_applied_at'),
    /** Automatic payout submissions so far (a retry looks the first one up before paying). */
    payoutAttempts: integer('payout_attempts').notNull().default(0),
    /**
     * The funds arrived but outside the limits (under- or over-payment the order cannot pay):
     * recorded by the admin with confirm_funds, the order can then only be refunded.
     */
    refundOnly: boolean('refund_only').notNull().default(false),
    /**
     * Why the last automatic payout failed, as a code with its parameters (contracts'
     * payoutErrorSchema): every reader words it in its own language.
     */
    payoutFailure: jsonb('payout_failure').$type<PayoutError>(),
    /** When the status last changed: auto-complete counts its hours from admin_paid. */
    statusChangedAt: timestamptz('status_changed_at').notNull().defaultNow(),
    quoteLockedUntil: timestamptz('quote_locked_until').notNull(),
    /** The locked quote the order consumed (its token's id): a quote makes one order at most. */
    quoteId: text('quote_id').unique('orders_quote_id_unique'),
    expiresAt: timestamptz('expires_at').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Admin order list, keyset pagination on (created_at, id), optionally by status. DESC is
    // spelled NULLS FIRST (PostgreSQL's default for DESC) so `ORDER BY created_at DESC, id DESC`
    // matches the index exactly (drizzle's `.desc()` alone emits NULLS LAST).
    index('orders_status_created_at_id_idx').on(
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('orders_created_at_id_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('orders_user_id_created_at_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
    index('orders_tx_hash_idx').on(t.txHash),
    // The desk's search by the payout's transaction and by the address paid to.
    index('orders_payout_tx_id_idx').on(t.payoutTxId),
    index('orders_address_to_receive_idx').on(t.addressToReceive),
    // Stock reserved by orders in flight, per token received.
    index('orders_receive_token_open_idx')
      .on(t.receiveTokenId)
      .where(sql`${t.status} NOT IN (${NOT_OWED_STATUS_LIST})`),
    // Auto-complete job.
    index('orders_admin_paid_status_changed_at_idx')
      .on(t.statusChangedAt)
      .where(sql`${t.status} = 'admin_paid'`),
    // Pending-order expiry job.
    index('orders_pending_expires_at_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'pending'`),
    check('orders_amount_send_positive', sql`${t.amountSend} > 0`),
    check('orders_amount_receive_positive', sql`${t.amountReceive} > 0`),
    check('orders_amount_received_positive', sql`${t.amountReceived} > 0`),
    check('orders_rate_positive', sql`${t.rate} > 0`),
    check('orders_fee_rate_range', sql`${t.feeRate} >= 0 AND ${t.feeRate} < 50`),
    check('orders_price_send_positive', sql`${t.priceSendBrl} > 0`),
    check('orders_price_receive_positive', sql`${t.priceReceiveBrl} > 0`),
    check('orders_network_fee_non_negative', sql`${t.networkFee} >= 0`),
    check('orders_extra_fee_non_negative', sql`${t.extraFee} >= 0`),
    check('orders_payout_attempts_non_negative', sql`${t.payoutAttempts} >= 0`),
    check('orders_tokens_distinct', sql`${t.sendTokenId} <> ${t.receiveTokenId}`),
    check('orders_boleto_line_digits', sql`${t.boletoLine} ~ '^[0-9]{47}$'`),
  ],
);

/** Append-only trail of an order's transitions. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** null for the creation event. */
    fromStatus: orderStatus('from_status'),
    toStatus: orderStatus('to_status').notNull(),
    actorType: actorType('actor_type').notNull(),
    /** users.id of the customer or admin; null for the system. Kept even if the user is deleted. */
    actorId: text('actor_id'),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    index('order_events_order_id_created_at_idx').on(t.orderId, t.createdAt),
    check('order_events_actor', sql`${t.actorType} = 'system' OR ${t.actorId} IS NOT NULL`),
  ],
);

export type Order = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
export type OrderEvent = typeof orderEvents.$inferSelect;
export type NewOrderEvent = typeof orderEvents.$inferInsert;
