import {
  MAX_WEBHOOK_ENDPOINTS,
  WEBHOOK_ANSWER_EXCERPT_BYTES,
  WEBHOOK_EVENT_ID_HEADER,
  WEBHOOK_FAILING_AFTER,
  WEBHOOK_PREVIOUS_SECRET_MS,
  WEBHOOK_RETRY_WINDOW_MS,
  WEBHOOK_SIGNATURE_HEADER,
} from '@permuta/contracts';
import type {
  Locale,
  WebhookDeliveryView,
  WebhookEndpointCreated,
  WebhookEndpointView,
  WebhookEvent,
  WebhookEventType,
  webhookEndpointCreateSchema,
  webhookEndpointUpdateSchema,
} from '@permuta/contracts';
import { webhookEndpoints, webhookEvents } from '@permuta/db';
import type { Db, Tx, WebhookDelivery, WebhookEndpoint, WebhookEventRow } from '@permuta/db';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError, notFound, unprocessable } from '../../lib/app-error.ts';
import { writeAudit } from '../../lib/audit.ts';
import type { JobQueue } from '../../lib/jobs.ts';
import type { Log } from '../../lib/log.ts';
import { outboundUrlAllowed } from '../../lib/outbound-url.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { toListItem } from '../orders/order-view.ts';
import { findOrderListRow } from '../orders/orders.repository.ts';
import type { EnqueueEmail } from '../orders/order-transition.ts';
import { findApiKey, findBusiness } from '../partners/partners.repository.ts';
import { newWebhookSecret, signatureHeader } from './webhook-signature.ts';
import {
  claimAttempt,
  countEndpoints,
  endpointFailed,
  endpointSucceeded,
  endpointsWanting,
  failInterrupted,
  findDelivery,
  findEndpoint,
  findEndpointForDelivery,
  findEvent,
  findOwner,
  finishAttempt,
  flagFailing,
  listDeliveries,
  listEndpoints,
  lockKey,
  nextAttemptNumber,
  planAttempt,
  wasDelivered,
} from './webhooks.repository.ts';

/** The queue of webhook deliveries: one job per (event, endpoint, attempt). */
export const WEBHOOK_QUEUE = 'webhook-deliver';

/** Each POST gives up after this long (connection, answer and body). */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** The first retry's wait; doubled each time up to WEBHOOK_MAX_DELAY_MS, ±10 % at random. */
export const WEBHOOK_FIRST_DELAY_MS = 60_000;
export const WEBHOOK_MAX_DELAY_MS = 3 * 3_600_000;
/** An attempt still `sending` this long after it started was interrupted (process died). */
const INTERRUPTED_AFTER_MS = 2 * 60_000;

export interface WebhookJob {
  eventId: string;
  endpointId: string;
}

/** Whose endpoints: one API key of one business, and who acts (the key, or its owner). */
export interface KeyScope {
  userId: string;
  keyId: string;
  ip: string;
}

export interface WebhooksDeps {
  db: Db;
  jobs: Pick<JobQueue, 'send'>;
  /** the endpoints' signing secrets, encrypted at rest */
  box: SecretBox;
  enqueueEmail: EnqueueEmail;
  publicUrl: string;
  /** http and local addresses accepted (development and tests; never production) */
  allowLocalUrls: boolean;
  now: () => Date;
  log: Log;
  /** 0..1 (tests: fixed); the jitter of the backoff */
  random?: () => number;
  /** each POST's limit (default WEBHOOK_TIMEOUT_MS) */
  timeoutMs?: number;
}

type CreateInput = z.output<typeof webhookEndpointCreateSchema>;
type UpdateInput = z.output<typeof webhookEndpointUpdateSchema>;

/** The wait before attempt `attempt + 1` after attempt `attempt` failed (1-based). */
export function backoffMs(attempt: number, random: number): number {
  const base = Math.min(
    WEBHOOK_FIRST_DELAY_MS * 2 ** Math.min(attempt - 1, 30),
    WEBHOOK_MAX_DELAY_MS,
  );
  return Math.round(base * (0.9 + 0.2 * random));
}

export function endpointView(row: WebhookEndpoint, now: Date): WebhookEndpointView {
  const previousLive = row.previousSecretExpiresAt !== null && row.previousSecretExpiresAt > now;
  return {
    id: row.id,
    apiKeyId: row.apiKeyId,
    url: row.url,
    events: row.events as WebhookEventType[],
    state: row.state as WebhookEndpointView['state'],
    failingSince: row.failingSince?.toISOString() ?? null,
    consecutiveFailures: row.consecutiveFailures,
    previousSecretExpiresAt: previousLive ? row.previousSecretExpiresAt!.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  };
}

function deliveryView(row: WebhookDelivery, type: string, payload: unknown): WebhookDeliveryView {
  return {
    id: row.id,
    eventId: row.eventId,
    eventType: type as WebhookEventType,
    attempt: row.attempt,
    replay: row.replay,
    outcome: row.outcome as WebhookDeliveryView['outcome'],
    httpStatus: row.httpStatus,
    error: row.error,
    answer: row.answer,
    durationMs: row.durationMs,
    startedAt: row.startedAt.toISOString(),
    nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
    gaveUp: row.gaveUp,
    payload: payload as WebhookEvent,
  };
}

/** The first bytes of an answer, as text the database keeps (no NUL, at most 2 KB of UTF-8). */
async function answerExcerpt(response: Response): Promise<string | null> {
  if (!response.body) return null;
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (size < WEBHOOK_ANSWER_EXCERPT_BYTES) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.length;
  }
  await reader.cancel().catch(() => {});
  let text = Buffer.concat(chunks)
    .subarray(0, WEBHOOK_ANSWER_EXCERPT_BYTES)
    .toString('utf8')
    .replaceAll('\u0000', '');
  while (Buffer.byteLength(text) > WEBHOOK_ANSWER_EXCERPT_BYTES) text = text.slice(0, -1);
  return text.length > 0 ? text : null;
}

function describeError(error: unknown): string {
  if (error instanceof Error) {
    if (error.name === 'TimeoutError' || error.name === 'AbortError') return 'timeout';
    const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
    if (cause && typeof cause.code === 'string') return cause.code;
    return error.message.slice(0, 200);
  }
  return 'error';
}

/**
 * Signed webhooks (decision 065): an API key's endpoints (managed by the key with the scope
 * `webhooks:manage`, or by its owner on the API keys page), the business's order events queued in
 * the transaction that makes them, and their delivery by a job after the commit: signed, retried
 * with backoff for 72 h, logged, and replayed on demand.
 */
export function createWebhooksService(deps: WebhooksDeps) {
  const { db, box, now } = deps;
  const random = deps.random ?? Math.random;

  function checkUrl(url: string) {
    if (!outboundUrlAllowed(url, deps.allowLocalUrls)) {
      throw unprocessable('WEBHOOK_URL_REFUSED', {}, { url: 'webhookUrl.refused' });
    }
  }

  async function endpointOf(scope: KeyScope, id: string): Promise<WebhookEndpoint> {
    const row = await findEndpoint(db, id, scope.keyId);
    if (!row) throw notFound('WEBHOOK_NOT_FOUND');
    return row;
  }

  async function audit(
    tx: Tx,
    scope: KeyScope,
    action: string,
    id: string,
    before: object | null,
    after: object | null,
  ) {
    await writeAudit(tx, {
      actorType: 'customer',
      actorId: scope.userId,
      action,
      entityType: 'webhook_endpoint',
      entityId: id,
      ip: scope.ip,
      before,
      after,
    });
  }

  /** The secrets that sign now: the current one, and the previous one within its 24 h. */
  function signingSecrets(endpoint: WebhookEndpoint, at: Date): string[] {
    const secrets = [box.decrypt(endpoint.secretBox)];
    if (
      endpoint.previousSecretBox &&
      endpoint.previousSecretExpiresAt &&
      endpoint.previousSecretExpiresAt > at
    ) {
      secrets.push(box.decrypt(endpoint.previousSecretBox));
    }
    return secrets;
  }

  /** One POST of an event, claimed first; null when the claim was lost. */
  async function attempt(
    event: WebhookEventRow,
    endpoint: WebhookEndpoint,
    replay: boolean,
  ): Promise<WebhookDelivery | null> {
    const startedAt = now();
    const number = replay ? 0 : await nextAttemptNumber(db, event.id, endpoint.id);
    const claimed = await claimAttempt(db, {
      eventId: event.id,
      endpointId: endpoint.id,
      attempt: number,
      replay,
      at: startedAt,
    });
    if (!claimed) return null;
    const body = JSON.stringify(event.payload);
    const timestamp = Math.floor(startedAt.getTime() / 1000);
    const started = performance.now();
    let result: Pick<WebhookDelivery, 'outcome' | 'httpStatus' | 'error' | 'answer' | 'durationMs'>;
    try {
      const response = await fetch(endpoint.url, {
        method: 'POST',
        redirect: 'manual',
        signal: AbortSignal.timeout(deps.timeoutMs ?? WEBHOOK_TIMEOUT_MS),
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Permuta-Webhooks/1',
          [WEBHOOK_SIGNATURE_HEADER]: signatureHeader(
            signingSecrets(endpoint, startedAt),
            timestamp,
            body,
          ),
          [WEBHOOK_EVENT_ID_HEADER]: event.id,
        },
        body,
      });
      const answer = await answerExcerpt(response);
      const ok = response.status >= 200 && response.status < 300;
      result = {
        outcome: ok ? 'delivered' : 'failed',
        httpStatus: response.status,
        error: ok ? null : response.status >= 300 && response.status < 400 ? 'redirect' : null,
        answer,
        durationMs: Math.round(performance.now() - started),
      };
    } catch (error) {
      result = {
        outcome: 'failed',
        httpStatus: null,
        error: describeError(error),
        answer: null,
        durationMs: Math.round(performance.now() - started),
      };
    }
    return db.transaction(async (tx) => {
      const row = await finishAttempt(tx, claimed.id, result);
      if (result.outcome === 'delivered') {
        await endpointSucceeded(tx, endpoint.id);
        return row;
      }
      const failures = await endpointFailed(tx, endpoint.id);
      if (failures >= WEBHOOK_FAILING_AFTER) {
        const flagged = await flagFailing(tx, endpoint.id, now());
        if (flagged) await tellOwner(tx, flagged, failures, result);
      }
      return row;
    });
  }

  /** The business is e-mailed once per flagging (the flag's UPDATE decides who sends). */
  async function tellOwner(
    tx: Tx,
    endpoint: WebhookEndpoint,
    failures: number,
    result: { httpStatus: number | null; error: string | null },
  ) {
    const owner = await findOwner(tx, endpoint.userId);
    if (!owner) return;
    const locale: Locale = owner.locale;
    await deps.enqueueEmail(
      tx,
      owner.email,
      {
        kind: 'webhook-failing',
        name: owner.name,
        url: endpoint.url,
        failures,
        lastError: result.httpStatus !== null ? `HTTP ${result.httpStatus}` : (result.error ?? '?'),
        link: `${deps.publicUrl}${locale === 'en-US' ? '/en-US' : ''}/profile/api-keys`,
      },
      locale,
    );
  }

  return {
    async list(scope: KeyScope): Promise<{ items: WebhookEndpointView[]; max: number }> {
      const at = now();
      return {
        items: (await listEndpoints(db, scope.keyId)).map((row) => endpointView(row, at)),
        max: MAX_WEBHOOK_ENDPOINTS,
      };
    },

    async create(scope: KeyScope, input: CreateInput): Promise<WebhookEndpointCreated> {
      checkUrl(input.url);
      const secret = newWebhookSecret();
      return db.transaction(async (tx) => {
        // the key's row is locked until commit: two creations at once count each other
        await lockKey(tx, scope.keyId);
        if ((await countEndpoints(tx, scope.keyId)) >= MAX_WEBHOOK_ENDPOINTS) {
          throw unprocessable('WEBHOOKS_LIMIT', { max: MAX_WEBHOOK_ENDPOINTS });
        }
        const [row] = await tx
          .insert(webhookEndpoints)
          .values({
            apiKeyId: scope.keyId,
            userId: scope.userId,
            url: input.url,
            events: input.events,
            secretBox: box.encrypt(secret),
            createdAt: now(),
          })
          .returning();
        const view = endpointView(row!, now());
        await audit(tx, scope, 'webhook.created', row!.id, null, view);
        return { ...view, secret };
      });
    },

    async update(scope: KeyScope, id: string, input: UpdateInput): Promise<WebhookEndpointView> {
      if (input.url !== undefined) checkUrl(input.url);
      const before = await endpointOf(scope, id);
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(webhookEndpoints)
          .set({
            ...(input.url !== undefined ? { url: input.url } : {}),
            ...(input.events !== undefined ? { events: input.events } : {}),
          })
          .where(eq(webhookEndpoints.id, before.id))
          .returning();
        if (!row) throw notFound('WEBHOOK_NOT_FOUND');
        const view = endpointView(row, now());
        await audit(tx, scope, 'webhook.updated', id, endpointView(before, now()), view);
        return view;
      });
    },

    /** A new secret, shown once; the old one keeps signing too for 24 h. */
    async rotate(scope: KeyScope, id: string): Promise<WebhookEndpointCreated> {
      const before = await endpointOf(scope, id);
      const secret = newWebhookSecret();
      const at = now();
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(webhookEndpoints)
          .set({
            secretBox: box.encrypt(secret),
            previousSecretBox: before.secretBox,
            previousSecretExpiresAt: new Date(at.getTime() + WEBHOOK_PREVIOUS_SECRET_MS),
          })
          .where(eq(webhookEndpoints.id, before.id))
          .returning();
        if (!row) throw notFound('WEBHOOK_NOT_FOUND');
        const view = endpointView(row, at);
        await audit(tx, scope, 'webhook.secret_rotated', id, null, view);
        return { ...view, secret };
      });
    },

    async remove(scope: KeyScope, id: string): Promise<void> {
      const before = await endpointOf(scope, id);
      await db.transaction(async (tx) => {
        const gone = await tx
          .delete(webhookEndpoints)
          .where(eq(webhookEndpoints.id, before.id))
          .returning({ id: webhookEndpoints.id });
        if (gone.length === 0) throw notFound('WEBHOOK_NOT_FOUND');
        await audit(tx, scope, 'webhook.deleted', id, endpointView(before, now()), null);
      });
    },

    async deliveries(
      scope: KeyScope,
      id: string,
      limit: number,
    ): Promise<{ items: WebhookDeliveryView[] }> {
      const endpoint = await endpointOf(scope, id);
      const rows = await listDeliveries(db, endpoint.id, limit);
      return { items: rows.map((row) => deliveryView(row.delivery, row.type, row.payload)) };
    },

    /** The same event to the same endpoint now, recorded as a replay (one at a time). */
    async replay(scope: KeyScope, id: string, deliveryId: string): Promise<WebhookDeliveryView> {
      const endpoint = await endpointOf(scope, id);
      const delivery = await findDelivery(db, deliveryId, endpoint.id);
      if (!delivery) throw notFound('WEBHOOK_DELIVERY_NOT_FOUND');
      const event = await findEvent(db, delivery.eventId);
      if (!event) throw notFound('WEBHOOK_DELIVERY_NOT_FOUND');
      const row = await attempt(event, endpoint, true);
      if (!row) throw new AppError('WEBHOOK_REPLAY_IN_PROGRESS', 409);
      return deliveryView(row, event.type, event.payload);
    },

    /**
     * In the transaction of an order's creation or status change: the event, and one delivery
     * job per endpoint of the business that wants it (nothing when none does). Every live key's
     * endpoints get every order of the business (decision 065).
     */
    async queueOrderEvent(
      tx: Tx,
      input: { type: WebhookEventType; orderId: string; userId: string },
    ): Promise<void> {
      const endpoints = await endpointsWanting(tx, input.userId, input.type);
      if (endpoints.length === 0) return;
      const order = await findOrderListRow(tx, input.orderId);
      if (!order) return;
      const id = crypto.randomUUID();
      const created = now();
      const payload: WebhookEvent = {
        id,
        type: input.type,
        created: created.toISOString(),
        data: toListItem(order),
      };
      await tx.insert(webhookEvents).values({
        id,
        userId: input.userId,
        type: input.type,
        orderId: input.orderId,
        payload,
        createdAt: created,
      });
      for (const endpoint of endpoints) {
        const job: WebhookJob = { eventId: id, endpointId: endpoint.id };
        await deps.jobs.send(WEBHOOK_QUEUE, job, {
          db: tx,
          singletonKey: `${id}:${endpoint.id}`,
        });
      }
    },

    /**
     * The job: one attempt of an event to an endpoint, unless it was delivered already or another
     * run holds the claim; a failure plans the next attempt with backoff until 72 h after the
     * event, then gives up (recorded on the last attempt).
     */
    async deliver(job: WebhookJob): Promise<void> {
      const found = await findEndpointForDelivery(db, job.endpointId);
      const event = await findEvent(db, job.eventId);
      if (!found || found.keyRevoked || !event) return;
      if (await wasDelivered(db, event.id, found.endpoint.id)) return;
      await failInterrupted(
        db,
        event.id,
        found.endpoint.id,
        new Date(now().getTime() - INTERRUPTED_AFTER_MS),
      );
      const row = await attempt(event, found.endpoint, false);
      if (!row || row.outcome === 'delivered') return;
      const next = new Date(row.startedAt.getTime() + backoffMs(row.attempt, random()));
      if (next.getTime() > event.createdAt.getTime() + WEBHOOK_RETRY_WINDOW_MS) {
        await planAttempt(db, row.id, { nextAttemptAt: null, gaveUp: true });
        deps.log.warn(
          { eventId: event.id, endpointId: found.endpoint.id, attempts: row.attempt },
          'webhook delivery given up after 72 h',
        );
        return;
      }
      await planAttempt(db, row.id, { nextAttemptAt: next, gaveUp: false });
      await deps.jobs.send(WEBHOOK_QUEUE, job, {
        startAfter: next,
        singletonKey: `${event.id}:${found.endpoint.id}:${row.attempt + 1}`,
      });
    },

    /** The key's owner acting on the API keys page: their own key of an approved business. */
    async ownerScope(
      caller: { userId: string; ip: string },
      keyId: string,
      change: boolean,
    ): Promise<KeyScope> {
      const business = await findBusiness(db, caller.userId);
      if (!business) throw notFound('BUSINESS_NOT_FOUND');
      if (business.status !== 'approved') throw new AppError('BUSINESS_NOT_APPROVED', 403);
      const key = await findApiKey(db, keyId, caller.userId);
      if (!key) throw notFound('API_KEY_NOT_FOUND');
      if (change && key.revokedAt) throw new AppError('API_KEY_REVOKED', 409);
      return { userId: caller.userId, keyId, ip: caller.ip };
    },
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
