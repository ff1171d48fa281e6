import { queryOptions, useQuery } from '@tanstack/react-query';
import { isFinalStatus } from '@permuta/contracts/order-state';
import type { OrderView } from '@permuta/contracts/orders';
import { apiFetch, isApiError } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { orderKeys, useSessionKey } from './keys.ts';

/** How often an order that is not final is asked for again. */
export const ORDER_POLL_MS = 15_000;

/** GET /api/v1/orders/:id (the reference or the id). */
export function getOrder(id: string, locale: Locale, signal?: AbortSignal): Promise<OrderView> {
  return apiFetch<OrderView>(apiPaths.order(id), { locale, signal });
}

export function orderQueryOptions(session: string | null, id: string, locale: Locale) {
  return queryOptions({
    queryKey: orderKeys.detail(session, id),
    queryFn: ({ signal }) => getOrder(id, locale, signal),
    staleTime: 5_000,
    // polling pauses in a background tab: coming back asks again
    refetchOnWindowFocus: true,
    // a missing order stays missing; anything else gets one more try
    retry: (count, error) => count < 1 && !(isApiError(error) && error.status === 404),
    refetchInterval: (query) => {
      const order = query.state.data;
      if (query.state.error && isApiError(query.state.error) && query.state.error.status === 404)
        return false;
      return order && isFinalStatus(order.status) ? false : ORDER_POLL_MS;
    },
  });
}

export function useOrder(id: string, locale: Locale) {
  return useQuery(orderQueryOptions(useSessionKey(), id, locale));
}
