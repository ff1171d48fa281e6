import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';

/** POST /api/v1/auth/verify-email: confirms the e-mail address with the link's token. */
export function verifyEmail(token: string, locale: Locale): Promise<{ message: string }> {
  return apiFetch<{ message: string }>(apiPaths.verifyEmail(), {
    locale,
    method: 'POST',
    body: { token },
  });
}

const pending = new Map<string, Promise<{ message: string }>>();

/**
 * The token works once: a second call (React's development double effects, a re-render) must
 * reuse the first request instead of spending the token again and reporting it as invalid.
 */
export function verifyEmailOnce(token: string, locale: Locale): Promise<{ message: string }> {
  let request = pending.get(token);
  if (!request) {
    request = verifyEmail(token, locale);
    pending.set(token, request);
  }
  return request;
}
