import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { PayoutHoldReason } from '@permuta/contracts/payout-risk';
import { users } from './auth.ts';
import { createdAt, money, timestamptz } from './columns.ts';
import { orders } from './orders.ts';

/**
 * The risk check of an order's automatic payout (decision 043), one row per order the automatic
 * payout applied to once its funds were confirmed: what the rule said (`reasons` empty: it
 * passed), and when the payout was queued (at once, on the last approval, or when a new
 * destination's wait ended). Held = reasons given and not queued. The customer's automatic
 * payouts of a day are the rows queued that day.
 */
export const payoutRiskChecks = pgTable(
  'payout_risk_checks',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** amountReceive × priceReceiveBrl of the order, exact */
    valueBrl: money('value_brl').notNull(),
    reasons: jsonb('reasons').$type<PayoutHoldReason[]>().notNull().default([]),
    /** 0 when it passed; 1 or 2 different admins otherwise */
    approvalsNeeded: integer('approvals_needed').notNull().default(0),
    /** when a hold that is only new_wallet releases itself (its delayed job) */
    releaseAt: timestamptz('release_at'),
    checkedAt: timestamptz('checked_at').notNull().defaultNow(),
    /** when the automatic payout was queued; null while held (or when paid by hand instead) */
    queuedAt: timestamptz('queued_at'),
    /** what queued it: the rule at once, the last approval, or the end of the wait */
    queuedBy: text('queued_by'),
    /**
     * When a hold ended without its payout being queued, and why: an admin paid the order by
     * hand (`paid_by_hand`) or refunded it (`refunded`).
     */
    endedAt: timestamptz('ended_at'),
    endedBy: text('ended_by').$type<PayoutHoldEnding>(),
  },
  (t) => [
    index('payout_risk_checks_user_queued_idx').on(t.userId, t.queuedAt),
    check('payout_risk_checks_approvals', sql`${t.approvalsNeeded} BETWEEN 0 AND 2`),
    check(
      'payout_risk_checks_queued_by',
      sql`${t.queuedBy} IS NULL OR ${t.queuedBy} IN ('rule', 'approval', 'release')`,
    ),
    check(
      'payout_risk_checks_ended_by',
      sql`${t.endedBy} IS NULL OR ${t.endedBy} IN ('paid_by_hand', 'refunded')`,
    ),
  ],
);

/** One admin's approval of a held payout: one per admin per order. */
export const payoutApprovals = pgTable(
  'payout_approvals',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => payoutRiskChecks.orderId, { onDelete: 'cascade' }),
    /** users.id of the admin; no foreign key: the approval outlives the account */
    adminId: text('admin_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('payout_approvals_order_admin_unique').on(t.orderId, t.adminId)],
);

export const PAYOUT_HOLD_ENDINGS = ['paid_by_hand', 'refunded'] as const;
export type PayoutHoldEnding = (typeof PAYOUT_HOLD_ENDINGS)[number];

export type PayoutRiskCheck = typeof payoutRiskChecks.$inferSelect;
export type PayoutApproval = typeof payoutApprovals.$inferSelect;
