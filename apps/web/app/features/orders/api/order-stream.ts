import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { isFinalStatus, ORDER_STATUSES, type OrderStatus } from '@permuta/contracts/order-state';
import type { OrderView } from '@permuta/contracts/orders';
import { apiPaths } from '../../../lib/paths.ts';
import { orderKeys, useSessionKey } from './keys.ts';

/**
 * Where the order page's event stream stands:
 * - `off`: no stream (the order is not known yet or is final, or there is no EventSource: the
 *   server render, an old browser)
 * - `connecting`: opening, or reopening after the server ended it, or open without the order's
 *   view yet
 * - `live`: open, and it delivered the order's view: every change comes by itself
 * - `closed`: the browser gave up on it (the server answered 401, 404 or 429 instead of a
 *   stream); it is opened again after a wait
 */
export type OrderStreamState = 'off' | 'connecting' | 'live' | 'closed';

/** EventSource.readyState of a stream the browser will not reopen by itself. */
const CLOSED = 2;

/** The wait before a stream the browser gave up on is opened again, doubled on each failure. */
export const STREAM_REOPEN_MS = 30_000;
const STREAM_REOPEN_MAX_MS = 5 * 60_000;

/**
 * The longest a stream goes without an `order` event before it is taken for dead and reopened.
 * The server ends each stream after about 5 minutes and every new one starts with the view, so a
 * longer silence means a connection lost without the browser noticing (a laptop put to sleep, a
 * phone that changed networks). The server's pings are comment lines, which never reach the page.
 */
export const STREAM_SILENCE_MS = 7 * 60_000;

/**
 * GET /api/v1/orders/:id/events while `enabled`: every `order` event (the same view GET
 * /api/v1/orders/:id answers) goes into the order's cache entry, under the same key the page
 * reads, whether `id` is the reference or the uuid. Closed on unmount, when `id` or the session
 * changes, and once a final status arrives (the server ends the stream then; the browser would
 * otherwise reconnect).
 *
 * EventSource sends no headers: the session cookie goes along by itself (same origin), and the
 * view has no text in the page's language, so nothing is lost without Accept-Language.
 */
export function useOrderStream(id: string, enabled: boolean): OrderStreamState {
  const queryClient = useQueryClient();
  const session = useSessionKey();
  const stream = enabled && typeof EventSource !== 'undefined' ? `${session ?? ''} ${id}` : null;
  const [reported, setReported] = useState<{ stream: string; state: OrderStreamState } | null>(
    null,
  );

  useEffect(() => {
    if (stream === null) return;
    const key = orderKeys.detail(session, id);
    const report = (state: OrderStreamState) => setReported({ stream, state });
    let source: EventSource | undefined;
    let reopenTimer: ReturnType<typeof setTimeout> | undefined;
    let silenceTimer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;

    const stop = () => {
      source?.close();
      source = undefined;
      clearTimeout(reopenTimer);
      clearTimeout(silenceTimer);
    };
    const watch = () => {
      clearTimeout(silenceTimer);
      silenceTimer = setTimeout(() => {
        report('connecting');
        open();
      }, STREAM_SILENCE_MS);
    };
    const open = () => {
      stop();
      const events = new EventSource(apiPaths.orderEvents(id));
      source = events;
      watch();
      events.addEventListener('order', (event) => {
        if (events !== source) return;
        const view = parseOrderView((event as MessageEvent).data);
        // not a view: the stream is not counted on, so polling carries on
        if (!view) return;
        failures = 0;
        queryClient.setQueryData(key, view);
        if (isFinalStatus(view.status)) {
          stop();
          report('off');
          return;
        }
        report('live');
        watch();
      });
      events.addEventListener('error', () => {
        if (events !== source) return;
        if (events.readyState !== CLOSED) {
          // the browser reconnects by itself after the server's `retry`
          report('connecting');
          return;
        }
        stop();
        failures += 1;
        report('closed');
        reopenTimer = setTimeout(
          open,
          Math.min(STREAM_REOPEN_MS * 2 ** (failures - 1), STREAM_REOPEN_MAX_MS),
        );
      });
    };

    open();
    return stop;
  }, [queryClient, session, id, stream]);

  if (stream === null) return 'off';
  return reported?.stream === stream ? reported.state : 'connecting';
}

/**
 * The status of the order the cache holds under `id`, or undefined before it is known: what
 * decides whether its stream is open, read without a second query.
 */
export function useCachedOrderStatus(session: string | null, id: string): OrderStatus | undefined {
  const queryClient = useQueryClient();
  const subscribe = useCallback(
    (onChange: () => void) => queryClient.getQueryCache().subscribe(onChange),
    [queryClient],
  );
  return useSyncExternalStore(
    subscribe,
    () => queryClient.getQueryData<OrderView>(orderKeys.detail(session, id))?.status,
    () => undefined,
  );
}

/** An `order` event's data as a view, or null when it is not one. */
export function parseOrderView(data: unknown): OrderView | null {
  if (typeof data !== 'string') return null;
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const view = value as Partial<Record<keyof OrderView, unknown>>;
  return typeof view.id === 'string' &&
    typeof view.reference === 'string' &&
    (ORDER_STATUSES as readonly unknown[]).includes(view.status) &&
    Array.isArray(view.events) &&
    Array.isArray(view.actions)
    ? (value as OrderView)
    : null;
}
