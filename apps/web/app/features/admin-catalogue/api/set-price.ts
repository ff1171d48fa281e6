import type { AdminToken } from '@permuta/contracts/catalogue-admin';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { useCatalogueMutation } from './mutate.ts';

/** PUT /api/v1/admin/tokens/:coinName/price: a manual price in BRL. */
export function setManualPrice(code: string, priceBrl: string, locale: Locale) {
  return apiFetch<AdminToken>(apiPaths.adminTokenPrice(code), {
    locale,
    method: 'PUT',
    body: { priceBrl },
  });
}

export function useSetManualPrice(code: string, locale: Locale) {
  return useCatalogueMutation((priceBrl: string) => setManualPrice(code, priceBrl, locale));
}
