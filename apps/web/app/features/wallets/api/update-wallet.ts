import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WalletSaved, WalletUpdateInput } from '@permuta/contracts/wallets';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { myWalletsKey } from './get-my-wallets.ts';

/** PATCH /api/v1/me/wallets/:id: `{ message: "Wallet for USDT updated", wallet }`. */
export function updateWallet(
  id: string,
  input: WalletUpdateInput,
  locale: Locale,
): Promise<WalletSaved> {
  return apiFetch<WalletSaved>(apiPaths.myWallet(id), { locale, method: 'PATCH', body: input });
}

export function useUpdateWallet(locale: Locale) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: WalletUpdateInput }) =>
      updateWallet(id, input, locale),
    onSuccess: () => client.invalidateQueries({ queryKey: myWalletsKey }),
  });
}
