import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents } from '@permuta/db';
import { S3FileStorage } from '../../adapters/storage/s3-storage.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { registerCustomer, signInAdmin } from '../../../test/auth-helpers.ts';
import { jpeg } from '../../../test/document-files.ts';
import { startS3Server } from '../../../test/s3-server.ts';
import type { TestS3Server } from '../../../test/s3-server.ts';

/**
 * Two instances of the API behind one balancer: one database, one S3 bucket (s3rver on
 * 127.0.0.1). A file taken by one instance is served by the other; on each instance's own disk
 * the second would not find it.
 */

let s3: TestS3Server;
let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  s3 = await startS3Server(['uploads']);
  a = await buildTestApp({ env: s3.env('uploads') });
  b = await buildTestApp({ env: s3.env('uploads'), sameDatabaseAs: a });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
  await s3?.close();
});

function multipart(fileName: string, bytes: Buffer) {
  const boundary = `----permuta${createHash('md5').update(fileName).digest('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

describe('two instances on one database and one bucket', () => {
  it('both store files in the bucket', () => {
    expect(a.app.storage).toBeInstanceOf(S3FileStorage);
    expect(b.app.storage).toBeInstanceOf(S3FileStorage);
    expect(a.app.storage).not.toBe(b.app.storage);
  });

  it('serves through B, byte for byte, a KYC document uploaded through A', async () => {
    const customer = await registerCustomer(a.app);
    const body = multipart('id.jpg', await jpeg(80, 60));
    const uploaded = await a.app.inject({
      method: 'POST',
      url: '/api/v1/me/documents/national_id',
      headers: { cookie: customer.cookie, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(uploaded.statusCode).toBe(201);
    const id = uploaded.json().id as string;

    const [row] = await a.app.db.select().from(documents).where(eq(documents.id, id));
    const stored = await b.app.storage.get(row!.storageKey);
    expect(stored).not.toBeNull();

    const throughA = await a.app.inject({
      url: `/api/v1/me/documents/${id}/file`,
      headers: { cookie: customer.cookie },
    });
    const throughB = await b.app.inject({
      url: `/api/v1/me/documents/${id}/file`,
      headers: { cookie: customer.cookie },
    });
    expect(throughA.statusCode).toBe(200);
    expect(throughB.statusCode).toBe(200);
    expect(throughB.headers['content-type']).toBe('image/jpeg');
    expect(throughB.rawPayload.equals(throughA.rawPayload)).toBe(true);
    expect(throughB.rawPayload.equals(stored!)).toBe(true);

    // and the back office on B sees the same file
    const admin = await signInAdmin(b.app);
    const reviewed = await b.app.inject({
      url: `/api/v1/admin/documents/${id}/file`,
      headers: { cookie: admin.cookie },
    });
    expect(reviewed.statusCode).toBe(200);
    expect(reviewed.rawPayload.equals(stored!)).toBe(true);
  });

  it('are ready while the bucket answers', async () => {
    for (const instance of [a, b]) {
      const ready = await instance.app.inject({ url: '/readyz' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toMatchObject({ status: 'ready', database: 'up', storage: 'up' });
    }
  });
});

describe('an instance whose bucket cannot be reached', () => {
  it('says it is not ready, with the database up and the storage down', async () => {
    const lost = await buildTestApp({
      env: { ...s3.env('uploads'), S3_BUCKET: 'no-such-bucket' },
      sameDatabaseAs: a,
    });
    try {
      const ready = await lost.app.inject({ url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({
        status: 'not_ready',
        database: 'up',
        storage: 'down',
      });
      // liveness is about the process
      expect((await lost.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await lost.close();
    }
  });
});
