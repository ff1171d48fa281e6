import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_TYPES } from '@permuta/contracts';
import { createDb, migrate, seedDemoData } from '@permuta/db';
import type { DbHandle } from '@permuta/db';
import { S3FileStorage } from '../adapters/storage/s3-storage.ts';
import { buildTestApp, newPostgresDatabase } from '../../test/build-test-app.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { registerCustomer } from '../../test/auth-helpers.ts';
import { jpeg } from '../../test/document-files.ts';
import { startS3Server } from '../../test/s3-server.ts';
import type { TestS3Server } from '../../test/s3-server.ts';
import { multipartBody } from '../modules/orders/test-support.ts';
import { createBackup, readManifest, restoreBackup } from './backup.ts';
import type { Target } from './backup.ts';

/**
 * A backup of an installation whose files live in an S3 bucket (decisions 049, 051): the files
 * are read from the bucket the configuration names, and restored into another bucket, each
 * checked by its checksum. On the database of this run, as backup.test.ts.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

let work: string;
let s3: TestS3Server;
let t: TestApp | undefined;
const handles: DbHandle[] = [];
const drops: (() => Promise<void>)[] = [];

/** A new, empty PostgreSQL database on the test server (dropped at the end). */
async function newDatabase(): Promise<string> {
  const database = await newPostgresDatabase();
  drops.push(database.drop);
  return database.url;
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'permuta-backup-s3-'));
  s3 = await startS3Server(['files-live', 'files-restored']);
});

afterAll(async () => {
  await t?.close();
  for (const handle of handles) await handle.close();
  for (const drop of drops) await drop();
  await s3?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('a backup of an installation with its files on S3', () => {
  it('reads the files from the bucket and restores them, checked, into a new bucket', async () => {
    const dataDir = join(work, 'data');
    const env = { DATA_DIR: dataDir, ...s3.env('files-live') };
    let source: Target;
    if (serverUrl) {
      t = await buildTestApp({ env });
      source = {
        databaseUrl: String(t.handle.pool!.options.connectionString),
        dataDir,
        storage: { kind: 's3', ...s3.config('files-live') },
      };
    } else {
      const handle = await createDb({ dataDir });
      handles.push(handle);
      await migrate(handle);
      await seedDemoData(handle.db);
      t = await buildTestApp({ seed: false, env, app: { db: handle } });
      source = {
        databaseUrl: undefined,
        dataDir,
        storage: { kind: 's3', ...s3.config('files-live') },
      };
    }
    expect(t.app.storage.kind).toBe('s3');

    // a customer's documents, uploaded through the API: in the bucket, not on the disk
    const customer = await registerCustomer(t.app);
    for (const type of DOCUMENT_TYPES) {
      const bytes = await jpeg();
      const body = multipartBody({ name: `${type}.jpg`, bytes, type: 'image/jpeg' });
      const uploaded = await t.app.inject({
        method: 'POST',
        url: `/api/v1/me/documents/${type}`,
        headers: { cookie: customer.cookie, ...body.headers },
        payload: body.payload,
      });
      expect(uploaded.statusCode, uploaded.body).toBe(201);
    }

    const backup = join(work, 'backup');
    await createBackup(source, backup);
    const manifest = await readManifest(backup);
    expect(manifest.missingFiles).toEqual([]);
    expect(manifest.files).toHaveLength(DOCUMENT_TYPES.length);
    // each file as the bucket holds it (the server stores images re-encoded, not as sent)
    const live = new S3FileStorage(s3.config('files-live'));
    try {
      for (const file of manifest.files) {
        expect(sha256((await live.get(file.key))!), file.key).toBe(file.sha256);
      }
    } finally {
      await live.close();
    }

    const target: Target = {
      databaseUrl: serverUrl ? await newDatabase() : undefined,
      dataDir: join(work, 'restored'),
      storage: { kind: 's3', ...s3.config('files-restored') },
    };
    await restoreBackup(backup, target);
    const restored = new S3FileStorage(s3.config('files-restored'));
    try {
      for (const file of manifest.files) {
        const bytes = await restored.get(file.key);
        expect(bytes, file.key).not.toBeNull();
        expect(sha256(bytes!)).toBe(file.sha256);
      }
      // a second restore into the same bucket is refused: it already holds these files
      await expect(
        restoreBackup(backup, {
          ...target,
          databaseUrl: serverUrl ? await newDatabase() : undefined,
          dataDir: join(work, 'restored-again'),
        }),
      ).rejects.toThrow(/already holds/);
    } finally {
      await restored.close();
    }
  });
});
