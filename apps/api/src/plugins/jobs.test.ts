import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@permuta/db';
import { buildTestApp } from '../../test/build-test-app.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import database from './database.ts';
import jobs from './jobs.ts';

/** Another process on the same database: only the database and jobs plugins, workers on. */
async function instance(handle: DbHandle): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  await app.register(database, { handle, ownsHandle: false });
  await app.register(jobs, {
    workers: true,
    pollingIntervalSeconds: 0.5,
    cronMonitorIntervalSeconds: 1,
    stopTimeoutMs: 2000,
  });
  await app.ready();
  return app;
}

async function until(check: () => boolean | Promise<boolean>, ms = 8000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ seed: false });
});
afterAll(async () => t.close());

describe('background jobs (workers off, driven by drain)', () => {
  it('keeps a job sent in a committed transaction and none from a rolled-back one', async () => {
    const seen: unknown[] = [];
    await t.app.jobs.work<{ n: number }>('test-tx', async (data) => {
      seen.push(data);
    });

    await t.app.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT 1`);
      await t.app.jobs.send('test-tx', { n: 1 }, { db: tx });
    });
    await expect(
      t.app.db.transaction(async (tx) => {
        await t.app.jobs.send('test-tx', { n: 2 }, { db: tx });
        throw new Error('business rule failed');
      }),
    ).rejects.toThrow('business rule failed');

    const queued = await t.app.jobs.queued('test-tx');
    expect(queued.map((job) => job.data)).toEqual([{ n: 1 }]);
    expect(seen).toEqual([]); // workers off: nothing runs on its own

    expect(await t.app.jobs.drain('test-tx')).toBe(1);
    expect(seen).toEqual([{ n: 1 }]);
    expect(await t.app.jobs.queued('test-tx')).toEqual([]);
    expect(await t.app.jobs.drain('test-tx')).toBe(0);
  });

  it('runs a deferred job only when asked to include deferred jobs', async () => {
    const seen: unknown[] = [];
    await t.app.jobs.work<{ order: string }>('test-deferred', async (data) => {
      seen.push(data);
    });
    const inAnHour = new Date(Date.now() + 3600_000);
    await t.app.jobs.send('test-deferred', { order: 'a' }, { startAfter: inAnHour });

    expect(await t.app.jobs.drain('test-deferred')).toBe(0);
    expect(await t.app.jobs.drain('test-deferred', { includeDeferred: true })).toBe(1);
    expect(seen).toEqual([{ order: 'a' }]);
  });

  it('leaves a failed job to be retried, and fails it for good after its retries', async () => {
    let calls = 0;
    await t.app.jobs.work(
      'test-failing',
      async () => {
        calls += 1;
        throw new Error('remote service down');
      },
      { retryLimit: 2, retryDelaySeconds: 60 },
    );
    await t.app.jobs.send('test-failing', {});

    expect(await t.app.jobs.drain('test-failing')).toBe(1);
    const [retry] = await t.app.jobs.queued('test-failing');
    expect(retry).toMatchObject({ state: 'retry' });
    expect(retry!.startAfter.getTime()).toBeGreaterThan(Date.now() + 10_000); // backoff
    expect(await t.app.jobs.drain('test-failing')).toBe(0); // not due yet

    // The two remaining attempts, then nothing is left queued: failed, kept, not lost.
    expect(await t.app.jobs.drain('test-failing', { includeDeferred: true })).toBe(2);
    expect(calls).toBe(3);
    expect(await t.app.jobs.queued('test-failing')).toEqual([]);
    const failed = await t.handle.db.execute<{ state: string }>(
      sql`SELECT state::text AS state FROM pgboss.job WHERE name = 'test-failing'`,
    );
    expect(failed.rows).toEqual([{ state: 'failed' }]);
  });

  it('keeps one queued job per key on a keyed queue and refuses keys on a standard one', async () => {
    await t.app.jobs.define('test-keyed', { policy: 'short' });
    const first = await t.app.jobs.send('test-keyed', { order: 'x' }, { singletonKey: 'x' });
    const again = await t.app.jobs.send('test-keyed', { order: 'x' }, { singletonKey: 'x' });
    const other = await t.app.jobs.send('test-keyed', { order: 'y' }, { singletonKey: 'y' });
    expect(first).toEqual(expect.any(String));
    expect(again).toBeNull();
    expect(other).toEqual(expect.any(String));

    await t.app.jobs.define('test-standard');
    await expect(t.app.jobs.send('test-standard', {}, { singletonKey: 'x' })).rejects.toThrow(
      /singletonKey/,
    );
  });

  it('lets a module declare its schedule before its worker', async () => {
    const seen: unknown[] = [];
    await t.app.jobs.schedule('test-nightly', '0 3 * * *', { kind: 'nightly' });
    await t.app.jobs.work(
      'test-nightly',
      async (data) => {
        seen.push(data);
      },
      { retryLimit: 1 },
    );
    // A test runs a scheduled queue's work by sending one job and draining it.
    await t.app.jobs.send('test-nightly', { kind: 'nightly' });
    expect(await t.app.jobs.drain('test-nightly')).toBe(1);
    expect(seen).toEqual([{ kind: 'nightly' }]);
    await expect(t.app.jobs.define('test-nightly', { retryLimit: 3 })).rejects.toThrow(
      /other options/,
    );
  });

  it('refuses to send to a queue nobody defined', async () => {
    await expect(t.app.jobs.send('test-nobody', {})).rejects.toThrow(/not defined/);
  });

  it('installs its own schema beside the migrations and stays ready', async () => {
    const ready = await t.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().migrations.applied).toBe(ready.json().migrations.expected);
    const schemas = await t.handle.db.execute<{ name: string }>(
      sql`SELECT schema_name AS name FROM information_schema.schemata WHERE schema_name IN ('pgboss', 'drizzle') ORDER BY 1`,
    );
    expect(schemas.rows.map((row) => row.name)).toEqual(['drizzle', 'pgboss']);
  });
});

describe('background jobs (workers on)', () => {
  let a: FastifyInstance;
  let b: FastifyInstance;
  beforeAll(async () => {
    a = await instance(t.handle);
    b = await instance(t.handle);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('runs a committed job within about a second, with no drain', async () => {
    const done: unknown[] = [];
    await a.jobs.work<{ n: number }>('test-live', async (data) => {
      done.push(data);
    });
    const started = Date.now();
    await a.db.transaction(async (tx) => {
      await a.jobs.send('test-live', { n: 7 }, { db: tx });
    });
    await until(() => done.length === 1);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(done).toEqual([{ n: 7 }]);
  });

  it('retries a failed job on its own after the backoff delay', async () => {
    let calls = 0;
    await a.jobs.work(
      'test-live-retry',
      async () => {
        calls += 1;
        if (calls === 1) throw new Error('first attempt fails');
      },
      { retryDelaySeconds: 1, retryBackoff: false },
    );
    await a.jobs.send('test-live-retry', {});
    await until(() => calls === 2);
    await until(async () => (await a.jobs.queued('test-live-retry')).length === 0);
  });

  it('has several instances on one database run each job exactly once', async () => {
    const runs = new Map<number, string[]>();
    const handler = (who: string) => async (data: { n: number }) => {
      runs.set(data.n, [...(runs.get(data.n) ?? []), who]);
      await new Promise((resolve) => setTimeout(resolve, 20));
    };
    await a.jobs.work('test-shared', handler('a'));
    await b.jobs.work('test-shared', handler('b'));
    for (let n = 0; n < 30; n += 1) await a.jobs.send('test-shared', { n });
    await until(() => runs.size === 30, 15_000);
    await new Promise((resolve) => setTimeout(resolve, 600)); // a second run would show by now
    expect([...runs.values()].every((who) => who.length === 1)).toBe(true);
    expect(new Set([...runs.values()].flat())).toEqual(new Set(['a', 'b']));
  });

  it(
    'fires a cron schedule once per occurrence across instances',
    { timeout: 60_000 },
    async () => {
      // counted per minute: start early in a minute, so that no minute begins while the test waits
      // (the new minute's occurrence would fire at a later cron pass than the count expects)
      const second = (Date.now() % 60_000) / 1000;
      if (second > 30) await new Promise((resolve) => setTimeout(resolve, (61 - second) * 1000));
      const fired: string[] = [];
      await a.jobs.work('test-cron', async () => {
        fired.push('a');
      });
      await b.jobs.work('test-cron', async () => {
        fired.push('b');
      });
      const firstMinute = Math.floor(Date.now() / 60_000);
      // Both instances declare the same schedule, as every instance of the app does at start.
      await a.jobs.schedule('test-cron', '* * * * *', { kind: 'tick' });
      await b.jobs.schedule('test-cron', '* * * * *', { kind: 'tick' });
      await until(() => fired.length >= 1, 15_000);
      await new Promise((resolve) => setTimeout(resolve, 3000)); // several more cron passes
      const minutes = Math.floor(Date.now() / 60_000) - firstMinute + 1;
      expect(fired.length).toBe(minutes);
    },
  );

  it('stops its workers on close without waiting for the polling interval', async () => {
    const c = await instance(t.handle);
    let finished = false;
    await c.jobs.work('test-closing', async () => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      finished = true;
    });
    await c.jobs.send('test-closing', {});
    await until(async () => (await c.jobs.queued('test-closing')).length === 0);
    const started = Date.now();
    await c.close();
    expect(Date.now() - started).toBeLessThan(2500);
    expect(finished).toBe(true); // the running job was allowed to finish
  });
});
