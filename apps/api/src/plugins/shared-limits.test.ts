import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-test-app.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { countRequest, sweepRequestCounters } from './rate-limit-store.ts';

/**
 * Two instances of the API on one database share one request budget per client address: in the
 * database by default, in Redis when REDIS_URL is set (decision 050). The Redis cases need the
 * Redis of TEST_REDIS_URL (default the machine's, 127.0.0.1:6379) and fail without it.
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

type StoreCase = { name: string; env: () => Record<string, string> };
const stores: StoreCase[] = [
  { name: 'the database', env: () => ({}) },
  {
    name: 'Redis',
    // a key prefix per app pair, so that parallel files and tests never share a counter
    env: () => ({ REDIS_URL, REDIS_KEY_PREFIX: `permuta-test:${randomUUID()}:` }),
  },
];

beforeAll(async () => {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0 });
  try {
    await redis.connect();
    expect(await redis.ping()).toBe('PONG');
  } catch (error) {
    throw new Error(`these tests need Redis at ${REDIS_URL}`, { cause: error });
  } finally {
    redis.disconnect();
  }
});

let opened: TestApp[] = [];
afterEach(async () => {
  // the second instance first: the first one drops the database
  for (const app of opened.reverse()) await app.close();
  opened = [];
});

async function pair(env: Record<string, string>, windowMs?: number): Promise<[TestApp, TestApp]> {
  // the database store on PGlite too (its default there is memory, one process)
  const app = {
    rateLimitStore: 'database' as const,
    ...(windowMs ? { rateLimitWindowMs: windowMs } : {}),
  };
  const a = await buildTestApp({ seed: false, env, app });
  opened.push(a);
  const b = await buildTestApp({ seed: false, env, app, sameDatabaseAs: a });
  opened.push(b);
  return [a, b];
}

const ask = (t: TestApp, ip = '198.51.100.7') =>
  t.app.inject({ method: 'GET', url: '/api/v1/tokens', remoteAddress: ip });

describe.each(stores)('the request rate limit on $name', (store) => {
  it('is one budget for two instances: requests spread across both get 429 once it is spent', async () => {
    const [a, b] = await pair({ ...store.env(), RATE_LIMIT_PER_MINUTE: '6' });
    const codes: number[] = [];
    for (let i = 0; i < 8; i++) codes.push((await ask(i % 2 === 0 ? a : b)).statusCode);
    expect(codes.slice(0, 6).every((code) => code !== 429)).toBe(true);
    expect(codes.slice(6)).toEqual([429, 429]);
    const refused = await ask(a);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // another address has its own budget, on either instance
    expect((await ask(b, '198.51.100.8')).statusCode).not.toBe(429);
  });

  it('lets exactly the budget through when 20 requests arrive at once on two instances', async () => {
    const [a, b] = await pair({ ...store.env(), RATE_LIMIT_PER_MINUTE: '10' });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => ask(i % 2 === 0 ? a : b)),
    );
    const passed = answers.filter((res) => res.statusCode !== 429).length;
    expect(passed).toBe(10);
  });

  it('gives the budget back at the next window, on both instances', async () => {
    const windowMs = 4_000;
    const [a, b] = await pair({ ...store.env(), RATE_LIMIT_PER_MINUTE: '3' }, windowMs);
    const first = await Promise.all([ask(a), ask(b), ask(a), ask(b)]);
    expect(first.filter((res) => res.statusCode === 429)).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, windowMs + 300));
    expect((await ask(b)).statusCode).not.toBe(429);
    expect((await ask(a)).statusCode).not.toBe(429);
  });

  it('shares the tighter limit of the sign-in route between instances too', async () => {
    // 100 a minute: identity routes get max(5, 100 / 20) = 5
    const [a, b] = await pair({ ...store.env(), RATE_LIMIT_PER_MINUTE: '100' });
    const signIn = (t: TestApp, i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/sign-in',
        remoteAddress: '198.51.100.9',
        payload: { email: `nobody${i}@example.com`, password: 'Wr0ng!pass-word' },
      });
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await signIn(i % 2 === 0 ? a : b, i)).statusCode);
    expect(codes.slice(0, 5).every((code) => code !== 429)).toBe(true);
    expect(codes[5]).toBe(429);
    // the route's budget is its own: the global one is untouched
    expect((await ask(b, '198.51.100.9')).statusCode).not.toBe(429);
  });
});

describe('the counters table', () => {
  it('is unlogged: one upsert per request writes no write-ahead log', async () => {
    const t = await buildTestApp({ seed: false });
    opened.push(t);
    const result = await t.app.db.execute<{ relpersistence: string }>(
      sql`SELECT relpersistence FROM pg_class WHERE relname = 'request_counters'`,
    );
    expect(result.rows[0]?.relpersistence).toBe('u');
  });

  it('holds the default counts on PostgreSQL; the embedded database counts in memory', async () => {
    const t = await buildTestApp({ seed: false });
    opened.push(t);
    expect((await ask(t)).statusCode).toBe(200);
    const counted = await t.app.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM request_counters`,
    );
    expect(Number(counted.rows[0]?.n)).toBe(t.handle.kind === 'postgres' ? 1 : 0);
  });

  it('loses the counters whose window ended at the sweep, and only those', async () => {
    const t = await buildTestApp({ seed: false });
    opened.push(t);
    await countRequest(t.app.db, 'ended', 1);
    await countRequest(t.app.db, 'running', 60_000);
    expect(await countRequest(t.app.db, 'running', 60_000)).toMatchObject({ current: 2 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await sweepRequestCounters(t.app.db)).toBe(1);
    const keys = await t.app.db.execute<{ key: string }>(sql`SELECT key FROM request_counters`);
    expect(keys.rows.map((row) => row.key)).toEqual(['running']);
  });
});

describe('a rate limit store that cannot count', () => {
  function capture() {
    const lines: { level: number; msg: string }[] = [];
    const logger = {
      level: 'error',
      stream: { write: (line: string) => lines.push(JSON.parse(line) as (typeof lines)[number]) },
    };
    return { lines, logger };
  }

  it('lets requests through and logs the failure when the database cannot count', async () => {
    const { lines, logger } = capture();
    const t = await buildTestApp({
      seed: false,
      env: { RATE_LIMIT_PER_MINUTE: '2' },
      app: { logger, rateLimitStore: 'database' },
    });
    opened.push(t);
    await t.app.db.execute(sql`ALTER TABLE request_counters RENAME TO request_counters_away`);
    try {
      const codes = [];
      for (let i = 0; i < 4; i++) codes.push((await ask(t)).statusCode);
      expect(codes).toEqual([200, 200, 200, 200]);
    } finally {
      await t.app.db.execute(sql`ALTER TABLE request_counters_away RENAME TO request_counters`);
    }
    const failures = lines.filter((line) => line.msg.startsWith('rate limit store unavailable'));
    // logged once, not once per request
    expect(failures).toHaveLength(1);
    // counting again once the store is back
    const codes = [];
    for (let i = 0; i < 3; i++) codes.push((await ask(t)).statusCode);
    expect(codes).toEqual([200, 200, 429]);
  });

  it('lets requests through and logs the failure when Redis is unreachable', async () => {
    const { lines, logger } = capture();
    const t = await buildTestApp({
      seed: false,
      // nothing listens on port 1
      env: { RATE_LIMIT_PER_MINUTE: '2', REDIS_URL: 'redis://127.0.0.1:1' },
      app: { logger },
    });
    opened.push(t);
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await ask(t)).statusCode);
    expect(codes).toEqual([200, 200, 200, 200]);
    expect(lines.some((line) => line.msg.startsWith('rate limit store unavailable'))).toBe(true);
  });
});

afterAll(async () => {
  for (const app of opened.reverse()) await app.close();
});
