import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/build-test-app.ts';
import type { TestApp } from '../test/build-test-app.ts';
import { registerCustomer, signInAdmin } from '../test/auth-helpers.ts';
import type { TestAdmin, TestCustomer } from '../test/auth-helpers.ts';
import type { Access } from '../test/access.ts';

/**
 * Who may call what (see test/access.ts). Every route under /api/v1 must be listed: the test fails
 * on a route without an entry (and on an entry without a route), so a new route cannot ship
 * unguarded by accident. The accounts routes are listed here; each later module lists its own in
 * `src/modules/<module>/<module>.access.ts` (`export const ACCESS: Record<string, Access>`).
 */
const ACCOUNTS_MATRIX: Record<string, Access> = {
  'GET /api/v1/tokens': 'public',
  'POST /api/v1/quotes': 'public',
  'POST /api/v1/auth/register': 'public',
  'POST /api/v1/auth/sign-in': 'public',
  'POST /api/v1/auth/sign-out': 'public',
  'POST /api/v1/auth/verify-email': 'public',
  'POST /api/v1/auth/forgot-password': 'public',
  'POST /api/v1/auth/reset-password': 'public',
  'POST /api/v1/admin/auth/sign-in': 'public',
  'POST /api/v1/admin/auth/two-factor': 'public',
  'GET /api/v1/me': 'signed-in',
  'POST /api/v1/me/verify-email/resend': 'customer',
  'POST /api/v1/me/password': 'customer',
  'PATCH /api/v1/me/contact': 'customer',
  'PATCH /api/v1/me/default-tokens': 'customer',
  'GET /api/v1/me/documents': 'customer',
  'POST /api/v1/me/documents/:type': 'customer',
  'GET /api/v1/me/documents/:id/file': 'customer',
  'GET /api/v1/admin/documents/:id/file': 'admin',
  'POST /api/v1/admin/documents/:id/review': 'admin',
  'GET /api/v1/admin/admins': 'admin',
  'POST /api/v1/admin/admins': 'admin',
  'PATCH /api/v1/admin/admins/:id': 'admin',
  'DELETE /api/v1/admin/admins/:id': 'admin',
  'GET /api/v1/admin/customers': 'admin',
  'GET /api/v1/admin/customers/:id': 'admin',
  'PATCH /api/v1/admin/customers/:id/active': 'admin',
  'POST /api/v1/admin/customers/:id/national-id': 'admin',
  'GET /api/v1/admin/security': 'admin',
  'PUT /api/v1/admin/security': 'admin',
  'POST /api/v1/admin/me/two-factor/enable': 'admin',
  'POST /api/v1/admin/me/two-factor/verify': 'admin',
  'POST /api/v1/admin/me/two-factor/disable': 'admin',
};

async function moduleMatrices(): Promise<Record<string, Access>> {
  const modulesDir = path.join(import.meta.dirname, 'modules');
  const merged: Record<string, Access> = {};
  for (const entry of readdirSync(modulesDir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const file = path.join(modulesDir, entry.name, `${entry.name}.access.ts`);
    if (!existsSync(file)) continue;
    const { ACCESS } = (await import(file)) as { ACCESS: Record<string, Access> };
    for (const [key, access] of Object.entries(ACCESS)) {
      if (key in merged || key in ACCOUNTS_MATRIX) throw new Error(`${key} is listed twice`);
      merged[key] = access;
    }
  }
  return merged;
}

let MATRIX: Record<string, Access>;
let t: TestApp;
let customerA: TestCustomer;
let customerB: TestCustomer;
let unverified: TestCustomer;
let admin: TestAdmin;

beforeAll(async () => {
  MATRIX = { ...ACCOUNTS_MATRIX, ...(await moduleMatrices()) };
  t = await buildTestApp();
  customerA = await registerCustomer(t.app);
  customerB = await registerCustomer(t.app);
  unverified = await registerCustomer(t.app, { verified: false });
  admin = await signInAdmin(t.app);
});
afterAll(async () => t?.close());

const apiRoutes = () =>
  [
    ...new Set(
      t.app.routeTable
        .filter((r) => r.method !== 'HEAD' && r.url.startsWith('/api/v1/'))
        .map((r) => `${r.method} ${r.url}`),
    ),
  ].sort();

function fill(url: string): string {
  return url.replace(':type', 'national_id').replace(/:[a-zA-Z]+/g, () => randomUUID());
}

/** Routes that end the caller's session: called without a cookie here (sign-out has its own tests). */
const ENDS_SESSION = new Set(['POST /api/v1/auth/sign-out']);

async function call(key: string, cookie?: string) {
  const [method, url] = key.split(' ') as [string, string];
  if (ENDS_SESSION.has(key)) cookie = undefined;
  return t.app.inject({
    method: method as 'GET',
    url: fill(url),
    headers: cookie ? { cookie } : {},
    ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
  });
}

describe('authorization matrix', () => {
  it('lists every API route, and only routes that exist', () => {
    const routes = apiRoutes();
    expect(
      routes.filter((r) => !(r in MATRIX)),
      'routes without an entry',
    ).toEqual([]);
    expect(
      Object.keys(MATRIX).filter((k) => !routes.includes(k)),
      'entries without a route',
    ).toEqual([]);
  });

  it('refuses a guest on every route that needs a sign-in', async () => {
    for (const [key, access] of Object.entries(MATRIX)) {
      if (access === 'public') continue;
      const res = await call(key);
      expect(res.statusCode, key).toBe(401);
      expect(res.json().error.code, key).toBe('UNAUTHENTICATED');
    }
  });

  it('refuses a customer on every admin route, and an admin on every customer route', async () => {
    for (const [key, access] of Object.entries(MATRIX)) {
      if (access === 'admin') {
        const res = await call(key, customerA.cookie);
        expect(res.statusCode, key).toBe(403);
      }
      if (access === 'customer' || access === 'verified') {
        const res = await call(key, admin.cookie);
        expect(res.statusCode, key).toBe(403);
      }
    }
  });

  it('refuses a customer whose e-mail is not validated where validation is required', async () => {
    for (const [key, access] of Object.entries(MATRIX)) {
      const res = await call(key, unverified.cookie);
      if (access === 'verified') {
        expect(res.statusCode, key).toBe(403);
        expect(res.json().error.code, key).toBe('EMAIL_NOT_VERIFIED');
      } else if (access === 'customer' || access === 'signed-in' || access === 'public') {
        expect([401, 403], key).not.toContain(res.statusCode);
      }
    }
  });

  it('lets each allowed caller past the guard', async () => {
    for (const [key, access] of Object.entries(MATRIX)) {
      const cookie =
        access === 'admin' ? admin.cookie : access === 'public' ? undefined : customerB.cookie;
      const res = await call(key, cookie);
      expect([401, 403], `${key} as ${access}`).not.toContain(res.statusCode);
    }
  });

  it("answers 404 to a customer asking for someone else's document", async () => {
    const png = await import('sharp').then(({ default: sharp }) =>
      sharp({ create: { width: 8, height: 8, channels: 3, background: '#ffffff' } })
        .png()
        .toBuffer(),
    );
    const boundary = 'x-boundary';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="id.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/v1/me/documents/national_id',
      headers: {
        cookie: customerA.cookie,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: body,
    });
    expect(uploaded.statusCode).toBe(201);
    const id = uploaded.json().id as string;
    const own = await t.app.inject({
      url: `/api/v1/me/documents/${id}/file`,
      headers: { cookie: customerA.cookie },
    });
    expect(own.statusCode).toBe(200);
    const other = await t.app.inject({
      url: `/api/v1/me/documents/${id}/file`,
      headers: { cookie: customerB.cookie },
    });
    expect(other.statusCode).toBe(404);
    const list = await t.app.inject({
      url: '/api/v1/me/documents',
      headers: { cookie: customerB.cookie },
    });
    expect(JSON.stringify(list.json())).not.toContain(id);
  });
});
