import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PriceHistory } from '@permuta/contracts/catalogue-admin';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { catalogueKeys } from './keys.ts';

export const PRICE_HISTORY_PAGE_SIZE = 10;

/** GET /api/v1/admin/tokens/:coinName/prices?page=&pageSize= (newest first) */
export function getPriceHistory(code: string, page: number, locale: Locale, signal?: AbortSignal) {
  return apiFetch<PriceHistory>(apiPaths.adminTokenPrices(code, page, PRICE_HISTORY_PAGE_SIZE), {
    locale,
    signal,
  });
}

export function priceHistoryQueryOptions(code: string, page: number, locale: Locale) {
  return queryOptions({
    queryKey: catalogueKeys.prices(code, page),
    queryFn: ({ signal }) => getPriceHistory(code, page, locale, signal),
    placeholderData: keepPreviousData,
  });
}

export function usePriceHistory(code: string, page: number, locale: Locale) {
  return useQuery(priceHistoryQueryOptions(code, page, locale));
}
