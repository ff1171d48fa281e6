import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';
import type { AdminOrderFilters, AdminOrderPage } from './types.ts';

/**
 * GET /api/v1/admin/orders?status=&q=&from=&to=&sort=&cursor= (keyset: `nextCursor` opens the
 * next page; `total` counts the filtered list)
 */
export function listAdminOrders(
  filters: AdminOrderFilters,
  cursor: string | undefined,
  locale: Locale,
  signal?: AbortSignal,
): Promise<AdminOrderPage> {
  return apiFetch<AdminOrderPage>(apiPaths.adminOrders({ ...filters, cursor }), {
    locale,
    signal,
  });
}

/** How often the desk asks again while its tab is visible: new paid orders appear by themselves. */
export const DESK_REFRESH_MS = 15_000;

export function adminOrdersQueryOptions(
  filters: AdminOrderFilters,
  cursor: string | undefined,
  locale: Locale,
) {
  return queryOptions({
    queryKey: ['admin', 'orders', 'list', filters, cursor ?? null],
    queryFn: ({ signal }) => listAdminOrders(filters, cursor, locale, signal),
    placeholderData: keepPreviousData,
    // only while the tab is visible (TanStack Query pauses the interval in a hidden tab)
    refetchInterval: DESK_REFRESH_MS,
    refetchIntervalInBackground: false,
  });
}

export function useAdminOrders(
  filters: AdminOrderFilters,
  cursor: string | undefined,
  locale: Locale,
) {
  return useQuery(adminOrdersQueryOptions(filters, cursor, locale));
}
