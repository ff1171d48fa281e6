import { z } from 'zod';
import './zod-config.ts';
import { orderListItemSchema } from './orders.ts';

/**
 * Signed webhooks of the partner API (decision 065, docs/partner-api.md). An API key's endpoints
 * receive the business's order events, each POST signed with the endpoint's secret:
 * `Permuta-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`.
 * Partner (Authorization: Bearer, scope `webhooks:manage`), the key's own endpoints:
 * - GET    /api/v1/partner/webhooks                                  -> webhookEndpointListSchema
 * - POST   /api/v1/partner/webhooks              webhookEndpointCreateSchema -> created (secret once)
 * - PATCH  /api/v1/partner/webhooks/:webhookId   webhookEndpointUpdateSchema -> webhookEndpointSchema
 * - POST   /api/v1/partner/webhooks/:webhookId/rotate                -> created (new secret once)
 * - DELETE /api/v1/partner/webhooks/:webhookId                       -> 204
 * - GET    /api/v1/partner/webhooks/:webhookId/deliveries            -> webhookDeliveryListSchema
 * - POST   /api/v1/partner/webhooks/:webhookId/deliveries/:deliveryId/replay -> webhookDeliverySchema
 * The key's owner (session cookie), the same under /api/v1/me/api-keys/:id/webhooks.
 */

export const WEBHOOK_EVENT_TYPES = ['order.created', 'order.status_changed'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Most endpoints one API key holds. */
export const MAX_WEBHOOK_ENDPOINTS = 5;
/** An endpoint's URL: at most this many characters. */
export const MAX_WEBHOOK_URL_LENGTH = 500;
/** Consecutive failed attempts after which an endpoint is flagged `failing` (and still tried). */
export const WEBHOOK_FAILING_AFTER = 5;
/** Deliveries are retried until this long after the event, then given up. */
export const WEBHOOK_RETRY_WINDOW_MS = 72 * 3_600_000;
/** After a rotation, the previous secret still signs (a second `v1=`) this long. */
export const WEBHOOK_PREVIOUS_SECRET_MS = 24 * 3_600_000;
/** A delivery's answer is kept up to this many bytes. */
export const WEBHOOK_ANSWER_EXCERPT_BYTES = 2048;

export const WEBHOOK_SIGNATURE_HEADER = 'Permuta-Signature';
export const WEBHOOK_EVENT_ID_HEADER = 'Permuta-Event-Id';

export const WEBHOOK_ENDPOINT_STATES = ['active', 'failing'] as const;
export const WEBHOOK_DELIVERY_OUTCOMES = ['sending', 'delivered', 'failed'] as const;

const urlSchema = z
  .string({ error: 'webhookUrl.invalid' })
  .trim()
  .min(1, { error: 'webhookUrl.invalid' })
  .max(MAX_WEBHOOK_URL_LENGTH, { error: 'webhookUrl.invalid' })
  .refine((value) => URL.canParse(value), { error: 'webhookUrl.invalid' });

const eventsSchema = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: 'webhookEvents.invalid' }), {
    error: 'webhookEvents.required',
  })
  .min(1, { error: 'webhookEvents.required' })
  .max(WEBHOOK_EVENT_TYPES.length * 2, { error: 'webhookEvents.invalid' })
  .transform((events) => WEBHOOK_EVENT_TYPES.filter((type) => events.includes(type)));

export const webhookEndpointCreateSchema = z.object({
  url: urlSchema,
  events: eventsSchema,
});
export type WebhookEndpointCreate = z.input<typeof webhookEndpointCreateSchema>;

export const webhookEndpointUpdateSchema = z
  .object({ url: urlSchema.optional(), events: eventsSchema.optional() })
  .refine((body) => body.url !== undefined || body.events !== undefined, {
    error: 'webhookUpdate.empty',
  });

export const webhookIdParamsSchema = z.object({ webhookId: z.uuid() });
export const keyWebhookParamsSchema = z.object({ id: z.uuid() });
export const keyWebhookIdParamsSchema = z.object({ id: z.uuid(), webhookId: z.uuid() });
export const webhookDeliveryParamsSchema = z.object({
  webhookId: z.uuid(),
  deliveryId: z.uuid(),
});
export const keyWebhookDeliveryParamsSchema = webhookDeliveryParamsSchema.extend({ id: z.uuid() });

export const webhookEndpointSchema = z.object({
  id: z.string(),
  apiKeyId: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  /** `failing`: the last attempts failed; still tried, and the business was e-mailed */
  state: z.enum(WEBHOOK_ENDPOINT_STATES),
  failingSince: z.string().nullable(),
  consecutiveFailures: z.number().int(),
  /** while a rotated-out secret still signs too */
  previousSecretExpiresAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookEndpointView = z.infer<typeof webhookEndpointSchema>;

export const webhookEndpointListSchema = z.object({
  items: z.array(webhookEndpointSchema),
  max: z.number().int(),
});

export const webhookEndpointCreatedSchema = webhookEndpointSchema.extend({
  /** the signing secret, `whsec_…`: shown in this answer only */
  secret: z.string(),
});
export type WebhookEndpointCreated = z.infer<typeof webhookEndpointCreatedSchema>;

/** What an endpoint receives: the body of every POST. */
export const webhookEventSchema = z
  .object({
    id: z.string(),
    type: z.enum(WEBHOOK_EVENT_TYPES),
    created: z.string(),
    /** the order as GET /api/v1/partner/orders lists it, at the time of the event */
    data: orderListItemSchema,
  })
  .meta({ id: 'WebhookEvent' });
export type WebhookEvent = z.infer<typeof webhookEventSchema>;

export const webhookDeliverySchema = z.object({
  id: z.string(),
  eventId: z.string(),
  eventType: z.enum(WEBHOOK_EVENT_TYPES),
  attempt: z.number().int(),
  replay: z.boolean(),
  outcome: z.enum(WEBHOOK_DELIVERY_OUTCOMES),
  /** the receiver's HTTP status; null when there was no answer */
  httpStatus: z.number().int().nullable(),
  /** why there was no answer (timeout, connection refused, redirect...) */
  error: z.string().nullable(),
  /** the answer's first 2 KB */
  answer: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  startedAt: z.string(),
  /** when the next attempt runs; null when none is planned */
  nextAttemptAt: z.string().nullable(),
  /** the last try within 72 h of the event failed: no more */
  gaveUp: z.boolean(),
  payload: webhookEventSchema,
});
export type WebhookDeliveryView = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryListSchema = z.object({ items: z.array(webhookDeliverySchema) });

export const webhookDeliveryQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
