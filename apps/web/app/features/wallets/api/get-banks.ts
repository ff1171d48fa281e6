import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Bank, BankList } from '@permuta/contracts/wallets';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';

/** GET /api/v1/banks: the PIX banks (the browser may cache the answer for a day). */
export async function getBanks(locale: Locale, signal?: AbortSignal): Promise<Bank[]> {
  const answer = await apiFetch<BankList>(apiPaths.banks(), { locale, signal });
  return answer.banks;
}

export function banksQueryOptions(locale: Locale) {
  return queryOptions({
    queryKey: ['banks'],
    queryFn: ({ signal }) => getBanks(locale, signal),
    staleTime: Infinity,
  });
}

export function useBanks(locale: Locale, enabled = true) {
  return useQuery({ ...banksQueryOptions(locale), enabled });
}
