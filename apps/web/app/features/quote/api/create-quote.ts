import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { QuoteRequest, QuoteResponse } from '@permuta/contracts/quote';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';

/** GET /api/v1/quotes: price an amount typed on either side (nothing is locked). */
export function createQuote(
  request: QuoteRequest,
  locale: Locale,
  signal?: AbortSignal,
): Promise<QuoteResponse> {
  return apiFetch<QuoteResponse>(apiPaths.quotes(request), { locale, signal });
}

/**
 * One query per request: a newer request leaves the older one without observers, and TanStack
 * Query aborts its fetch (the signal is passed to fetch). The last answer stays on screen while
 * the next one loads.
 */
export function quoteQueryOptions(request: QuoteRequest | null, locale: Locale) {
  return queryOptions({
    queryKey: ['quote', request, locale],
    queryFn: ({ signal }) => createQuote(request as QuoteRequest, locale, signal),
    enabled: request !== null,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 15_000,
  });
}

export function useQuote(request: QuoteRequest | null, locale: Locale) {
  return useQuery(quoteQueryOptions(request, locale));
}
