import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';

export interface AuditAdmin {
  id: string;
  username: string;
}

/** GET /api/v1/admin/admins: the admins the audit screen can filter by. */
export function listAuditAdmins(locale: Locale, signal?: AbortSignal): Promise<AuditAdmin[]> {
  return apiFetch<{ items: AuditAdmin[] }>(apiPaths.adminAdmins(), { locale, signal }).then(
    (page) => page.items.map(({ id, username }) => ({ id, username })),
  );
}

export function useAuditAdmins(locale: Locale) {
  return useQuery(
    queryOptions({
      queryKey: ['admin', 'audit', 'admins'],
      queryFn: ({ signal }) => listAuditAdmins(locale, signal),
      staleTime: 60_000,
    }),
  );
}
