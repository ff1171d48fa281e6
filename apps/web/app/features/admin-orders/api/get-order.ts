import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch, isApiError } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';
import type { AdminOrderView } from './types.ts';

export const adminOrderKey = (id: string) => ['admin', 'orders', 'detail', id] as const;

/** GET /api/v1/admin/orders/:id (reference or id) */
export function getAdminOrder(
  id: string,
  locale: Locale,
  signal?: AbortSignal,
): Promise<AdminOrderView> {
  return apiFetch<AdminOrderView>(apiPaths.adminOrder(id), { locale, signal });
}

export function adminOrderQueryOptions(id: string, locale: Locale) {
  return queryOptions({
    queryKey: adminOrderKey(id),
    queryFn: ({ signal }) => getAdminOrder(id, locale, signal),
    // a missing order (404) or a refusal will not change on a second try
    retry: (failures, error) => failures < 1 && !(isApiError(error) && error.status < 500),
  });
}

export function useAdminOrder(id: string, locale: Locale) {
  return useQuery(adminOrderQueryOptions(id, locale));
}
