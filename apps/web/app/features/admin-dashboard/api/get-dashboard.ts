import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Dashboard } from '@permuta/contracts/dashboard';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';

/** The queues change while the admin looks at them: the dashboard reloads every minute. */
export const DASHBOARD_REFRESH_MS = 60_000;

/** GET /api/v1/admin/dashboard: the work waiting now and the series of the last weeks. */
export function getDashboard(locale: Locale, signal?: AbortSignal): Promise<Dashboard> {
  return apiFetch<Dashboard>(apiPaths.adminDashboard(), { locale, signal });
}

export function dashboardQueryOptions(locale: Locale) {
  return queryOptions({
    queryKey: ['admin', 'dashboard'] as const,
    queryFn: ({ signal }) => getDashboard(locale, signal),
    refetchInterval: DASHBOARD_REFRESH_MS,
  });
}

export function useDashboard(locale: Locale) {
  return useQuery(dashboardQueryOptions(locale));
}
