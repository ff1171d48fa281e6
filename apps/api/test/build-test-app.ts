import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import type { ProvidedContext } from 'vitest';
import { createDb, migrate, seedDemoData } from '@permuta/db';
import type { DbHandle } from '@permuta/db';
import { buildApp } from '../src/app.ts';
import type { BuildAppOptions } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { startDemoProvidersIf } from '../src/demo/demo-gate.ts';
import type { DemoProviders } from '../src/demo/demo-providers.ts';
import type { AppConfig } from '../src/config.ts';
import { SmtpCatcher } from './smtp-catcher.ts';

export interface TestApp {
  app: FastifyInstance;
  handle: DbHandle;
  config: AppConfig;
  /** every e-mail the app sent, received over real SMTP */
  mail: SmtpCatcher;
  /** the demo's fake providers, when env says DEMO_PROVIDERS=true (started as the server does) */
  demo: DemoProviders | null;
  close: () => Promise<void>;
}

/**
 * A fresh database per call: in-memory PGlite by default, or a new PostgreSQL database on the
 * server of TEST_DATABASE_URL (created for this test file, dropped at close). Migrated and, unless
 * told otherwise, seeded with the demo catalogue. Both are copies of a database the project's
 * global set-up migrated once (apps/api/test/database-template.ts); run outside that set-up,
 * each is migrated here.
 */
export async function openTestDatabase(): Promise<{ handle: DbHandle; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const loadDataDir = pgliteTemplate();
    const handle = await createDb({ dataDir: 'memory://', loadDataDir });
    if (!loadDataDir) await migrate(handle);
    return { handle, drop: async () => handle.close() };
  }
  const name = `permuta_test_${randomBytes(6).toString('hex')}`;
  const template = injected('postgresTemplate');
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    // WAL_LOG (the default) copies block by block; FILE_COPY would force checkpoints
    await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
    // a test database needs no durability: commits need not wait for the WAL flush
    await admin.query(`ALTER DATABASE ${name} SET synchronous_commit = off`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await createDb({ databaseUrl: url.toString(), dataDir: 'unused' });
  if (!template) await migrate(handle);
  return {
    handle,
    drop: async () => {
      await handle.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/**
 * A new, empty database (not migrated) on the server of TEST_DATABASE_URL, for a restore to
 * fill: its URL, and `drop` to remove it at the end of the file.
 */
export async function newPostgresDatabase(
  prefix = 'permuta_restore',
): Promise<{ url: string; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('newPostgresDatabase needs TEST_DATABASE_URL');
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const run = async (statement: string) => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query(statement);
    } finally {
      await admin.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/**
 * The database of another test app, opened again as a second instance would: its own pool on
 * PostgreSQL; the same handle on PGlite (one process holds it). Closing it leaves the database.
 */
async function reopenTestDatabase(
  of: DbHandle,
): Promise<{ handle: DbHandle; drop: () => Promise<void> }> {
  const url = of.pool?.options.connectionString;
  if (!url) return { handle: of, drop: async () => {} };
  const handle = await createDb({ databaseUrl: url, dataDir: 'unused' });
  return { handle, drop: () => handle.close() };
}

/** A value the global set-up provided, or undefined when running without it. */
function injected<K extends 'pgliteTemplateFile' | 'postgresTemplate'>(
  key: K,
): ProvidedContext[K] | undefined {
  try {
    return inject(key);
  } catch {
    return undefined;
  }
}

/** The migrated PGlite data dir, read once per test file (about 40 MB, uncompressed). */
let pgliteTemplateBlob: Blob | null | undefined;
function pgliteTemplate(): Blob | undefined {
  if (pgliteTemplateBlob === undefined) {
    const file = injected('pgliteTemplateFile');
    pgliteTemplateBlob = file ? new Blob([readFileSync(file)]) : null;
  }
  return pgliteTemplateBlob ?? undefined;
}

/** Test apps not closed yet: the API suite checks the ledger's invariants on each after every test. */
export const openTestApps = new Set<TestApp>();

export async function buildTestApp(
  options: {
    seed?: boolean;
    env?: Record<string, string>;
    app?: BuildAppOptions;
    /**
     * Another instance on the database of this test app (two instances behind one balancer): its
     * own pool on PostgreSQL, the same PGlite; not seeded again. Close it before `sameDatabaseAs`.
     */
    sameDatabaseAs?: TestApp;
  } = {},
): Promise<TestApp> {
  const { handle, drop } = options.sameDatabaseAs
    ? await reopenTestDatabase(options.sameDatabaseAs.handle)
    : await openTestDatabase();
  if (options.seed !== false && !options.sameDatabaseAs) await seedDemoData(handle.db);
  const mail = await new SmtpCatcher().start();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: 'memory://',
    RATE_LIMIT_PER_MINUTE: '100000',
    SMTP_URL: mail.url,
    AUTH_SECRET: 'test-secret-0123456789abcdefghijklmnopqrstuvwxyz',
    // Background workers off: tests run jobs with app.jobs.drain(queue); pass
    // env: { JOBS_WORKERS: 'true' } for real workers and cron schedules.
    JOBS_WORKERS: 'false',
    ...options.env,
  });
  // the development demo's fakes, started and wired the way main.ts does (decision 045)
  const demo = await startDemoProvidersIf(config);
  const app = await buildApp(config, { db: handle, serveWeb: false, demo, ...options.app });
  await app.ready();
  if (demo) {
    await demo.prepare(app);
    // the fake PSP's webhooks need the app on a port
    demo.listening(await app.listen({ port: 0, host: '127.0.0.1' }));
  }
  const testApp: TestApp = {
    app,
    handle,
    config,
    mail,
    demo,
    close: async () => {
      openTestApps.delete(testApp);
      await app.close();
      await mail.stop();
      await drop();
    },
  };
  openTestApps.add(testApp);
  return testApp;
}
