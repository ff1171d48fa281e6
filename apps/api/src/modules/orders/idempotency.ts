import { createHash } from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { idempotencyKeys } from '@permuta/db';
import type { Db, Tx } from '@permuta/db';
import { AppError, badRequest } from '../../lib/app-error.ts';

/**
 * `Idempotency-Key` for order creation (table idempotency_keys, one key space per customer):
 * - the first request claims the key (a row without an answer) in its own short statement;
 * - its answer is stored in the same transaction that creates the order, so a committed order
 *   always has its answer and a rolled-back one leaves nothing;
 * - same key + same request replays the stored answer (status and body);
 * - same key + another request: 422 IDEMPOTENCY_KEY_REUSED;
 * - same key while the first is still running: 409 IDEMPOTENCY_IN_PROGRESS;
 * - a request that fails releases its key (nothing was created, a retry runs again);
 * - keys expire after 24 h; a claim left behind by a crashed process is taken over after
 *   ABANDONED_MS.
 */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
export const ABANDONED_MS = 2 * 60 * 1000;

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** The header's key, or undefined without one; 400 for a key that is not 1 to 255 visible ASCII characters. */
export function idempotencyKeyOf(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || !KEY_PATTERN.test(value)) {
    throw badRequest('BAD_REQUEST', {}, { 'Idempotency-Key': 'field.invalid' });
  }
  return value;
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([k, v]) => [k, canonical(v)]),
    );
  }
  return value;
}

/** SHA-256 of the method, path and body (keys sorted), hex. */
export function requestHash(method: string, path: string, body: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify([method.toUpperCase(), path, canonical(body)]))
    .digest('hex');
}

export type Claim = { kind: 'claimed' } | { kind: 'replay'; status: number; body: unknown };

/** Claims `key` for this request, or tells what to answer instead (see the module comment). */
export async function claimIdempotencyKey(
  db: Db,
  input: { userId: string; key: string; hash: string; now: Date },
): Promise<Claim> {
  const { userId, key, hash, now } = input;
  const mine = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));
  // Expired keys, and claims of a request that died half-way, are free again.
  await db
    .delete(idempotencyKeys)
    .where(
      and(
        mine,
        or(
          sql`${idempotencyKeys.expiresAt} <= ${now.toISOString()}::timestamptz`,
          and(
            isNull(idempotencyKeys.responseStatus),
            lt(idempotencyKeys.createdAt, new Date(now.getTime() - ABANDONED_MS)),
          ),
        ),
      ),
    );
  const inserted = await db
    .insert(idempotencyKeys)
    .values({
      userId,
      key,
      requestHash: hash,
      createdAt: now,
      expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_MS),
    })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (inserted.length > 0) return { kind: 'claimed' };

  const [existing] = await db.select().from(idempotencyKeys).where(mine).limit(1);
  if (!existing) {
    // Released between our insert and this read: the first request failed; try once more.
    return claimIdempotencyKey(db, input);
  }
  if (existing.requestHash !== hash) throw new AppError('IDEMPOTENCY_KEY_REUSED', 422);
  if (existing.responseStatus === null) throw new AppError('IDEMPOTENCY_IN_PROGRESS', 409);
  return { kind: 'replay', status: existing.responseStatus, body: existing.responseBody };
}

/** Stores the answer of the claimed key, in the transaction that made it. */
export async function completeIdempotencyKey(
  tx: Tx,
  input: { userId: string; key: string; status: number; body: unknown },
): Promise<void> {
  await tx
    .update(idempotencyKeys)
    .set({ responseStatus: input.status, responseBody: input.body })
    .where(and(eq(idempotencyKeys.userId, input.userId), eq(idempotencyKeys.key, input.key)));
}

/** Frees a claimed key whose request failed (its answer was never stored). */
export async function releaseIdempotencyKey(
  db: Db,
  input: { userId: string; key: string },
): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.userId, input.userId),
        eq(idempotencyKeys.key, input.key),
        isNull(idempotencyKeys.responseStatus),
      ),
    );
}

/** Deletes expired keys (run by the expiry job). */
export async function deleteExpiredIdempotencyKeys(db: Db, now: Date): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(sql`${idempotencyKeys.expiresAt} <= ${now.toISOString()}::timestamptz`);
}
