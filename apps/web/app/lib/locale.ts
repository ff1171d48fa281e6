import {
  DEFAULT_LOCALE,
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE_DAYS,
} from '@permuta/contracts/locale';
import type { Locale } from '@permuta/contracts/locale';

export type { Locale };
export { DEFAULT_LOCALE };

const EN_PREFIX = '/en-US';

/** The locale of a pathname: `/en-US` and `/en-US/...` are English, everything else Portuguese. */
export function localeFromPath(pathname: string): Locale {
  return pathname === EN_PREFIX || pathname.startsWith(`${EN_PREFIX}/`) ? 'en-US' : 'pt-BR';
}

/** The pathname without its locale prefix: `/en-US/contact` -> `/contact`, `/en-US` -> `/`. */
export function stripLocale(pathname: string): string {
  if (localeFromPath(pathname) === 'pt-BR') return pathname || '/';
  const rest = pathname.slice(EN_PREFIX.length);
  return rest === '' || rest === '/' ? '/' : rest;
}

/** An unprefixed app path in the given locale: `/contact` -> `/en-US/contact`, `/` -> `/en-US`. */
export function localizePath(path: string, locale: Locale): string {
  const clean = path.startsWith('/') ? path : `/${path}`;
  if (locale === 'pt-BR') return clean;
  const cut = clean.search(/[?#]/);
  const pathname = cut === -1 ? clean : clean.slice(0, cut);
  const rest = cut === -1 ? '' : clean.slice(cut);
  return `${pathname === '/' ? EN_PREFIX : `${EN_PREFIX}${pathname}`}${rest}`;
}

/**
 * The same page in another locale, keeping the query string and the hash:
 * `/contact?x=1#a` -> `/en-US/contact?x=1#a` and back.
 */
export function switchLocalePath(
  location: { pathname: string; search?: string; hash?: string },
  target: Locale,
): string {
  const path = localizePath(stripLocale(location.pathname), target);
  return `${path}${location.search ?? ''}${location.hash ?? ''}`;
}

/** The first supported language of the browser's list (`en*` -> en-US, `pt*` -> pt-BR). */
export function preferredLocale(languages: readonly string[]): Locale | null {
  for (const tag of languages) {
    const lower = tag.toLowerCase();
    if (lower.startsWith('pt')) return 'pt-BR';
    if (lower.startsWith('en')) return 'en-US';
  }
  return null;
}

export function readLocaleCookie(cookie: string): Locale | null {
  const match = /(?:^|;\s*)locale=([^;]*)/.exec(cookie);
  const value = match?.[1];
  return value === 'pt-BR' || value === 'en-US' ? value : null;
}

export function localeCookie(locale: Locale): string {
  const maxAge = LOCALE_COOKIE_MAX_AGE_DAYS * 24 * 60 * 60;
  return `${LOCALE_COOKIE}=${locale}; Max-Age=${maxAge}; Path=/; SameSite=Lax`;
}

/**
 * A visit to `/` (the Portuguese home). The locale cookie holds the visitor's choice of language:
 * written by the language switcher, and once by the first visit (PRODUCT.md: a first visit to `/`
 * without a cookie from a browser that prefers English goes to `/en-US`). So `/` goes to the
 * English home when the cookie says en-US, stays Portuguese when it says pt-BR, and without a
 * cookie follows the browser. Opening a page in a language writes nothing: a Portuguese visitor
 * who followed an English link still gets `/`. Returns where to go, or null.
 */
export function firstVisitTarget(
  pathname: string,
  cookie: string,
  languages: readonly string[],
): string | null {
  if (pathname !== '/') return null;
  const chosen = readLocaleCookie(cookie) ?? preferredLocale(languages);
  return chosen === 'en-US' ? '/en-US' : null;
}

/**
 * The same rule as `firstVisitTarget`, as an inline script for <head>: it runs before the page
 * renders, so an English visitor never sees the Portuguese home flash. On a first visit it writes
 * the cookie (`localeCookie('en-US')`) before leaving. A string (not a serialised function) so
 * that the prerendered and the hydrated markup are identical.
 */
export const FIRST_VISIT_SCRIPT =
  "(function(){try{var l=window.location;if(l.pathname!=='/')return;" +
  'var c=/(?:^|;\\s*)locale=(pt-BR|en-US)(?:;|$)/.exec(document.cookie);' +
  'if(c){if(c[1]==="en-US")l.replace("/en-US"+l.search+l.hash);return}' +
  'var n=navigator.languages&&navigator.languages.length?navigator.languages:[navigator.language||""];' +
  'for(var i=0;i<n.length;i++){var t=String(n[i]).toLowerCase();if(t.indexOf("pt")===0)return;' +
  'if(t.indexOf("en")===0){document.cookie="locale=en-US; Max-Age=31536000; Path=/; SameSite=Lax";' +
  'l.replace("/en-US"+l.search+l.hash);return}}}catch(e){}})()';

export const OG_LOCALE: Record<Locale, string> = { 'pt-BR': 'pt_BR', 'en-US': 'en_US' };
