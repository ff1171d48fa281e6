import { z } from 'zod';
import { emailSchema } from './accounts.ts';
import { orderSchema } from './orders.ts';

export {
  TRACKING_CODE_SENT_MESSAGE,
  TRACKING_ERROR_MESSAGES,
  TRACKING_FIELD_MESSAGES,
} from './messages/tracking.ts';

/**
 * Order tracking without signing in (decision 059):
 *
 * - POST /api/v1/track/code                 trackingCodeRequestSchema -> 202 trackingCodeSentSchema
 *   (the same answer whether the pair exists or not)
 * - POST /api/v1/track/verify               trackingVerifySchema -> trackingGrantSchema + cookie
 *   `track_token` (httpOnly, 2 h, that one order, read-only)
 * - GET  /api/v1/track/orders/:id           -> trackingOrderSchema (the grant's order only)
 * - GET  /api/v1/track/orders/:id/events    text/event-stream of trackingOrderSchema
 * - POST /api/v1/track/end                  ends the grant (clears the cookie)
 */

/** Minutes a tracking code is valid, wrong codes that spend it, and how long a grant lasts. */
export const TRACKING_CODE_MINUTES = 15;
export const TRACKING_CODE_ATTEMPTS = 5;
export const TRACKING_GRANT_HOURS = 2;

/** An order reference as printed (EX-7K2Q9), in any case, spaces around ignored. */
export const trackingReferenceSchema = z
  .string({ error: 'reference.invalid' })
  .trim()
  .toUpperCase()
  .regex(/^EX-[0-9A-Z]{4,16}$/, { error: 'reference.invalid' });

export const trackingCodeRequestSchema = z
  .object({ reference: trackingReferenceSchema, email: emailSchema })
  .meta({ id: 'TrackingCodeRequest' });
export type TrackingCodeRequest = z.input<typeof trackingCodeRequestSchema>;

export const trackingCodeSentSchema = z
  .object({ message: z.string(), retryAfterSeconds: z.number().int() })
  .meta({ id: 'TrackingCodeSent' });
export type TrackingCodeSent = z.infer<typeof trackingCodeSentSchema>;

export const trackingVerifySchema = z
  .object({
    reference: trackingReferenceSchema,
    email: emailSchema,
    code: z
      .string({ error: 'trackingCode.invalid' })
      .trim()
      .regex(/^\d{6}$/, { error: 'trackingCode.invalid' }),
  })
  .meta({ id: 'TrackingVerify' });
export type TrackingVerifyInput = z.input<typeof trackingVerifySchema>;

export const trackingGrantSchema = z
  .object({ reference: z.string(), expiresAt: z.iso.datetime() })
  .meta({ id: 'TrackingGrant' });
export type TrackingGrant = z.infer<typeof trackingGrantSchema>;

/**
 * The order as a tracking page shows it: the customer's order view with nothing to act on
 * (`actions` empty, no payment instructions, no files to download) and the destinations masked
 * (decision 059). `trackingEndsAt` is when the grant ends.
 */
export const trackingOrderSchema = orderSchema
  .extend({ trackingEndsAt: z.iso.datetime() })
  .meta({ id: 'TrackingOrder' });
export type TrackingOrder = z.infer<typeof trackingOrderSchema>;
