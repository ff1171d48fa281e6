import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderListItem } from '@permuta/contracts/orders';
import type { OrderStatus } from '@permuta/contracts/order-state';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { orderKeys, useSessionKey } from './keys.ts';

export type OrderStatusFilter = 'all' | OrderStatus;

export interface OrderPage {
  items: OrderListItem[];
  page: number;
  pageSize: number;
  total: number;
}

export const ORDERS_PAGE_SIZE = 20;

/** GET /api/v1/orders: the customer's orders, newest first, one page. */
export function listOrders(
  query: { status: OrderStatusFilter; page: number },
  locale: Locale,
  signal?: AbortSignal,
): Promise<OrderPage> {
  return apiFetch<OrderPage>(apiPaths.orders({ ...query, pageSize: ORDERS_PAGE_SIZE }), {
    locale,
    signal,
  });
}

export function ordersQueryOptions(
  session: string | null,
  query: { status: OrderStatusFilter; page: number },
  locale: Locale,
) {
  return queryOptions({
    queryKey: orderKeys.list(session, query),
    queryFn: ({ signal }) => listOrders(query, locale, signal),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

export function useOrders(query: { status: OrderStatusFilter; page: number }, locale: Locale) {
  return useQuery(ordersQueryOptions(useSessionKey(), query, locale));
}
