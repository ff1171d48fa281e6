import type { z } from 'zod';
import type { resetPasswordSchema } from '@permuta/contracts/accounts';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';

export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

/** POST /api/v1/auth/reset-password: the e-mailed code and the new password. */
export function resetPassword(
  input: ResetPasswordInput,
  locale: Locale,
): Promise<{ message: string }> {
  return apiFetch<{ message: string }>(apiPaths.resetPassword(), {
    locale,
    method: 'POST',
    body: input,
  });
}
