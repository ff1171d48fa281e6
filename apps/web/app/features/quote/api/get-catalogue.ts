import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CatalogueResponse } from '@permuta/contracts/catalogue';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';

/** GET /api/v1/tokens: the public catalogue (tokens, networks, defaults, WhatsApp contact). */
export function getCatalogue(locale: Locale, signal?: AbortSignal): Promise<CatalogueResponse> {
  return apiFetch<CatalogueResponse>(apiPaths.tokens(), { locale, signal });
}

export function catalogueQueryOptions(locale: Locale) {
  return queryOptions({
    queryKey: ['catalogue'],
    queryFn: ({ signal }) => getCatalogue(locale, signal),
    staleTime: 60_000,
  });
}

export function useCatalogue(locale: Locale) {
  return useQuery(catalogueQueryOptions(locale));
}
