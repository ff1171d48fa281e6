import type { SessionResponse, SignInInput } from '@permuta/contracts/accounts';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';

/**
 * POST /api/v1/auth/sign-in: sets the session cookie and answers the session and profile. A
 * plain call, not a query-library mutation: the sign-in page stays free of that library.
 */
export function signIn(input: SignInInput, locale: Locale): Promise<SessionResponse> {
  return apiFetch<SessionResponse>(apiPaths.signIn(), { locale, method: 'POST', body: input });
}
