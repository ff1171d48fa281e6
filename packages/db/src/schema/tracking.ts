import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, textId, timestamptz } from './columns.ts';
import { orders } from './orders.ts';

/**
 * Order tracking without signing in (decision 059): a visitor gives an order's reference and
 * e-mail, the order's owner gets a 6-digit code by e-mail, and the code opens a read-only view of
 * that one order for a short time. The code is stored as its SHA-256 only.
 */
export const orderTrackingCodes = pgTable(
  'order_tracking_codes',
  {
    id: textId(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** base64url(SHA-256(code)) */
    codeHash: text('code_hash').notNull(),
    /** wrong codes given for it; at 5 it is spent */
    failedAttempts: integer('failed_attempts').notNull().default(0),
    expiresAt: timestamptz('expires_at').notNull(),
    /** when it opened a grant (a code opens one grant, once) */
    usedAt: timestamptz('used_at'),
    /** the requester's address (throttles and support), not the owner's */
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [index('order_tracking_codes_order_id_created_at_idx').on(t.orderId, t.createdAt)],
);

/**
 * What a right code gives: read-only access to its one order until `expiresAt`, held by the
 * browser as the httpOnly cookie `track_token` (stored here as its SHA-256 in hex).
 */
export const orderTrackingGrants = pgTable(
  'order_tracking_grants',
  {
    id: textId(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique('order_tracking_grants_token_hash_unique'),
    expiresAt: timestamptz('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('order_tracking_grants_expires_at_idx').on(t.expiresAt)],
);

export type OrderTrackingCode = typeof orderTrackingCodes.$inferSelect;
export type OrderTrackingGrant = typeof orderTrackingGrants.$inferSelect;
