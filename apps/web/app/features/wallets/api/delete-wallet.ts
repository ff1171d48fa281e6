import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { myWalletsKey } from './get-my-wallets.ts';

/** DELETE /api/v1/me/wallets/:id: `{ message: "Wallet for USDT deleted" }`; 409 WALLET_IN_USE. */
export function deleteWallet(id: string, locale: Locale): Promise<{ message: string }> {
  return apiFetch<{ message: string }>(apiPaths.myWallet(id), { locale, method: 'DELETE' });
}

export function useDeleteWallet(locale: Locale) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteWallet(id, locale),
    onSuccess: () => client.invalidateQueries({ queryKey: myWalletsKey }),
  });
}
