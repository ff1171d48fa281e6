import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { TestApp } from '../../../test/build-test-app.ts';

const ORIGIN = 'https://troca.example';
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ seed: false, env: { PUBLIC_URL: `${ORIGIN}/` } });
});
afterAll(async () => t?.close());

describe('sitemap.xml', () => {
  it('lists every public page in both languages with absolute URLs and hreflang alternates', async () => {
    const res = await t.app.inject({ url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const xml = res.body;
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');

    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    for (const path of [
      '/',
      '/business',
      '/testimonials',
      '/contact',
      '/pld',
      '/privacy-policy',
      '/terms-of-service',
      '/login',
      '/registration',
    ]) {
      expect(locs).toContain(`${ORIGIN}${path}`);
      expect(locs).toContain(path === '/' ? `${ORIGIN}/en-US` : `${ORIGIN}/en-US${path}`);
    }
    expect(locs).toHaveLength(18);
    // nothing private or single-use
    expect(xml).not.toMatch(/\/(admin|profile|forgot-password|validate-email)/);

    const contact = xml
      .split('<url>')
      .find((entry) => entry.includes(`<loc>${ORIGIN}/en-US/contact</loc>`));
    expect(contact).toContain(
      `<xhtml:link rel="alternate" hreflang="pt-BR" href="${ORIGIN}/contact"/>`,
    );
    expect(contact).toContain(
      `<xhtml:link rel="alternate" hreflang="en-US" href="${ORIGIN}/en-US/contact"/>`,
    );
    expect(contact).toContain(
      `<xhtml:link rel="alternate" hreflang="x-default" href="${ORIGIN}/contact"/>`,
    );
  });
});

describe('robots.txt', () => {
  it('lets crawlers see the public site, keeps them out of private areas and the API, and links the sitemap', async () => {
    const res = await t.app.inject({ url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const path of ['/admin', '/en-US/admin', '/profile', '/en-US/profile', '/api/'])
      expect(lines).toContain(`Disallow: ${path}`);
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });
});
