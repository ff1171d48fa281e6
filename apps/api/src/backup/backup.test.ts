import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_TYPES } from '@permuta/contracts';
import { createDb, documents, migrate, migrationsFolder, orders, seedDemoData } from '@permuta/db';
import type { DbHandle } from '@permuta/db';
import { buildTestApp, newPostgresDatabase } from '../../test/build-test-app.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { registerCustomer, signInAdmin } from '../../test/auth-helpers.ts';
import type { TestAdmin } from '../../test/auth-helpers.ts';
import { jpeg, png } from '../../test/document-files.ts';
import {
  ledgerSums,
  liftCustomerLimits,
  multipartBody,
  placeOrder,
  trader,
  PIX_TO_USDT,
} from '../modules/orders/test-support.ts';
import { BackupError, createBackup, readManifest, restoreBackup } from './backup.ts';
import type { Target } from './backup.ts';
import { CHANNEL_FILE } from './pglite-snapshot.ts';

/**
 * Backups that restore (decision 051), on the database of this run: PGlite in a data folder, or
 * PostgreSQL when TEST_DATABASE_URL is set (pg_dump and pg_restore must then be on PATH: the
 * test fails, never skips, without them).
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');
const expectedMigrations = (
  JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  }
).entries.length;

let work: string;
const drops: (() => Promise<void>)[] = [];
const handles: DbHandle[] = [];
const apps: TestApp[] = [];

/** A new, empty PostgreSQL database on the test server (dropped at the end). */
async function newDatabase(): Promise<string> {
  const database = await newPostgresDatabase();
  drops.push(database.drop);
  return database.url;
}

/** A place to restore into: a new database (PostgreSQL) or a new DATA_DIR, and a new storage. */
async function newTarget(): Promise<Target> {
  const dataDir = join(work, `target-${randomBytes(4).toString('hex')}`);
  return { databaseUrl: serverUrl ? await newDatabase() : undefined, dataDir };
}

/** The product started on a restored target, with the same configuration as the tests'. */
async function startOn(target: Target): Promise<TestApp> {
  const handle = await createDb({ databaseUrl: target.databaseUrl, dataDir: target.dataDir });
  handles.push(handle);
  const restored = await buildTestApp({
    seed: false,
    env: { DATA_DIR: target.dataDir },
    app: { db: handle },
  });
  apps.push(restored);
  return restored;
}

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'permuta-backup-test-'));
  if (serverUrl) {
    // the PostgreSQL leg needs the client tools: a missing one fails here, loudly
    for (const tool of ['pg_dump', 'pg_restore']) {
      expect(() => execFileSync(tool, ['--version']), `${tool} on PATH`).not.toThrow();
    }
  }
});

afterAll(async () => {
  for (const app of apps) await app.close();
  for (const handle of handles) await handle.close();
  for (const drop of drops) await drop();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('a backup of the running product', () => {
  let t: TestApp;
  let admin: TestAdmin;
  let source: Target;
  let backup: string;

  beforeAll(async () => {
    const dataDir = join(work, 'data');
    if (serverUrl) {
      t = await buildTestApp({ env: { DATA_DIR: dataDir } });
      source = { databaseUrl: String(t.handle.pool!.options.connectionString), dataDir };
    } else {
      // the embedded database in a data folder, as `npm start` runs it
      const handle = await createDb({ dataDir });
      handles.push(handle);
      await migrate(handle);
      await seedDemoData(handle.db);
      t = await buildTestApp({ seed: false, env: { DATA_DIR: dataDir }, app: { db: handle } });
      source = { databaseUrl: undefined, dataDir };
    }
    apps.push(t);
    backup = join(work, 'backup');
  });

  it('restores every order, the ledger and every file into a new database and storage', async () => {
    const app = t.app;
    admin = await signInAdmin(app);
    await liftCustomerLimits(app);

    // a customer with real documents, uploaded through the API
    const uploader = await registerCustomer(app);
    for (const type of DOCUMENT_TYPES) {
      const body = multipartBody({ name: `${type}.jpg`, bytes: await jpeg(), type: 'image/jpeg' });
      const uploaded = await app.inject({
        method: 'POST',
        url: `/api/v1/me/documents/${type}`,
        headers: { cookie: uploader.cookie, ...body.headers },
        payload: body.payload,
      });
      expect(uploaded.statusCode, uploaded.body).toBe(201);
    }
    // a trader whose approved document rows name files the storage never had
    const customer = await trader(app, { wallets: [['PIX'], ['USDT', 'TRC20']] });

    const post = async (url: string, who: { cookie: string }, payload?: object) => {
      const response = await app.inject({
        method: 'POST',
        url,
        headers: { cookie: who.cookie },
        ...(payload ? { payload } : {}),
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    const proof = async (reference: string) => {
      const body = multipartBody({ name: 'receipt.png', bytes: await png(), type: 'image/png' });
      const response = await app.inject({
        method: 'POST',
        url: `/api/v1/orders/${reference}/proof`,
        headers: { cookie: customer.cookie, ...body.headers },
        payload: body.payload,
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    const confirmFunds = (id: string) =>
      post(`/api/v1/admin/orders/${id}/transition`, admin, {
        action: 'confirm_funds',
        amountReceived: '100',
      });

    await placeOrder(app, customer); // pending
    await placeOrder(app, customer, PIX_TO_USDT, { paymentMethod: 'pix' }); // pending, PIX
    const canceled = await placeOrder(app, customer);
    await post(`/api/v1/orders/${canceled.reference}/cancel`, customer);
    const confirmed = await placeOrder(app, customer);
    await proof(confirmed.reference);
    await post(`/api/v1/orders/${confirmed.reference}/confirm-payment`, customer, {});
    const funded = await placeOrder(app, customer);
    await proof(funded.reference);
    await post(`/api/v1/orders/${funded.reference}/confirm-payment`, customer, {});
    await confirmFunds(funded.id);
    const completed = await placeOrder(app, customer);
    await proof(completed.reference);
    await post(`/api/v1/orders/${completed.reference}/confirm-payment`, customer, {});
    await confirmFunds(completed.id);
    const payBody = multipartBody(
      { name: 'pix-receipt.png', bytes: await png(), type: 'image/png' },
      { payoutTxId: 'E12345678202401011200abcdefghijk' },
    );
    const paid = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${completed.id}/pay`,
      headers: { cookie: admin.cookie, ...payBody.headers },
      payload: payBody.payload,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    await post(`/api/v1/orders/${completed.reference}/confirm-receipt`, customer);

    // what the product shows before the backup
    const orderRows = async (db: TestApp['app']['db']) =>
      (await db.select().from(orders).orderBy(asc(orders.id))).map((o) => ({
        id: o.id,
        reference: o.reference,
        status: o.status,
        amountSend: o.amountSend,
        amountReceive: o.amountReceive,
        files: {
          proof: o.proofStorageKey,
          payment_proof: o.paymentProofStorageKey,
          refund_proof: o.refundProofStorageKey,
          boleto: o.boletoStorageKey,
        },
      }));
    const before = await orderRows(app.db);
    expect(new Set(before.map((o) => o.status))).toEqual(
      new Set(['pending', 'canceled', 'user_confirmed', 'admin_confirmed', 'completed']),
    );
    const ledgerBefore = await ledgerSums(app);
    const downloads = async (on: TestApp) => {
      const sums: Record<string, string> = {};
      for (const order of before) {
        for (const [file, key] of Object.entries(order.files)) {
          if (!key) continue;
          const response = await on.app.inject({
            url: `/api/v1/admin/orders/${order.id}/files/${file}`,
            headers: { cookie: admin.cookie },
          });
          expect(response.statusCode, `${order.reference} ${file}`).toBe(200);
          sums[key] = sha256(response.rawPayload);
        }
      }
      const uploaded = await on.app.db.select().from(documents);
      for (const document of uploaded.filter((d) => d.userId === uploader.id)) {
        const response = await on.app.inject({
          url: `/api/v1/admin/documents/${document.id}/file`,
          headers: { cookie: admin.cookie },
        });
        expect(response.statusCode, document.type).toBe(200);
        sums[document.storageKey] = sha256(response.rawPayload);
      }
      return sums;
    };
    const filesBefore = await downloads(t);
    expect(Object.keys(filesBefore)).toHaveLength(7); // 3 documents, 3 proofs, 1 payment proof

    // the backup, taken while the app serves requests
    if (!serverUrl) {
      const channel = JSON.parse(readFileSync(join(source.dataDir, CHANNEL_FILE), 'utf8'));
      expect(channel.pid).toBe(process.pid);
    }
    const busy = Promise.all(
      Array.from({ length: 5 }, () =>
        app.inject({ url: '/api/v1/admin/orders', headers: { cookie: admin.cookie } }),
      ),
    );
    const [{ manifest }, answers] = await Promise.all([createBackup(source, backup), busy]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);

    expect(manifest).toMatchObject({
      format: 'permuta-backup',
      version: 1,
      database: {
        kind: serverUrl ? 'postgres' : 'pglite',
        migrations: expectedMigrations,
      },
    });
    expect(manifest.files.map((f) => f.key).sort()).toEqual(Object.keys(filesBefore).sort());
    for (const file of manifest.files) expect(file.sha256).toBe(filesBefore[file.key]);
    const ghostKeys = (await app.db.select().from(documents))
      .filter((d) => d.userId === customer.id)
      .map((d) => d.storageKey)
      .sort();
    expect(manifest.missingFiles).toEqual(ghostKeys);
    if (!serverUrl) {
      // PostgreSQL's files only: no uploads, no outbox, no secret of the data folder
      const tar = gunzipSync(readFileSync(join(backup, manifest.database.file)));
      expect(tar.includes('PG_VERSION')).toBe(true);
      expect(tar.includes('uploads/')).toBe(false);
    }

    // restored into a new database and storage, and the product started on it
    const target = await newTarget();
    const report = await restoreBackup(backup, target);
    expect(report.files).toBe(7);
    expect(report.migrationsAfter).toBe(expectedMigrations);
    const restored = await startOn(target);

    expect(await orderRows(restored.app.db)).toEqual(before);
    for (const order of before) {
      const response = await restored.app.inject({
        url: `/api/v1/admin/orders/${order.id}`,
        headers: { cookie: admin.cookie },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        id: order.id,
        reference: order.reference,
        status: order.status,
      });
    }
    expect(await ledgerSums(restored.app)).toEqual(ledgerBefore);
    expect(Object.values(ledgerBefore).some((sum) => Number(sum) !== 0)).toBe(true);
    expect(await downloads(restored)).toEqual(filesBefore);

    // the source still runs
    const after = await app.inject({
      url: '/api/v1/admin/orders',
      headers: { cookie: admin.cookie },
    });
    expect(after.statusCode).toBe(200);
  });

  it('refuses a backup with a changed file byte, before writing anything', async () => {
    const copy = join(work, 'changed-byte');
    cpSync(backup, copy, { recursive: true });
    const manifest = await readManifest(copy);
    const victim = manifest.files[0]!;
    const path = join(copy, 'files', victim.key);
    const bytes = readFileSync(path);
    bytes[Math.floor(bytes.length / 2)]! ^= 0x01;
    writeFileSync(path, bytes);

    const target = await newTarget();
    await expect(restoreBackup(copy, target)).rejects.toThrow(
      new BackupError(
        `file ${victim.key} does not match its checksum in the manifest ` +
          `(${bytes.length} bytes, expected ${victim.size}): the backup is corrupt, refused`,
      ),
    );
    expect(existsSync(target.dataDir)).toBe(false);
  });

  it('refuses a truncated database dump', async () => {
    const copy = join(work, 'truncated');
    cpSync(backup, copy, { recursive: true });
    const manifest = await readManifest(copy);
    truncateSync(join(copy, manifest.database.file), Math.floor(manifest.database.size / 2));
    await expect(restoreBackup(copy, await newTarget())).rejects.toThrow(
      /^the database \(database\.(dump|tar\.gz)\) does not match its checksum in the manifest .*the backup is corrupt, refused$/,
    );
  });

  it('refuses a manifest that was edited', async () => {
    const copy = join(work, 'edited');
    cpSync(backup, copy, { recursive: true });
    const text = readFileSync(join(copy, 'manifest.json'), 'utf8');
    writeFileSync(join(copy, 'manifest.json'), text.replace(/"size": \d+/, '"size": 1'));
    await expect(restoreBackup(copy, await newTarget())).rejects.toThrow(
      "the backup's manifest does not match its checksum: refused",
    );
  });

  it('refuses to restore over a database or DATA_DIR that is not empty', async () => {
    const target = await newTarget();
    if (target.databaseUrl) {
      const handle = await createDb({ databaseUrl: target.databaseUrl, dataDir: target.dataDir });
      await migrate(handle);
      await handle.close();
      await expect(restoreBackup(backup, target)).rejects.toThrow(
        'the target database is not empty: restore into a new database (or pass --force)',
      );
    } else {
      cpSync(backup, target.dataDir, { recursive: true });
      await expect(restoreBackup(backup, target)).rejects.toThrow(
        `DATA_DIR ${target.dataDir} is not empty`,
      );
      expect(readdirSync(target.dataDir).sort()).toEqual(readdirSync(backup).sort());
    }
  });
});

describe('a backup of an older release', () => {
  it('restores and migrates forward to this release', async () => {
    // the database as the release before the last two migrations left it
    const folder = join(work, 'older-migrations');
    cpSync(migrationsFolder, folder, { recursive: true });
    const journalPath = join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: unknown[] };
    const olderCount = journal.entries.length - 2;
    writeFileSync(
      journalPath,
      JSON.stringify({ ...journal, entries: journal.entries.slice(0, olderCount) }),
    );
    const source: Target = serverUrl
      ? { databaseUrl: await newDatabase(), dataDir: join(work, 'older-data') }
      : { databaseUrl: undefined, dataDir: join(work, 'older-data') };
    const handle = await createDb(source);
    await migrate(handle, { folder });
    await handle.close();

    // no server runs on this one: the embedded folder is opened by the backup itself
    const { manifest } = await createBackup(source, join(work, 'older-backup'));
    expect(manifest.database.migrations).toBe(olderCount);
    expect(manifest.files).toEqual([]);

    const report = await restoreBackup(join(work, 'older-backup'), await newTarget());
    expect(report.migrationsBefore).toBe(olderCount);
    expect(report.migrationsAfter).toBe(expectedMigrations);
    // every migration runs twice from an empty database (for the older release, then the restore)
  }, 120_000);
});

describe('the PostgreSQL client tools', () => {
  it.runIf(serverUrl)('refuse a pg_dump older than the server, with what to install', async () => {
    const bin = join(work, 'old-client');
    mkdirSync(bin);
    writeFileSync(join(bin, 'pg_dump'), '#!/bin/sh\necho "pg_dump (PostgreSQL) 9.6.24"\n', {
      mode: 0o755,
    });
    const path = process.env.PATH;
    process.env.PATH = `${bin}:${path}`;
    try {
      const source: Target = { databaseUrl: await newDatabase(), dataDir: join(work, 'x') };
      await expect(createBackup(source, join(work, 'old-client-backup'))).rejects.toThrow(
        /^pg_dump 9 cannot dump a PostgreSQL (\d+) server \(.+\); install the PostgreSQL \1 client \(or newer\) and run the backup again$/,
      );
    } finally {
      process.env.PATH = path;
    }
  });
});
