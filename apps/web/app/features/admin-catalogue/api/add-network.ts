import type { AdminNetwork, NetworkCreateInput } from '@permuta/contracts/catalogue-admin';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { useCatalogueMutation } from './mutate.ts';

/** POST /api/v1/admin/tokens/:coinName/networks */
export function addNetwork(code: string, input: NetworkCreateInput, locale: Locale) {
  return apiFetch<AdminNetwork>(apiPaths.adminTokenNetworks(code), {
    locale,
    method: 'POST',
    body: input,
  });
}

export function useAddNetwork(code: string, locale: Locale) {
  return useCatalogueMutation((input: NetworkCreateInput) => addNetwork(code, input, locale));
}
