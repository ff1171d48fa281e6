import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';
import type { AdminListItem } from './types.ts';

export const adminsKey = ['admin', 'admins'] as const;

/** GET /api/v1/admin/admins */
export function listAdmins(
  locale: Locale,
  signal?: AbortSignal,
): Promise<{ items: AdminListItem[] }> {
  return apiFetch<{ items: AdminListItem[] }>(apiPaths.adminAdmins(), { locale, signal });
}

export function adminsQueryOptions(locale: Locale) {
  return queryOptions({
    queryKey: adminsKey,
    queryFn: ({ signal }) => listAdmins(locale, signal),
  });
}

export function useAdmins(locale: Locale) {
  return useQuery(adminsQueryOptions(locale));
}
