import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';
import type { TreasuryEntryPage } from './types.ts';

/** GET /api/v1/admin/treasury/entries?token=&cursor= (newest first, keyset) */
export function listTreasuryEntries(
  token: string | undefined,
  cursor: string | undefined,
  locale: Locale,
  signal?: AbortSignal,
): Promise<TreasuryEntryPage> {
  return apiFetch<TreasuryEntryPage>(apiPaths.adminTreasuryEntries({ token, cursor }), {
    locale,
    signal,
  });
}

export function treasuryEntriesQueryOptions(
  token: string | undefined,
  cursor: string | undefined,
  locale: Locale,
) {
  return queryOptions({
    queryKey: ['admin', 'treasury', 'entries', token ?? null, cursor ?? null],
    queryFn: ({ signal }) => listTreasuryEntries(token, cursor, locale, signal),
    placeholderData: keepPreviousData,
  });
}

export function useTreasuryEntries(
  token: string | undefined,
  cursor: string | undefined,
  locale: Locale,
) {
  return useQuery(treasuryEntriesQueryOptions(token, cursor, locale));
}
