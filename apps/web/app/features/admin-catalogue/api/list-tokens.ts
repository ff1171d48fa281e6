import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminTokenList } from '@permuta/contracts/catalogue-admin';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { catalogueKeys } from './keys.ts';

/** GET /api/v1/admin/tokens: every token with its networks and latest price. */
export function listTokens(locale: Locale, signal?: AbortSignal): Promise<AdminTokenList> {
  return apiFetch<AdminTokenList>(apiPaths.adminTokens(), { locale, signal });
}

export function tokensQueryOptions(locale: Locale) {
  return queryOptions({
    queryKey: catalogueKeys.tokens(),
    queryFn: ({ signal }) => listTokens(locale, signal),
  });
}

export function useAdminTokens(locale: Locale) {
  return useQuery(tokensQueryOptions(locale));
}
