import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/build-test-app.ts';
import type { TestApp } from '../test/build-test-app.ts';
import { registerCustomer, signInAdmin } from '../test/auth-helpers.ts';
import type { TestAdmin, TestCustomer } from '../test/auth-helpers.ts';

let t: TestApp;
let admin: TestAdmin;
let customer: TestCustomer;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signInAdmin(t.app);
  customer = await registerCustomer(t.app);
});
afterAll(async () => t?.close());

const NUL = '\u0000';
const LONE_SURROGATE = '\ud800';
const cursorOf = (createdAt: string) =>
  Buffer.from(JSON.stringify([createdAt, '0190a1b2-c3d4-4e5f-8a6b-7c8d9e0f1a2b'])).toString(
    'base64url',
  );

function expectFieldError(
  res: { statusCode: number; json: () => { error: { code: string; fields?: object } } },
  field: string,
) {
  expect(res.statusCode).toBe(400);
  expect(res.json().error.code).toBe('VALIDATION_ERROR');
  expect(res.json().error.fields).toHaveProperty([field]);
}

describe('odd input is a 400 naming the field, never a 500', () => {
  it('a NUL or a lone surrogate in the contact form', async () => {
    for (const [field, value] of [
      ['message', `Olá${NUL}mundo`],
      ['message', `Olá ${LONE_SURROGATE} mundo`],
      ['name', `Maria${NUL}`],
      ['email', `maria${NUL}@example.com`],
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/contact',
        headers: { 'accept-language': 'en-US' },
        payload: {
          name: 'Maria da Silva',
          email: 'maria@example.com',
          message: 'Quero saber das taxas.',
          [field as string]: value,
        },
      });
      expectFieldError(res, field as string);
      expect(res.json().error.fields[field as string]).toMatch(/cannot be stored/);
    }
  });

  it('a NUL in the admin sign-in, in pt-BR', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/auth/sign-in',
      headers: { 'accept-language': 'pt-BR' },
      payload: { username: `admin${NUL}`, password: 'Str0ng!Pass' },
    });
    expectFieldError(res, 'username');
    expect(res.json().error.fields.username).toMatch(/não pode ser guardado/);
  });

  it('a NUL in a path id or a query', async () => {
    for (const [who, url, field] of [
      [customer, '/api/v1/orders/%00', 'id'],
      [admin, '/api/v1/admin/orders/abc%00def', 'id'],
      [admin, '/api/v1/admin/orders?q=EX%00', 'q'],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie: who.cookie } });
      expectFieldError(res, field);
    }
  });

  it('a date filter past year 9999 on the order and review lists and the CSV export', async () => {
    for (const url of [
      '/api/v1/admin/orders?to=9999-12-31',
      '/api/v1/admin/orders?from=0000-01-01',
      '/api/v1/admin/orders/export.csv?to=9999-12-31',
      '/api/v1/admin/reviews?to=9999-12-31',
      '/api/v1/admin/reviews?from=9999-12-31T23:59:59Z',
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie: admin.cookie } });
      const field = url.includes('from=') ? 'from' : 'to';
      expectFieldError(res, field);
    }
    const ok = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/orders/export.csv?from=2026-01-01&to=2999-12-31',
      headers: { cookie: admin.cookie },
    });
    expect(ok.statusCode).toBe(200);
  });

  it('a cursor holding month 99 or year 0000', async () => {
    for (const at of [
      '2026-99-01T00:00:00.000000Z',
      '0000-01-01T00:00:00.000000Z',
      '2026-02-31T00:00:00.000000Z',
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/admin/orders?cursor=${cursorOf(at)}`,
        headers: { cookie: admin.cookie },
      });
      expect(res.statusCode, at).toBe(400);
      expect(res.json().error.fields).toHaveProperty(['cursor']);
    }
    const real = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/orders?cursor=${cursorOf('2026-03-01T10:00:00.123456Z')}`,
      headers: { cookie: admin.cookie },
    });
    expect(real.statusCode).toBe(200);
  });
});
