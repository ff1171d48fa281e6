import { createRequire } from 'node:module';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { Db } from '@permuta/db';

type IncrCallback = Parameters<FastifyRateLimitStore['incr']>[1];
type ChildOptions = Parameters<FastifyRateLimitStore['child']>[0];

/**
 * The route part of a key, as the plugin's own Redis store builds it. (The plugin hands `child`
 * the route's merged limit options, the route under `routeInfo`; its types say the route.)
 */
function routePrefix(options: ChildOptions): string {
  const { routeInfo } = options as unknown as {
    routeInfo: { method: string | string[]; url: string };
  };
  const method = routeInfo.method;
  return `${Array.isArray(method) ? method.join(',') : method}${routeInfo.url}-`;
}

/**
 * Counts one request of `key` in the shared database and answers the count in the key's current
 * window and the milliseconds left in it. One upsert: a window that ended starts again at 1.
 * Row locks make concurrent requests of one key count one after the other, across instances.
 * The database's clock decides the windows, so instances with skewed clocks agree.
 */
export async function countRequest(
  db: Db,
  key: string,
  windowMs: number,
): Promise<{ current: number; ttl: number }> {
  const result = await db.execute<{ hits: number; ttl: number }>(sql`
    INSERT INTO request_counters AS c (key, hits, reset_at)
    VALUES (${key}, 1, now() + ${Math.trunc(windowMs)}::integer * interval '1 millisecond')
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN c.reset_at <= now() THEN 1 ELSE c.hits + 1 END,
      reset_at = CASE WHEN c.reset_at <= now() THEN excluded.reset_at ELSE c.reset_at END
    RETURNING hits, greatest(0, ceil(extract(epoch FROM reset_at - now()) * 1000))::integer AS ttl
  `);
  const row = result.rows[0]!;
  return { current: Number(row.hits), ttl: Number(row.ttl) };
}

/** Deletes the counters whose window ended; answers how many. */
export async function sweepRequestCounters(db: Db): Promise<number> {
  const result = await db.execute(sql`DELETE FROM request_counters WHERE reset_at <= now()`);
  const done = result as { affectedRows?: number; rowCount?: number | null };
  return done.rowCount ?? done.affectedRows ?? 0;
}

/** Sweeps at most this often per instance (each instance sweeps; deleting twice is harmless). */
export const SWEEP_INTERVAL_MS = 60_000;

interface DatabaseStoreShared {
  db: Db;
  onError: (error: unknown) => void;
  lastSweep: number;
  sweeping: Promise<void> | null;
}

/** @fastify/rate-limit store over the `request_counters` table (decision 050). */
export class DatabaseStore implements FastifyRateLimitStore {
  private readonly shared: DatabaseStoreShared;
  private readonly prefix: string;

  constructor(shared: DatabaseStoreShared, prefix = '') {
    this.shared = shared;
    this.prefix = prefix;
  }

  incr(key: string, callback: IncrCallback, timeWindow: number): void {
    countRequest(this.shared.db, this.prefix + key, timeWindow).then(
      (result) => callback(null, result),
      (error: Error) => callback(error),
    );
    this.maybeSweep();
  }

  child(options: ChildOptions): FastifyRateLimitStore {
    return new DatabaseStore(this.shared, this.prefix + routePrefix(options));
  }

  private maybeSweep() {
    const shared = this.shared;
    const now = Date.now();
    if (shared.sweeping || now - shared.lastSweep < SWEEP_INTERVAL_MS) return;
    shared.lastSweep = now;
    shared.sweeping = sweepRequestCounters(shared.db)
      .then(
        () => undefined,
        (error: unknown) => shared.onError(error),
      )
      .finally(() => {
        shared.sweeping = null;
      });
  }

  /** Waits for a sweep under way (before the database closes). */
  async settle(): Promise<void> {
    await this.shared.sweeping;
  }
}

export function createDatabaseStore(db: Db, onError: (error: unknown) => void): DatabaseStore {
  // the first sweep waits a full interval: a fresh process has nothing of its own to sweep
  return new DatabaseStore({ db, onError, lastSweep: Date.now(), sweeping: null });
}

/** The Redis store @fastify/rate-limit ships (not among its public exports). */
type RedisStoreCtor = new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: unknown,
  key?: string,
) => FastifyRateLimitStore;

export function createRedisStore(redis: unknown, keyPrefix: string): FastifyRateLimitStore {
  const require = createRequire(import.meta.url);
  const RedisStore = require('@fastify/rate-limit/store/RedisStore') as RedisStoreCtor;
  return new RedisStore(false, false, redis, keyPrefix);
}

/**
 * Fail open: when the store cannot count (database or Redis down), the request goes through
 * (the plugin's `skipOnError`) and the failure is logged, at most once every `quietMs` with the
 * number of failures in between, so that an outage does not write a line per request.
 */
export function failureLogger(log: FastifyBaseLogger, quietMs = 10_000) {
  let lastLogged = 0;
  let unlogged = 0;
  return (error: unknown) => {
    const now = Date.now();
    if (now - lastLogged < quietMs) {
      unlogged += 1;
      return;
    }
    log.error(
      { err: error, failuresNotLogged: unlogged },
      'rate limit store unavailable; requests are let through uncounted',
    );
    lastLogged = now;
    unlogged = 0;
  };
}

/** Wraps a store so that each failure of `incr` is reported to `onError` (then passed on). */
export class ReportingStore implements FastifyRateLimitStore {
  private readonly inner: FastifyRateLimitStore;
  private readonly onError: (error: unknown) => void;

  constructor(inner: FastifyRateLimitStore, onError: (error: unknown) => void) {
    this.inner = inner;
    this.onError = onError;
  }

  incr(key: string, callback: IncrCallback, timeWindow: number, max: number): void {
    this.inner.incr(
      key,
      (error, result) => {
        if (error) this.onError(error);
        callback(error, result);
      },
      timeWindow,
      max,
    );
  }

  child(options: ChildOptions): FastifyRateLimitStore {
    return new ReportingStore(this.inner.child(options), this.onError);
  }
}
