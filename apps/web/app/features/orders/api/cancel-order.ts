import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderView } from '@permuta/contracts/orders';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { orderKeys, useSessionKey } from './keys.ts';

/** POST /api/v1/orders/:id/cancel: pending -> canceled. */
export function cancelOrder(id: string, locale: Locale): Promise<OrderView> {
  return apiFetch<OrderView>(apiPaths.orderCancel(id), { locale, method: 'POST', body: {} });
}

export function useCancelOrder(id: string, locale: Locale) {
  const client = useQueryClient();
  const session = useSessionKey();
  return useMutation({
    mutationFn: () => cancelOrder(id, locale),
    onSuccess: (order) => {
      client.setQueryData(orderKeys.detail(session, id), order);
      void client.invalidateQueries({ queryKey: orderKeys.lists(session) });
      void client.invalidateQueries({ queryKey: orderKeys.limits(session) });
    },
    onError: () => void client.invalidateQueries({ queryKey: orderKeys.detail(session, id) }),
  });
}
