import { useQuery } from '@tanstack/react-query';
import type { AdminDocumentQueue } from '@permuta/contracts/accounts';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { DESK_REFRESH_MS } from './list-orders.ts';
import type { AdminOrderPage, OrderStatus } from './types.ts';

/** Orders in these states wait for an admin to confirm the funds. */
export const WAITING_STATUSES: readonly OrderStatus[] = ['paid', 'user_confirmed'];

export interface WaitingWork {
  /** orders waiting for their funds to be confirmed */
  orders: number;
  /** customers' documents waiting for review */
  documents: number;
}

async function countWaitingWork(locale: Locale, signal: AbortSignal): Promise<WaitingWork> {
  const totals = await Promise.all(
    WAITING_STATUSES.map((status) =>
      apiFetch<AdminOrderPage>(apiPaths.adminOrders({ status, limit: '5' }), {
        locale,
        signal,
      }).then((page) => page.total),
    ),
  );
  const documents = await apiFetch<AdminDocumentQueue>(apiPaths.adminDocumentQueue(), {
    locale,
    signal,
  });
  return { orders: totals.reduce((a, b) => a + b, 0), documents: documents.total };
}

/**
 * The work waiting for the back office, asked again every 15 s while the tab is visible: the
 * desk shows it in the page title and may announce new work.
 */
export function useWaitingWork(locale: Locale) {
  return useQuery({
    queryKey: ['admin', 'orders', 'waiting-work'],
    queryFn: ({ signal }) => countWaitingWork(locale, signal),
    refetchInterval: DESK_REFRESH_MS,
    refetchIntervalInBackground: false,
  });
}
