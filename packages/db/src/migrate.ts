import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { DbHandle } from './client.ts';

/** The folder drizzle-kit writes to, resolved from this file so any working directory works. */
export const migrationsFolder = join(import.meta.dirname, '..', 'migrations');

/** Where drizzle's migrator records what it applied (its defaults). */
const MIGRATIONS_SCHEMA = 'drizzle';
const MIGRATIONS_TABLE = '__drizzle_migrations';

/** Session-level advisory lock key held while migrating PostgreSQL (an arbitrary constant). */
export const MIGRATION_LOCK_KEY = '8243120507419123969';

export interface MigrationStatus {
  /** Migrations recorded in the database. */
  applied: number;
  /** Migrations shipped with this build (meta/_journal.json). */
  expected: number;
}

interface Journal {
  entries: { idx: number; tag: string; when: number }[];
}

let expectedCount: number | undefined;

function readExpectedCount(): number {
  if (expectedCount === undefined) {
    const journal = JSON.parse(
      readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
    ) as Journal;
    expectedCount = journal.entries.length;
  }
  return expectedCount;
}

/**
 * Applies every pending migration. On PostgreSQL an advisory lock serialises instances that
 * start together: the second waits, then finds nothing left to apply. `folder` (tests) applies
 * another folder's migrations, e.g. only the first ones, to test a later one on old data.
 */
export async function migrate(
  handle: DbHandle,
  { folder = migrationsFolder }: { folder?: string } = {},
): Promise<void> {
  const migrationsFolder = folder;
  if (handle.kind === 'pglite') {
    if (!handle.pglite) throw new Error('migrate: PGlite handle without its client');
    await migratePglite(drizzlePglite({ client: handle.pglite }), { migrationsFolder });
    return;
  }
  if (!handle.pool) throw new Error('migrate: PostgreSQL handle without its pool');
  const client = await handle.pool.connect();
  let released = false;
  try {
    await client.query('SELECT pg_advisory_lock($1::bigint)', [MIGRATION_LOCK_KEY]);
    try {
      await migrateNodePg(drizzleNodePg({ client }), { migrationsFolder });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1::bigint)', [MIGRATION_LOCK_KEY]);
    }
  } catch (error) {
    // A broken connection must not go back to the pool (nor keep the lock).
    client.release(error instanceof Error ? error : true);
    released = true;
    throw error;
  } finally {
    if (!released) client.release();
  }
}

/** How many migrations are applied versus shipped: the readiness probe's input. */
export async function migrationStatus(handle: DbHandle): Promise<MigrationStatus> {
  const expected = readExpectedCount();
  const table = `${MIGRATIONS_SCHEMA}.${MIGRATIONS_TABLE}`;
  const exists = await handle.db.execute<{ present: boolean }>(
    sql`SELECT to_regclass(${table}) IS NOT NULL AS present`,
  );
  if (!exists.rows[0]?.present) return { applied: 0, expected };
  const counted = await handle.db.execute<{ applied: number }>(
    sql`SELECT count(*)::int AS applied FROM ${sql.identifier(MIGRATIONS_SCHEMA)}.${sql.identifier(MIGRATIONS_TABLE)}`,
  );
  return { applied: Number(counted.rows[0]?.applied ?? 0), expected };
}
