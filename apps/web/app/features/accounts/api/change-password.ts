import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { changePasswordSchema } from '@permuta/contracts/accounts';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';

export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

/** POST /api/v1/me/password: the current password and the new one (other sessions end). */
export function changePassword(
  input: ChangePasswordInput,
  locale: Locale,
): Promise<{ message: string }> {
  return apiFetch<{ message: string }>(apiPaths.changePassword(), {
    locale,
    method: 'POST',
    body: input,
  });
}

export function useChangePassword(locale: Locale) {
  return useMutation({ mutationFn: (input: ChangePasswordInput) => changePassword(input, locale) });
}
