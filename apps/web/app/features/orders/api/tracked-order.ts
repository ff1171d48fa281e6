import { useEffect, useState } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { isFinalStatus } from '@permuta/contracts/order-state';
import type { TrackingOrder } from '@permuta/contracts/tracking';
import { apiFetch, isApiError } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { parseOrderView } from './order-stream.ts';

export const trackingKeys = {
  order: (reference: string) => ['tracked-order', reference.toUpperCase()] as const,
};

/** How often the tracked order is asked for while its stream is not live. */
const POLL_MS = 15_000;

function trackedOrderOptions(reference: string, locale: Locale, live: boolean) {
  return queryOptions({
    queryKey: trackingKeys.order(reference),
    queryFn: ({ signal }) =>
      apiFetch<TrackingOrder>(apiPaths.trackedOrder(reference), { locale, signal }),
    staleTime: 5_000,
    retry: (count, error) => count < 1 && !(isApiError(error) && error.status === 404),
    refetchInterval: (query) => {
      const order = query.state.data;
      if (query.state.error) return false;
      if (order && isFinalStatus(order.status)) return false;
      return live ? false : POLL_MS;
    },
  });
}

/**
 * The tracked order, kept current by its event stream (GET /api/v1/track/orders/:id/events, the
 * tracking cookie goes along by itself) and polled while the stream is not live. A stream the
 * server refuses (the grant ended) is not reopened: the next poll shows why.
 */
export function useTrackedOrder(reference: string, locale: Locale) {
  const queryClient = useQueryClient();
  const [live, setLive] = useState(false);
  const query = useQuery(trackedOrderOptions(reference, locale, live));
  const status = query.data?.status;
  const open = status !== undefined && !isFinalStatus(status) && !query.isError;

  useEffect(() => {
    if (!open || typeof EventSource === 'undefined') return;
    const source = new EventSource(apiPaths.trackedOrderEvents(reference));
    source.addEventListener('order', (event) => {
      const view = parseOrderView((event as MessageEvent).data);
      if (!view) return;
      queryClient.setQueryData(trackingKeys.order(reference), view as TrackingOrder);
      setLive(!isFinalStatus(view.status));
    });
    source.addEventListener('error', () => {
      setLive(false);
      // refused (404: the grant ended): the poll asks again and shows the page's answer
      if (source.readyState === EventSource.CLOSED) {
        void queryClient.invalidateQueries({ queryKey: trackingKeys.order(reference) });
      }
    });
    return () => {
      source.close();
      setLive(false);
    };
  }, [open, reference, queryClient]);

  return query;
}
