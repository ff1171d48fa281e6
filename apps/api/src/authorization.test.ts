import { randomBytes, randomUUID } from 'node:crypto';
import { ADMIN_ROLES, adminRoleAllows, isAdminRole } from '@permuta/contracts';
import type { AdminRole } from '@permuta/contracts';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/build-test-app.ts';
import type { TestApp } from '../test/build-test-app.ts';
import { registerCustomer, signInAdmin } from '../test/auth-helpers.ts';
import type { TestAdmin, TestCustomer } from '../test/auth-helpers.ts';
import type { Access, OwnerFixture } from '../test/access.ts';
import {
  insertOrder,
  insertWallet,
  multipartBody,
  placeOrder,
  trader,
} from './modules/orders/test-support.ts';

/**
 * Who may call what (see test/access.ts). EVERY registered route must be listed, in the matrix
 * or in the infrastructure allow-list below: the test fails on a route without an entry (and on
 * an entry without a route), so a new route cannot ship unguarded by accident. The accounts
 * routes are listed here; each other module lists its own in
 * `src/modules/<module>/<module>.access.ts` (`export const ACCESS: Record<string, Access>`),
 * and may export `OWNER_FIXTURES` for its owner routes (see below).
 */
const ACCOUNTS_MATRIX: Record<string, Access> = {
  'GET /api/v1/tokens': 'public',
  'GET /api/v1/quotes': 'public',
  'POST /api/v1/auth/register': 'public',
  'POST /api/v1/auth/sign-in': 'public',
  'POST /api/v1/auth/sign-out': 'public',
  'POST /api/v1/auth/verify-email': 'public',
  'POST /api/v1/auth/forgot-password': 'public',
  'POST /api/v1/auth/reset-password': 'public',
  'POST /api/v1/admin/auth/sign-in': 'public',
  'POST /api/v1/admin/auth/two-factor': 'public',
  'POST /api/v1/auth/two-factor': 'public',
  'GET /api/v1/me/two-factor': 'customer',
  'POST /api/v1/me/two-factor/enrolment': 'customer',
  'POST /api/v1/me/two-factor/confirm': 'customer',
  'POST /api/v1/me/two-factor/recovery-codes': 'customer',
  'POST /api/v1/me/two-factor/disable': 'customer',
  'GET /api/v1/me': 'signed-in',
  'POST /api/v1/me/verify-email/resend': 'customer',
  'POST /api/v1/me/password': 'customer',
  'PATCH /api/v1/me/contact': 'customer',
  'PATCH /api/v1/me/default-tokens': 'customer',
  'GET /api/v1/me/documents': 'customer',
  'POST /api/v1/me/documents/:type': 'customer',
  'GET /api/v1/me/documents/:id/file': 'customer',
  'GET /api/v1/admin/documents/:id/file': 'operator',
  'POST /api/v1/admin/documents/:id/review': 'operator',
  'GET /api/v1/admin/admins': 'owner',
  'POST /api/v1/admin/admins': 'owner',
  'PATCH /api/v1/admin/admins/:id': 'owner',
  'DELETE /api/v1/admin/admins/:id': 'owner',
  'GET /api/v1/admin/customers': 'operator',
  'GET /api/v1/admin/customers/:id': 'operator',
  'PATCH /api/v1/admin/customers/:id/active': 'operator',
  'POST /api/v1/admin/customers/:id/national-id': 'operator',
  'GET /api/v1/admin/security': 'operator',
  'PUT /api/v1/admin/security': 'owner',
  'POST /api/v1/admin/me/two-factor/enable': 'operator',
  'POST /api/v1/admin/me/two-factor/verify': 'operator',
  'POST /api/v1/admin/me/two-factor/disable': 'operator',
};

/**
 * Routes outside the matrix: infrastructure that answers without a session and serves no
 * account's data. Anything else, whatever its path, goes in a matrix.
 */
const INFRASTRUCTURE: Record<string, string> = {
  'GET /healthz': 'liveness probe of the orchestrator',
  'GET /readyz': 'readiness probe: the database answers, migrations applied',
  'GET /metrics':
    'Prometheus scrape: METRICS_TOKEN bearer, or a direct request from a private address; totals only, no account',
  'GET /api/openapi.json': 'the public description of the API',
  'GET /sitemap.xml': 'public pages for search engines',
  'GET /robots.txt': 'crawling rules',
  'GET /*': 'the web app: a page, or the SPA shell (the screens call the guarded API)',
};

/** Route prefixes outside the matrix, for families of infrastructure routes. */
const INFRASTRUCTURE_PREFIXES: Record<string, string> = {
  'GET /api/docs': 'Swagger UI over /api/openapi.json: its page, assets and JSON/YAML copies',
};

/**
 * Path parameters of signed-in routes that name no resource of a customer (no owner check).
 * Every other parameter of a customer route is an id of something someone owns: see
 * OWNER_FIXTURES.
 */
const NOT_OWNED: Record<string, string> = {
  'POST /api/v1/me/documents/:type': ':type is a document kind (national_id, ...), not an id',
};

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4//8/AAX+Av4N70a4AAAAAElFTkSuQmCC',
  'base64',
);
const pngUpload = () => multipartBody({ name: 'proof.png', bytes: PNG, type: 'image/png' });

/**
 * For each customer route that takes the id of a customer's resource: a fresh owner with such a
 * resource, and a request of that owner on it that passes validation. Another customer making
 * the same request must get 404. A new owner route without a fixture fails the test; a module
 * may export `OWNER_FIXTURES` from its access file instead of listing them here.
 */
const OWNER_FIXTURES: Record<string, OwnerFixture> = {
  'GET /api/v1/me/documents/:id/file': async (app) => {
    const owner = await registerCustomer(app);
    const upload = multipartBody({ name: 'id.png', bytes: PNG, type: 'image/png' });
    const uploaded = await app.inject({
      method: 'POST',
      url: '/api/v1/me/documents/national_id',
      headers: { cookie: owner.cookie, ...upload.headers },
      payload: upload.payload,
    });
    if (uploaded.statusCode !== 201) throw new Error(`upload ${uploaded.statusCode}`);
    return { owner, url: `/api/v1/me/documents/${uploaded.json().id}/file` };
  },
  'PATCH /api/v1/me/wallets/:id': async (app) => {
    const owner = await trader(app, { wallets: [] });
    const id = await insertWallet(app, owner.id, 'DERIV');
    return {
      owner,
      url: `/api/v1/me/wallets/${id}`,
      payload: { kind: 'deriv', derivAccount: 'CR7654321' },
    };
  },
  'DELETE /api/v1/me/wallets/:id': async (app) => {
    const owner = await trader(app, { wallets: [] });
    return { owner, url: `/api/v1/me/wallets/${await insertWallet(app, owner.id, 'DERIV')}` };
  },
  'GET /api/v1/orders/:id': async (app) => {
    const owner = await trader(app);
    return { owner, url: `/api/v1/orders/${(await placeOrder(app, owner)).id}` };
  },
  'GET /api/v1/orders/:id/events': async (app) => {
    const owner = await trader(app);
    // a final order: its stream sends the view and ends (an open one would stay open)
    const order = await insertOrder(app, owner.id, { status: 'completed' });
    return { owner, url: `/api/v1/orders/${order.reference}/events` };
  },
  'POST /api/v1/orders/:id/proof': async (app) => {
    const owner = await trader(app);
    const upload = pngUpload();
    return {
      owner,
      url: `/api/v1/orders/${(await placeOrder(app, owner)).id}/proof`,
      payload: upload.payload,
      headers: upload.headers,
    };
  },
  'POST /api/v1/orders/:id/confirm-payment': async (app) => {
    const owner = await trader(app);
    return {
      owner,
      url: `/api/v1/orders/${(await placeOrder(app, owner)).id}/confirm-payment`,
      payload: { txHash: randomBytes(32).toString('hex') },
    };
  },
  'POST /api/v1/orders/:id/cancel': async (app) => {
    const owner = await trader(app);
    return { owner, url: `/api/v1/orders/${(await placeOrder(app, owner)).id}/cancel` };
  },
  'POST /api/v1/orders/:id/confirm-receipt': async (app) => {
    const owner = await trader(app);
    return { owner, url: `/api/v1/orders/${(await placeOrder(app, owner)).id}/confirm-receipt` };
  },
  'GET /api/v1/orders/:id/receipt.pdf': async (app) => {
    const owner = await trader(app);
    const order = await insertOrder(app, owner.id, { status: 'completed' });
    return { owner, url: `/api/v1/orders/${order.reference}/receipt.pdf` };
  },
  'GET /api/v1/orders/:id/files/:file': async (app) => {
    const owner = await trader(app);
    const { id } = await placeOrder(app, owner);
    const upload = pngUpload();
    const sent = await app.inject({
      method: 'POST',
      url: `/api/v1/orders/${id}/proof`,
      headers: { cookie: owner.cookie, ...upload.headers },
      payload: upload.payload,
    });
    if (sent.statusCode !== 200) throw new Error(`proof ${sent.statusCode}: ${sent.body}`);
    return { owner, url: `/api/v1/orders/${id}/files/proof` };
  },
};

/** Every module's ACCESS (and OWNER_FIXTURES), merged; a route listed twice is an error. */
async function moduleMatrices(): Promise<{
  access: Record<string, Access>;
  fixtures: Record<string, OwnerFixture>;
}> {
  const modulesDir = path.join(import.meta.dirname, 'modules');
  const access: Record<string, Access> = {};
  const fixtures: Record<string, OwnerFixture> = {};
  for (const entry of readdirSync(modulesDir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const file = path.join(modulesDir, entry.name, `${entry.name}.access.ts`);
    if (!existsSync(file)) continue;
    const module = (await import(file)) as {
      ACCESS: Record<string, Access>;
      OWNER_FIXTURES?: Record<string, OwnerFixture>;
    };
    for (const [key, value] of Object.entries(module.ACCESS)) {
      if (key in access || key in ACCOUNTS_MATRIX) throw new Error(`${key} is listed twice`);
      access[key] = value;
    }
    for (const [key, fixture] of Object.entries(module.OWNER_FIXTURES ?? {})) {
      if (key in fixtures || key in OWNER_FIXTURES) throw new Error(`${key} has two fixtures`);
      fixtures[key] = fixture;
    }
  }
  return { access, fixtures };
}

let MATRIX: Record<string, Access>;
let FIXTURES: Record<string, OwnerFixture>;
let t: TestApp;
let webDir: string;
let customerA: TestCustomer;
let customerB: TestCustomer;
let unverified: TestCustomer;
/** one signed-in admin of each role */
let admins: Record<AdminRole, TestAdmin>;

/** A small web build, so that the routes serving the web app are registered too. */
function fakeWebBuild(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'permuta-web-'));
  mkdirSync(path.join(dir, 'assets'));
  const page = '<!doctype html><html lang="pt-BR"><head><title>Permuta</title></head></html>';
  writeFileSync(path.join(dir, 'index.html'), page);
  writeFileSync(path.join(dir, '__spa-fallback.html'), page);
  writeFileSync(path.join(dir, 'assets', 'entry-test.js'), 'export {};\n');
  writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}

beforeAll(async () => {
  const modules = await moduleMatrices();
  MATRIX = { ...ACCOUNTS_MATRIX, ...modules.access };
  FIXTURES = { ...OWNER_FIXTURES, ...modules.fixtures };
  webDir = fakeWebBuild();
  t = await buildTestApp({ env: { WEB_DIST_DIR: webDir }, app: { serveWeb: true } });
  customerA = await registerCustomer(t.app);
  customerB = await registerCustomer(t.app);
  unverified = await registerCustomer(t.app, { verified: false });
  admins = {
    operator: await signInAdmin(t.app, undefined, 'operator'),
    finance: await signInAdmin(t.app, undefined, 'finance'),
    owner: await signInAdmin(t.app, undefined, 'owner'),
  };
});
afterAll(async () => {
  await t?.close();
  if (webDir) rmSync(webDir, { recursive: true, force: true });
});

/** Every registered route; a HEAD route is covered by the GET of the same path. */
const allRoutes = () => {
  const keys = new Set(t.app.routeTable.map((r) => `${r.method} ${r.url}`));
  return [...keys].filter((key) => !(key.startsWith('HEAD ') && keys.has(`GET ${key.slice(5)}`)));
};

/** A route of the infrastructure allow-list, or one file of the web build being served. */
function isInfrastructure(key: string): boolean {
  if (key in INFRASTRUCTURE) return true;
  if (Object.keys(INFRASTRUCTURE_PREFIXES).some((p) => key === p || key.startsWith(`${p}/`))) {
    return true;
  }
  // static web serving: one route per file of the build (hashed assets, icons, pages)
  const [method, url = ''] = key.split(' ');
  return method === 'GET' && !/[:*]/.test(url) && existsSync(path.join(webDir, url));
}

/** Signed-in routes that take the id of someone's resource in their path. */
const ownerRoutes = () =>
  Object.entries(MATRIX)
    .filter(
      ([key, access]) =>
        access !== 'public' && access !== 'partner' && !isAdminRole(access) && /\/:/.test(key),
    )
    .map(([key]) => key)
    .filter((key) => !(key in NOT_OWNED));

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
  it('lists every registered route, and only routes that exist', () => {
    const routes = allRoutes();
    const kinds = ['public', 'signed-in', 'customer', 'verified', 'partner', ...ADMIN_ROLES];
    expect(
      Object.entries(MATRIX)
        .filter(([, access]) => !kinds.includes(access))
        .map(([key, access]) => `${key}: ${access}`),
      `entries of no kind (an admin route names its least role: ${ADMIN_ROLES.join(', ')})`,
    ).toEqual([]);
    expect(
      routes.filter((r) => !(r in MATRIX) && !isInfrastructure(r)).sort(),
      "routes without an entry (add them to their module's ACCESS)",
    ).toEqual([]);
    expect(
      Object.keys(MATRIX).filter((k) => !routes.includes(k)),
      'entries without a route',
    ).toEqual([]);
    expect(
      Object.keys(INFRASTRUCTURE).filter((k) => !routes.includes(k)),
      'allow-list entries without a route',
    ).toEqual([]);
    for (const prefix of Object.keys(INFRASTRUCTURE_PREFIXES)) {
      expect(
        routes.some((r) => r === prefix || r.startsWith(`${prefix}/`)),
        prefix,
      ).toBe(true);
    }
    // the fake web build is really served: its files are routes
    expect(routes).toEqual(
      expect.arrayContaining(['GET /assets/entry-test.js', 'GET /favicon.svg']),
    );
  });

  it('serves the infrastructure routes without a session', async () => {
    for (const key of [...Object.keys(INFRASTRUCTURE), ...Object.keys(INFRASTRUCTURE_PREFIXES)]) {
      const [, url] = key.split(' ') as [string, string];
      const res = await t.app.inject({ url: url.replace('/*', '/') });
      expect([401, 403], key).not.toContain(res.statusCode);
    }
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
      if (isAdminRole(access)) {
        const res = await call(key, customerA.cookie);
        expect(res.statusCode, key).toBe(403);
      }
      if (access === 'customer' || access === 'verified') {
        for (const role of ADMIN_ROLES) {
          const res = await call(key, admins[role].cookie);
          expect(res.statusCode, `${key} as ${role}`).toBe(403);
        }
      }
    }
  });

  it('lets each admin role call exactly the admin routes of its role and of the roles below', async () => {
    for (const [key, access] of Object.entries(MATRIX)) {
      if (!isAdminRole(access)) continue;
      for (const role of ADMIN_ROLES) {
        const res = await call(key, admins[role].cookie);
        if (adminRoleAllows(role, access)) {
          expect([401, 403], `${key} (${access}) as ${role}: ${res.body}`).not.toContain(
            res.statusCode,
          );
        } else {
          expect(res.statusCode, `${key} (${access}) as ${role}`).toBe(403);
          expect(res.json().error.code, `${key} as ${role}`).toBe('ADMIN_ROLE_FORBIDDEN');
        }
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
      // a session never passes a partner route (an API key does: partner-api.test.ts)
      if (access === 'partner') continue;
      const cookie = isAdminRole(access)
        ? admins[access].cookie
        : access === 'public'
          ? undefined
          : customerB.cookie;
      const res = await call(key, cookie);
      expect([401, 403], `${key} as ${access}`).not.toContain(res.statusCode);
    }
  });
});

describe("someone else's resources", () => {
  it('has a fixture for every customer route that takes the id of a resource', () => {
    const routes = ownerRoutes();
    expect(
      routes.filter((key) => !(key in FIXTURES)),
      'owner routes without a fixture (add one to OWNER_FIXTURES, or to NOT_OWNED with why)',
    ).toEqual([]);
    expect(
      Object.keys(FIXTURES).filter((key) => !routes.includes(key)),
      'fixtures of no owner route',
    ).toEqual([]);
  });

  it("answers 404 to a customer using another customer's real id, on every owner route", async () => {
    for (const key of ownerRoutes()) {
      const fixture = FIXTURES[key];
      if (!fixture) continue; // reported by the test above
      const [method] = key.split(' ') as ['GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'];
      const request = await fixture(t.app);
      const as = (cookie: string) =>
        t.app.inject({
          method,
          url: request.url,
          headers: { ...request.headers, cookie },
          ...(request.payload === undefined ? {} : { payload: request.payload }),
        });
      const other = await as(customerB.cookie);
      expect(other.statusCode, `${key} by another customer`).toBe(404);
      // the id was real: its owner gets past both the guard and the lookup
      const own = await as(request.owner.cookie);
      expect([401, 403, 404], `${key} by its owner (${own.body})`).not.toContain(own.statusCode);
    }
  });

  it("keeps a customer's documents out of another customer's list", async () => {
    const { owner, url } = await OWNER_FIXTURES['GET /api/v1/me/documents/:id/file']!(t.app);
    const id = /documents\/([^/]+)\/file/.exec(url)?.[1] ?? '';
    const own = await t.app.inject({
      url: '/api/v1/me/documents',
      headers: { cookie: owner.cookie },
    });
    expect(JSON.stringify(own.json())).toContain(id);
    const list = await t.app.inject({
      url: '/api/v1/me/documents',
      headers: { cookie: customerB.cookie },
    });
    expect(list.statusCode).toBe(200);
    expect(JSON.stringify(list.json())).not.toContain(id);
  });
});
