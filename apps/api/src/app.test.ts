import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/build-test-app.ts';
import type { TestApp } from '../test/build-test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

describe('platform', () => {
  it('answers liveness, readiness with migrations applied, and Prometheus metrics', async () => {
    expect((await t.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    const body = ready.json();
    expect(body.status).toBe('ready');
    expect(body.migrations.applied).toBe(body.migrations.expected);
    expect(body.migrations.expected).toBeGreaterThan(0);
    await t.app.inject({ url: '/api/v1/tokens' });
    const metrics = await t.app.inject({ url: '/metrics' });
    expect(metrics.headers['content-type']).toMatch(/^text\/plain/);
    expect(metrics.body).toContain('http_request_duration_seconds_bucket');
    expect(metrics.body).toContain('route="/api/v1/tokens"');
  });

  it('reports not ready when the database is unreachable', async () => {
    const other = await buildTestApp({ seed: false });
    await other.handle.close();
    const res = await other.app.inject({ url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'not_ready', database: 'down' });
    await other.app.close();
  });

  it('answers an unknown API path with the error shape and a request id', async () => {
    const res = await t.app.inject({
      url: '/api/v1/nothing-here',
      headers: { 'accept-language': 'en-US' },
    });
    expect(res.statusCode).toBe(404);
    const { error } = res.json();
    expect(error).toMatchObject({
      code: 'ROUTE_NOT_FOUND',
      message: 'Page not found: /api/v1/nothing-here',
    });
    expect(error.requestId).toBe(res.headers['x-request-id']);
  });

  it('names the instance that answered in x-instance when INSTANCE_ID is set', async () => {
    expect((await t.app.inject({ url: '/healthz' })).headers['x-instance']).toBeUndefined();
    const named = await buildTestApp({ seed: false, env: { INSTANCE_ID: 'api-b' } });
    try {
      const res = await named.app.inject({ url: '/api/v1/nothing-here' });
      expect(res.statusCode).toBe(404);
      expect(res.headers['x-instance']).toBe('api-b');
    } finally {
      await named.close();
    }
  });

  it('speaks Portuguese by default and follows the locale cookie', async () => {
    const pt = await t.app.inject({ url: '/api/v1/nope' });
    expect(pt.json().error.message).toBe('Página não encontrada: /api/v1/nope');
    const en = await t.app.inject({ url: '/api/v1/nope', headers: { cookie: 'locale=en-US' } });
    expect(en.json().error.message).toBe('Page not found: /api/v1/nope');
  });

  it('refuses a malformed JSON body with the error shape, not a stack trace', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/contact',
      headers: { 'content-type': 'application/json', 'accept-language': 'en-US' },
      payload: '{"send": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Please fill in all fields correctly.',
    });
    expect(res.body).not.toMatch(/at .*\.ts/);
  });

  it('sends security headers with a strict content security policy', async () => {
    const res = await t.app.inject({ url: '/api/v1/tokens' });
    // data answers render nothing: the tightest policy
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'; base-uri 'none'",
    );
    const page = await t.app.inject({ url: '/api/docs/' });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('publishes an OpenAPI 3.1 document with the quote operation, and readable docs', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/api/v1/quotes'].get.summary).toBe('Quote an exchange');
    // its input is the query string, one documented parameter per field
    expect(
      doc.paths['/api/v1/quotes'].get.parameters.map((p: { in: string; name: string }) => [
        p.in,
        p.name,
      ]),
    ).toEqual(['send', 'receive', 'network', 'side', 'amount'].map((name) => ['query', name]));
    expect(doc.paths['/api/v1/tokens'].get).toBeDefined();
    const docs = await t.app.inject({ url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.body).toContain('swagger');
  });
});

describe('rate limit', () => {
  it('answers 429 with the retry time once the per-minute budget is spent', async () => {
    const limited = await buildTestApp({ seed: false, env: { RATE_LIMIT_PER_MINUTE: '3' } });
    try {
      for (let i = 0; i < 3; i += 1) {
        const ok = await limited.app.inject({ url: '/api/v1/tokens' });
        expect(ok.statusCode).toBe(200);
        // the budget is told once spent, not on every answer
        expect(ok.headers['x-ratelimit-remaining']).toBeUndefined();
      }
      const res = await limited.app.inject({
        url: '/api/v1/tokens',
        headers: { 'accept-language': 'en-US' },
      });
      expect(res.statusCode).toBe(429);
      expect(res.headers).toMatchObject({ 'x-ratelimit-limit': '3', 'x-ratelimit-remaining': '0' });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(res.json().error.code).toBe('RATE_LIMITED');
      expect(res.json().error.message).toMatch(
        /^Too many requests\. Please try again in \d+ seconds\.$/,
      );
      expect((await limited.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
