import { z } from 'zod';
import { emailSchema, nameSchema } from './accounts.ts';

/** The longest message the contact form takes. */
export const CONTACT_MESSAGE_MAX = 4000;

/**
 * Messages a visitor may send from one IP address per hour through the contact form, before
 * CONTACT_THROTTLED (429).
 */
export const CONTACT_MESSAGES_PER_HOUR = 5;

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
