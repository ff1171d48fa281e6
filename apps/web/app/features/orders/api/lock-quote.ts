import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { LockedQuote } from '@permuta/contracts/orders';
import type { QuoteRequest } from '@permuta/contracts/quote';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { useSessionKey } from './keys.ts';

/** POST /api/v1/orders/quote: a quote locked for the customer until `lockedUntil`. */
export function lockQuote(
  request: QuoteRequest,
  locale: Locale,
  signal?: AbortSignal,
): Promise<LockedQuote> {
  return apiFetch<LockedQuote>(apiPaths.orderQuote(), {
    locale,
    method: 'POST',
    body: request,
    signal,
  });
}

/** Milliseconds until a locked quote runs out (at least one second, so a late clock never spins). */
export function msUntilUnlocked(quote: LockedQuote | undefined, now: number = Date.now()) {
  if (!quote) return false as const;
  const until = Date.parse(quote.lockedUntil);
  if (Number.isNaN(until)) return false as const;
  return Math.max(1_000, until - now);
}

/**
 * One lock per request: new inputs lock a new quote (the previous answer stays on screen while it
 * loads), and a lock that runs out is replaced by a fresh one on its own.
 */
export function lockedQuoteQueryOptions(
  session: string | null,
  request: QuoteRequest | null,
  locale: Locale,
) {
  return queryOptions({
    queryKey: ['orders', session, 'quote', request, locale],
    queryFn: ({ signal }) => lockQuote(request as QuoteRequest, locale, signal),
    enabled: request !== null,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 0,
    gcTime: 0,
    refetchInterval: (query) => msUntilUnlocked(query.state.data),
    // on time even in a background tab: the customer comes back to a fresh lock
    refetchIntervalInBackground: true,
  });
}

export function useLockedQuote(request: QuoteRequest | null, locale: Locale) {
  return useQuery(lockedQuoteQueryOptions(useSessionKey(), request, locale));
}
