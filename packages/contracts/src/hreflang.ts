import { LOCALES, LOCALE_PREFIX, type Locale } from './locale.ts';

/**
 * Absolute page URLs and their hreflang alternates, for the pages' <head> (web) and the sitemap
 * (API). Depends on the locales only, so that the page shell can use it without the route list.
 */

/** hreflang x-default: the Portuguese site, the default. */
export const HREFLANG_DEFAULT: Locale = 'pt-BR';

export interface Alternate {
  hreflang: Locale | 'x-default';
  href: string;
}

/** The absolute URL of an unprefixed app path in `locale` (`/` -> `https://x/`, `https://x/en-US`). */
export function pageUrl(origin: string, path: string, locale: Locale): string {
  const base = origin.replace(/\/+$/, '');
  const prefix = LOCALE_PREFIX[locale];
  const localized = prefix ? (path === '/' ? prefix : `${prefix}${path}`) : path;
  return `${base}${localized === '' ? '/' : localized}`;
}

/** The same page in every language, and x-default. */
export function alternatesOf(origin: string, path: string): Alternate[] {
  return [
    ...LOCALES.map((locale) => ({ hreflang: locale, href: pageUrl(origin, path, locale) })),
    { hreflang: 'x-default', href: pageUrl(origin, path, HREFLANG_DEFAULT) },
  ];
}
