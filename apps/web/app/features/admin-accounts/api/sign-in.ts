import type { AdminSignInInput, SessionResponse } from '@permuta/contracts/accounts';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';

export type AdminSignInResult = SessionResponse | { twoFactorRequired: true };

export function needsTwoFactor(result: AdminSignInResult): result is { twoFactorRequired: true } {
  return 'twoFactorRequired' in result && result.twoFactorRequired === true;
}

/** POST /api/v1/admin/auth/sign-in: the session, or "a two-factor code is still needed". */
export function adminSignIn(input: AdminSignInInput, locale: Locale): Promise<AdminSignInResult> {
  return apiFetch<AdminSignInResult>(apiPaths.adminSignIn(), {
    locale,
    method: 'POST',
    body: input,
  });
}
