import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { registerCustomer, signInAdmin } from '../../../test/auth-helpers.ts';
import type { TestAdmin } from '../../../test/auth-helpers.ts';
import { insertDocument } from '../orders/test-support.ts';

let t: TestApp;
let admin: TestAdmin;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signInAdmin(t.app);
});
afterAll(async () => t?.close());

const queue = (query = '') =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/admin/documents${query}`,
    headers: { cookie: admin.cookie, 'accept-language': 'pt-BR' },
  });

describe('the documents waiting for review', () => {
  it('lists the current unreviewed documents oldest first, keyset-paged, counting those past 24 h', async () => {
    const hour = 3_600_000;
    const now = Date.now();
    const ana = await registerCustomer(t.app);
    const bia = await registerCustomer(t.app);
    const waiting: string[] = [];
    // Ana: an old upload replaced by a newer one (only the newer waits), an approved one
    await insertDocument(t.app, ana.id, 'national_id', new Date(now - 50 * hour));
    waiting.push(
      (await insertDocument(t.app, ana.id, 'national_id', new Date(now - 30 * hour))).id,
    );
    await insertDocument(t.app, ana.id, 'proof_of_address', new Date(now - 40 * hour), 'approved');
    // Bia: a rejected one sent again, and a fresh selfie; same instant twice (the id breaks the tie)
    await insertDocument(t.app, bia.id, 'proof_of_address', new Date(now - 60 * hour), 'rejected');
    const same = new Date(now - 2 * hour);
    waiting.push((await insertDocument(t.app, bia.id, 'proof_of_address', same)).id);
    waiting.push((await insertDocument(t.app, bia.id, 'selfie_with_id', same)).id);
    for (let i = 0; i < 5; i++) {
      const someone = await registerCustomer(t.app);
      waiting.push(
        (await insertDocument(t.app, someone.id, 'national_id', new Date(now - i * 60_000))).id,
      );
    }

    const seen: { id: string; uploadedAt: string; customer: { id: string } }[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await queue(`?limit=5${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.total).toBe(8);
      expect(body.late).toBe(1);
      seen.push(...body.items);
      cursor = body.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(2);
    const tied = waiting.slice(1, 3).sort();
    const fresh = waiting.slice(3).reverse();
    expect(seen.map((d) => d.id)).toEqual([waiting[0], ...tied, ...fresh]);
    expect(seen[0]?.customer.id).toBe(ana.id);
  });

  it('refuses a forged cursor with a 400 in Portuguese, and a customer with a 403', async () => {
    for (const cursor of ['nope', `2026-13-45T99:00:00.000000Z_${'a'.repeat(36)}`, 'x\u0000']) {
      const res = await queue(`?cursor=${encodeURIComponent(cursor)}`);
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json().error.message).toMatch(/página|formulário/i);
    }
    const customer = await registerCustomer(t.app);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/documents',
      headers: { cookie: customer.cookie },
    });
    expect(res.statusCode).toBe(403);
  });
});
