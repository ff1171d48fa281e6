import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CatalogueResponse } from '@permuta/contracts/catalogue';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';

/** The query key of the public catalogue (the calculator's too: one cached answer). */
export const CATALOGUE_KEY = ['catalogue'] as const;

/**
 * GET /api/v1/tokens: the enabled tokens, the ones a default token may be. Same key as the
 * calculator's query, so both share one cached answer (and a save refreshes it).
 */
export function getTokenChoices(locale: Locale, signal?: AbortSignal): Promise<CatalogueResponse> {
  return apiFetch<CatalogueResponse>(apiPaths.tokens(), { locale, signal });
}

export function tokenChoicesQueryOptions(locale: Locale) {
  return queryOptions({
    queryKey: CATALOGUE_KEY,
    queryFn: ({ signal }) => getTokenChoices(locale, signal),
    staleTime: 60_000,
  });
}

export function useTokenChoices(locale: Locale) {
  return useQuery(tokenChoicesQueryOptions(locale));
}
