import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';
import type { AdminOrderFilters, AdminOrderPage } from './types.ts';

/** GET /api/v1/admin/orders?status=&q=&from=&to=&cursor= (keyset: `nextCursor` opens the next page) */
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

export function adminOrdersQueryOptions(
  filters: AdminOrderFilters,
  cursor: string | undefined,
  locale: Locale,
) {
  return queryOptions({
    queryKey: ['admin', 'orders', 'list', filters, cursor ?? null],
    queryFn: ({ signal }) => listAdminOrders(filters, cursor, locale, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAdminOrders(
  filters: AdminOrderFilters,
  cursor: string | undefined,
  locale: Locale,
) {
  return useQuery(adminOrdersQueryOptions(filters, cursor, locale));
}
