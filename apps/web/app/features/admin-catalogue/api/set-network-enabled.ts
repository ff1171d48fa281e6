import type { AdminNetwork } from '@permuta/contracts/catalogue-admin';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { useCatalogueMutation } from './mutate.ts';

/** PUT /api/v1/admin/tokens/:coinName/networks/:network/enabled */
export function setNetworkEnabled(code: string, network: string, enabled: boolean, locale: Locale) {
  return apiFetch<AdminNetwork>(apiPaths.adminTokenNetworkEnabled(code, network), {
    locale,
    method: 'PUT',
    body: { enabled },
  });
}

export function useSetNetworkEnabled(code: string, locale: Locale) {
  return useCatalogueMutation((input: { network: string; enabled: boolean }) =>
    setNetworkEnabled(code, input.network, input.enabled, locale),
  );
}
