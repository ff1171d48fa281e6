import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, contactMessages } from '@permuta/db';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { registerCustomer, signInAdmin } from '../../../test/auth-helpers.ts';
import type { TestAdmin, TestCustomer } from '../../../test/auth-helpers.ts';

let t: TestApp;
let admin: TestAdmin;
let other: TestAdmin;
let customer: TestCustomer;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signInAdmin(t.app);
  other = await signInAdmin(t.app);
  customer = await registerCustomer(t.app);
});
afterAll(async () => t?.close());

function get(query: string, cookie = admin.cookie, locale = 'en-US') {
  return t.app.inject({
    method: 'GET',
    url: `/api/v1/admin/contact-messages${query ? `?${query}` : ''}`,
    headers: { cookie, 'accept-language': locale },
  });
}

function answer(id: string, who: TestAdmin = admin) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/contact-messages/${id}/answered`,
    headers: { cookie: who.cookie, 'accept-language': 'en-US' },
  });
}

async function message(createdAt: Date, name = 'Ana') {
  const [row] = await t.app.db
    .insert(contactMessages)
    .values({ name, email: 'ana@example.com', message: 'Olá, preciso de ajuda.', createdAt })
    .returning();
  return row!;
}

interface Item {
  id: string;
  name: string;
  answeredAt: string | null;
  answeredBy: { id: string; username: string | null } | null;
}

describe('the contact inbox', () => {
  it('is closed to anonymous callers (401) and to customers (403)', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/admin/contact-messages' });
    expect(anonymous.statusCode).toBe(401);
    expect((await get('', customer.cookie)).statusCode).toBe(403);
    const mark = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/contact-messages/${crypto.randomUUID()}/answered`,
      headers: { cookie: customer.cookie },
    });
    expect(mark.statusCode).toBe(403);
  });

  it('pages through every message once, newest first, unanswered only by default', async () => {
    const base = Date.parse('2026-05-01T12:00:00.000Z');
    const ids: { id: string; at: number }[] = [];
    for (let i = 0; i < 11; i++) {
      const at = base + Math.floor(i / 2) * 1000;
      ids.push({ id: (await message(new Date(at), `Pessoa ${i}`)).id, at });
    }
    const answered = ids[4]!.id;
    expect((await answer(answered)).statusCode).toBe(200);

    const walk = async (show: string) => {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const res = await get(
          `show=${show}&limit=5${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        );
        expect(res.statusCode, res.body).toBe(200);
        seen.push(...(res.json().items as Item[]).map((item) => item.id));
        cursor = res.json().nextCursor;
      } while (cursor);
      return seen;
    };
    const newestFirst = [...ids]
      .sort((a, b) => b.at - a.at || (a.id < b.id ? 1 : -1))
      .map((e) => e.id);
    expect(await walk('all')).toEqual(newestFirst);
    expect(await walk('unanswered')).toEqual(newestFirst.filter((id) => id !== answered));
    const byDefault = await get('limit=100');
    expect((byDefault.json().items as Item[]).map((i) => i.id)).not.toContain(answered);
  });

  it('marks a message answered once: who and when kept, one audit entry, twice at once', async () => {
    const { id } = await message(new Date('2026-06-01T10:00:00Z'));
    const [first, second] = await Promise.all([answer(id, admin), answer(id, other)]);
    expect(first!.statusCode, first!.body).toBe(200);
    expect(second!.statusCode, second!.body).toBe(200);
    // both answers tell the same story: the one admin who won
    expect(second!.json().answeredBy).toEqual(first!.json().answeredBy);
    expect(second!.json().answeredAt).toBe(first!.json().answeredAt);
    const winner = first!.json().answeredBy as { id: string; username: string };
    expect([admin.id, other.id]).toContain(winner.id);
    expect(winner.username).toBe(winner.id === admin.id ? admin.username : other.username);

    const again = await answer(id, winner.id === admin.id ? other : admin);
    expect(again.json().answeredBy.id).toBe(winner.id);
    const audits = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'contact_message'), eq(auditLog.entityId, id)));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      action: 'contact_message.answered',
      actorType: 'admin',
      actorId: winner.id,
    });
  });

  it('answers 404 for a message that does not exist and 400 for an id that cannot be one', async () => {
    const missing = await answer(crypto.randomUUID());
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('CONTACT_MESSAGE_NOT_FOUND');
    const bad = await answer('not-an-id');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(['id']);
  });

  it.each([
    ['cursor=2026-99-01T00:00:00.000000Z_0b8f1f9e-2c55-4c7c-9d0e-1a2b3c4d5e6f', 'cursor'],
    ['cursor=garbage', 'cursor'],
    ['show=everything', 'show'],
    ['limit=0', 'limit'],
  ])('refuses %s with a 400 naming the field', async (query, field) => {
    const res = await get(query, admin.cookie, 'pt-BR');
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json().error.fields)).toEqual([field]);
  });
});
