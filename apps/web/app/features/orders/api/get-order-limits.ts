import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderLimits } from '@permuta/contracts/orders';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { orderKeys, useSessionKey } from './keys.ts';

/** GET /api/v1/orders/limits: the signed-in customer's per-customer limits and what is left. */
export function getOrderLimits(locale: Locale, signal?: AbortSignal): Promise<OrderLimits> {
  return apiFetch<OrderLimits>(apiPaths.orderLimits(), { locale, signal });
}

export function orderLimitsQueryOptions(session: string | null, locale: Locale) {
  return queryOptions({
    queryKey: orderKeys.limits(session),
    queryFn: ({ signal }) => getOrderLimits(locale, signal),
    staleTime: 10_000,
  });
}

export function useOrderLimits(locale: Locale) {
  return useQuery(orderLimitsQueryOptions(useSessionKey(), locale));
}
