import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FeeRules } from '@permuta/contracts/catalogue-admin';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { catalogueKeys } from './keys.ts';

/** GET /api/v1/admin/fee-rules: the general rate, the pair rules and the warning band. */
export function getFeeRules(locale: Locale, signal?: AbortSignal): Promise<FeeRules> {
  return apiFetch<FeeRules>(apiPaths.adminFeeRules(), { locale, signal });
}

export function feeRulesQueryOptions(locale: Locale) {
  return queryOptions({
    queryKey: catalogueKeys.feeRules(),
    queryFn: ({ signal }) => getFeeRules(locale, signal),
  });
}

export function useFeeRules(locale: Locale) {
  return useQuery(feeRulesQueryOptions(locale));
}
