import { z } from 'zod';
import './zod-config.ts';

/**
 * The back office's audit log (every admin action, sign-ins and customer changes too):
 * - GET /api/v1/admin/audit   adminAuditQuerySchema -> adminAuditPageSchema (keyset, newest first)
 *
 * Field messages are keys of FIELD_MESSAGES (messages/audit.ts).
 */

/** Actions are dotted lower-case words: `order.status_changed`, `settings.updated`, ... */
export const AUDIT_ACTION_PATTERN = /^[a-z][a-z_]*(?:\.[a-z][a-z_]*)*$/;

/** The actions the API writes today, in the order the screen offers them as a filter. */
export const AUDIT_ACTIONS = [
  'order.created',
  'order.status_changed',
  'order.proof_uploaded',
  'order.boleto_uploaded',
  'order.file_downloaded',
  'order.payout_submitted',
  'order.payout_found',
  'payout.held',
  'payout.approved',
  'payout.released',
  'payout.hold_ended',
  'payout.paid_twice_settled',
  'payment.credited',
  'payment.unmatched',
  'payment.refund_decided',
  'payment.attached',
  'payment.refunded',
  'payment.refund_requested',
  'payment.refund_refused',
  'treasury.adjusted',
  'customer.activated',
  'customer.deactivated',
  'customer.national_id',
  'business.applied',
  'business.approved',
  'business.revoked',
  'api_key.created',
  'api_key.updated',
  'api_key.revoked',
  'webhook.created',
  'webhook.updated',
  'webhook.secret_rotated',
  'webhook.deleted',
  'document.uploaded',
  'document.approved',
  'document.rejected',
  'document.file_viewed',
  'document.file_downloaded',
  'enhanced.declared',
  'admin.created',
  'admin.updated',
  'admin.role_changed',
  'admin.deleted',
  'two_factor.enabled',
  'two_factor.disabled',
  'two_factor.codes_regenerated',
  'token.created',
  'token.updated',
  'token.enabled',
  'token.disabled',
  'token.synced_created',
  'token.synced_updated',
  'network.created',
  'network.updated',
  'network.enabled',
  'network.disabled',
  'network.synced_created',
  'network.synced_updated',
  'price.set',
  'price.source_changed',
  'price.refreshed',
  'fee_rule.general_set',
  'fee_rule.created',
  'fee_rule.updated',
  'fee_rule.deleted',
  'settings.updated',
  'integration.updated',
  'integration.problem',
  'security.updated',
  'contact_message.answered',
  'review.created',
  'review.shown',
  'review.hidden',
  'review.deleted',
  'wallet.created',
  'wallet.updated',
  'wallet.deleted',
  'notifications.updated',
  'notifications.telegram_linked',
  'notifications.telegram_unlinked',
  'profile.contact_updated',
  'auth.registered',
  'auth.email_verified',
  'auth.sign_in',
  'auth.sign_in_failed',
  'auth.sign_out',
  'auth.password_changed',
  'auth.password_reset',
  'privacy.exported',
  'privacy.anonymized',
  'consent.accepted',
  'legal_document.published',
  'decripto.generated',
  'decripto.sent',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Earliest and latest day the filters accept: a day's end must stay a valid instant. */
const FIRST_YEAR = 2000;
const LAST_YEAR = 2099;

/** A calendar day `YYYY-MM-DD` (real dates only) between 2000 and 2099. */
const auditDaySchema = z
  .string()
  .trim()
  .refine(
    (value) =>
      z.iso.date().safeParse(value).success &&
      Number(value.slice(0, 4)) >= FIRST_YEAR &&
      Number(value.slice(0, 4)) <= LAST_YEAR,
    { error: 'auditDate.invalid' },
  );

/**
 * The keyset position after the last entry of a page: its exact `created_at` (UTC, to the
 * microsecond) and its id, e.g. `2026-11-26T08:00:00.123456Z_42`. Checked strictly here so that a
 * made-up cursor is a 400, never a database error.
 */
const AUDIT_CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)_([1-9]\d{0,17})$/;

export function parseAuditCursor(cursor: string): { createdAt: string; id: number } | null {
  const match = AUDIT_CURSOR.exec(cursor);
  if (!match?.[1] || !match[2]) return null;
  const at = match[1];
  const year = Number(at.slice(0, 4));
  if (year < FIRST_YEAR || year > LAST_YEAR) return null;
  if (!z.iso.datetime({ precision: 6 }).safeParse(at).success) return null;
  const id = Number(match[2]);
  if (!Number.isSafeInteger(id)) return null;
  return { createdAt: at, id };
}

export function formatAuditCursor(createdAt: string, id: number): string {
  return `${createdAt}_${id}`;
}

export const adminAuditQuerySchema = z
  .object({
    /** users.id of the admin who acted */
    adminId: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'field.invalid' })
      .optional(),
    /** e.g. order, customer, token, settings */
    entityType: z
      .string()
      .trim()
      .regex(/^[a-z][a-z_]{0,39}$/, { error: 'field.invalid' })
      .optional(),
    entityId: z.string().trim().min(1, { error: 'field.invalid' }).max(200).optional(),
    action: z
      .string()
      .trim()
      .max(80, { error: 'field.invalid' })
      .regex(AUDIT_ACTION_PATTERN, { error: 'field.invalid' })
      .optional(),
    /** on or after this day (a whole day in Brazil) */
    from: auditDaySchema.optional(),
    /** up to the end of this day (a whole day in Brazil) */
    to: auditDaySchema.optional(),
    /** the previous page's `nextCursor` */
    cursor: z
      .string()
      .max(60, { error: 'cursor.invalid' })
      .refine((value) => parseAuditCursor(value) !== null, { error: 'cursor.invalid' })
      .optional(),
    limit: z.coerce.number().int().min(5).max(100).default(25),
  })
  .superRefine((query, ctx) => {
    if (query.from && query.to && query.to < query.from) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'auditRange.invalid' });
    }
  });
export type AdminAuditQuery = z.input<typeof adminAuditQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  createdAt: z.iso.datetime(),
  actorType: z.enum(['customer', 'admin', 'system']),
  actor: z.object({ id: z.string(), username: z.string().nullable() }).nullable(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  /** a human name for the entity where there is one: an order's reference, a token's code */
  entityLabel: z.string().nullable(),
  ip: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const adminAuditPageSchema = z.object({
  items: z.array(auditEntrySchema),
  /** null on the last page */
  nextCursor: z.string().nullable(),
});
export type AdminAuditPage = z.infer<typeof adminAuditPageSchema>;
