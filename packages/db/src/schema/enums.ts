import { ORDER_STATUSES } from '@permuta/contracts/order-state';
import { pgEnum } from 'drizzle-orm/pg-core';

/** Who a `users` row is: a customer of the exchange or a back-office admin. */
export const userRole = pgEnum('user_role', ['customer', 'admin']);

/** An admin's role in the back office (decision 024); customers have none. */
export const adminRole = pgEnum('admin_role', ['operator', 'finance', 'owner']);

export const locale = pgEnum('locale', ['pt-BR', 'en-US']);

/** The three kinds of asset the exchange swaps. */
export const tokenKind = pgEnum('token_kind', ['crypto', 'pix', 'deriv']);

export const priceSource = pgEnum('price_source', ['manual', 'exchange']);

export const documentType = pgEnum('document_type', [
  'national_id',
  'proof_of_address',
  'selfie_with_id',
  // a business customer's company documents (decision 057)
  'articles_of_association',
  'representative_id',
  // enhanced verification (KYC level 3, decision 062)
  'proof_of_income',
  'source_of_funds',
]);

/** A business customer's standing (decision 057): applied, approved by the back office, or revoked. */
export const businessStatus = pgEnum('business_status', ['pending', 'approved', 'revoked']);

export const documentStatus = pgEnum('document_status', ['uploaded', 'approved', 'rejected']);

export const pixKeyType = pgEnum('pix_key_type', ['cpf', 'cnpj', 'email', 'phone', 'random']);

export const paymentMethod = pgEnum('payment_method', [
  'pix',
  'bank_transfer',
  'boleto',
  'crypto',
  'deriv',
]);

/** The order state machine's states, exactly as the specification names them. */
export const orderStatus = pgEnum('order_status', ORDER_STATUSES);

export const actorType = pgEnum('actor_type', ['customer', 'admin', 'system']);

export const treasuryDirection = pgEnum('treasury_direction', ['credit', 'debit']);

export const treasuryEntryKind = pgEnum('treasury_entry_kind', [
  'funds_received',
  'payout',
  'refund',
  'adjustment',
]);

export type UserRole = (typeof userRole.enumValues)[number];
export type AdminRole = (typeof adminRole.enumValues)[number];
export type Locale = (typeof locale.enumValues)[number];
export type TokenKind = (typeof tokenKind.enumValues)[number];
export type PriceSource = (typeof priceSource.enumValues)[number];
export type DocumentType = (typeof documentType.enumValues)[number];
export type BusinessStatus = (typeof businessStatus.enumValues)[number];
export type DocumentStatus = (typeof documentStatus.enumValues)[number];
export type PixKeyType = (typeof pixKeyType.enumValues)[number];
export type PaymentMethod = (typeof paymentMethod.enumValues)[number];
export type OrderStatus = (typeof orderStatus.enumValues)[number];
export type ActorType = (typeof actorType.enumValues)[number];
export type TreasuryDirection = (typeof treasuryDirection.enumValues)[number];
export type TreasuryEntryKind = (typeof treasuryEntryKind.enumValues)[number];
