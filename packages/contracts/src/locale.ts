export const LOCALES = ['pt-BR', 'en-US'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'pt-BR';
/** URL prefix of each locale: Portuguese is unprefixed. */
export const LOCALE_PREFIX: Record<Locale, string> = { 'pt-BR': '', 'en-US': '/en-US' };
export const LOCALE_COOKIE = 'locale';
export const LOCALE_COOKIE_MAX_AGE_DAYS = 365;

export function isLocale(value: unknown): value is Locale {
  return value === 'pt-BR' || value === 'en-US';
}

/**
 * The caller's language: an explicit locale cookie first, then the first supported language of
 * Accept-Language (any `en*` is en-US, any `pt*` is pt-BR), then Portuguese.
 */
export function negotiateLocale(acceptLanguage?: string | null, cookie?: string | null): Locale {
  if (isLocale(cookie)) return cookie;
  if (acceptLanguage) {
    const ranked = acceptLanguage
      .split(',')
      .map((part, index) => {
        const [tag = '', ...params] = part.trim().split(';');
        const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
        return { tag: tag.toLowerCase(), q: q ? Number(q.slice(2)) || 0 : 1, index };
      })
      .filter((entry) => entry.q > 0)
      .sort((a, b) => b.q - a.q || a.index - b.index);
    for (const { tag } of ranked) {
      if (tag.startsWith('pt')) return 'pt-BR';
      if (tag.startsWith('en')) return 'en-US';
    }
  }
  return DEFAULT_LOCALE;
}
