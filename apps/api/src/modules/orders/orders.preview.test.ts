import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '@permuta/db';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { signInAdmin } from '../../../test/auth-helpers.ts';
import type { TestAdmin } from '../../../test/auth-helpers.ts';
import { pdf, png } from '../../../test/document-files.ts';
import { insertOrder, trader } from './test-support.ts';
import type { Trader } from './test-support.ts';

let t: TestApp;
let admin: TestAdmin;
let owner: Trader;
let stranger: Trader;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signInAdmin(t.app);
  owner = await trader(t.app);
  stranger = await trader(t.app);
});
afterAll(async () => t?.close());

/** An order of `owner` whose customer's proof holds `bytes` (stored as the upload would). */
async function orderWithProof(bytes: Buffer) {
  const key = `orders/${randomBytes(32).toString('hex')}`;
  await t.app.storage.put(key, bytes);
  return insertOrder(t.app, owner.id, { status: 'user_confirmed', proofStorageKey: key });
}

const previewUrl = (id: string, file = 'proof') =>
  `/api/v1/admin/orders/${id}/files/${file}/preview`;

function get(url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') {
  return t.app.inject({ method, url, headers: { 'accept-language': 'pt-BR', ...headers } });
}

const asAdmin = (url: string, headers: Record<string, string> = {}, method?: 'GET' | 'HEAD') =>
  get(url, { cookie: admin.cookie, 'sec-fetch-site': 'same-origin', ...headers }, method);

async function previewAudits(orderId: string) {
  const rows = await t.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, orderId), eq(auditLog.action, 'order.file_downloaded')));
  return rows.map((row) => row.after);
}

const HTML = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script>');
const SVG = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>',
);

describe("the admin's preview of an order file", () => {
  it('shows an image inline, framable by this origin only, and audits the view (not a HEAD)', async () => {
    const bytes = await png();
    const order = await orderWithProof(bytes);
    const head = await asAdmin(previewUrl(order.id), {}, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/png');
    expect(await previewAudits(order.id)).toEqual([]);

    const answer = await asAdmin(previewUrl(order.id));
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.rawPayload.equals(bytes)).toBe(true);
    expect(answer.headers).toMatchObject({
      'content-type': 'image/png',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'cache-control': 'private, no-store',
    });
    expect(answer.headers['content-disposition']).toMatch(/^inline; filename="EX-.*-proof\.png"/);
    const policy = String(answer.headers['content-security-policy']);
    expect(policy).toContain("frame-ancestors 'self'");
    expect(policy).toContain("default-src 'none'");
    expect(policy).not.toContain('script-src');
    expect(await previewAudits(order.id)).toEqual([
      expect.objectContaining({ file: 'proof', preview: true }),
    ]);

    // the download stays an attachment nobody may frame
    const download = await asAdmin(`/api/v1/admin/orders/${order.id}/files/proof`);
    expect(download.headers['content-disposition']).toMatch(/^attachment;/);
    expect(download.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    // and so does every other answer, the page's JSON included
    const view = await asAdmin(`/api/v1/admin/orders/${order.id}`);
    expect(view.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('shows a PDF inline as a PDF', async () => {
    const order = await orderWithProof(pdf());
    const answer = await asAdmin(previewUrl(order.id));
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(answer.headers['content-disposition']).toMatch(/^inline; filename="EX-.*-proof\.pdf"/);
    expect(answer.headers['content-security-policy']).toContain("frame-ancestors 'self'");
  });

  it.each([
    ['HTML', HTML],
    ['SVG', SVG],
  ])('never serves a proof holding %s inline: 415 in the reader language', async (_, bytes) => {
    const order = await orderWithProof(bytes);
    for (const method of ['GET', 'HEAD'] as const) {
      const answer = await asAdmin(previewUrl(order.id), {}, method);
      expect(answer.statusCode).toBe(415);
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      expect(answer.headers['content-disposition']).toBeUndefined();
      expect(answer.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(answer.body).not.toContain('<script');
      if (method === 'GET') {
        expect(answer.json().error).toMatchObject({
          code: 'ORDER_FILE_NO_PREVIEW',
          message:
            'Este arquivo não pode ser visualizado aqui (só arquivos JPG, PNG e PDF). Baixe-o em vez disso.',
        });
      }
    }
    // the download hands it over as an attachment, never as a page
    const download = await asAdmin(`/api/v1/admin/orders/${order.id}/files/proof`);
    expect(download.headers['content-disposition']).toMatch(/^attachment;/);
    expect(download.headers['content-type']).not.toMatch(/html|svg/);
  });

  it("is refused to customers, the order's owner included, and to nobody signed in", async () => {
    const order = await orderWithProof(await png());
    for (const who of [owner, stranger]) {
      const answer = await get(previewUrl(order.id), {
        cookie: who.cookie,
        'sec-fetch-site': 'same-origin',
      });
      expect(answer.statusCode).toBe(403);
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
    }
    expect((await get(previewUrl(order.id))).statusCode).toBe(401);
    expect(await previewAudits(order.id)).toEqual([]);
  });

  it('is refused to pages of another origin or site, even with the admin session', async () => {
    const order = await orderWithProof(await png());
    const refused: Record<string, string>[] = [
      { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'null' },
    ];
    for (const headers of refused) {
      const answer = await get(previewUrl(order.id), { cookie: admin.cookie, ...headers });
      expect(answer.statusCode, JSON.stringify(headers)).toBe(403);
      expect(answer.json().error.code).toBe('CROSS_ORIGIN_REQUEST');
    }
    expect(await previewAudits(order.id)).toEqual([]);
    const own = await get(previewUrl(order.id), {
      cookie: admin.cookie,
      origin: new URL(t.config.publicUrl).origin,
    });
    expect(own.statusCode).toBe(200);
  });

  it('answers odd requests with a clear 4xx', async () => {
    const order = await orderWithProof(await png());
    expect((await asAdmin(previewUrl(order.id, 'payment_proof'))).statusCode).toBe(404);
    expect((await asAdmin(previewUrl(order.id, 'other'))).statusCode).toBe(400);
    expect((await asAdmin(previewUrl('not-a-uuid%00'))).statusCode).toBe(400);
    expect((await asAdmin(previewUrl('00000000-0000-4000-8000-000000000000'))).statusCode).toBe(
      404,
    );
    // twice at once: both shown, both audited
    const both = await Promise.all([asAdmin(previewUrl(order.id)), asAdmin(previewUrl(order.id))]);
    expect(both.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(await previewAudits(order.id)).toHaveLength(2);
  });
});
