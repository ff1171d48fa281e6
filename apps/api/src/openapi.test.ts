/**
 * The OpenAPI document as a product (decision 058): every operation named once, its security
 * what the route really asks for, a 2xx and the 4xx it answers with the one error shape. The
 * Redocly lint (`npm run lint:openapi`) checks the rest of the recommended rules.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/build-test-app.ts';
import type { TestApp } from '../test/build-test-app.ts';
import type { RouteOptions } from 'fastify';
import { documentRoute, securityOf } from './plugins/openapi-rules.ts';

interface Operation {
  operationId?: string;
  security?: Array<Record<string, string[]>>;
  responses: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }>;
}
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; securitySchemes?: Record<string, unknown> };
};

let t: TestApp;
let doc: Document;
let operations: Array<{ method: string; path: string; operation: Operation }>;

beforeAll(async () => {
  t = await buildTestApp({ seed: false });
  doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
  operations = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ method, path, operation })),
  );
});
afterAll(async () => t.close());

describe('OpenAPI document', () => {
  it('names every operation once, in camelCase', () => {
    expect(operations.length).toBeGreaterThan(100);
    const missing = operations.filter(({ operation }) => !operation.operationId);
    expect(missing.map(({ method, path }) => `${method} ${path}`)).toEqual([]);
    const ids = operations.map(({ operation }) => operation.operationId!);
    const twice = ids.filter((id, at) => ids.indexOf(id) !== at);
    expect(twice).toEqual([]);
    expect(ids.filter((id) => !/^[a-z][a-zA-Z0-9]*$/.test(id))).toEqual([]);
  });

  it('gives every operation a 2xx and its 4xx answers, each error with the ApiError schema', () => {
    for (const { method, path, operation } of operations) {
      const where = `${method} ${path}`;
      const statuses = Object.keys(operation.responses);
      expect(
        statuses.some((s) => s.startsWith('2')),
        where,
      ).toBe(true);
      expect(statuses, where).toContain('400');
      if (path.startsWith('/api/')) expect(statuses, where).toContain('429');
      if ((operation.security ?? []).length > 0) expect(statuses, where).toContain('401');
      // 4xx: the error shape (a 5xx may be a probe's own body, as /readyz's 503)
      for (const status of statuses.filter((s) => s.startsWith('4'))) {
        const schema = operation.responses[status]?.content?.['application/json']?.schema;
        expect(schema?.$ref, `${where} ${status}`).toBe('#/components/schemas/ApiError');
      }
    }
  });

  it('says which operations need the session cookie, as the routes answer without one', async () => {
    expect(doc.components.securitySchemes).toMatchObject({
      sessionCookie: { type: 'apiKey', in: 'cookie', name: 'auth_token' },
    });
    const wrong: string[] = [];
    for (const { method, path, operation } of operations) {
      const url = path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
      const res = await t.app.inject({
        method: method.toUpperCase() as 'GET',
        url,
        ...(['post', 'put', 'patch'].includes(method) ? { payload: {} } : {}),
      });
      // a session's routes and a partner key's (partnerKey, decision 057) answer 401 without one
      const guarded = (operation.security ?? []).some(
        (r) => 'sessionCookie' in r || 'partnerKey' in r,
      );
      if (guarded !== (res.statusCode === 401)) wrong.push(`${method} ${path}: ${res.statusCode}`);
    }
    // the PSP's webhook answers 401 to a body without its signature, and is no session's
    expect(wrong.filter((line) => !line.includes('/webhooks/pix'))).toEqual([]);
  });

  it('keeps a security a route names itself, and names the partner key under /api/v1/partner/', () => {
    expect(securityOf({ url: '/api/v1/partner/orders' })).toEqual([{ partnerKey: [] }]);
    expect(securityOf({ url: '/api/v1/admin/orders' })).toEqual([{ sessionCookie: [] }]);
    expect(securityOf({ url: '/api/v1/admin/auth/sign-in' })).toEqual([]);
    expect(securityOf({ url: '/api/v1/me' })).toEqual([{ sessionCookie: [] }]);
    expect(securityOf({ url: '/api/v1/quotes' })).toEqual([]);
    const route = {
      method: 'GET',
      url: '/api/v1/admin/something',
      schema: { security: [{ partnerKey: [] }] },
    } as unknown as RouteOptions;
    documentRoute(route);
    expect(route.schema?.security).toEqual([{ partnerKey: [] }]);
  });

  it('documents files and streams under their media types, and no unused schema', () => {
    const receipt = doc.paths['/api/v1/orders/{id}/receipt.pdf']!.get!.responses['200']!;
    expect(Object.keys(receipt.content!)).toEqual(['application/pdf']);
    const feed = doc.paths['/api/v1/rates.xml']!.get!.responses['200']!;
    expect(Object.keys(feed.content!)).toEqual(['application/xml']);
    const text = JSON.stringify(doc.paths);
    for (const name of Object.keys(doc.components.schemas)) {
      expect(
        JSON.stringify(doc).split(`"#/components/schemas/${name}"`).length,
        name,
      ).toBeGreaterThan(1);
    }
    expect(text).not.toContain('x-media-types');
  });
});
