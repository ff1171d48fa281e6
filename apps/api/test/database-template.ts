/**
 * The API project's global set-up: one migrated database made before any test file runs, which
 * every `openTestDatabase()` copies instead of migrating a new one (decision 054).
 *
 * - PGlite: a fresh cluster costs ~1.2 s of initdb plus ~0.2 s of migrations; loading a dump of a
 *   migrated one costs ~0.3 s. The dump goes to a temporary file the test workers read.
 * - PostgreSQL: `CREATE DATABASE ... TEMPLATE` of a migrated database instead of running the
 *   migrations again in every test database.
 *
 * Tests of the migrations themselves (packages/db, and `migrate()` calls in API tests) still
 * migrate empty databases from scratch; only what openTestDatabase hands out is copied.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDb, migrate } from '@permuta/db';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data dir (`dumpDataDir()` tarball) for in-memory test databases. */
    pgliteTemplateFile: string;
    /** A migrated PostgreSQL database on TEST_DATABASE_URL's server, to copy; '' without one. */
    postgresTemplate: string;
  }
}

async function adminQuery(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const folder = mkdtempSync(path.join(tmpdir(), 'permuta-test-template-'));
  const file = path.join(folder, 'pglite-migrated.tar');
  const pglite = await createDb({ dataDir: 'memory://' });
  try {
    await migrate(pglite);
    const dump = await pglite.pglite!.dumpDataDir('none');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await pglite.close();
  }
  project.provide('pgliteTemplateFile', file);

  const serverUrl = process.env.TEST_DATABASE_URL;
  let template = '';
  if (serverUrl) {
    template = `permuta_template_${randomBytes(6).toString('hex')}`;
    await adminQuery(serverUrl, `CREATE DATABASE ${template}`);
    const url = new URL(serverUrl);
    url.pathname = `/${template}`;
    const handle = await createDb({ databaseUrl: url.toString(), dataDir: 'unused' });
    try {
      await migrate(handle);
    } catch (error) {
      await handle.close();
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      throw error;
    }
    // a template must have no connections when it is copied
    await handle.close();
  }
  project.provide('postgresTemplate', template);

  return async () => {
    rmSync(folder, { recursive: true, force: true });
    if (serverUrl && template)
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
  };
}
