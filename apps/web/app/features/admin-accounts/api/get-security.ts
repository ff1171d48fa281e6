import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';

export interface SecuritySettings {
  twoFactorRequired: boolean;
}

export const securityKey = ['admin', 'security'] as const;

/** GET /api/v1/admin/security: whether every admin must use two-factor. */
export function getSecurity(locale: Locale, signal?: AbortSignal): Promise<SecuritySettings> {
  return apiFetch<SecuritySettings>(apiPaths.adminSecurity(), { locale, signal });
}

export function securityQueryOptions(locale: Locale) {
  return queryOptions({
    queryKey: securityKey,
    queryFn: ({ signal }) => getSecurity(locale, signal),
    retry: false,
  });
}

export function useSecurity(locale: Locale) {
  return useQuery(securityQueryOptions(locale));
}
