import { z } from 'zod';
import { dec } from './money.ts';
import { payoutHoldReasonSchema } from './payout-risk.ts';
import type { PayoutRiskHold } from './payout-risk.ts';

/**
 * What happens to an order's payout once its funds are confirmed (the confirm-funds dialog says
 * it before the admin confirms). One rule for the payout job and the back office:
 * - `automatic`: the payout job pays through the order's rail at once (crypto: a withdrawal at
 *   the exchange; Deriv: a payment-agent transfer; PIX: a send through the PSP), not waiting for the operating hours;
 * - `held`: it would be automatic, but the treasury cannot cover it: the job stops with an error
 *   before asking the exchange, and an admin adjusts the ledger and retries, or pays by hand;
 * - `manual`: an admin pays by hand and uploads the proof (PIX when the PIX integration's
 *   payouts are off; Deriv when the Deriv integration's payouts are off; crypto when the switch
 *   is off or the network's withdrawals are not enabled), or only refunds;
 * - `review`: it would be automatic, but the risk limits (payout-risk.ts) hold it until an admin
 *   approves it (or, a new destination only, until its wait ends).
 */
export const payoutPlanSchema = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('automatic') }),
    z.object({
      kind: z.literal('held'),
      reason: z.literal('treasury_short'),
      /** of the token received, not reserved by other orders (never below zero) */
      available: z.string(),
      needed: z.string(),
    }),
    z.object({
      kind: z.literal('review'),
      reasons: z.array(payoutHoldReasonSchema),
      approvalsNeeded: z.number().int().min(1).max(2),
    }),
    z.object({
      kind: z.literal('manual'),
      reason: z.enum(['pix', 'deriv', 'switch_off', 'network_manual', 'refund_only']),
    }),
  ])
  .meta({ id: 'PayoutPlan' });

export type PayoutPlan = z.infer<typeof payoutPlanSchema>;
export type ManualPayoutReason = Extract<PayoutPlan, { kind: 'manual' }>['reason'];

export interface PayoutPlanInput {
  /** the settings' switch of automatic crypto payouts */
  autoCryptoPayouts: boolean;
  receiveKind: 'crypto' | 'pix' | 'deriv';
  /** whether the order's network has exchange withdrawals enabled (null: no network) */
  withdrawEnabled: boolean | null;
  /** the Deriv integration's payouts switch (on only when the integration is configured) */
  derivPayouts?: boolean;
  /**
   * the PIX integration's payouts switch (on only when the integration is configured and the
   * platform has a PIX key)
   */
  pixPayouts?: boolean;
  refundOnly: boolean;
}

/** Whether the payout job pays this order by itself once its funds are confirmed. */
export function automaticPayoutApplies(input: Omit<PayoutPlanInput, 'refundOnly'>): boolean {
  switch (input.receiveKind) {
    case 'crypto':
      return input.autoCryptoPayouts && input.withdrawEnabled === true;
    case 'deriv':
      return input.derivPayouts === true;
    case 'pix':
      return input.pixPayouts === true;
  }
}

/**
 * The plan of an order's payout. `stock` is the treasury's available amount of the token
 * received (other orders' reservations aside) and the amount the payout needs, as decimals: read
 * it only when `automaticPayoutApplies` (without it an automatic payout is taken as covered).
 */
export function payoutPlan(
  input: PayoutPlanInput,
  stock?: { available: string; needed: string },
  /** what the risk limits say of this payout (read only when automaticPayoutApplies) */
  risk?: Pick<PayoutRiskHold, 'reasons' | 'approvalsNeeded'> | null,
): PayoutPlan {
  if (input.refundOnly) return { kind: 'manual', reason: 'refund_only' };
  if (input.receiveKind === 'pix') {
    if (!automaticPayoutApplies(input)) return { kind: 'manual', reason: 'pix' };
  } else if (input.receiveKind === 'deriv') {
    if (!automaticPayoutApplies(input)) return { kind: 'manual', reason: 'deriv' };
  } else {
    if (!input.autoCryptoPayouts) return { kind: 'manual', reason: 'switch_off' };
    if (!automaticPayoutApplies(input)) return { kind: 'manual', reason: 'network_manual' };
  }
  if (!stock || dec(stock.available).gte(stock.needed)) {
    if (risk) {
      return { kind: 'review', reasons: [...risk.reasons], approvalsNeeded: risk.approvalsNeeded };
    }
    return { kind: 'automatic' };
  }
  const { available, needed } = stock;
  return {
    kind: 'held',
    reason: 'treasury_short',
    available: dec(available).lt(0) ? '0' : dec(available).toFixed(),
    needed: dec(needed).toFixed(),
  };
}
