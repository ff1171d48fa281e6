import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WalletList, WalletView } from '@permuta/contracts/wallets';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';

export const myWalletsKey = ['me', 'wallets'] as const;

/** GET /api/v1/me/wallets */
export async function getMyWallets(locale: Locale, signal?: AbortSignal): Promise<WalletView[]> {
  const answer = await apiFetch<WalletList>(apiPaths.myWallets(), { locale, signal });
  return answer.wallets;
}

export function myWalletsQueryOptions(locale: Locale) {
  return queryOptions({
    queryKey: myWalletsKey,
    queryFn: ({ signal }) => getMyWallets(locale, signal),
  });
}

export function useMyWallets(locale: Locale) {
  return useQuery(myWalletsQueryOptions(locale));
}
