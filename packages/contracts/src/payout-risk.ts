import { z } from 'zod';
import { dec } from './money.ts';

/**
 * Risk limits of automatic payouts (issue 17, item 8; decision 043). When the payout job would
 * pay an order by itself, these rules may hold it for an admin's approval instead. The rule reads
 * the order's value, never its kind: it applies to every payout the automatic payout applies to
 * (crypto today, Deriv and PIX when their rails pay by themselves).
 *
 * - `order_over_limit`: the order is worth more than `autoPayoutMaxOrderBrl`;
 * - `customer_day_over_limit`: with the customer's automatic payouts of the day (São Paulo) it
 *   would go beyond `autoPayoutMaxCustomerDayBrl`;
 * - `first_orders`: the customer has fewer than `payoutFirstOrdersHeld` finished orders (a PIX
 *   paid in may be reversed through MED up to 80 days later);
 * - `new_wallet`: the destination was never paid to and was registered less than
 *   `payoutNewWalletHoldHours` ago (a stolen session's new address waits).
 *
 * A value equal to a limit passes; one centavo above it holds. Above
 * `payoutSecondApprovalAboveBrl` two different admins approve.
 */

export const PAYOUT_HOLD_REASONS = [
  'order_over_limit',
  'customer_day_over_limit',
  'first_orders',
  'new_wallet',
] as const;
export type PayoutHoldReason = (typeof PAYOUT_HOLD_REASONS)[number];

export interface PayoutRiskSettings {
  autoPayoutMaxOrderBrl: string;
  autoPayoutMaxCustomerDayBrl: string;
  payoutSecondApprovalAboveBrl: string;
  payoutFirstOrdersHeld: number;
  payoutNewWalletHoldHours: number;
}

export interface PayoutRiskInput {
  /** the order's value: amountReceive × its locked priceReceiveBrl (exact decimal) */
  orderValueBrl: string;
  /** value of the customer's automatic payouts queued today (São Paulo day), this one aside */
  customerAutoPaidTodayBrl: string;
  /** the customer's finished orders (paid out or completed) */
  customerFinishedOrders: number;
  destination: {
    /** when the destination (address, PIX key, Deriv account) was registered */
    registeredAt: Date;
    /** whether an order of this customer was ever paid to it */
    everPaid: boolean;
  };
  now: Date;
}

export interface PayoutRiskHold {
  reasons: PayoutHoldReason[];
  approvalsNeeded: 1 | 2;
  /** when a hold that is only `new_wallet` releases itself */
  releaseAt?: Date;
}

/** The time zone of the customer's day of automatic payouts (its `calendarDay`). */
export const PAYOUT_DAY_TIME_ZONE = 'America/Sao_Paulo';

/** The value in BRL of an order's payout, exact: amountReceive × priceReceiveBrl. */
export function payoutValueBrl(amountReceive: string, priceReceiveBrl: string): string {
  return dec(amountReceive).times(priceReceiveBrl).toFixed();
}

/** Whether the automatic payout of an order must wait, and for what; null when it may go. */
export function payoutRiskHold(
  input: PayoutRiskInput,
  settings: PayoutRiskSettings,
): PayoutRiskHold | null {
  const value = dec(input.orderValueBrl);
  const reasons: PayoutHoldReason[] = [];
  if (value.gt(settings.autoPayoutMaxOrderBrl)) reasons.push('order_over_limit');
  if (value.plus(input.customerAutoPaidTodayBrl).gt(settings.autoPayoutMaxCustomerDayBrl)) {
    reasons.push('customer_day_over_limit');
  }
  if (input.customerFinishedOrders < settings.payoutFirstOrdersHeld) reasons.push('first_orders');
  const releaseAt = new Date(
    input.destination.registeredAt.getTime() + settings.payoutNewWalletHoldHours * 3_600_000,
  );
  if (!input.destination.everPaid && input.now.getTime() < releaseAt.getTime()) {
    reasons.push('new_wallet');
  }
  if (reasons.length === 0) return null;
  return {
    reasons,
    approvalsNeeded: value.gt(settings.payoutSecondApprovalAboveBrl) ? 2 : 1,
    ...(reasons.length === 1 && reasons[0] === 'new_wallet' ? { releaseAt } : {}),
  };
}

// --- what the back office and the customer see ---------------------------------------------

export const payoutHoldReasonSchema = z.enum(PAYOUT_HOLD_REASONS);

/** An order's payout hold as the back office sees it (GET /api/v1/admin/orders/:id). */
export const payoutHoldViewSchema = z
  .object({
    reasons: z.array(payoutHoldReasonSchema),
    approvalsNeeded: z.number().int().min(1).max(2),
    /** the order's value in BRL when it was held */
    valueBrl: z.string(),
    heldAt: z.iso.datetime(),
    /** when a hold that is only new_wallet releases itself */
    releaseAt: z.iso.datetime().nullable(),
    /**
     * `held`: waiting; `approved`: the last approval queued the payout; `released`: its wait
     * ended and the payout was queued; `paid_by_hand` / `refunded`: an admin settled the order
     * by hand and the hold ended then (`endedAt`); `superseded`: the order moved on without it
     * before holds recorded their end.
     */
    state: z.enum(['held', 'approved', 'released', 'paid_by_hand', 'refunded', 'superseded']),
    /** when the hold ended without its payout (paid by hand, refunded) */
    endedAt: z.iso.datetime().nullable(),
    approvals: z.array(
      z.object({
        /** the admin's username; null when the account no longer exists */
        admin: z.string().nullable(),
        at: z.iso.datetime(),
      }),
    ),
  })
  .meta({ id: 'PayoutHold' });
export type PayoutHoldView = z.infer<typeof payoutHoldViewSchema>;

// --- an automatic payout made twice (decision 048) ---------------------------------------------

/**
 * What finance did about a payout its provider made twice: the customer returned the duplicate
 * (the platform paid once), or it was written off (the platform paid twice: both are payouts).
 */
export const PAID_TWICE_OUTCOMES = ['duplicate_returned', 'written_off'] as const;
export type PaidTwiceOutcome = (typeof PAID_TWICE_OUTCOMES)[number];

export const paidTwiceSettlementSchema = z
  .object({
    outcome: z.enum(PAID_TWICE_OUTCOMES, { error: 'field.invalid' }),
    note: z
      .string({ error: 'note.required' })
      .trim()
      .min(3, { error: 'note.required' })
      .max(1000, { error: 'payment.note.tooLong' })
      .refine((text) => !text.includes('\u0000'), { error: 'field.invalid' }),
  })
  .meta({ id: 'PaidTwiceSettlement' });
export type PaidTwiceSettlementInput = z.input<typeof paidTwiceSettlementSchema>;
