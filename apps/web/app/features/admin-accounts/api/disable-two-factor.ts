import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminProfile } from '@permuta/contracts/accounts';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { adminProfileKey } from './get-admin-profile.ts';

/** POST /api/v1/admin/me/two-factor/disable (refused while two-factor is mandatory). */
export function disableTwoFactor(password: string, locale: Locale): Promise<AdminProfile> {
  return apiFetch<AdminProfile>(apiPaths.adminTwoFactorDisable(), {
    locale,
    method: 'POST',
    body: { password },
  });
}

export function useDisableTwoFactor(locale: Locale) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => disableTwoFactor(password, locale),
    onSuccess: (profile) => {
      client.setQueryData(adminProfileKey, profile);
      void client.invalidateQueries({ queryKey: ['admin', 'admins'] });
    },
  });
}
