import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminToken } from '@permuta/contracts/catalogue-admin';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { catalogueKeys } from './keys.ts';

/** GET /api/v1/admin/tokens/:coinName */
export function getToken(code: string, locale: Locale, signal?: AbortSignal): Promise<AdminToken> {
  return apiFetch<AdminToken>(apiPaths.adminToken(code), { locale, signal });
}

export function tokenQueryOptions(code: string, locale: Locale) {
  return queryOptions({
    queryKey: catalogueKeys.token(code),
    queryFn: ({ signal }) => getToken(code, locale, signal),
  });
}

export function useAdminToken(code: string, locale: Locale) {
  return useQuery(tokenQueryOptions(code, locale));
}
