import { z } from 'zod';
import './zod-config.ts';
import type { AdminRole } from './admin-roles.ts';
import { adminRoleAllows } from './admin-roles.ts';
import { maskCpf } from './br-format.ts';

/**
 * The back office's inbox of incoming payments (decision 036, "The inbox"): money a provider
 * reported that no order took, waiting for an admin.
 * - GET  /api/v1/admin/payments?status=open|all&provider=&cursor=  -> adminPaymentsPageSchema
 * - POST /api/v1/admin/payments/:id/attach   { order }             -> adminPaymentSchema (credited)
 * - POST /api/v1/admin/payments/:id/refunded { note, receipt? }    -> adminPaymentSchema (refunded)
 *
 * Field messages are keys of FIELD_MESSAGES (messages/payments.ts).
 */

export const PAYMENT_PROVIDERS = ['pix', 'exchange', 'deriv'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

export const PAYMENT_STATUSES = ['seen', 'credited', 'unmatched', 'refunding', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** The statuses waiting for an admin: listed first, counted on the navigation's badge. */
export const OPEN_PAYMENT_STATUSES = ['unmatched', 'refunding'] as const satisfies PaymentStatus[];

/** Why a payment waits in the inbox or was returned (the screen says it in words). */
export const PAYMENT_REASONS = [
  'no_order',
  'ambiguous',
  'order_not_open',
  'order_expired',
  'wrong_token',
  'payer_not_customer',
  'amount_outside_limits',
  'needs_review',
] as const;
export type PaymentReason = (typeof PAYMENT_REASONS)[number];

/**
 * `open`: the work waiting (unmatched, refunding, and a refund-only credit whose return is stuck);
 * `all`: everything, open ones first; `refunds`: only the returns stuck at the provider, refused
 * or stalled (decision 048, "Mended").
 */
export const PAYMENT_INBOX_FILTERS = ['open', 'all', 'refunds'] as const;

/**
 * The least admin role that reads a payer's CPF in full: the customers list's rule (every admin
 * who works orders sees the customers' CPFs). Below it the CPF is masked.
 */
export const PAYER_DOCUMENT_ROLE: AdminRole = 'operator';

export function mayReadPayerDocument(role: AdminRole): boolean {
  return adminRoleAllows(role, PAYER_DOCUMENT_ROLE);
}

/** A CPF masked as above; a CNPJ (a company's, public) or anything else with its digits hidden but the last 2. */
export function maskPayerDocument(value: string): string {
  const digits = value.replace(/\D/g, '');
  if (digits.length === 11) return maskCpf(digits);
  if (digits.length === 14) return value;
  return value.length <= 2
    ? '**'
    : `${'*'.repeat(Math.min(value.length - 2, 12))}${value.slice(-2)}`;
}

/**
 * The keyset position after the last payment of a page: whether it is open (1) or not (0), its
 * exact `occurred_at` (UTC, to the microsecond) and its id:
 * `1_2026-11-26T08:00:00.123456Z_<uuid>`. Checked strictly: a made-up cursor is a 400.
 */
const PAYMENT_CURSOR =
  /^([01])_(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

export interface PaymentCursor {
  open: boolean;
  occurredAt: string;
  id: string;
}

export function parsePaymentCursor(cursor: string): PaymentCursor | null {
  const match = PAYMENT_CURSOR.exec(cursor);
  if (!match?.[1] || !match[2] || !match[3]) return null;
  const year = Number(match[2].slice(0, 4));
  if (year < 2000 || year > 2099) return null;
  if (!z.iso.datetime({ precision: 6 }).safeParse(match[2]).success) return null;
  return { open: match[1] === '1', occurredAt: match[2], id: match[3] };
}

export const adminPaymentsQuerySchema = z.object({
  /** `open` (the default: the work waiting), `all` (open ones first) or `refunds` (returns stuck) */
  status: z.enum(PAYMENT_INBOX_FILTERS, { error: 'field.invalid' }).default('open'),
  provider: z.enum(PAYMENT_PROVIDERS, { error: 'field.invalid' }).optional(),
  cursor: z
    .string()
    .max(100, { error: 'cursor.invalid' })
    .refine((value) => parsePaymentCursor(value) !== null, { error: 'cursor.invalid' })
    .optional(),
  limit: z.coerce
    .number({ error: 'field.invalid' })
    .int({ error: 'field.invalid' })
    .min(5, { error: 'field.invalid' })
    .max(100, { error: 'field.invalid' })
    .default(25),
});
export type AdminPaymentsQuery = z.input<typeof adminPaymentsQuerySchema>;

export const paymentIdParamsSchema = z.object({
  id: z.uuid({ error: 'field.invalid' }),
});

/** An order's reference (`EX-7K2Q9`, as customers read it) or its id. */
export const paymentAttachSchema = z.object({
  order: z
    .string({ error: 'payment.order.required' })
    .trim()
    .min(1, { error: 'payment.order.required' })
    .max(64, { error: 'payment.order.invalid' })
    .regex(/^[A-Za-z0-9-]+$/, { error: 'payment.order.invalid' }),
});
export type PaymentAttachInput = z.input<typeof paymentAttachSchema>;

export const paymentRefundedSchema = z.object({
  note: z
    .string({ error: 'note.required' })
    .trim()
    .min(3, { error: 'note.required' })
    .max(1000, { error: 'payment.note.tooLong' }),
  /** the PIX devolução's end-to-end id, the withdrawal's transaction id... */
  receipt: z
    .string({ error: 'payment.receipt.invalid' })
    .trim()
    .max(200, { error: 'payment.receipt.invalid' })
    .optional()
    .transform((value) => (value ? value : undefined)),
});
export type PaymentRefundedInput = z.input<typeof paymentRefundedSchema>;

/** An admin asks the PSP to return a payment to its payer (decision 048): why, audited. */
export const paymentRefundAtProviderSchema = z.object({
  note: z
    .string({ error: 'note.required' })
    .trim()
    .min(3, { error: 'note.required' })
    .max(1000, { error: 'payment.note.tooLong' }),
});
export type PaymentRefundAtProviderInput = z.input<typeof paymentRefundAtProviderSchema>;

/**
 * A return asked of the provider: `requested` (asked, no final answer yet: waiting for the PSP),
 * `stalled` (still no final answer REFUND_STALE_MS after it was asked: a person should ask the
 * PSP; it is still looked up, never asked again), `refused` (the PSP's words; an admin returns
 * it by hand), `returned` (the PSP's receipt).
 */
export const PAYMENT_REFUND_STATES = ['requested', 'stalled', 'refused', 'returned'] as const;

/** How long a return asked of the provider may wait for its final answer before `stalled`. */
export const REFUND_STALE_MS = 6 * 3_600_000;

export const adminPaymentSchema = z.object({
  id: z.string(),
  provider: z.enum(PAYMENT_PROVIDERS),
  /** the provider's id of the payment (PIX end-to-end id, deposit id, Deriv transaction id) */
  externalId: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  reason: z.enum(PAYMENT_REASONS).nullable(),
  amount: z.string(),
  /** the catalogue's code of what arrived (PIX, USDT, DERIV...) and the network, if any */
  token: z.string(),
  network: z.string().nullable(),
  payer: z.object({
    name: z.string().nullable(),
    /** the CPF/CNPJ; masked below PAYER_DOCUMENT_ROLE */
    document: z.string().nullable(),
    account: z.string().nullable(),
  }),
  /** the charge's txid, the blockchain transaction id */
  reference: z.string().nullable(),
  confirmations: z.object({ seen: z.number(), required: z.number().nullable() }).nullable(),
  /** the order it was for, or was attached to */
  order: z
    .object({
      id: z.string(),
      reference: z.string(),
      status: z.string(),
      amountSend: z.string(),
    })
    .nullable(),
  refundReceipt: z.string().nullable(),
  /** the return asked of the provider, if any (decision 048) */
  refund: z
    .object({
      state: z.enum(PAYMENT_REFUND_STATES),
      /** our id of the devolução (idempotent) */
      refundId: z.string().nullable(),
      /** the PSP's id of the return (the devolução's rtrId) once accepted */
      providerId: z.string().nullable(),
      /** the PSP's words when it refused */
      refusal: z.string().nullable(),
    })
    .nullable(),
  /** whether it can be returned through its provider now (else only marked returned by hand) */
  refundAtProvider: z.boolean(),
  resolvedBy: z.object({ id: z.string(), username: z.string().nullable() }).nullable(),
  occurredAt: z.iso.datetime(),
  createdAt: z.iso.datetime(),
});
export type AdminPayment = z.infer<typeof adminPaymentSchema>;

export const adminPaymentsPageSchema = z.object({
  items: z.array(adminPaymentSchema),
  /** null on the last page */
  nextCursor: z.string().nullable(),
  /**
   * the payments waiting for an admin, whatever the filter (the navigation's badge):
   * `refundStuck` counts the refund-only credits whose return the provider refused or left
   * stalled (their order waits, refund-only, on the desk)
   */
  open: z.object({
    total: z.number(),
    unmatched: z.number(),
    refunding: z.number(),
    refundStuck: z.number(),
  }),
});
export type AdminPaymentsPage = z.infer<typeof adminPaymentsPageSchema>;
