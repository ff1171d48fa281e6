import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '@permuta/db';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { registerCustomer, signInAdmin } from '../../../test/auth-helpers.ts';
import type { TestAdmin, TestCustomer } from '../../../test/auth-helpers.ts';
import { insertOrder } from '../orders/test-support.ts';

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

function list(query: string, locale: 'en-US' | 'pt-BR' = 'en-US', cookie = admin.cookie) {
  return t.app.inject({
    method: 'GET',
    url: `/api/v1/admin/audit${query ? `?${query}` : ''}`,
    headers: { cookie, 'accept-language': locale },
  });
}

async function record(values: Partial<typeof auditLog.$inferInsert>) {
  const [row] = await t.app.db
    .insert(auditLog)
    .values({
      actorType: 'admin',
      actorId: admin.id,
      action: 'settings.updated',
      entityType: 'settings',
      entityId: 'general',
      ...values,
    })
    .returning();
  return row!;
}

interface Item {
  id: number;
  createdAt: string;
  action: string;
  actor: { id: string; username: string | null } | null;
  entityType: string;
  entityId: string | null;
  entityLabel: string | null;
  before: unknown;
  after: unknown;
}

describe('the audit log', () => {
  it('is closed to anonymous callers (401) and to customers (403)', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/admin/audit' });
    expect(anonymous.statusCode).toBe(401);
    const asCustomer = await list('', 'en-US', customer.cookie);
    expect(asCustomer.statusCode).toBe(403);
  });

  it('pages through every entry once, newest first, ties broken by id', async () => {
    const base = Date.parse('2026-03-01T12:00:00.000Z');
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) {
      const row = await record({
        entityType: 'paging_probe',
        entityId: String(i),
        createdAt: new Date(base + Math.floor(i / 3) * 1000),
      });
      ids.push(row.id);
    }
    const seen: Item[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await list(
        `entityType=paging_probe&limit=5${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      seen.push(...(res.json().items as Item[]));
      cursor = res.json().nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    // newest first; among equal instants the later id first
    const expected = ids
      .map((id, i) => ({ id, at: base + Math.floor(i / 3) * 1000 }))
      .sort((a, b) => b.at - a.at || b.id - a.id)
      .map((e) => e.id);
    expect(seen.map((e) => e.id)).toEqual(expected);
  });

  it('names the admin who acted and the order an entry is about', async () => {
    const order = await insertOrder(t.app, customer.id);
    await record({
      actorId: other.id,
      action: 'order.status_changed',
      entityType: 'order',
      entityId: order.id,
      before: { status: 'user_confirmed' },
      after: { status: 'admin_confirmed' },
    });
    const res = await list(`entityType=order&entityId=${order.reference}`);
    expect(res.statusCode, res.body).toBe(200);
    const [entry] = res.json().items as Item[];
    expect(entry).toMatchObject({
      action: 'order.status_changed',
      actor: { id: other.id, username: other.username },
      entityId: order.id,
      entityLabel: order.reference,
      before: { status: 'user_confirmed' },
      after: { status: 'admin_confirmed' },
    });
  });

  it('filters by admin, action and entity together', async () => {
    await record({
      actorId: other.id,
      action: 'fee_rule.created',
      entityType: 'fee_rule',
      entityId: 'f1',
    });
    await record({
      actorId: admin.id,
      action: 'fee_rule.created',
      entityType: 'fee_rule',
      entityId: 'f1',
    });
    await record({
      actorId: other.id,
      action: 'fee_rule.deleted',
      entityType: 'fee_rule',
      entityId: 'f1',
    });
    const res = await list(
      `adminId=${other.id}&action=fee_rule.created&entityType=fee_rule&entityId=f1`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().items as Item[];
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ action: 'fee_rule.created', actor: { id: other.id } });
  });

  it('takes the date range as whole days in Brazil', async () => {
    // 2026-04-10 02:30 UTC is still 2026-04-09 in São Paulo (UTC-3)
    await record({
      entityType: 'day_probe',
      entityId: 'late',
      createdAt: new Date('2026-04-10T02:30:00Z'),
    });
    await record({
      entityType: 'day_probe',
      entityId: 'next',
      createdAt: new Date('2026-04-10T03:30:00Z'),
    });
    const day9 = await list('entityType=day_probe&from=2026-04-09&to=2026-04-09');
    expect(day9.statusCode, day9.body).toBe(200);
    expect((day9.json().items as Item[]).map((e) => e.entityId)).toEqual(['late']);
    const day10 = await list('entityType=day_probe&from=2026-04-10&to=2026-04-10');
    expect((day10.json().items as Item[]).map((e) => e.entityId)).toEqual(['next']);
  });

  it.each([
    ['to=9999-12-31', 'to', 'Enter a date between 2000-01-01 and 2099-12-31.'],
    ['from=2026-02-30', 'from', 'Enter a date between 2000-01-01 and 2099-12-31.'],
    ['from=yesterday', 'from', 'Enter a date between 2000-01-01 and 2099-12-31.'],
    ['from=2026-05-02&to=2026-05-01', 'to', 'The end date must not be before the start date.'],
    [
      'cursor=2026-99-01T00:00:00.000000Z_5',
      'cursor',
      'This page link is not valid. Start again from the first page.',
    ],
    [
      'cursor=not-a-cursor',
      'cursor',
      'This page link is not valid. Start again from the first page.',
    ],
    [
      'cursor=2026-01-01T25:00:00.000000Z_5',
      'cursor',
      'This page link is not valid. Start again from the first page.',
    ],
    [
      'cursor=2026-01-01T00:00:00.000000Z_99999999999999999999',
      'cursor',
      'This page link is not valid. Start again from the first page.',
    ],
    ['action=DROP%20TABLE', 'action', 'Invalid value.'],
    ['limit=1000', 'limit', null],
  ])('refuses %s with a 400 naming the field', async (query, field, message) => {
    const res = await list(query);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_ERROR');
    expect(Object.keys(res.json().error.fields)).toEqual([field]);
    if (message) expect(res.json().error.fields[field]).toBe(message);
  });

  it('says what is wrong in Portuguese to a Portuguese caller', async () => {
    const res = await list('to=9999-12-31', 'pt-BR');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.to).toBe('Informe uma data entre 01/01/2000 e 31/12/2099.');
  });
});
