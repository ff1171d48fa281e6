import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;

/**
 * What `db.execute(sql...)` returns on either driver: both node-postgres' `QueryResult` and
 * PGlite's `Results` carry the rows in `.rows`.
 */
export interface DbQueryResultHKT extends PgQueryResultHKT {
  type: DbQueryResult<this['row']>;
}

export interface DbQueryResult<TRow> {
  rows: TRow[];
}

/** The database, whatever the driver (PGlite or PostgreSQL). Services take `db: Db | Tx`. */
export type Db = PgDatabase<DbQueryResultHKT, Schema>;

/** A transaction handle (`db.transaction(async (tx) => ...)`); usable wherever a `Db` is. */
export type Tx = PgTransaction<DbQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export type DbKind = 'pglite' | 'postgres';

export interface DbHandle {
  db: Db;
  kind: DbKind;
  /** Resolves when the database answers `SELECT 1`; rejects otherwise. */
  ping(): Promise<void>;
  /** Closes the pool or PGlite (flushing its data dir). Safe to call twice. */
  close(): Promise<void>;
  /**
   * Listens to NOTIFY on each channel of `handlers` (see Listening). Resolves once listening;
   * the answer stops it.
   */
  listen(handlers: NotificationHandlers, onState?: (listening: boolean) => void): Promise<Unlisten>;
  /** Present when `kind === 'pglite'` (e.g. for pg-boss `fromPglite`). */
  pglite?: PGlite;
  /** Present when `kind === 'postgres'`. */
  pool?: pg.Pool;
}

/** What to do with a notification's payload, by channel. */
export type NotificationHandlers = Record<string, (payload: string) => void>;
export type Unlisten = () => Promise<void>;

/**
 * Listening: PGlite delivers its own notifications with the result of the statement that
 * committed them. On PostgreSQL a connection of its own (outside the pool) listens; when it is
 * lost, `onState(false)` is called at once (notifications may have been missed from then on) and
 * it connects again, every second, until it listens again (`onState(true)`).
 */
const RELISTEN_MS = 1000;

export interface CreateDbOptions {
  /** PostgreSQL connection string; when set, PostgreSQL is used and `dataDir` is ignored. */
  databaseUrl?: string;
  /** PGlite data folder (created if missing); `':memory:'` or `memory://...` for in-memory. */
  dataDir: string;
  /**
   * In-memory PGlite only: start from this data dir (a `dumpDataDir()` tarball) instead of an
   * empty cluster; tests load a migrated template this way rather than migrating each database.
   */
  loadDataDir?: Blob;
}

export function isInMemoryDataDir(dataDir: string): boolean {
  return dataDir === ':memory:' || dataDir.startsWith('memory://');
}

/** Opens the database: PostgreSQL when `databaseUrl` is given, otherwise PGlite in `dataDir`. */
export async function createDb(options: CreateDbOptions): Promise<DbHandle> {
  if (options.databaseUrl) return createPostgresDb(options.databaseUrl);
  return createPgliteDb(options.dataDir, options.loadDataDir);
}

async function createPostgresDb(databaseUrl: string): Promise<DbHandle> {
  const pool = new pg.Pool({ connectionString: databaseUrl });
  // An idle client losing its connection emits 'error' on the pool; without a listener that
  // crashes the process. The next query gets a fresh connection (or fails and is reported there).
  pool.on('error', (error) => {
    console.warn(`[db] idle PostgreSQL connection error: ${error.message}`);
  });
  const db: Db = drizzleNodePg({ client: pool, schema });
  let closing: Promise<void> | undefined;
  return {
    db,
    kind: 'postgres',
    pool,
    async ping() {
      await pool.query('SELECT 1');
    },
    close() {
      closing ??= pool.end();
      return closing;
    },
    listen: (handlers, onState) => listenPostgres(databaseUrl, handlers, onState),
  };
}

async function listenPostgres(
  databaseUrl: string,
  handlers: NotificationHandlers,
  onState: (listening: boolean) => void = () => undefined,
): Promise<Unlisten> {
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  // told on a change only: a retry that fails again while not listening says nothing new
  let listening = false;
  const report = (on: boolean) => {
    if (on === listening) return;
    listening = on;
    onState(on);
  };
  const attempt = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: databaseUrl });
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      if (client === next) client = null;
      void next.end().catch(() => undefined);
      if (stopped) return;
      report(false);
      retry = setTimeout(() => {
        retry = null;
        void attempt();
      }, RELISTEN_MS);
    };
    next.on('error', onLost);
    next.on('end', onLost);
    next.on('notification', (message) => {
      handlers[message.channel]?.(message.payload ?? '');
    });
    client = next;
    try {
      await next.connect();
      for (const channel of Object.keys(handlers)) {
        await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      }
    } catch {
      onLost();
      return;
    }
    if (!stopped) report(true);
  };
  // the first attempt, failed or not: a failed one tries again in the background
  await attempt();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const current = client;
    client = null;
    await current?.end().catch(() => undefined);
  };
}

async function createPgliteDb(dataDir: string, loadDataDir?: Blob): Promise<DbHandle> {
  let pglite: PGlite;
  if (isInMemoryDataDir(dataDir)) {
    pglite = await PGlite.create(loadDataDir ? { loadDataDir } : undefined);
  } else {
    if (loadDataDir) throw new Error('createDb: loadDataDir is for in-memory PGlite only');
    mkdirSync(dataDir, { recursive: true });
    pglite = await PGlite.create(dataDir);
  }
  const db: Db = drizzlePglite({ client: pglite, schema });
  let closing: Promise<void> | undefined;
  return {
    db,
    kind: 'pglite',
    pglite,
    async ping() {
      await pglite.query('SELECT 1');
    },
    close() {
      closing ??= pglite.closed ? Promise.resolve() : pglite.close();
      return closing;
    },
    async listen(handlers, onState) {
      const stops = await Promise.all(
        Object.entries(handlers).map(([channel, handler]) => pglite.listen(channel, handler)),
      );
      onState?.(true);
      return async () => {
        if (pglite.closed) return;
        await Promise.all(stops.map((stop) => stop()));
      };
    },
  };
}
