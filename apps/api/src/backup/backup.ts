import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, readFile, readdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { createDb, isInMemoryDataDir, migrate, migrationStatus } from '@permuta/db';
import { storageFromConfig } from '../adapters/storage/storage-from-config.ts';
import type { StorageConfig } from '../config.ts';
import { snapshotBlob, snapshotFromServer, snapshotPglite } from './pglite-snapshot.ts';

/**
 * Backups that restore (decision 051). A backup is one folder:
 *   manifest.json          what is in it, with a size and SHA-256 per part
 *   manifest.json.sha256   the manifest's own checksum
 *   database.dump          PostgreSQL: pg_dump's custom format (-Fc)
 *   database.tar.gz        embedded: PGlite's data folder (PostgreSQL's files only)
 *   files/<storage key>    every file the database references, read through the FileStorage
 */
export const MANIFEST = 'manifest.json';
export const MANIFEST_SUM = 'manifest.json.sha256';
export const FORMAT = 'permuta-backup';
export const VERSION = 1;

export interface ManifestFile {
  key: string;
  size: number;
  sha256: string;
}

export interface Manifest {
  format: typeof FORMAT;
  version: number;
  createdAt: string;
  database: {
    kind: 'postgres' | 'pglite';
    file: string;
    size: number;
    sha256: string;
    /** migrations applied in the backed-up database */
    migrations: number;
    /** PostgreSQL: the server's version (server_version) */
    serverVersion?: string;
  };
  files: ManifestFile[];
  /** keys the database references whose file the storage did not have when the backup ran */
  missingFiles: string[];
}

/** A refusal with a message for the operator (exit code 1, no stack). */
export class BackupError extends Error {
  override name = 'BackupError';
}

export interface Target {
  databaseUrl: string | undefined;
  dataDir: string;
  /** where its files live (STORAGE, S3_*); unset: the disk of `dataDir` */
  storage?: StorageConfig;
}

/** The files of `target`, as its server reads them (disk, or the S3 bucket of decision 049). */
const storageOf = (target: Target) =>
  storageFromConfig({ dataDir: target.dataDir, storage: target.storage ?? { kind: 'disk' } });

const run = promisify(execFile);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** `pg_dump (PostgreSQL) 15.20 (Debian ...)` -> 15 */
async function clientMajor(tool: 'pg_dump' | 'pg_restore'): Promise<number> {
  let stdout: string;
  try {
    ({ stdout } = await run(tool, ['--version']));
  } catch (error) {
    throw new BackupError(
      `${tool} was not found on PATH (${(error as Error).message.split('\n')[0]}); install the ` +
        `PostgreSQL client of the server's major version or newer (Debian: postgresql-client)`,
    );
  }
  const match = /\b(\d+)(?:\.\d+)?/.exec(stdout);
  if (!match) throw new BackupError(`could not read the version of ${tool}: ${stdout.trim()}`);
  return Number(match[1]);
}

/** Every storage key the database references: each `*storage_key` column of the public schema. */
async function referencedKeys(
  query: (text: string) => Promise<{ rows: Record<string, unknown>[] }>,
): Promise<string[]> {
  const columns = await query(
    `SELECT table_name, column_name FROM information_schema.columns
      WHERE table_schema = 'public' AND column_name LIKE '%storage\\_key'
      ORDER BY table_name, column_name`,
  );
  const keys = new Set<string>();
  for (const row of columns.rows) {
    const table = pg.escapeIdentifier(String(row.table_name));
    const column = pg.escapeIdentifier(String(row.column_name));
    const found = await query(
      `SELECT DISTINCT ${column} AS key FROM ${table} WHERE ${column} IS NOT NULL`,
    );
    for (const { key } of found.rows) keys.add(String(key));
  }
  return [...keys].sort();
}

async function assertEmptyFolder(folder: string, what: string): Promise<void> {
  try {
    const entries = await readdir(folder);
    if (entries.length > 0) throw new BackupError(`${what} ${folder} is not empty`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

async function dumpPostgres(
  databaseUrl: string,
  out: string,
): Promise<{ migrations: number; serverVersion: string; keys: string[] }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const version = await client.query<{ server_version: string; num: string }>(
      `SELECT current_setting('server_version') AS server_version,
              current_setting('server_version_num') AS num`,
    );
    const serverVersion = version.rows[0]!.server_version;
    const serverMajor = Math.floor(Number(version.rows[0]!.num) / 10000);
    const dumpMajor = await clientMajor('pg_dump');
    if (dumpMajor < serverMajor) {
      throw new BackupError(
        `pg_dump ${dumpMajor} cannot dump a PostgreSQL ${serverMajor} server (${serverVersion}); ` +
          `install the PostgreSQL ${serverMajor} client (or newer) and run the backup again`,
      );
    }
    // One snapshot for the dump and the list of files: what the dump holds is what is copied.
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const snapshot = await client.query<{ id: string }>('SELECT pg_export_snapshot() AS id');
    try {
      await run('pg_dump', [
        '--format=custom',
        `--snapshot=${snapshot.rows[0]!.id}`,
        `--file=${out}`,
        `--dbname=${databaseUrl}`,
      ]);
    } catch (error) {
      const stderr = (error as { stderr?: string }).stderr?.trim();
      throw new BackupError(`pg_dump failed: ${stderr || (error as Error).message}`);
    }
    const keys = await referencedKeys((text) => client.query(text));
    const applied = await client.query<{ n: number }>(
      `SELECT CASE WHEN to_regclass('drizzle.__drizzle_migrations') IS NULL THEN 0
              ELSE (SELECT count(*)::int FROM drizzle.__drizzle_migrations) END AS n`,
    );
    await client.query('COMMIT');
    return { migrations: Number(applied.rows[0]!.n), serverVersion, keys };
  } finally {
    await client.end();
  }
}

/** The embedded database's snapshot: from the running server, or from the folder when none runs. */
async function snapshotEmbedded(dataDir: string): Promise<Buffer> {
  const fromServer = await snapshotFromServer(dataDir);
  if (fromServer) return fromServer;
  try {
    await stat(path.join(dataDir, 'PG_VERSION'));
  } catch {
    throw new BackupError(`no embedded database in ${dataDir} (DATA_DIR)`);
  }
  const pglite = await PGlite.create(dataDir);
  try {
    return await snapshotPglite(pglite);
  } finally {
    await pglite.close();
  }
}

/** Opens a snapshot in memory: its migration count and referenced keys (and proves it loads). */
async function inspectSnapshot(snapshot: Buffer): Promise<{ migrations: number; keys: string[] }> {
  const pglite = await PGlite.create({ loadDataDir: snapshotBlob(snapshot) });
  try {
    const keys = await referencedKeys((text) => pglite.query<Record<string, unknown>>(text));
    const applied = await pglite.query<{ n: number }>(
      `SELECT CASE WHEN to_regclass('drizzle.__drizzle_migrations') IS NULL THEN 0
              ELSE (SELECT count(*)::int FROM drizzle.__drizzle_migrations) END AS n`,
    );
    return { migrations: Number(applied.rows[0]!.n), keys };
  } finally {
    await pglite.close();
  }
}

export interface BackupReport {
  folder: string;
  manifest: Manifest;
}

/** Takes a backup of `source` (the server's DATABASE_URL / DATA_DIR) into the new folder `out`. */
export async function createBackup(source: Target, out: string): Promise<BackupReport> {
  if (isInMemoryDataDir(source.dataDir) && !source.databaseUrl) {
    throw new BackupError('DATA_DIR=memory:// holds nothing to back up');
  }
  const folder = path.resolve(out);
  await assertEmptyFolder(folder, 'the backup folder');
  await mkdir(path.join(folder, 'files'), { recursive: true, mode: 0o700 });

  let database: Manifest['database'];
  let keys: string[];
  if (source.databaseUrl) {
    const file = 'database.dump';
    const dumped = await dumpPostgres(source.databaseUrl, path.join(folder, file));
    const bytes = await readFile(path.join(folder, file));
    database = {
      kind: 'postgres',
      file,
      size: bytes.length,
      sha256: sha256(bytes),
      migrations: dumped.migrations,
      serverVersion: dumped.serverVersion,
    };
    keys = dumped.keys;
  } else {
    const file = 'database.tar.gz';
    const snapshot = await snapshotEmbedded(source.dataDir);
    const inspected = await inspectSnapshot(snapshot);
    await writeFile(path.join(folder, file), snapshot, { mode: 0o600 });
    database = {
      kind: 'pglite',
      file,
      size: snapshot.length,
      sha256: sha256(snapshot),
      migrations: inspected.migrations,
    };
    keys = inspected.keys;
  }

  const storage = storageOf(source);
  const files: ManifestFile[] = [];
  const missingFiles: string[] = [];
  try {
    for (const key of keys) {
      const bytes = await storage.get(key);
      if (!bytes) {
        missingFiles.push(key);
        continue;
      }
      const target = path.join(folder, 'files', key);
      await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      await writeFile(target, bytes, { mode: 0o600 });
      files.push({ key, size: bytes.length, sha256: sha256(bytes) });
    }
  } finally {
    await storage.close();
  }

  const manifest: Manifest = {
    format: FORMAT,
    version: VERSION,
    createdAt: new Date().toISOString(),
    database,
    files,
    missingFiles,
  };
  const text = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
  await writeFile(path.join(folder, MANIFEST), text, { mode: 0o600 });
  await writeFile(path.join(folder, MANIFEST_SUM), `${sha256(text)}  ${MANIFEST}\n`, {
    mode: 0o600,
  });
  return { folder, manifest };
}

/** Reads a backup's manifest, refusing one whose checksum or shape is wrong. */
export async function readManifest(folder: string): Promise<Manifest> {
  let text: Buffer;
  let sum: string;
  try {
    text = await readFile(path.join(folder, MANIFEST));
    sum = (await readFile(path.join(folder, MANIFEST_SUM), 'utf8')).trim().split(/\s+/)[0] ?? '';
  } catch (error) {
    throw new BackupError(
      `${folder} is not a backup (${MANIFEST} or ${MANIFEST_SUM} unreadable: ${(error as Error).message})`,
    );
  }
  if (sha256(text) !== sum) {
    throw new BackupError(`the backup's manifest does not match its checksum: refused`);
  }
  const manifest = JSON.parse(text.toString('utf8')) as Manifest;
  if (manifest.format !== FORMAT || manifest.version !== VERSION) {
    throw new BackupError(
      `unknown backup format ${String(manifest.format)} v${String(manifest.version)}: refused`,
    );
  }
  return manifest;
}

async function verifiedPart(
  folder: string,
  relative: string,
  expected: { size: number; sha256: string },
  what: string,
): Promise<Buffer> {
  let bytes: Buffer;
  try {
    bytes = await readFile(path.join(folder, relative));
  } catch {
    throw new BackupError(`${what} is missing from the backup: refused`);
  }
  if (bytes.length !== expected.size || sha256(bytes) !== expected.sha256) {
    throw new BackupError(
      `${what} does not match its checksum in the manifest ` +
        `(${bytes.length} bytes, expected ${expected.size}): the backup is corrupt, refused`,
    );
  }
  return bytes;
}

async function databaseIsEmpty(databaseUrl: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const result = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname NOT IN ('pg_catalog', 'information_schema')
          AND n.nspname NOT LIKE 'pg\\_%' AND c.relkind IN ('r', 'p', 'v', 'm', 'S')`,
    );
    return result.rows[0]!.n === 0;
  } finally {
    await client.end();
  }
}

export interface RestoreReport {
  manifest: Manifest;
  files: number;
  migrationsBefore: number;
  migrationsAfter: number;
}

/**
 * Restores `folder` into a new database and a new storage (`target`): every checksum first,
 * then the database, the files, and the migrations of this release.
 */
export async function restoreBackup(
  folder: string,
  target: Target,
  { force = false }: { force?: boolean } = {},
): Promise<RestoreReport> {
  const manifest = await readManifest(folder);
  const { database } = manifest;
  if (database.kind === 'postgres' && !target.databaseUrl) {
    throw new BackupError('a PostgreSQL backup restores into PostgreSQL: set DATABASE_URL');
  }
  if (database.kind === 'pglite' && target.databaseUrl) {
    throw new BackupError('an embedded backup restores into a DATA_DIR: unset DATABASE_URL');
  }
  if (isInMemoryDataDir(target.dataDir)) {
    throw new BackupError('DATA_DIR=memory:// is not a place to restore into');
  }

  // every byte checked before anything is written
  const dump = await verifiedPart(
    folder,
    database.file,
    database,
    `the database (${database.file})`,
  );
  for (const file of manifest.files) {
    await verifiedPart(folder, path.join('files', file.key), file, `file ${file.key}`);
  }

  // the targets are new: an empty DATA_DIR or database, a storage without these keys
  if (database.kind === 'pglite') {
    await assertEmptyFolder(target.dataDir, 'DATA_DIR');
  } else if (!force && !(await databaseIsEmpty(target.databaseUrl!))) {
    throw new BackupError(
      'the target database is not empty: restore into a new database (or pass --force)',
    );
  }
  const storage = storageOf(target);
  try {
    if (!force) {
      for (const file of manifest.files) {
        if (await storage.get(file.key)) {
          throw new BackupError(`the target storage already holds ${file.key}: use a new storage`);
        }
      }
    }
    if (database.kind === 'pglite') {
      await mkdir(target.dataDir, { recursive: true, mode: 0o700 });
      const pglite = await PGlite.create(target.dataDir, { loadDataDir: snapshotBlob(dump) });
      await pglite.close();
    } else {
      const databaseUrl = target.databaseUrl!;
      await clientMajor('pg_restore');
      try {
        await run('pg_restore', [
          '--no-owner',
          '--no-acl',
          '--exit-on-error',
          ...(force ? ['--clean', '--if-exists'] : []),
          `--dbname=${databaseUrl}`,
          path.join(folder, database.file),
        ]);
      } catch (error) {
        const stderr = (error as { stderr?: string }).stderr?.trim();
        throw new BackupError(`pg_restore failed: ${stderr || (error as Error).message}`);
      }
    }

    for (const file of manifest.files) {
      // read and checked again on the way in: the copy written is the copy checked
      const bytes = await verifiedPart(
        folder,
        path.join('files', file.key),
        file,
        `file ${file.key}`,
      );
      await storage.put(file.key, bytes);
    }
  } finally {
    await storage.close();
  }

  const handle = await createDb({ databaseUrl: target.databaseUrl, dataDir: target.dataDir });
  try {
    const before = await migrationStatus(handle);
    await migrate(handle);
    const after = await migrationStatus(handle);
    await handle.db.execute(sql`SELECT 1`);
    return {
      manifest,
      files: manifest.files.length,
      migrationsBefore: before.applied,
      migrationsAfter: after.applied,
    };
  } finally {
    await handle.close();
  }
}
