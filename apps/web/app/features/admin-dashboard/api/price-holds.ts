import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PriceHoldList } from '@permuta/contracts/catalogue-admin';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { DASHBOARD_REFRESH_MS } from './get-dashboard.ts';

const holdsKey = ['admin', 'price-holds'] as const;

/** GET /api/v1/admin/price-holds: feed prices held for a decision (the token's quotes pause). */
export function getPriceHolds(locale: Locale, signal?: AbortSignal): Promise<PriceHoldList> {
  return apiFetch<PriceHoldList>(apiPaths.adminPriceHolds(), { locale, signal });
}

export function priceHoldsQueryOptions(locale: Locale) {
  return queryOptions({
    queryKey: holdsKey,
    queryFn: ({ signal }) => getPriceHolds(locale, signal),
    refetchInterval: DASHBOARD_REFRESH_MS,
  });
}

export function usePriceHolds(locale: Locale) {
  return useQuery(priceHoldsQueryOptions(locale));
}

export type HoldDecision =
  { action: 'accept'; code: string; priceBrl: string } | { action: 'reject'; code: string };

/** POST .../accept (the price the admin saw) or .../reject; answers the holds left. */
export function decideHold(decision: HoldDecision, locale: Locale): Promise<PriceHoldList> {
  return decision.action === 'accept'
    ? apiFetch<PriceHoldList>(apiPaths.adminPriceHoldAccept(decision.code), {
        locale,
        method: 'POST',
        body: { priceBrl: decision.priceBrl },
      })
    : apiFetch<PriceHoldList>(apiPaths.adminPriceHoldReject(decision.code), {
        locale,
        method: 'POST',
        body: {},
      });
}

export function useDecideHold(locale: Locale) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (decision: HoldDecision) => decideHold(decision, locale),
    onSuccess: (holds) => client.setQueryData(holdsKey, holds),
    onSettled: () => client.invalidateQueries({ queryKey: holdsKey }),
  });
}
