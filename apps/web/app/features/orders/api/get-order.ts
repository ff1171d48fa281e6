import { queryOptions, replaceEqualDeep, useQuery } from '@tanstack/react-query';
import { isFinalStatus } from '@permuta/contracts/order-state';
import type { OrderView } from '@permuta/contracts/orders';
import { apiFetch, isApiError } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { orderKeys, useSessionKey } from './keys.ts';
import { useCachedOrderStatus, useOrderStream } from './order-stream.ts';

/** How often an order that is not final is asked for again while no stream brings its changes. */
export const ORDER_POLL_MS = 15_000;

/** GET /api/v1/orders/:id (the reference or the id). */
export function getOrder(id: string, locale: Locale, signal?: AbortSignal): Promise<OrderView> {
  return apiFetch<OrderView>(apiPaths.order(id), { locale, signal });
}

/**
 * The order query. `live`: its event stream is open and delivered the view, so every change
 * arrives by itself and nothing polls; otherwise (connecting, reconnecting, refused, or no
 * EventSource) an order that is not final is asked for every ORDER_POLL_MS.
 */
export function orderQueryOptions(
  session: string | null,
  id: string,
  locale: Locale,
  live = false,
) {
  return queryOptions({
    queryKey: orderKeys.detail(session, id),
    queryFn: ({ signal }) => getOrder(id, locale, signal),
    staleTime: 5_000,
    structuralSharing: keepNewerOrder,
    // polling pauses in a background tab: coming back asks again, unless the stream kept up
    refetchOnWindowFocus: !live,
    // a missing order stays missing; anything else gets one more try
    retry: (count, error) => count < 1 && !(isApiError(error) && error.status === 404),
    refetchInterval: (query) => {
      const order = query.state.data;
      if (query.state.error && isApiError(query.state.error) && query.state.error.status === 404)
        return false;
      if (order && isFinalStatus(order.status)) return false;
      return live ? false : ORDER_POLL_MS;
    },
  });
}

/**
 * What the cache keeps when a view of the order arrives. A view that knows fewer of the order's
 * moves than the one in the cache left the API before the latest pushed change (a refetch or a
 * mutation's answer overtaken by the stream): the newer view stays, or the page would step back
 * and, with nothing polling, stay behind. The timeline only grows, so its length orders two views
 * of one order without trusting clocks.
 */
export function keepNewerOrder(old: unknown, next: unknown): unknown {
  const kept = old as Partial<OrderView> | undefined;
  const coming = next as Partial<OrderView> | undefined;
  if (
    kept?.id !== undefined &&
    kept.id === coming?.id &&
    Array.isArray(kept.events) &&
    Array.isArray(coming.events) &&
    coming.events.length < kept.events.length
  )
    return old;
  return replaceEqualDeep(old, next);
}

/**
 * The order, kept current: pushed by its event stream once it is known and not final, polled
 * while the stream is not live.
 */
export function useOrder(id: string, locale: Locale) {
  const session = useSessionKey();
  const status = useCachedOrderStatus(session, id);
  const stream = useOrderStream(id, status !== undefined && !isFinalStatus(status));
  return useQuery(orderQueryOptions(session, id, locale, stream === 'live'));
}
