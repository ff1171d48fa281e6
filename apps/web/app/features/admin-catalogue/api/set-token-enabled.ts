import type { AdminToken } from '@permuta/contracts/catalogue-admin';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { useCatalogueMutation } from './mutate.ts';

/** PUT /api/v1/admin/tokens/:coinName/enabled */
export function setTokenEnabled(code: string, enabled: boolean, locale: Locale) {
  return apiFetch<AdminToken>(apiPaths.adminTokenEnabled(code), {
    locale,
    method: 'PUT',
    body: { enabled },
  });
}

export function useSetTokenEnabled(locale: Locale) {
  return useCatalogueMutation((input: { code: string; enabled: boolean }) =>
    setTokenEnabled(input.code, input.enabled, locale),
  );
}
