import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createDb } from './client.ts';
import type { DbHandle } from './client.ts';
import { migrate, migrationsFolder } from './migrate.ts';

/**
 * Test helpers (imported as `@permuta/db/testing`): fresh, migrated databases on in-memory
 * PGlite and, when `TEST_DATABASE_URL` is set, on a new PostgreSQL database of that server.
 */

export interface TestDatabase {
  handle: DbHandle;
  /** Closes the handle and, on PostgreSQL, drops the database. */
  drop(): Promise<void>;
}

export interface TestTarget {
  name: 'pglite' | 'postgres';
  open(options?: { migrate?: boolean }): Promise<TestDatabase>;
}

/** Creates an empty database `permuta_dbtest_<random>` on the server of `serverUrl`. */
export async function createPostgresTestDatabase(
  serverUrl: string,
  prefix = 'permuta_dbtest',
): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

async function openPglite(options?: { migrate?: boolean }): Promise<TestDatabase> {
  const handle = await createDb({ dataDir: 'memory://' });
  if (options?.migrate !== false) await migrate(handle);
  return { handle, drop: () => handle.close() };
}

async function openPostgres(
  serverUrl: string,
  options?: { migrate?: boolean },
): Promise<TestDatabase> {
  const database = await createPostgresTestDatabase(serverUrl);
  const handle = await createDb({ databaseUrl: database.url, dataDir: 'unused' });
  try {
    if (options?.migrate !== false) await migrate(handle);
  } catch (error) {
    await handle.close();
    await database.drop();
    throw error;
  }
  return {
    handle,
    drop: async () => {
      await handle.close();
      await database.drop();
    },
  };
}

/** PGlite always; PostgreSQL too when `TEST_DATABASE_URL` is set. */
export function testTargets(env: NodeJS.ProcessEnv = process.env): TestTarget[] {
  const targets: TestTarget[] = [{ name: 'pglite', open: openPglite }];
  const serverUrl = env.TEST_DATABASE_URL;
  if (serverUrl) targets.push({ name: 'postgres', open: (o) => openPostgres(serverUrl, o) });
  return targets;
}

export { databaseErrorOf } from './errors.ts';

interface Journal {
  entries: { tag: string }[];
}

/** A copy of the migrations folder that stops before the migration whose tag ends with `tag`. */
export function migrationsBefore(tag: string): string {
  const folder = mkdtempSync(join(tmpdir(), 'permuta-migrations-'));
  cpSync(migrationsFolder, folder, { recursive: true });
  const path = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(path, 'utf8')) as Journal;
  const at = journal.entries.findIndex((entry) => entry.tag.endsWith(tag));
  if (at < 0) throw new Error(`no migration ${tag}`);
  writeFileSync(path, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return folder;
}
