import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminAuditPage } from '@permuta/contracts/audit';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';
import type { AuditFilters } from '../filters.ts';

/** GET /api/v1/admin/audit?adminId=&action=&entityType=&entityId=&from=&to=&cursor= (keyset) */
export function listAudit(
  filters: AuditFilters,
  cursor: string | undefined,
  locale: Locale,
  signal?: AbortSignal,
): Promise<AdminAuditPage> {
  return apiFetch<AdminAuditPage>(apiPaths.adminAudit({ ...filters, cursor }), {
    locale,
    signal,
  });
}

export function auditQueryOptions(
  filters: AuditFilters,
  cursor: string | undefined,
  locale: Locale,
) {
  return queryOptions({
    queryKey: ['admin', 'audit', 'list', filters, cursor ?? null],
    queryFn: ({ signal }) => listAudit(filters, cursor, locale, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAudit(filters: AuditFilters, cursor: string | undefined, locale: Locale) {
  return useQuery(auditQueryOptions(filters, cursor, locale));
}
