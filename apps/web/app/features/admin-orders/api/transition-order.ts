import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { adminOrderKey } from './get-order.ts';
import type { AdminOrderView, AdminTransition } from './types.ts';

/**
 * POST /api/v1/admin/orders/:id/transition: confirm funds (with the amount received), cancel
 * (with a note), retry the automatic payout, complete. A lost race answers 409 ORDER_STATE_CONFLICT.
 */
export function transitionAdminOrder(
  id: string,
  input: AdminTransition,
  locale: Locale,
): Promise<AdminOrderView> {
  return apiFetch<AdminOrderView>(apiPaths.adminOrderTransition(id), {
    locale,
    method: 'POST',
    body: input,
  });
}

export function useTransitionAdminOrder(id: string, locale: Locale) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminTransition) => transitionAdminOrder(id, input, locale),
    onSuccess: (order) => client.setQueryData(adminOrderKey(id), order),
    // the list shows the new status; the treasury moves with funds received, payouts and refunds
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['admin', 'orders', 'list'] }),
        client.invalidateQueries({ queryKey: ['admin', 'treasury'] }),
      ]),
  });
}
