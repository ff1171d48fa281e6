import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WalletCreateInput, WalletSaved } from '@permuta/contracts/wallets';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { myWalletsKey } from './get-my-wallets.ts';

/** POST /api/v1/me/wallets: `{ message: "Wallet for USDT registered", wallet }`. */
export function createWallet(input: WalletCreateInput, locale: Locale): Promise<WalletSaved> {
  return apiFetch<WalletSaved>(apiPaths.myWallets(), { locale, method: 'POST', body: input });
}

export function useCreateWallet(locale: Locale) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: WalletCreateInput) => createWallet(input, locale),
    onSuccess: () => client.invalidateQueries({ queryKey: myWalletsKey }),
  });
}
