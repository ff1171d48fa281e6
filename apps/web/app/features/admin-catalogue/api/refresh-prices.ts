import type { PriceRefreshResult } from '@permuta/contracts/catalogue-admin';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { useCatalogueMutation } from './mutate.ts';

/** POST /api/v1/admin/prices/refresh: read the exchange ticker now. */
export function refreshPrices(locale: Locale): Promise<PriceRefreshResult> {
  return apiFetch<PriceRefreshResult>(apiPaths.adminPricesRefresh(), { locale, method: 'POST' });
}

export function useRefreshPrices(locale: Locale) {
  return useCatalogueMutation(() => refreshPrices(locale));
}
