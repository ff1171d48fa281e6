import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import { PgBoss, fromDrizzle, fromPglite } from 'pg-boss';
import type { ConstructorOptions, JobResult, JobWithMetadata, Queue } from 'pg-boss';
import type { DbHandle } from '@permuta/db';
import type {
  DrainOptions,
  JobHandler,
  JobQueue,
  QueueOptions,
  QueuedJob,
  SendJobOptions,
} from '../lib/jobs.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Background jobs on the app's database (see lib/jobs.ts and docs/decisions/007-jobs.md). */
    jobs: JobQueue;
  }
}

export interface JobsPluginOptions {
  /** poll for jobs and run cron schedules and maintenance in this process (JOBS_WORKERS) */
  workers: boolean;
  /** the database; default: the one of the database plugin */
  handle?: DbHandle;
  /** seconds between two fetches of an idle worker, and the retry latency (default 1, min 0.5) */
  pollingIntervalSeconds?: number;
  /** seconds between two passes over the cron schedules (default 10, 1 to 45) */
  cronMonitorIntervalSeconds?: number;
  /** how long app.close() lets running jobs finish before failing them (retried later) */
  stopTimeoutMs?: number;
}

/** The schema pg-boss installs and migrates itself (our drizzle migrations never touch it). */
export const JOBS_SCHEMA = 'pgboss';

const NIL_UUID = '00000000-0000-0000-0000-000000000000';
const SEVEN_DAYS = 7 * 24 * 3600;
const DRAIN_BATCH = 20;
const WORKER_BATCH = 10;
/** a safety stop for drain() on a queue whose jobs keep enqueueing more of themselves */
const DRAIN_MAX_JOBS = 10_000;

function bossQueueOptions(options: QueueOptions): Omit<Queue, 'name'> {
  const backoff = options.retryBackoff ?? true;
  return {
    policy: options.policy ?? 'standard',
    retryLimit: options.retryLimit ?? 5,
    retryDelay: options.retryDelaySeconds ?? 2,
    retryBackoff: backoff,
    // pg-boss takes a maximum only with backoff
    ...(backoff ? { retryDelayMax: options.retryDelayMaxSeconds ?? 600 } : {}),
    expireInSeconds: options.expireInSeconds ?? 900,
    deleteAfterSeconds: options.keepFinishedSeconds ?? SEVEN_DAYS,
    // NOTIFY on insert wakes the instances that listen (workers on); harmless for the others.
    notify: true,
  };
}

function errorOutput(error: unknown): object {
  return error instanceof Error
    ? { name: error.name, message: error.message, stack: error.stack }
    : { message: String(error) };
}

interface Definition {
  options: Omit<Queue, 'name'>;
  ready: Promise<void>;
  /** defined with the defaults by schedule(); a later work()/define() may set the options */
  implicit: boolean;
}

/** The pg-boss instance for a database handle: its own pool on PostgreSQL, the PGlite itself. */
export function createBoss(
  handle: DbHandle,
  options: { workers: boolean; cronMonitorIntervalSeconds: number },
): PgBoss {
  const common: ConstructorOptions = {
    schema: JOBS_SCHEMA,
    migrate: true,
    // Timers only where jobs run: with workers off the instance just enqueues and drains.
    supervise: options.workers,
    schedule: options.workers,
    useListenNotify: options.workers,
    cronMonitorIntervalSeconds: options.cronMonitorIntervalSeconds,
    cronWorkerIntervalSeconds: 1,
  };
  if (handle.kind === 'pglite') {
    if (!handle.pglite) throw new Error('jobs: PGlite handle without its client');
    // PGlite has neither autovacuum statistics nor REINDEX CONCURRENTLY worth running.
    return new PgBoss({
      ...common,
      db: fromPglite(handle.pglite),
      backend: 'pglite',
      monitorVacuum: false,
      reindex: false,
    });
  }
  const connectionString = handle.pool?.options.connectionString;
  if (!connectionString) throw new Error('jobs: PostgreSQL handle without a connection string');
  return new PgBoss({
    ...common,
    connectionString,
    max: options.workers ? 4 : 2,
    application_name: 'permuta-jobs',
  });
}

/**
 * The JobQueue on a started pg-boss. `workers: false` registers handlers for drain() only.
 * Exported for tests that run several instances on one database.
 */
export function createJobQueue(
  boss: PgBoss,
  options: { workers: boolean; log: FastifyBaseLogger; pollingIntervalSeconds: number },
): JobQueue & { definitionsReady(): Promise<void> } {
  const { workers, log, pollingIntervalSeconds } = options;
  const definitions = new Map<string, Definition>();
  const handlers = new Map<string, JobHandler<object>>();

  async function createOrUpdate(queue: string, queueOptions: Omit<Queue, 'name'>) {
    await boss.createQueue(queue, queueOptions);
    const existing = await boss.getQueue(queue);
    if (existing && existing.policy !== queueOptions.policy) {
      log.warn(
        { queue, policy: existing.policy, wanted: queueOptions.policy },
        'job queue keeps the policy it was created with',
      );
    }
    const { policy: _policy, ...changeable } = queueOptions;
    await boss.updateQueue(queue, { retryDelayMax: null, ...changeable });
    // Loads the queue into pg-boss's cache now: a cache miss during send() would query through
    // pg-boss's own connection, which on PGlite waits forever behind the caller's transaction.
    await boss.findJobs(queue, { id: NIL_UUID });
  }

  function define(queue: string, queueOptions: QueueOptions = {}, implicit = false): Promise<void> {
    const wanted = bossQueueOptions(queueOptions);
    const known = definitions.get(queue);
    if (known && (implicit || !known.implicit)) {
      if (!implicit && JSON.stringify(known.options) !== JSON.stringify(wanted)) {
        throw new Error(`jobs: queue "${queue}" is already defined with other options`);
      }
      return known.ready;
    }
    const ready = (known?.ready ?? Promise.resolve()).then(() => createOrUpdate(queue, wanted));
    definitions.set(queue, { options: wanted, ready, implicit });
    return ready;
  }

  async function run(queue: string, job: JobWithMetadata<object>): Promise<void> {
    const handler = handlers.get(queue);
    if (!handler) throw new Error(`jobs: no handler for queue "${queue}"`);
    try {
      await handler(job.data);
    } catch (error) {
      const final = job.retryCount >= job.retryLimit;
      const details = {
        err: error,
        queue,
        jobId: job.id,
        attempt: job.retryCount + 1,
        retryLimit: job.retryLimit,
      };
      if (final) log.error(details, 'job failed for good; kept in the failed state');
      else log.warn(details, 'job failed; it will be retried');
      throw error;
    }
  }

  return {
    async definitionsReady() {
      await Promise.all([...definitions.values()].map((d) => d.ready));
    },

    define: async (queue, queueOptions) => define(queue, queueOptions),

    async work<T extends object>(
      queue: string,
      handler: JobHandler<T>,
      queueOptions?: QueueOptions,
    ): Promise<void> {
      if (handlers.has(queue)) throw new Error(`jobs: queue "${queue}" already has a handler`);
      handlers.set(queue, handler as JobHandler<object>);
      await define(queue, queueOptions);
      if (!workers) return;
      await boss.work(
        queue,
        {
          includeMetadata: true,
          perJobResults: true,
          // Up to WORKER_BATCH jobs per fetch, run one after the other; a full batch fetches again
          // at once (a backlog drains at full speed), a short one waits for the next poll.
          batchSize: WORKER_BATCH,
          burstWhenBatchFull: true,
          localConcurrency: 1,
          pollingIntervalSeconds,
          // With LISTEN/NOTIFY, retries and deferred jobs still wait for this poll.
          notifyPollingIntervalSeconds: pollingIntervalSeconds,
        },
        async (batch: JobWithMetadata<object>[]): Promise<JobResult[]> => {
          const results: JobResult[] = [];
          for (const job of batch) {
            try {
              await run(queue, job);
              results.push({ id: job.id, status: 'completed' });
            } catch (error) {
              results.push({ id: job.id, status: 'failed', output: errorOutput(error) });
            }
          }
          return results;
        },
      );
    },

    async send<T extends object>(
      queue: string,
      data: T,
      sendOptions: SendJobOptions = {},
    ): Promise<string | null> {
      const definition = definitions.get(queue);
      if (!definition) {
        throw new Error(
          `jobs: queue "${queue}" is not defined; call app.jobs.work() or define() at start-up`,
        );
      }
      if (sendOptions.singletonKey !== undefined && definition.options.policy === 'standard') {
        throw new Error(`jobs: queue "${queue}" is standard; singletonKey needs a keyed policy`);
      }
      await definition.ready;
      return boss.send(queue, data, {
        ...(sendOptions.db ? { db: fromDrizzle(sendOptions.db, sql) } : {}),
        ...(sendOptions.startAfter ? { startAfter: sendOptions.startAfter } : {}),
        ...(sendOptions.singletonKey !== undefined
          ? { singletonKey: sendOptions.singletonKey }
          : {}),
        ...(sendOptions.retryLimit !== undefined ? { retryLimit: sendOptions.retryLimit } : {}),
      });
    },

    async schedule(queue: string, cron: string, data?: object): Promise<void> {
      await define(queue, {}, true);
      await boss.schedule(queue, cron, data ?? null, { tz: 'UTC' });
    },

    async drain(queue: string, drainOptions: DrainOptions = {}): Promise<number> {
      if (!handlers.has(queue)) throw new Error(`jobs: no handler for queue "${queue}"`);
      await definitions.get(queue)?.ready;
      let ran = 0;
      while (ran < DRAIN_MAX_JOBS) {
        const jobs = await boss.fetch<object>(queue, {
          batchSize: DRAIN_BATCH,
          includeMetadata: true,
          ignoreStartAfter: drainOptions.includeDeferred ?? false,
        });
        if (jobs.length === 0) break;
        for (const job of jobs) {
          ran += 1;
          const attempt = { id: job.id, retryCount: job.retryCount };
          try {
            await run(queue, job);
          } catch (error) {
            await boss.fail(queue, attempt, errorOutput(error));
            continue;
          }
          await boss.complete(queue, attempt);
        }
      }
      return ran;
    },

    async queued(queue: string): Promise<QueuedJob[]> {
      await definitions.get(queue)?.ready;
      const jobs = await boss.findJobs<unknown>(queue, { queued: true });
      return jobs.map((job) => ({
        id: job.id,
        data: job.data,
        state: job.state as QueuedJob['state'],
        retryCount: job.retryCount,
        startAfter: new Date(job.startAfter),
      }));
    },
  };
}

async function settleWithin(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  try {
    await Promise.race([promise.then(() => undefined), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Starts pg-boss on the app's database (its own `pgboss` schema, installed or migrated on start)
 * and decorates `app.jobs`. Register after the database and mail plugins and before the feature
 * modules: on close, Fastify runs this plugin's onClose before theirs, so running jobs finish (or
 * are failed, to be retried) before the mailer and the database close.
 */
export default fp<JobsPluginOptions>(
  async (app, options) => {
    const handle = options.handle ?? app.dbHandle;
    const workers = options.workers;
    const boss = createBoss(handle, {
      workers,
      cronMonitorIntervalSeconds: options.cronMonitorIntervalSeconds ?? 10,
    });
    const log = app.log.child({ component: 'jobs' });
    boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
    boss.on('warning', (warning) => log.warn({ warning }, 'job queue warning'));
    await boss.start();

    const queue = createJobQueue(boss, {
      workers,
      log,
      pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1,
    });
    app.decorate('jobs', queue);

    // Every queue defined while the plugins loaded exists before the first request.
    app.addHook('onReady', async () => queue.definitionsReady());

    const stopTimeoutMs = options.stopTimeoutMs ?? 5000;
    app.addHook('onClose', async () => {
      try {
        // Bounded even if the database went away underneath (a stop then has nothing to wait for).
        await settleWithin(
          boss.stop({ graceful: true, timeout: stopTimeoutMs }),
          stopTimeoutMs + 2000,
        );
      } catch (error) {
        log.warn({ err: error }, 'job queue did not stop cleanly');
      }
    });
  },
  { name: 'jobs', dependencies: ['database'] },
);
