import {
  ADMIN_ORDER_SORTS,
  ADMIN_STATUS_FILTERS,
  type AdminOrderSort,
  type AdminStatusFilter,
} from '@permuta/contracts/orders';
import type { AdminOrderFilters } from './api/types.ts';

export const STATUS_FILTERS = ADMIN_STATUS_FILTERS;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export { ADMIN_ORDER_SORTS };

function isSort(value: string | null): value is AdminOrderSort {
  return value !== null && (ADMIN_ORDER_SORTS as readonly string[]).includes(value);
}

function isStatus(value: string | null): value is Exclude<AdminStatusFilter, 'all'> {
  return (
    value !== null && value !== 'all' && (ADMIN_STATUS_FILTERS as readonly string[]).includes(value)
  );
}

/**
 * The list's filters and sort read from the page's URL; anything unreadable falls back to "no
 * filter" (and newest first).
 */
export function filtersFromSearch(params: URLSearchParams): AdminOrderFilters {
  const status = params.get('status');
  const sort = params.get('sort');
  const date = (name: string) => {
    const value = params.get(name) ?? '';
    return DATE.test(value) ? value : '';
  };
  return {
    status: isStatus(status) ? status : 'all',
    q: (params.get('q') ?? '').trim().slice(0, 200),
    from: date('from'),
    to: date('to'),
    sort: isSort(sort) ? sort : 'newest',
  };
}

/**
 * The filters as URL search parameters: only what filters (no `status=all`, no empty values, no
 * `sort=newest`). The page (`after`) is not among them: new filters start from the first page.
 */
export function searchFromFilters(filters: AdminOrderFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.status !== 'all') params.set('status', filters.status);
  if (filters.q.trim()) params.set('q', filters.q.trim());
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (filters.sort !== 'newest') params.set('sort', filters.sort);
  return params;
}

export function hasFilters(filters: AdminOrderFilters): boolean {
  return filters.status !== 'all' || filters.q !== '' || filters.from !== '' || filters.to !== '';
}
