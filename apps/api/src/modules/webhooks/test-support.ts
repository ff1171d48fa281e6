import type { FastifyInstance } from 'fastify';
import { webhookDeliveries, webhookEvents } from '@permuta/db';
import type { ApiKeyScope, WebhookEventType } from '@permuta/contracts';
import { approvedBusiness, createKey } from '../partners/test-support.ts';
import type { Business } from '../partners/test-support.ts';

/** Nothing listens there: a POST is refused at once. */
export const CLOSED_URL = 'http://127.0.0.1:9/hooks';

export interface KeyWithEndpoint {
  owner: Business;
  key: { id: string; secret: string };
  endpoint: { id: string; secret: string };
}

/** An approved business, one key, and one endpoint registered by its owner on the key. */
export async function keyWithEndpoint(
  app: FastifyInstance,
  options: {
    url?: string;
    events?: WebhookEventType[];
    scopes?: ApiKeyScope[];
    owner?: Business;
  } = {},
): Promise<KeyWithEndpoint> {
  const owner = options.owner ?? (await approvedBusiness(app));
  const key = await createKey(app, owner, {
    scopes: options.scopes ?? ['quotes:read', 'orders:read', 'orders:write', 'webhooks:manage'],
  });
  const res = await app.inject({
    method: 'POST',
    url: `/api/v1/me/api-keys/${key.id}/webhooks`,
    headers: { cookie: owner.cookie },
    payload: {
      url: options.url ?? CLOSED_URL,
      events: options.events ?? ['order.created', 'order.status_changed'],
    },
  });
  if (res.statusCode !== 201) throw new Error(`create webhook ${res.statusCode}: ${res.body}`);
  const endpoint = res.json<{ id: string; secret: string }>();
  return { owner, key, endpoint };
}

/** A logged delivery of a made-up event to the endpoint (for the log's and replay's tests). */
export async function loggedDelivery(
  app: FastifyInstance,
  userId: string,
  endpointId: string,
): Promise<string> {
  const eventId = crypto.randomUUID();
  await app.db.insert(webhookEvents).values({
    id: eventId,
    userId,
    type: 'order.created',
    payload: { id: eventId, type: 'order.created', created: new Date().toISOString(), data: {} },
  });
  const [row] = await app.db
    .insert(webhookDeliveries)
    .values({
      eventId,
      endpointId,
      attempt: 1,
      outcome: 'failed',
      httpStatus: 500,
      startedAt: new Date(),
    })
    .returning();
  return row!.id;
}
