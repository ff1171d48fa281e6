import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '@permuta/db';
import { buildTestApp } from '../../test/build-test-app.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { registerCustomer, signInAdmin } from '../../test/auth-helpers.ts';
import type { TestAdmin, TestCustomer } from '../../test/auth-helpers.ts';
import { insertOrder } from '../modules/orders/test-support.ts';

const PUBLIC_URL = 'https://exchange.example';
const PARTNER = 'https://desk.partner.example';
/** Another port of the same host: same-site for the browser, so SameSite=Lax sends the cookie. */
const SIBLING = 'https://exchange.example:8443';

let t: TestApp;
let admin: TestAdmin;

beforeAll(async () => {
  t = await buildTestApp({ env: { PUBLIC_URL, ALLOWED_ORIGINS: `${PARTNER}/, http://x.invalid` } });
  admin = await signInAdmin(t.app);
});
afterAll(async () => t?.close());

async function signedIn(who: { cookie: string }): Promise<boolean> {
  const me = await t.app.inject({
    method: 'GET',
    url: '/api/v1/me',
    headers: { cookie: who.cookie },
  });
  return me.statusCode === 200;
}

async function orderStatus(id: string): Promise<string | undefined> {
  const [row] = await t.handle.db
    .select({ status: orders.status })
    .from(orders)
    .where(eq(orders.id, id));
  return row?.status;
}

/** A text/plain form post, as a page on another origin can send without a preflight. */
function formPost(url: string, cookie: string, headers: Record<string, string>) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { cookie, 'content-type': 'text/plain', ...headers },
    payload: 'x=1',
  });
}

describe('a state-changing request with the session cookie', () => {
  let customer: TestCustomer;

  beforeAll(async () => {
    customer = await registerCustomer(t.app);
  });

  it('from another port of the same host is refused with 403 in the caller language', async () => {
    const order = await insertOrder(t.app, customer.id);
    const refused = await formPost(`/api/v1/orders/${order.id}/cancel`, customer.cookie, {
      origin: SIBLING,
      'sec-fetch-site': 'same-site',
      'accept-language': 'en-US',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      code: 'CROSS_ORIGIN_REQUEST',
      message: expect.stringContaining('another site'),
    });
    expect(await orderStatus(order.id)).toBe('pending');

    const pt = await formPost('/api/v1/auth/sign-out', customer.cookie, {
      origin: SIBLING,
      'accept-language': 'pt-BR',
    });
    expect(pt.statusCode).toBe(403);
    expect(pt.json().error.code).toBe('CROSS_ORIGIN_REQUEST');
    expect(pt.json().error.message).toContain('outro site');
    expect(await signedIn(customer)).toBe(true);
  });

  it('is refused from a foreign site, an opaque origin and for every unsafe method', async () => {
    for (const [method, url] of [
      ['POST', '/api/v1/auth/sign-out'],
      ['PATCH', '/api/v1/admin/settings'],
      ['PUT', '/api/v1/admin/settings'],
      ['DELETE', '/api/v1/me/wallets/00000000-0000-4000-8000-000000000000'],
    ] as const) {
      for (const origin of ['https://evil.example', 'null', 'http://exchange.example']) {
        const res = await t.app.inject({
          method,
          url,
          headers: { cookie: admin.cookie, origin },
          payload: {},
        });
        expect(res.statusCode, `${method} ${url} from ${origin}`).toBe(403);
        expect(res.json().error.code).toBe('CROSS_ORIGIN_REQUEST');
      }
    }
    expect(await signedIn(admin)).toBe(true);
  });

  it('without Origin is refused unless Sec-Fetch-Site says same-origin', async () => {
    for (const site of ['same-site', 'cross-site', 'none']) {
      const res = await formPost('/api/v1/auth/sign-out', customer.cookie, {
        'sec-fetch-site': site,
      });
      expect(res.statusCode, site).toBe(403);
    }
    expect(await signedIn(customer)).toBe(true);
    const order = await insertOrder(t.app, customer.id);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${order.id}/cancel`,
      headers: { cookie: customer.cookie, 'sec-fetch-site': 'same-origin' },
    });
    expect(res.statusCode).toBe(200);
    expect(await orderStatus(order.id)).toBe('canceled');
  });

  it('from the product origin or a configured one goes through', async () => {
    for (const origin of [PUBLIC_URL, PARTNER]) {
      const order = await insertOrder(t.app, customer.id);
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1/orders/${order.id}/cancel`,
        headers: { cookie: customer.cookie, origin, 'sec-fetch-site': 'cross-site' },
      });
      expect(res.statusCode, origin).toBe(200);
      expect(await orderStatus(order.id)).toBe('canceled');
    }
  });

  it('with neither Origin nor Sec-Fetch-Site (no browser sent it) goes through', async () => {
    const other = await registerCustomer(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-out',
      headers: { cookie: other.cookie },
    });
    expect(res.statusCode).toBe(204);
    expect(await signedIn(other)).toBe(false);
  });

  it('reading (GET) from another origin is not refused', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: { cookie: customer.cookie, origin: SIBLING },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('a request without the session cookie', () => {
  it('is not affected by its origin', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in',
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      payload: { email: 'nobody@example.com', password: 'Wr0ng!Password' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('INVALID_CREDENTIALS');
  });
});
