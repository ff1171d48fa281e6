import { and, arrayContains, count, desc, eq, isNull, lt, max, sql } from 'drizzle-orm';
import { apiKeys, users, webhookDeliveries, webhookEndpoints, webhookEvents } from '@permuta/db';
import type { Db, Tx, WebhookDelivery, WebhookEndpoint, WebhookEventRow } from '@permuta/db';

/** Query functions of the partners' webhooks (decision 065). */

export async function listEndpoints(db: Db | Tx, apiKeyId: string): Promise<WebhookEndpoint[]> {
  return db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.apiKeyId, apiKeyId))
    .orderBy(webhookEndpoints.createdAt, webhookEndpoints.id);
}

/** Locks the API key's row until the transaction ends. */
export async function lockKey(tx: Tx, apiKeyId: string): Promise<void> {
  await tx.select({ id: apiKeys.id }).from(apiKeys).where(eq(apiKeys.id, apiKeyId)).for('update');
}

export async function countEndpoints(tx: Tx, apiKeyId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.apiKeyId, apiKeyId));
  return row?.n ?? 0;
}

/** One endpoint of one key (null for another key's). */
export async function findEndpoint(
  db: Db | Tx,
  id: string,
  apiKeyId: string,
): Promise<WebhookEndpoint | null> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.apiKeyId, apiKeyId)))
    .limit(1);
  return row ?? null;
}

/** An endpoint with whether its key still works (the delivery job's read). */
export async function findEndpointForDelivery(
  db: Db,
  id: string,
): Promise<{ endpoint: WebhookEndpoint; keyRevoked: boolean } | null> {
  const [row] = await db
    .select({ endpoint: webhookEndpoints, revokedAt: apiKeys.revokedAt })
    .from(webhookEndpoints)
    .innerJoin(apiKeys, eq(apiKeys.id, webhookEndpoints.apiKeyId))
    .where(eq(webhookEndpoints.id, id))
    .limit(1);
  return row ? { endpoint: row.endpoint, keyRevoked: row.revokedAt !== null } : null;
}

/** The endpoints of a business's live keys that want events of `type`. */
export async function endpointsWanting(
  tx: Tx,
  userId: string,
  type: string,
): Promise<{ id: string }[]> {
  return tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .innerJoin(apiKeys, eq(apiKeys.id, webhookEndpoints.apiKeyId))
    .where(
      and(
        eq(webhookEndpoints.userId, userId),
        isNull(apiKeys.revokedAt),
        arrayContains(webhookEndpoints.events, [type]),
      ),
    );
}

export async function findEvent(db: Db | Tx, id: string): Promise<WebhookEventRow | null> {
  const [row] = await db.select().from(webhookEvents).where(eq(webhookEvents.id, id)).limit(1);
  return row ?? null;
}

/** Whether an attempt (not a replay) of this event already reached this endpoint. */
export async function wasDelivered(db: Db, eventId: string, endpointId: string) {
  const [row] = await db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.eventId, eventId),
        eq(webhookDeliveries.endpointId, endpointId),
        eq(webhookDeliveries.outcome, 'delivered'),
        eq(webhookDeliveries.replay, false),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Attempts left `sending` since before `before` (the process died during the POST): failed, so
 * that the next attempt can claim. The receiver may have had it: it dedupes by event id.
 */
export async function failInterrupted(
  db: Db,
  eventId: string,
  endpointId: string,
  before: Date,
): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({ outcome: 'failed', error: 'interrupted' })
    .where(
      and(
        eq(webhookDeliveries.eventId, eventId),
        eq(webhookDeliveries.endpointId, endpointId),
        eq(webhookDeliveries.outcome, 'sending'),
        lt(webhookDeliveries.startedAt, before),
      ),
    );
}

/** The number of the next attempt (replays not counted). */
export async function nextAttemptNumber(db: Db, eventId: string, endpointId: string) {
  const [row] = await db
    .select({ n: max(webhookDeliveries.attempt) })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.eventId, eventId),
        eq(webhookDeliveries.endpointId, endpointId),
        eq(webhookDeliveries.replay, false),
      ),
    );
  return (row?.n ?? 0) + 1;
}

/**
 * Claims an attempt (`sending`): null when another attempt of this event to this endpoint is in
 * flight or delivered already (a replay: when another replay is in flight).
 */
export async function claimAttempt(
  db: Db,
  values: { eventId: string; endpointId: string; attempt: number; replay: boolean; at: Date },
): Promise<WebhookDelivery | null> {
  const [row] = await db
    .insert(webhookDeliveries)
    .values({
      eventId: values.eventId,
      endpointId: values.endpointId,
      attempt: values.attempt,
      replay: values.replay,
      startedAt: values.at,
    })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

export async function finishAttempt(
  db: Db | Tx,
  id: string,
  result: Pick<WebhookDelivery, 'outcome' | 'httpStatus' | 'error' | 'answer' | 'durationMs'>,
): Promise<WebhookDelivery> {
  const [row] = await db
    .update(webhookDeliveries)
    .set(result)
    .where(eq(webhookDeliveries.id, id))
    .returning();
  return row!;
}

export async function planAttempt(
  db: Db,
  id: string,
  plan: { nextAttemptAt: Date | null; gaveUp: boolean },
): Promise<WebhookDelivery> {
  const [row] = await db
    .update(webhookDeliveries)
    .set(plan)
    .where(eq(webhookDeliveries.id, id))
    .returning();
  return row!;
}

export interface DeliveryRow {
  delivery: WebhookDelivery;
  type: string;
  payload: unknown;
}

/** An endpoint's attempts, newest first, with their events. */
export async function listDeliveries(
  db: Db,
  endpointId: string,
  limit: number,
): Promise<DeliveryRow[]> {
  return db
    .select({
      delivery: webhookDeliveries,
      type: webhookEvents.type,
      payload: webhookEvents.payload,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.startedAt), desc(webhookDeliveries.attempt))
    .limit(limit);
}

export async function findDelivery(
  db: Db,
  id: string,
  endpointId: string,
): Promise<WebhookDelivery | null> {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.endpointId, endpointId)))
    .limit(1);
  return row ?? null;
}

/** A success: the endpoint is active again and its count of failures starts over. */
export async function endpointSucceeded(tx: Tx, id: string): Promise<void> {
  await tx
    .update(webhookEndpoints)
    .set({ state: 'active', consecutiveFailures: 0, failingSince: null, emailedAt: null })
    .where(eq(webhookEndpoints.id, id));
}

/** A failure counted; answers the count after it. */
export async function endpointFailed(tx: Tx, id: string): Promise<number> {
  const [row] = await tx
    .update(webhookEndpoints)
    .set({ consecutiveFailures: sql`${webhookEndpoints.consecutiveFailures} + 1` })
    .where(eq(webhookEndpoints.id, id))
    .returning({ n: webhookEndpoints.consecutiveFailures });
  return row?.n ?? 0;
}

/** Flags an active endpoint `failing`; null when it was flagged already (one e-mail a flag). */
export async function flagFailing(tx: Tx, id: string, at: Date) {
  const [row] = await tx
    .update(webhookEndpoints)
    .set({ state: 'failing', failingSince: at, emailedAt: at })
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.state, 'active')))
    .returning();
  return row ?? null;
}

export async function findOwner(db: Db | Tx, userId: string) {
  const [row] = await db
    .select({ name: users.name, email: users.email, locale: users.locale })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}
