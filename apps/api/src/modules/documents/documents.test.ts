import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, documents } from '@permuta/db';
import type { Db } from '@permuta/db';
import { DOCUMENT_TYPES, MAX_DOCUMENT_BYTES, errorMessage } from '@permuta/contracts';
import type { DocumentType } from '@permuta/contracts';
import { MemoryFileStorage } from '../../adapters/storage/storage.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { registerCustomer, signInAdmin } from '../../../test/auth-helpers.ts';
import type { TestAdmin, TestCustomer } from '../../../test/auth-helpers.ts';
import { BAD_FILES, jpeg, jpegWithGps, pdf, png } from '../../../test/document-files.ts';
import { createDocumentsService } from './documents.service.ts';

let t: TestApp;
let alice: TestCustomer;
let bob: TestCustomer;
let admin: TestAdmin;

beforeAll(async () => {
  t = await buildTestApp();
  alice = await registerCustomer(t.app);
  bob = await registerCustomer(t.app);
  admin = await signInAdmin(t.app);
});
afterAll(async () => t?.close());

function storage(): MemoryFileStorage {
  expect(t.app.storage).toBeInstanceOf(MemoryFileStorage);
  return t.app.storage as MemoryFileStorage;
}

/** A multipart/form-data body with one file part (and any text fields before it). */
function multipart(
  fileName: string,
  bytes: Buffer,
  options: { field?: string; contentType?: string; fields?: Record<string, string> } = {},
) {
  const boundary = `----permuta${createHash('md5').update(fileName).digest('hex')}`;
  const head = Object.entries(options.fields ?? {})
    .map(
      ([name, value]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    )
    .join('');
  const payload = Buffer.concat([
    Buffer.from(
      `${head}--${boundary}\r\nContent-Disposition: form-data; name="${options.field ?? 'file'}"; filename="${fileName}"\r\nContent-Type: ${options.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      'utf8',
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(
  who: { cookie: string } | null,
  type: string,
  fileName: string,
  bytes: Buffer,
  options: Parameters<typeof multipart>[2] & { locale?: string } = {},
) {
  const body = multipart(fileName, bytes, options);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/me/documents/${type}`,
    headers: {
      'content-type': body.contentType,
      ...(who ? { cookie: who.cookie } : {}),
      ...(options.locale ? { 'accept-language': options.locale } : {}),
    },
    payload: body.payload,
  });
}

async function rowsOf(userId: string) {
  return t.app.db.select().from(documents).where(eq(documents.userId, userId));
}

async function uploadAudits(userId: string) {
  return t.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.actorId, userId), eq(auditLog.action, 'document.uploaded')));
}

async function setStatus(id: string, status: 'approved' | 'rejected') {
  await t.app.db
    .update(documents)
    .set({
      status,
      rejectionReason: status === 'rejected' ? 'The photo is blurred.' : null,
      reviewedAt: new Date(),
      reviewedBy: admin.id,
    })
    .where(eq(documents.id, id));
}

describe('refused uploads', () => {
  let customer: TestCustomer;
  beforeAll(async () => {
    customer = await registerCustomer(t.app);
  });
  beforeEach(() => {
    expect(storage().keys()).toEqual([]);
  });

  it.each(BAD_FILES.map((file) => [file.label, file] as const))(
    'refuses %s with its code and message, storing nothing',
    async (_, file) => {
      const res = await upload(customer, 'national_id', file.fileName, await file.bytes());
      expect(res.statusCode).toBe(file.code === 'DOCUMENT_TOO_LARGE' ? 413 : 400);
      expect(res.json().error).toMatchObject({
        code: file.code,
        message: errorMessage(file.code, 'pt-BR'),
      });
      expect(await rowsOf(customer.id)).toEqual([]);
      expect(await uploadAudits(customer.id)).toEqual([]);
      expect(storage().keys()).toEqual([]);
    },
  );

  it('says why in English for an English caller', async () => {
    const res = await upload(customer, 'national_id', 'id.jpg', Buffer.from('MZ....'), {
      locale: 'en-US',
    });
    expect(res.json().error.message).toBe('Send a JPG, JPEG, PNG or PDF file.');
  });

  it('refuses a file far over 5 MB with DOCUMENT_TOO_LARGE (413)', async () => {
    const res = await upload(
      customer,
      'proof_of_address',
      'bill.pdf',
      Buffer.alloc(8 * 1024 * 1024, 0x25),
    );
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('DOCUMENT_TOO_LARGE');
    expect(await rowsOf(customer.id)).toEqual([]);
  });

  it('ignores the declared content type: a PDF declared as image/png named .pdf is judged by its bytes', async () => {
    const res = await upload(
      customer,
      'proof_of_address',
      'bill.pdf',
      Buffer.from('<html></html>'),
      {
        contentType: 'application/pdf',
      },
    );
    expect(res.json().error.code).toBe('DOCUMENT_TYPE');
  });

  it('answers 400 to a body that is not multipart, a part not named file, or an unknown type', async () => {
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/v1/me/documents/national_id',
      headers: { cookie: customer.cookie },
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(400);
    const wrongField = await upload(customer, 'national_id', 'id.png', await png(), {
      field: 'document',
    });
    expect(wrongField.statusCode).toBe(400);
    const unknownType = await upload(customer, 'passport', 'id.png', await png());
    expect(unknownType.statusCode).toBe(400);
    expect(unknownType.json().error.code).toBe('VALIDATION_ERROR');
    expect(await rowsOf(customer.id)).toEqual([]);
    expect(storage().keys()).toEqual([]);
  });

  it('stores nothing when the database write fails (the stored file is removed again)', async () => {
    const failingDb = new Proxy(t.app.db, {
      get(target, property) {
        if (property === 'transaction') {
          return async () => {
            throw new Error('database went away');
          };
        }
        const value = Reflect.get(target, property, target) as unknown;
        return typeof value === 'function' ? value.bind(target) : value;
      },
    }) as Db;
    const files = new MemoryFileStorage();
    const service = createDocumentsService({ db: failingDb, storage: files, logError: () => {} });
    await expect(
      service.upload({ userId: customer.id, ip: '127.0.0.1' }, 'national_id', {
        bytes: await png(),
        fileName: 'id.png',
      }),
    ).rejects.toThrow('database went away');
    expect(files.keys()).toEqual([]);
    expect(await rowsOf(customer.id)).toEqual([]);
  });
});

describe('accepted uploads', () => {
  it('stores a JPEG without its EXIF/GPS data, under a random name, with size, type and SHA-256', async () => {
    const original = await jpegWithGps();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const res = await upload(alice, 'selfie_with_id', 'selfie.jpg', original, {
      contentType: 'image/jpeg',
    });
    expect(res.statusCode).toBe(201);
    const view = res.json();
    expect(view).toMatchObject({
      type: 'selfie_with_id',
      status: 'uploaded',
      originalName: 'selfie.jpg',
      mimeType: 'image/jpeg',
      rejectionReason: null,
      reviewedAt: null,
    });
    const [row] = await t.app.db.select().from(documents).where(eq(documents.id, view.id));
    expect(row!.storageKey).toMatch(/^documents\/[0-9a-f]{64}$/);
    expect(row!.storageKey).not.toContain('selfie');
    const stored = await t.app.storage.get(row!.storageKey);
    expect(stored).not.toBeNull();
    expect(row!.sha256).toBe(createHash('sha256').update(stored!).digest('hex'));
    expect(row!.sizeBytes).toBe(stored!.length);
    expect(view.sizeBytes).toBe(stored!.length);
    const metadata = await sharp(stored!).metadata();
    expect(metadata.format).toBe('jpeg');
    expect(metadata.exif).toBeUndefined();
    expect(stored!.includes('PhoneMaker')).toBe(false);

    const [audit] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, view.id), eq(auditLog.action, 'document.uploaded')));
    expect(audit).toMatchObject({ actorType: 'customer', actorId: alice.id });
    expect(audit!.after).toMatchObject({ type: 'selfie_with_id', sha256: row!.sha256 });
  });

  it('stores a PNG as a PNG and a PDF as sent', async () => {
    const pngRes = await upload(alice, 'national_id', 'rg-frente.PNG', await png());
    expect(pngRes.statusCode).toBe(201);
    expect(pngRes.json().mimeType).toBe('image/png');
    const bytes = pdf();
    const pdfRes = await upload(alice, 'proof_of_address', 'conta de água.pdf', bytes);
    expect(pdfRes.statusCode).toBe(201);
    expect(pdfRes.json()).toMatchObject({
      mimeType: 'application/pdf',
      originalName: 'conta de água.pdf',
      sizeBytes: bytes.length,
    });
  });

  it('keeps only a clean display name for a path-traversal or right-to-left-override name', async () => {
    const customer = await registerCustomer(t.app);
    const traversal = await upload(customer, 'national_id', '../../etc/passwd.png', await png());
    expect(traversal.statusCode).toBe(201);
    expect(traversal.json().originalName).toBe('passwd.png');
    const rlo = await upload(customer, 'proof_of_address', 'fatura\u202Efdp.pdf', pdf());
    expect(rlo.statusCode).toBe(201);
    expect(rlo.json().originalName).toBe('faturafdp.pdf');
  });

  it("judges by content: accepts a JPEG named without an extension or behind a right-to-left override, shown with the content's extension", async () => {
    const customer = await registerCustomer(t.app);
    const bare = await upload(customer, 'selfie_with_id', 'selfie', await jpeg());
    expect(bare.statusCode).toBe(201);
    expect(bare.json()).toMatchObject({ mimeType: 'image/jpeg', originalName: 'selfie.jpg' });
    const rlo = await upload(customer, 'national_id', 'rg\u202Egpj.exe', await jpeg());
    expect(rlo.statusCode).toBe(201);
    expect(rlo.json()).toMatchObject({ mimeType: 'image/jpeg', originalName: 'rggpj.exe.jpg' });
    const [row] = await t.app.db
      .select()
      .from(documents)
      .where(eq(documents.id, rlo.json().id as string));
    expect(row!.storageKey).toMatch(/^documents\/[0-9a-f]{64}$/);
    const download = await t.app.inject({
      method: 'GET',
      url: `/api/v1/me/documents/${rlo.json().id as string}/file`,
      headers: { cookie: customer.cookie },
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/jpeg');
    expect(String(download.headers['content-disposition'])).toContain('rggpj.exe.jpg');
  });

  it('still refuses a Windows executable renamed .jpg (DOCUMENT_TYPE)', async () => {
    const mz = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]);
    const res = await upload(alice, 'selfie_with_id', 'selfie.jpg', mz);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('DOCUMENT_TYPE');
  });

  it('takes documents before the e-mail is validated', async () => {
    const fresh = await registerCustomer(t.app, { verified: false });
    const res = await upload(fresh, 'national_id', 'id.jpg', await jpeg());
    expect(res.statusCode).toBe(201);
  });
});

describe('the current document of each type', () => {
  it('lists the latest upload per type, replaced while uploaded or after a rejection', async () => {
    const customer = await registerCustomer(t.app);
    const empty = await t.app.inject({
      url: '/api/v1/me/documents',
      headers: { cookie: customer.cookie },
    });
    expect(empty.json()).toEqual({ documents: [], verified: false, business: false });

    const first = (await upload(customer, 'national_id', 'first.png', await png())).json();
    const second = await upload(customer, 'national_id', 'second.png', await png(32, 32));
    expect(second.statusCode).toBe(201);
    await setStatus(second.json().id, 'rejected');
    const third = await upload(customer, 'national_id', 'third.jpg', await jpeg());
    expect(third.statusCode).toBe(201);

    const list = await t.app.inject({
      url: '/api/v1/me/documents',
      headers: { cookie: customer.cookie },
    });
    expect(list.json().documents).toHaveLength(1);
    expect(list.json().documents[0]).toMatchObject({
      id: third.json().id,
      originalName: 'third.jpg',
      status: 'uploaded',
    });
    expect((await rowsOf(customer.id)).map((row) => row.id).sort()).toEqual(
      [first.id, second.json().id, third.json().id].sort(),
    );
  });

  it('refuses to replace an approved document (409), storing nothing', async () => {
    const customer = await registerCustomer(t.app);
    const approved = (await upload(customer, 'selfie_with_id', 'me.jpg', await jpeg())).json();
    await setStatus(approved.id, 'approved');
    const keysBefore = storage().keys().length;
    const again = await upload(customer, 'selfie_with_id', 'me-again.jpg', await jpeg(), {
      locale: 'en-US',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      code: 'DOCUMENT_ALREADY_APPROVED',
      message: 'This document is already approved.',
    });
    expect(await rowsOf(customer.id)).toHaveLength(1);
    expect(storage().keys()).toHaveLength(keysBefore);
  });

  it('is verified once all three current documents are approved', async () => {
    const customer = await registerCustomer(t.app);
    const ids: Record<string, string> = {};
    for (const type of DOCUMENT_TYPES) {
      ids[type] = (await upload(customer, type, `${type}.png`, await png())).json().id;
    }
    const list = () =>
      t.app
        .inject({ url: '/api/v1/me/documents', headers: { cookie: customer.cookie } })
        .then((res) => res.json());
    expect((await list()).documents.map((d: { type: DocumentType }) => d.type)).toEqual([
      ...DOCUMENT_TYPES,
    ]);
    await setStatus(ids.national_id!, 'approved');
    await setStatus(ids.proof_of_address!, 'approved');
    expect((await list()).verified).toBe(false);
    await setStatus(ids.selfie_with_id!, 'approved');
    expect((await list()).verified).toBe(true);
  });
});

describe('downloading a document', () => {
  let documentId: string;
  let pdfBytes: Buffer;
  beforeAll(async () => {
    pdfBytes = pdf();
    const res = await upload(bob, 'proof_of_address', 'fatura <março>\u202E.pdf', pdfBytes);
    expect(res.statusCode).toBe(201);
    documentId = res.json().id;
  });

  it('gives the owner the bytes as an attachment with a safe name and nosniff', async () => {
    const res = await t.app.inject({
      url: `/api/v1/me/documents/${documentId}/file`,
      headers: { cookie: bob.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(pdfBytes)).toBe(true);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('private, no-store');
    const disposition = String(res.headers['content-disposition']);
    expect(disposition).toBe(
      `attachment; filename="fatura _marco_.pdf"; filename*=UTF-8''fatura%20_mar%C3%A7o_.pdf`,
    );
    expect(disposition).toMatch(/^[ -~]+$/);
  });

  it('answers 404 to another customer, and the same for a document that does not exist', async () => {
    const other = await t.app.inject({
      url: `/api/v1/me/documents/${documentId}/file`,
      headers: { cookie: alice.cookie },
    });
    expect(other.statusCode).toBe(404);
    expect(other.json().error.code).toBe('NOT_FOUND');
    const missing = await t.app.inject({
      url: '/api/v1/me/documents/00000000-0000-0000-0000-000000000000/file',
      headers: { cookie: alice.cookie },
    });
    expect(missing.statusCode).toBe(404);
    const list = await t.app.inject({
      url: '/api/v1/me/documents',
      headers: { cookie: alice.cookie },
    });
    expect(list.body).not.toContain(documentId);
  });

  it('asks a guest to sign in on every document route', async () => {
    const png8 = await png(8, 8);
    const calls = [
      t.app.inject({ url: '/api/v1/me/documents' }),
      upload(null, 'national_id', 'id.png', png8),
      t.app.inject({ url: `/api/v1/me/documents/${documentId}/file` }),
      t.app.inject({ url: `/api/v1/admin/documents/${documentId}/file` }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHENTICATED');
    }
  });

  it('keeps admins off the customer routes (403) and customers off the admin route (403)', async () => {
    const asAdmin = [
      await t.app.inject({ url: '/api/v1/me/documents', headers: { cookie: admin.cookie } }),
      await upload(admin, 'national_id', 'id.png', await png()),
      await t.app.inject({
        url: `/api/v1/me/documents/${documentId}/file`,
        headers: { cookie: admin.cookie },
      }),
    ];
    for (const res of asAdmin) expect(res.statusCode).toBe(403);
    const asCustomer = await t.app.inject({
      url: `/api/v1/admin/documents/${documentId}/file`,
      headers: { cookie: bob.cookie },
    });
    expect(asCustomer.statusCode).toBe(403);
    expect(await rowsOf(admin.id)).toEqual([]);
  });

  it('shows an admin the file inline, or as an attachment with download=1, and audits it', async () => {
    const inline = await t.app.inject({
      url: `/api/v1/admin/documents/${documentId}/file`,
      headers: { cookie: admin.cookie },
    });
    expect(inline.statusCode).toBe(200);
    expect(inline.rawPayload.equals(pdfBytes)).toBe(true);
    expect(inline.headers['content-disposition']).toMatch(/^inline; filename="fatura _marco_.pdf"/);
    expect(inline.headers['x-content-type-options']).toBe('nosniff');

    const download = await t.app.inject({
      url: `/api/v1/admin/documents/${documentId}/file?download=1`,
      headers: { cookie: admin.cookie },
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toMatch(/^attachment; /);

    const audits = await t.app.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, documentId), eq(auditLog.actorId, admin.id)));
    expect(audits.map((a) => a.action).sort()).toEqual([
      'document.file_downloaded',
      'document.file_viewed',
    ]);

    const missing = await t.app.inject({
      url: '/api/v1/admin/documents/00000000-0000-0000-0000-000000000000/file',
      headers: { cookie: admin.cookie },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('refuses to serve a stored file that was altered', async () => {
    const res = await upload(bob, 'national_id', 'id.png', await png());
    const [row] = await t.app.db.select().from(documents).where(eq(documents.id, res.json().id));
    await t.app.storage.put(row!.storageKey, Buffer.from('<script>alert(1)</script>'));
    const served = await t.app.inject({
      url: `/api/v1/me/documents/${row!.id}/file`,
      headers: { cookie: bob.cookie },
    });
    expect(served.statusCode).toBe(500);
    expect(served.json().error.code).toBe('DOCUMENT_DOWNLOAD_FAILED');
    expect(served.body).not.toContain('<script>');
  });
});

describe('limits', () => {
  it('takes a file of exactly 5 MB over HTTP', async () => {
    const customer = await registerCustomer(t.app);
    const base = pdf();
    const padded = Buffer.concat([
      base.subarray(0, 15),
      Buffer.from(`%${'p'.repeat(MAX_DOCUMENT_BYTES - base.length - 2)}\n`),
      base.subarray(15),
    ]);
    expect(padded.length).toBe(MAX_DOCUMENT_BYTES);
    const res = await upload(customer, 'proof_of_address', 'big.pdf', padded);
    expect(res.statusCode).toBe(201);
    expect(res.json().sizeBytes).toBe(MAX_DOCUMENT_BYTES);
  });
});
