import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';
import type { AdminCustomerDetail } from './types.ts';

export type CustomerDetail = AdminCustomerDetail;

export const customerKey = (id: string) => ['admin', 'customer', id] as const;

/** GET /api/v1/admin/customers/:id */
export function getCustomer(
  id: string,
  locale: Locale,
  signal?: AbortSignal,
): Promise<CustomerDetail> {
  return apiFetch<CustomerDetail>(apiPaths.adminCustomer(id), { locale, signal });
}

export function customerQueryOptions(id: string, locale: Locale) {
  return queryOptions({
    queryKey: customerKey(id),
    queryFn: ({ signal }) => getCustomer(id, locale, signal),
  });
}

export function useCustomer(id: string, locale: Locale) {
  return useQuery(customerQueryOptions(id, locale));
}
