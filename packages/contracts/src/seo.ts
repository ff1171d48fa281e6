import { alternatesOf, pageUrl } from './hreflang.ts';
import { LOCALES } from './locale.ts';
import { APP_ROUTES, type AppRouteId, localizedPath } from './routes.ts';

export { alternatesOf, pageUrl };

/**
 * The pages search engines should index, in both languages: listed in /sitemap.xml, each with
 * a canonical URL and hreflang alternates. Pages for one visitor at a time (password reset,
 * e-mail confirmation) and the back office stay out.
 */
export const INDEXED_ROUTE_IDS = [
  'home',
  'business',
  'testimonials',
  'contact',
  'pld',
  'privacyPolicy',
  'termsOfService',
  'login',
  'registration',
] as const satisfies readonly AppRouteId[];

/** Paths search engines must not crawl (robots.txt): the signed-in areas and the API. */
export const DISALLOWED_PATH_PREFIXES = ['/admin', '/profile', '/api/'] as const;

/** `https://x.example` + `/sitemap.xml`. */
export function absoluteUrl(origin: string, path: string): string {
  return `${origin.replace(/\/+$/, '')}${path}`;
}

/** The unprefixed paths of the indexed pages. */
export function indexedPaths(): string[] {
  return INDEXED_ROUTE_IDS.map((id) => APP_ROUTES.find((route) => route.id === id)!.path);
}

function escapeXml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

/** sitemap.xml: every indexed page in both languages, each with its alternates. */
export function sitemapXml(origin: string): string {
  const urls = indexedPaths().flatMap((path) => {
    const links = alternatesOf(origin, path)
      .map(
        (alt) =>
          `    <xhtml:link rel="alternate" hreflang="${alt.hreflang}" href="${escapeXml(alt.href)}"/>`,
      )
      .join('\n');
    return LOCALES.map(
      (locale) =>
        `  <url>\n    <loc>${escapeXml(pageUrl(origin, path, locale))}</loc>\n${links}\n  </url>`,
    );
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/** robots.txt: everything public may be crawled, except the signed-in areas and the API. */
export function robotsTxt(origin: string): string {
  const disallowed = DISALLOWED_PATH_PREFIXES.flatMap((prefix) =>
    prefix.startsWith('/api') ? [prefix] : LOCALES.map((locale) => localizedPath(prefix, locale)),
  );
  return [
    'User-agent: *',
    'Allow: /',
    ...disallowed.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${absoluteUrl(origin, '/sitemap.xml')}`,
    '',
  ].join('\n');
}
