import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CatalogueResponse, PublicToken } from '@permuta/contracts/catalogue';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';

/**
 * GET /api/v1/tokens: the public catalogue, for the token and network choices of a wallet. Same
 * key and answer as the calculator's query, so both share one cached answer.
 */
export function getCatalogue(locale: Locale, signal?: AbortSignal): Promise<CatalogueResponse> {
  return apiFetch<CatalogueResponse>(apiPaths.tokens(), { locale, signal });
}

export function walletTokensQueryOptions(locale: Locale) {
  return queryOptions({
    queryKey: ['catalogue'],
    queryFn: ({ signal }) => getCatalogue(locale, signal),
    staleTime: 60_000,
  });
}

/** The tokens a wallet can be added for (the catalogue's enabled tokens). */
export function useWalletTokens(locale: Locale) {
  return useQuery({
    ...walletTokensQueryOptions(locale),
    select: (answer): PublicToken[] => answer.tokens,
  });
}
