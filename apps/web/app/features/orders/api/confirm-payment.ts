import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderView } from '@permuta/contracts/orders';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { orderKeys, useSessionKey } from './keys.ts';

/** POST /api/v1/orders/:id/confirm-payment: pending -> user_confirmed (proof and/or tx hash). */
export function confirmPayment(
  id: string,
  body: { txHash?: string },
  locale: Locale,
): Promise<OrderView> {
  return apiFetch<OrderView>(apiPaths.orderConfirmPayment(id), { locale, method: 'POST', body });
}

export function useConfirmPayment(id: string, locale: Locale) {
  const client = useQueryClient();
  const session = useSessionKey();
  return useMutation({
    mutationFn: (body: { txHash?: string }) => confirmPayment(id, body, locale),
    onSuccess: (order) => {
      client.setQueryData(orderKeys.detail(session, id), order);
      void client.invalidateQueries({ queryKey: orderKeys.lists(session) });
    },
    onError: () => void client.invalidateQueries({ queryKey: orderKeys.detail(session, id) }),
  });
}
