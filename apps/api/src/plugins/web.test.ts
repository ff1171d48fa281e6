import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-test-app.ts';
import type { TestApp } from '../../test/build-test-app.ts';

// A small stand-in for apps/web/build/client: the same layout, with files big enough (over the
// 1 KB threshold) to be compressed.
const filler = (label: string) => `<!-- ${label} ${'x'.repeat(2000)} -->`;
const INLINE_SCRIPT = 'window.__firstVisit=1;';
const FILES: Record<string, string> = {
  'index.html': `<!doctype html><html lang="pt-BR"><head><script>${INLINE_SCRIPT}</script></head><body>home pt-BR${filler('home')}</body></html>`,
  'en-US/index.html': `<!doctype html><html lang="en-US"><body>home en-US${filler('en')}</body></html>`,
  'en-US/login/index.html': `<!doctype html><html lang="en-US"><head><link rel="preload" href="/assets/en-US-x1.json" as="fetch"/><link rel="stylesheet" href="/assets/shell-ui-A1.css#"/><link rel="stylesheet" href="/assets/inputs-B2.css#"/></head><body>sign in en-US${filler('login')}</body></html>`,
  '__spa-fallback.html': `<!doctype html><html><body>spa fallback${filler('fallback')}</body></html>`,
  'assets/entry.client-B3x9Qk2a.js': `export const entry = ${JSON.stringify('y'.repeat(4000))};`,
  'builds/latest.json': '{"id":"build-1"}',
  'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
};

// The build's compressed copies (apps/web/scripts/after-build.ts), for one asset and one page:
// marked, so a test can tell the copy from on-the-fly compression.
const PRECOMPRESSED = {
  asset: 'assets/shell-Q1w2E3r4.js',
  page: 'en-US/testimonials/index.html',
  body: (name: string) => `/* ${name}, compressed at build time */ ${'z'.repeat(3000)}`,
};

let dir: string;
let t: TestApp;
beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'permuta-web-'));
  for (const [name, body] of Object.entries(FILES)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), body);
  }
  for (const name of [PRECOMPRESSED.asset, PRECOMPRESSED.page]) {
    const body = PRECOMPRESSED.body(name);
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), body);
    writeFileSync(path.join(dir, `${name}.br`), brotliCompressSync(`${body} [br copy]`));
    writeFileSync(path.join(dir, `${name}.gz`), gzipSync(`${body} [gz copy]`));
  }
  t = await buildTestApp({ seed: false, env: { WEB_DIST_DIR: dir }, app: { serveWeb: true } });
});
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (url: string, encoding = 'identity') =>
  t.app.inject({ url, headers: { 'accept-encoding': encoding } });

describe('serving the built web app', () => {
  it('caches hashed assets for a year, immutable', async () => {
    const res = await get('/assets/entry.client-B3x9Qk2a.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.body).toBe(FILES['assets/entry.client-B3x9Qk2a.js']);
  });

  it('revalidates HTML and the build marker on every load', async () => {
    for (const url of ['/', '/en-US', '/en-US/login', '/builds/latest.json', '/no-such/page']) {
      expect((await get(url)).headers['cache-control'], url).toBe('no-cache');
    }
    // other static files: an hour
    expect((await get('/favicon.svg')).headers['cache-control']).toBe('public, max-age=3600');
  });

  it('serves a prerendered page from its folder, with or without the trailing slash', async () => {
    for (const url of ['/en-US/login', '/en-US/login/', '/en-US/login?redirectTo=%2Fprofile']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toBe(FILES['en-US/login/index.html']);
    }
    expect((await get('/')).body).toBe(FILES['index.html']);
    expect((await get('/en-US')).body).toBe(FILES['en-US/index.html']);
    const head = await t.app.inject({ method: 'HEAD', url: '/en-US/login' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
  });

  it('preloads the stylesheets of a prerendered page in a Link header, ahead of its HTML', async () => {
    const res = await get('/en-US/login');
    expect(res.headers.link).toBe(
      '</assets/shell-ui-A1.css#>; rel=preload; as=style, </assets/inputs-B2.css#>; rel=preload; as=style',
    );
    // a page without stylesheets, and the app shell, get none
    expect((await get('/en-US')).headers.link).toBeUndefined();
    expect((await get('/profile/account')).headers.link).toBeUndefined();
  });

  it("sends the build's compressed copies as they are, with the original's headers", async () => {
    for (const [url, name, cache, type] of [
      [
        `/${PRECOMPRESSED.asset}`,
        PRECOMPRESSED.asset,
        'public, max-age=31536000, immutable',
        /javascript/,
      ],
      ['/en-US/testimonials', PRECOMPRESSED.page, 'no-cache', /^text\/html/],
    ] as const) {
      const body = PRECOMPRESSED.body(name);
      const br = await get(url, 'gzip, deflate, br');
      expect(br.statusCode, url).toBe(200);
      expect(br.headers['content-encoding'], url).toBe('br');
      expect(brotliDecompressSync(br.rawPayload).toString(), url).toBe(`${body} [br copy]`);
      expect(br.headers['cache-control'], url).toBe(cache);
      expect(br.headers['content-type'], url).toMatch(type);
      expect(br.headers.vary, url).toMatch(/accept-encoding/i);
      const gz = await get(url, 'gzip');
      expect(gz.headers['content-encoding'], url).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString(), url).toBe(`${body} [gz copy]`);
      const plain = await get(url);
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      expect(plain.body, url).toBe(body);
    }
    // the copies are no files of the site
    expect((await get(`/${PRECOMPRESSED.asset}.br`)).statusCode).toBe(404);
  });

  it('compresses with brotli or gzip as the browser accepts', async () => {
    for (const url of ['/', '/assets/entry.client-B3x9Qk2a.js']) {
      const original = url === '/' ? FILES['index.html'] : FILES['assets/entry.client-B3x9Qk2a.js'];
      const br = await get(url, 'gzip, deflate, br');
      expect(br.headers['content-encoding'], url).toBe('br');
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(original);
      expect(br.rawPayload.length).toBeLessThan(original!.length / 4);

      const gzip = await get(url, 'gzip');
      expect(gzip.headers['content-encoding'], url).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).toString()).toBe(original);

      const plain = await get(url);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(original);
    }
  });

  it('answers a screen that is not prerendered with the app shell and 200', async () => {
    for (const url of ['/profile/my-orders/EX-7K2Q9', '/en-US/admin/orders']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toBe(FILES['__spa-fallback.html']);
    }
  });

  it('answers an unknown path with the app shell (its 404 page) and a real 404 status', async () => {
    for (const url of [
      '/no-such/page',
      '/en-US/no-such-page?x=1',
      '/profile/my-orders/EX-7/extra',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toBe(FILES['__spa-fallback.html']);
    }
    const compressed = await get('/no-such/page', 'br');
    expect(compressed.statusCode).toBe(404);
    expect(compressed.headers['content-encoding']).toBe('br');
    // not for the API: its unknown paths keep the JSON error shape
    const api = await get('/api/v1/no-such-thing');
    expect(api.statusCode).toBe(404);
    expect(api.json().error.code).toBe('ROUTE_NOT_FOUND');
    // nor for other methods
    expect(
      (await t.app.inject({ method: 'POST', url: '/no-such/page' })).headers['content-type'],
    ).toMatch(/^application\/json/);
  });

  it('keeps the page route out of the API documentation', async () => {
    const doc = (await get('/api/openapi.json')).json();
    expect(Object.keys(doc.paths)).toContain('/healthz');
    expect(Object.keys(doc.paths).filter((p) => p.includes('*'))).toEqual([]);
  });

  it('allows exactly the inline scripts of the build in the page policy', async () => {
    const hash = createHash('sha256').update(INLINE_SCRIPT).digest('base64');
    const csp = String((await get('/')).headers['content-security-policy']);
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}'`);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  });
});

describe('the request budget', () => {
  it('counts API calls only, not the pages and files of the web app', async () => {
    const limited = await buildTestApp({
      seed: false,
      env: { WEB_DIST_DIR: dir, RATE_LIMIT_PER_MINUTE: '5' },
      app: { serveWeb: true },
    });
    try {
      for (let i = 0; i < 12; i++) {
        for (const url of ['/', '/assets/entry.client-B3x9Qk2a.js', '/en-US/login']) {
          expect((await limited.app.inject({ url })).statusCode, `${url} #${i}`).toBe(200);
        }
      }
      const api = [];
      for (let i = 0; i < 6; i++)
        api.push((await limited.app.inject({ url: '/api/v1/tokens' })).statusCode);
      expect(api.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
      expect(api[5]).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
