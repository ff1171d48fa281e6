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
  /** Present when `kind === 'pglite'` (e.g. for pg-boss `fromPglite`). */
  pglite?: PGlite;
  /** Present when `kind === 'postgres'`. */
  pool?: pg.Pool;
}

export interface CreateDbOptions {
  /** PostgreSQL connection string; when set, PostgreSQL is used and `dataDir` is ignored. */
  databaseUrl?: string;
  /** PGlite data folder (created if missing); `':memory:'` or `memory://...` for in-memory. */
  dataDir: string;
}

export function isInMemoryDataDir(dataDir: string): boolean {
  return dataDir === ':memory:' || dataDir.startsWith('memory://');
}

/** Opens the database: PostgreSQL when `databaseUrl` is given, otherwise PGlite in `dataDir`. */
export async function createDb(options: CreateDbOptions): Promise<DbHandle> {
  if (options.databaseUrl) return createPostgresDb(options.databaseUrl);
  return createPgliteDb(options.dataDir);
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
  };
}

async function createPgliteDb(dataDir: string): Promise<DbHandle> {
  let pglite: PGlite;
  if (isInMemoryDataDir(dataDir)) {
    pglite = await PGlite.create();
  } else {
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
  };
}
