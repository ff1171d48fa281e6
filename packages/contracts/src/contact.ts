import { z } from 'zod';
import { emailSchema, nameSchema } from './accounts.ts';
import { CONTACT_MESSAGE_MAX } from './contact-limits.ts';

export { CONTACT_MESSAGE_MAX, CONTACT_MESSAGES_PER_HOUR } from './contact-limits.ts';

/**
 * The contact form (POST /api/v1/contact): the same rules on the page and in the API. `website`
 * is a honeypot: hidden from people, filled only by bots; a message carrying it is answered as
 * sent and discarded.
 */
export const contactMessageSchema = z
  .object({
    name: nameSchema,
    email: emailSchema,
    message: z
      .string({ error: 'message.required' })
      .trim()
      .min(1, { error: 'message.required' })
      .max(CONTACT_MESSAGE_MAX, { error: 'message.tooLong' }),
    website: z.string().max(500).optional(),
  })
  .meta({ id: 'ContactMessage' });
export type ContactMessageInput = z.input<typeof contactMessageSchema>;

export const contactSentSchema = z.object({ message: z.string() }).meta({ id: 'ContactSent' });
export type ContactSent = z.infer<typeof contactSentSchema>;

// --- back office: the contact inbox ------------------------------------------------------------
//
// - GET  /api/v1/admin/contact-messages              adminContactQuerySchema -> adminContactPageSchema
// - POST /api/v1/admin/contact-messages/:id/answered  -> adminContactMessageSchema (idempotent)

export const CONTACT_INBOX_FILTERS = ['unanswered', 'all'] as const;

/**
 * The keyset position after the last message of a page: its exact `created_at` (UTC, to the
 * microsecond) and its id, e.g. `2026-11-26T08:00:00.123456Z_<uuid>`. Checked strictly so that a
 * made-up cursor is a 400, never a database error.
 */
const CONTACT_CURSOR =
  /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

export function parseContactCursor(cursor: string): { createdAt: string; id: string } | null {
  const match = CONTACT_CURSOR.exec(cursor);
  if (!match?.[1] || !match[2]) return null;
  const year = Number(match[1].slice(0, 4));
  if (year < 2000 || year > 2099) return null;
  if (!z.iso.datetime({ precision: 6 }).safeParse(match[1]).success) return null;
  return { createdAt: match[1], id: match[2] };
}

export const adminContactQuerySchema = z.object({
  /** `unanswered` (the default: the work waiting) or `all` */
  show: z.enum(CONTACT_INBOX_FILTERS, { error: 'field.invalid' }).default('unanswered'),
  cursor: z
    .string()
    .max(100, { error: 'cursor.invalid' })
    .refine((value) => parseContactCursor(value) !== null, { error: 'cursor.invalid' })
    .optional(),
  limit: z.coerce.number().int().min(5).max(100).default(25),
});
export type AdminContactQuery = z.input<typeof adminContactQuerySchema>;

export const contactMessageIdParamsSchema = z.object({
  id: z.uuid({ error: 'field.invalid' }),
});

export const adminContactMessageSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  message: z.string(),
  locale: z.enum(['pt-BR', 'en-US']),
  createdAt: z.iso.datetime(),
  answeredAt: z.iso.datetime().nullable(),
  /** the admin who marked it answered */
  answeredBy: z.object({ id: z.string(), username: z.string().nullable() }).nullable(),
});
export type AdminContactMessage = z.infer<typeof adminContactMessageSchema>;

export const adminContactPageSchema = z.object({
  items: z.array(adminContactMessageSchema),
  /** null on the last page */
  nextCursor: z.string().nullable(),
});
export type AdminContactPage = z.infer<typeof adminContactPageSchema>;
