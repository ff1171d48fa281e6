import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';
import type { Treasury } from './types.ts';

export const treasuryKey = ['admin', 'treasury', 'balances'] as const;

/** GET /api/v1/admin/treasury: balance, reserved and available per token */
export function getTreasury(locale: Locale, signal?: AbortSignal): Promise<Treasury> {
  return apiFetch<Treasury>(apiPaths.adminTreasury(), { locale, signal });
}

export function treasuryQueryOptions(locale: Locale) {
  return queryOptions({
    queryKey: treasuryKey,
    queryFn: ({ signal }) => getTreasury(locale, signal),
  });
}

export function useTreasury(locale: Locale) {
  return useQuery(treasuryQueryOptions(locale));
}
