import type { DbHandle } from '@permuta/db';

/**
 * One payout of an order at a time, from "what does the exchange know" to "what the database
 * says": two runs that both found no withdrawal would both apply one.
 *
 * - In this process: a queue per order (waiters hold no database connection).
 * - Across instances on PostgreSQL: a session advisory lock on a connection of the pool, held for
 *   the run. If the process dies, its session ends and the lock goes with it.
 * PGlite is embedded: one process owns the database, so the in-process queue is the whole lock.
 * The queues are kept per database, so every service on one database shares them.
 */
export interface PayoutLock {
  run<T>(orderId: string, work: () => Promise<T>): Promise<T>;
}

export class PayoutLockBusyError extends Error {
  override name = 'PayoutLockBusyError';
  constructor(orderId: string, waitedMs: number) {
    super(`the payout of order ${orderId} stayed locked by another instance for ${waitedMs} ms`);
  }
}

const queuesByDatabase = new WeakMap<object, Map<string, Promise<void>>>();

function queuesOf(handle: DbHandle): Map<string, Promise<void>> {
  const key: object = handle.pglite ?? handle.pool ?? handle;
  let queues = queuesByDatabase.get(key);
  if (!queues) {
    queues = new Map();
    queuesByDatabase.set(key, queues);
  }
  return queues;
}

async function inProcess<T>(
  queues: Map<string, Promise<void>>,
  key: string,
  work: () => Promise<T>,
): Promise<T> {
  const previous = queues.get(key) ?? Promise.resolve();
  let release!: () => void;
  const mine = new Promise<void>((resolve) => {
    release = resolve;
  });
  const tail = previous.then(() => mine);
  queues.set(key, tail);
  await previous;
  try {
    return await work();
  } finally {
    release();
    if (queues.get(key) === tail) queues.delete(key);
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createPayoutLock(
  handle: DbHandle,
  options: { waitMs?: number; pollMs?: number } = {},
): PayoutLock {
  const queues = queuesOf(handle);
  const waitMs = options.waitMs ?? 60_000;
  const pollMs = options.pollMs ?? 200;
  const pool = handle.kind === 'postgres' ? handle.pool : undefined;

  async function acrossInstances<T>(orderId: string, work: () => Promise<T>): Promise<T> {
    if (!pool) return work();
    const key = `payout:${orderId}`;
    const client = await pool.connect();
    // An error of the lock's own queries leaves the connection in doubt: it is destroyed on
    // release (which also ends the session and frees the lock), never handed to someone else.
    let broken: Error | undefined;
    const query = async <R extends object>(text: string): Promise<R[]> => {
      try {
        return (await client.query<R>(text, [key])).rows;
      } catch (error) {
        broken = error instanceof Error ? error : new Error(String(error));
        throw error;
      }
    };
    try {
      const started = Date.now();
      for (;;) {
        const [row] = await query<{ locked: boolean }>(
          'SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS locked',
        );
        if (row?.locked) break;
        if (Date.now() - started >= waitMs) throw new PayoutLockBusyError(orderId, waitMs);
        await sleep(pollMs);
      }
      try {
        return await work();
      } finally {
        await query('SELECT pg_advisory_unlock(hashtextextended($1, 0))').catch(() => undefined);
      }
    } finally {
      client.release(broken);
    }
  }

  return {
    run: (orderId, work) => inProcess(queues, orderId, () => acrossInstances(orderId, work)),
  };
}
