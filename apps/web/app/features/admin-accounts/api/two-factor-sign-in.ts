import type { SessionResponse } from '@permuta/contracts/accounts';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';

/** POST /api/v1/admin/auth/two-factor: second sign-in step (TOTP or recovery code). */
export function adminTwoFactorSignIn(code: string, locale: Locale): Promise<SessionResponse> {
  return apiFetch<SessionResponse>(apiPaths.adminTwoFactorSignIn(), {
    locale,
    method: 'POST',
    body: { code },
  });
}
