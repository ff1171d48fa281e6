import type { AdminNetwork, NetworkCreateInput } from '@permuta/contracts/catalogue-admin';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { useCatalogueMutation } from './mutate.ts';

export type NetworkChanges = Partial<Omit<NetworkCreateInput, 'code'>>;

/** PATCH /api/v1/admin/tokens/:coinName/networks/:network */
export function updateNetwork(
  code: string,
  network: string,
  changes: NetworkChanges,
  locale: Locale,
) {
  return apiFetch<AdminNetwork>(apiPaths.adminTokenNetwork(code, network), {
    locale,
    method: 'PATCH',
    body: changes,
  });
}

export function useUpdateNetwork(code: string, locale: Locale) {
  return useCatalogueMutation((input: { network: string; changes: NetworkChanges }) =>
    updateNetwork(code, input.network, input.changes, locale),
  );
}
