import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CatalogueResponse } from '@permuta/contracts/catalogue';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';

/**
 * GET /api/v1/tokens: the public catalogue, for the default-token choices. Same key as the
 * calculator's query, so both share one cached answer.
 */
export function getTokenChoices(locale: Locale, signal?: AbortSignal): Promise<CatalogueResponse> {
  return apiFetch<CatalogueResponse>(apiPaths.tokens(), { locale, signal });
}

export function tokenChoicesQueryOptions(locale: Locale) {
  return queryOptions({
    queryKey: ['catalogue'],
    queryFn: ({ signal }) => getTokenChoices(locale, signal),
    staleTime: 60_000,
  });
}

export function useTokenChoices(locale: Locale) {
  return useQuery(tokenChoicesQueryOptions(locale));
}
