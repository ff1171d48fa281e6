import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';

export interface TwoFactorSetup {
  totpUri: string;
  backupCodes: string[];
}

/** POST /api/v1/admin/me/two-factor/enable: a new secret, not active until a code is verified. */
export function enableTwoFactor(password: string, locale: Locale): Promise<TwoFactorSetup> {
  return apiFetch<TwoFactorSetup>(apiPaths.adminTwoFactorEnable(), {
    locale,
    method: 'POST',
    body: { password },
  });
}

export function useEnableTwoFactor(locale: Locale) {
  return useMutation({ mutationFn: (password: string) => enableTwoFactor(password, locale) });
}
