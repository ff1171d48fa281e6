import { z } from 'zod';
import './zod-config.ts';
import { addDays, dayIn } from './dashboard.ts';

/**
 * The back office's daily reconciliation report (decision 046): per provider account (PIX, each
 * crypto token and network, Deriv), what the providers reported received that day, what was
 * returned, what orders were credited and paid out, and every difference between them.
 * - GET /api/v1/admin/reconciliation?day=YYYY-MM-DD               -> reconciliationReportSchema
 * - GET /api/v1/admin/reconciliation.csv?day=&provider=&dialect=  -> text/csv
 *
 * Every amount is a decimal string in its own token (never a float, never added across tokens).
 */

/** The calendar in which a "day" of the report is cut. */
export const RECONCILIATION_TIME_ZONE = 'America/Sao_Paulo';

/** The first day a report may name: nothing in this system is older (an absurd date is a 400). */
export const RECONCILIATION_FIRST_DAY = '2020-01-01';

/** The kinds of provider account: the PIX PSP, the exchange (one per token and network), Deriv. */
export const RECONCILIATION_PROVIDERS = ['pix', 'crypto', 'deriv'] as const;
export type ReconciliationProvider = (typeof RECONCILIATION_PROVIDERS)[number];

/**
 * Why a line is listed:
 * - not_credited: the payment is `credited` but its order has no credit in the ledger
 * - confirmed_by_hand: an order credited with no provider payment behind it (an admin confirmed
 *   the funds by hand): listed to be looked at, not an error
 * - amount_differs: the order was credited with another amount than its payment's
 * - payout_without_receipt: an order paid out with neither a provider's id nor a proof file
 * - other_day: a payment received one day and credited on another (either side of the day)
 * - refund_without_receipt: money returned with no receipt recorded
 * - unmatched_open: a payment waiting in the inbox (no order took it, or it is to be returned)
 */
export const RECONCILIATION_REASONS = [
  'not_credited',
  'confirmed_by_hand',
  'amount_differs',
  'payout_without_receipt',
  'other_day',
  'refund_without_receipt',
  'unmatched_open',
] as const;
export type ReconciliationReason = (typeof RECONCILIATION_REASONS)[number];

/** Lines that are information, not errors. */
export const RECONCILIATION_INFO_REASONS: readonly ReconciliationReason[] = [
  'confirmed_by_hand',
  'other_day',
];

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** Whether `day` (`YYYY-MM-DD`) is a real calendar day (not 2026-02-30). */
export function isCalendarDay(day: string): boolean {
  if (!DAY_PATTERN.test(day)) return false;
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
}

/** Today in the report's calendar. */
export function reconciliationToday(now: Date): string {
  return dayIn(now, RECONCILIATION_TIME_ZONE);
}

/** The day a report shows when none is asked for: yesterday, the last whole day. */
export function defaultReconciliationDay(now: Date): string {
  return addDays(reconciliationToday(now), -1);
}

export const reconciliationDaySchema = z
  .string({ error: 'reconciliation.day.invalid' })
  .max(10, { error: 'reconciliation.day.invalid' })
  .refine(isCalendarDay, { error: 'reconciliation.day.invalid' })
  .refine((day) => day >= RECONCILIATION_FIRST_DAY, { error: 'reconciliation.day.tooOld' })
  .meta({ example: '2026-11-27' });

export const reconciliationQuerySchema = z.object({
  /** the São Paulo calendar day; yesterday when absent. A day after today is a 422. */
  day: reconciliationDaySchema.optional(),
});
export type ReconciliationQuery = z.input<typeof reconciliationQuerySchema>;

/** `pix:PIX`, `deriv:DERIV`, `crypto:USDT:TRC20`: one provider account of the report. */
export const RECONCILIATION_KEY_PATTERN =
  /^(pix|deriv):[A-Z0-9]{1,20}$|^crypto:[A-Z0-9]{1,20}:[A-Z0-9_-]{1,30}$/;

export const reconciliationCsvQuerySchema = reconciliationQuerySchema.extend({
  /** one account's key (as in the report's `providers[].key`) */
  provider: z
    .string({ error: 'reconciliation.provider.invalid' })
    .max(60, { error: 'reconciliation.provider.invalid' })
    .regex(RECONCILIATION_KEY_PATTERN, { error: 'reconciliation.provider.invalid' }),
  /** `standard` (comma, decimal point, ISO instants) or `excel-pt-BR` (see the orders' export) */
  dialect: z.enum(['standard', 'excel-pt-BR'], { error: 'field.invalid' }).default('standard'),
});
export type ReconciliationCsvQuery = z.input<typeof reconciliationCsvQuerySchema>;

const figureSchema = z.object({ count: z.number().int(), sum: z.string() });
export type ReconciliationFigure = z.infer<typeof figureSchema>;

export const reconciliationDifferenceSchema = z.object({
  reason: z.enum(RECONCILIATION_REASONS),
  /** the incoming payment (the inbox's row), when there is one */
  paymentId: z.string().nullable(),
  /** the provider's id of the payment (end-to-end id, deposit id, Deriv transaction id) */
  externalId: z.string().nullable(),
  orderId: z.string().nullable(),
  orderReference: z.string().nullable(),
  /** the payment's amount, or the ledger's when there is no payment */
  amount: z.string(),
  /** amount_differs: what the order was credited with */
  creditedAmount: z.string().nullable(),
  /** when it happened (the payment's time at the provider, or the ledger entry's) */
  at: z.iso.datetime(),
  /** other_day: the other day of the pair (credit day of a payment, payment day of a credit) */
  otherDay: z.string().nullable(),
  /** the payer as the provider names them (unmatched payments): text from outside */
  payerName: z.string().nullable(),
});
export type ReconciliationDifference = z.infer<typeof reconciliationDifferenceSchema>;

export const reconciliationAccountSchema = z.object({
  key: z.string(),
  provider: z.enum(RECONCILIATION_PROVIDERS),
  /** the catalogue's token code (PIX for reais, DERIV, USDT...) and the network for crypto */
  token: z.string(),
  network: z.string().nullable(),
  /** final payments the provider reported that day, whatever became of them */
  received: figureSchema,
  /** money returned to payers that day (payments refunded, orders refunded) */
  refunded: figureSchema,
  /** orders' funds confirmed that day (the ledger's funds_received) */
  credited: figureSchema,
  /** of which with no provider payment behind (confirmed by an admin by hand) */
  creditedByHand: figureSchema,
  /** orders paid out that day (the ledger's payout) */
  paidOut: figureSchema,
  differences: z.array(reconciliationDifferenceSchema),
});
export type ReconciliationAccount = z.infer<typeof reconciliationAccountSchema>;

export const reconciliationReportSchema = z.object({
  day: z.string(),
  timeZone: z.string(),
  /** the day's instants, [from, to) */
  from: z.iso.datetime(),
  to: z.iso.datetime(),
  generatedAt: z.iso.datetime(),
  /** the previous and next day to show (null: no later day yet) */
  previousDay: z.string(),
  nextDay: z.string().nullable(),
  accounts: z.array(reconciliationAccountSchema),
});
export type ReconciliationReport = z.infer<typeof reconciliationReportSchema>;

export function reconciliationKey(
  provider: ReconciliationProvider,
  token: string,
  network: string | null,
): string {
  return provider === 'crypto' ? `crypto:${token}:${network ?? 'NONE'}` : `${provider}:${token}`;
}
