import type { FastifyRequest } from 'fastify';
import { LOCALE_COOKIE, negotiateLocale } from '@permuta/contracts';
import type { Locale } from '@permuta/contracts';

/** The caller's language: Accept-Language (the web app sends its page locale), then the cookie. */
export function requestLocale(request: FastifyRequest): Locale {
  const cookieHeader = request.headers.cookie ?? '';
  const match = new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE}=([^;]+)`).exec(cookieHeader);
  const fromHeader = request.headers['accept-language'];
  // An explicit Accept-Language from the app wins over the cookie of an older visit.
  return fromHeader ? negotiateLocale(fromHeader, null) : negotiateLocale(null, match?.[1] ?? null);
}
