import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminProfile } from '@permuta/contracts/accounts';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { adminProfileKey } from './get-admin-profile.ts';

/** POST /api/v1/admin/me/two-factor/verify: the first code turns two-factor on. */
export function verifyTwoFactor(code: string, locale: Locale): Promise<AdminProfile> {
  return apiFetch<AdminProfile>(apiPaths.adminTwoFactorVerify(), {
    locale,
    method: 'POST',
    body: { code },
  });
}

export function useVerifyTwoFactor(locale: Locale) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => verifyTwoFactor(code, locale),
    onSuccess: (profile) => {
      client.setQueryData(adminProfileKey, profile);
      void client.invalidateQueries({ queryKey: ['admin'] });
    },
  });
}
