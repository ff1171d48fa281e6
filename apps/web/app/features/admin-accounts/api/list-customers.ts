import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';
import type { CustomerListItem, CustomerStatusFilter, Page } from './types.ts';

export interface CustomerListQuery {
  q: string;
  status: CustomerStatusFilter;
  page: number;
}

/** GET /api/v1/admin/customers?q=&status=&page= */
export function listCustomers(
  query: CustomerListQuery,
  locale: Locale,
  signal?: AbortSignal,
): Promise<Page<CustomerListItem>> {
  return apiFetch<Page<CustomerListItem>>(apiPaths.adminCustomers(query), { locale, signal });
}

export function customersQueryOptions(query: CustomerListQuery, locale: Locale) {
  return queryOptions({
    queryKey: ['admin', 'customers', query],
    queryFn: ({ signal }) => listCustomers(query, locale, signal),
    placeholderData: keepPreviousData,
  });
}

export function useCustomers(query: CustomerListQuery, locale: Locale) {
  return useQuery(customersQueryOptions(query, locale));
}
