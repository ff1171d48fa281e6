import type { Locale } from '@permuta/contracts';
import type { Db, Tx } from '@permuta/db';
import type { EmailTemplate } from './emails.ts';

/**
 * Background jobs (pg-boss on the app's database: PGlite embedded, or PostgreSQL). Implemented by
 * plugins/jobs.ts and decorated on the app as `app.jobs`. A job sent with `{ db: tx }` exists only
 * if that transaction commits, so a rolled-back order never sends mail or pays.
 *
 * A queue is defined (created in the database) by `work` or `define` while the app starts, before
 * any `send` to it: sending to a queue this process never defined throws. See
 * docs/decisions/007-jobs.md.
 */
export interface SendJobOptions {
  /** the business transaction to enqueue in (else the queue's own connection) */
  db?: Db | Tx;
  /** run no earlier than this */
  startAfter?: Date;
  /**
   * at most one queued job with this key per queue (e.g. an order id). Only on a queue defined
   * with a keyed `policy` (`short`, `exclusive`, `stately` or `singleton`); refused on a
   * `standard` queue, where pg-boss would ignore it.
   */
  singletonKey?: string;
  /** retries after the first failure (default: the queue's, 5) */
  retryLimit?: number;
}

/**
 * How a queue treats its jobs (pg-boss queue options), fixed when the queue is defined. Defaults:
 * `standard`, 5 retries, exponential backoff from 2 s up to 10 min, 15 min to finish a run.
 */
export interface QueueOptions {
  /**
   * `standard` (any number of jobs); `short`: one queued job per singletonKey; `exclusive`: one
   * queued or running job per key; `stately`: one per state per key; `singleton`: one running
   * job per key.
   */
  policy?: 'standard' | 'short' | 'exclusive' | 'stately' | 'singleton';
  /** retries after the first failure (default 5) */
  retryLimit?: number;
  /** seconds before the first retry (default 2); doubled each time with backoff */
  retryDelaySeconds?: number;
  /** exponential backoff with jitter (default true) */
  retryBackoff?: boolean;
  /** longest wait between retries with backoff (default 600) */
  retryDelayMaxSeconds?: number;
  /** a run taking longer is failed and retried (default 900) */
  expireInSeconds?: number;
  /** how long a finished job is kept in the database, for inspection (default 7 days) */
  keepFinishedSeconds?: number;
}

export type JobHandler<T> = (data: T) => Promise<void>;

export interface DrainOptions {
  /**
   * also run jobs not due yet: deferred ones (`startAfter`) and pending retries; a job that keeps
   * failing then runs until its retries are used up. Default false.
   */
  includeDeferred?: boolean;
}

export interface JobQueue {
  /** Enqueues one job; returns its id, or null when a singleton of that key is already queued. */
  send<T extends object>(queue: string, data: T, options?: SendJobOptions): Promise<string | null>;
  /**
   * Handles jobs of `queue` in this process (one at a time per queue), defining the queue first.
   * With workers off (JOBS_WORKERS=false, the tests' default) the handler only serves `drain`.
   */
  work<T extends object>(
    queue: string,
    handler: JobHandler<T>,
    options?: QueueOptions,
  ): Promise<void>;
  /** Defines (creates or updates) a queue without handling it here. */
  define(queue: string, options?: QueueOptions): Promise<void>;
  /**
   * Runs `queue` on a cron schedule (UTC; five fields, or six with seconds first), once across
   * every instance; at most one job per minute. Replaces the queue's previous schedule.
   */
  schedule(queue: string, cron: string, data?: object): Promise<void>;
  /**
   * Tests and tools: fetch and run every job of `queue` that is due now, in this process, and
   * resolve when they are done; returns how many ran. Workers keep running as usual. A failing
   * job is logged and left to pg-boss's retries (drain does not throw).
   */
  drain(queue: string, options?: DrainOptions): Promise<number>;
  /** Tests and tools: the jobs of `queue` still waiting to run (created or retry). */
  queued(queue: string): Promise<QueuedJob[]>;
}

export interface QueuedJob {
  id: string;
  data: unknown;
  state: 'created' | 'retry';
  retryCount: number;
  startAfter: Date;
}

/** The one e-mail queue: the job renders the template and sends it through the mail adapter. */
export const EMAIL_QUEUE = 'email';

export interface EmailJob {
  to: string;
  locale: Locale;
  template: EmailTemplate;
}
