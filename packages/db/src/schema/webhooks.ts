import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { createdAt, textId, timestamptz } from './columns.ts';
import { orders } from './orders.ts';
import { apiKeys } from './partners.ts';

/**
 * Signed webhooks of the partner API (decision 065): an API key's endpoints, the business's
 * order events, and every attempt to deliver one event to one endpoint.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: textId(),
    apiKeyId: text('api_key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    /** the key's business (api_keys.user_id), kept here for the event fan-out */
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    /** the signing secret, encrypted with the `webhooks` purpose key (lib/secret-box.ts) */
    secretBox: text('secret_box').notNull(),
    /** the rotated-out secret, signing too until `previous_secret_expires_at` */
    previousSecretBox: text('previous_secret_box'),
    previousSecretExpiresAt: timestamptz('previous_secret_expires_at'),
    state: text('state').notNull().default('active'),
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    failingSince: timestamptz('failing_since'),
    /** when the business was e-mailed about the current flag (once per flagging) */
    emailedAt: timestamptz('emailed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('webhook_endpoints_api_key_idx').on(t.apiKeyId),
    index('webhook_endpoints_user_idx').on(t.userId),
    check('webhook_endpoints_state', sql`${t.state} IN ('active', 'failing')`),
    check('webhook_endpoints_url_length', sql`char_length(${t.url}) BETWEEN 1 AND 500`),
    check(
      'webhook_endpoints_failing_since',
      sql`(${t.state} = 'failing') = (${t.failingSince} IS NOT NULL)`,
    ),
  ],
);

/** One event of a business (e.g. an order created): the body every endpoint receives. */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: textId(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** the JSON body sent (webhookEventSchema) */
    payload: jsonb('payload').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_events_user_idx').on(t.userId, t.createdAt)],
);

/**
 * One attempt to deliver an event to an endpoint. An attempt is claimed (`sending`) before the
 * POST: at most one attempt in flight or delivered per (event, endpoint) outside replays (the
 * partial unique index), so two runs at once deliver once; one replay at a time.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: textId(),
    eventId: text('event_id')
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    endpointId: text('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    replay: boolean('replay').notNull().default(false),
    outcome: text('outcome').notNull().default('sending'),
    httpStatus: integer('http_status'),
    error: text('error'),
    /** the answer's first 2 KB */
    answer: text('answer'),
    durationMs: integer('duration_ms'),
    startedAt: timestamptz('started_at').notNull(),
    nextAttemptAt: timestamptz('next_attempt_at'),
    gaveUp: boolean('gave_up').notNull().default(false),
  },
  (t) => [
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.startedAt),
    uniqueIndex('webhook_deliveries_one_live')
      .on(t.eventId, t.endpointId)
      .where(sql`${t.outcome} IN ('sending', 'delivered') AND NOT ${t.replay}`),
    uniqueIndex('webhook_deliveries_one_replay')
      .on(t.eventId, t.endpointId)
      .where(sql`${t.outcome} = 'sending' AND ${t.replay}`),
    check('webhook_deliveries_outcome', sql`${t.outcome} IN ('sending', 'delivered', 'failed')`),
    check('webhook_deliveries_answer_length', sql`octet_length(${t.answer}) <= 2048`),
  ],
);

export type WebhookEndpoint = typeof webhookEndpoints.$inferSelect;
export type WebhookEventRow = typeof webhookEvents.$inferSelect;
export type WebhookDelivery = typeof webhookDeliveries.$inferSelect;
