import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';

export interface ForgotPasswordAnswer {
  message: string;
  retryAfterSeconds: number;
}

/** POST /api/v1/auth/forgot-password: e-mails a 6-digit code (the same answer for any e-mail). */
export function forgotPassword(email: string, locale: Locale): Promise<ForgotPasswordAnswer> {
  return apiFetch<ForgotPasswordAnswer>(apiPaths.forgotPassword(), {
    locale,
    method: 'POST',
    body: { email },
  });
}
