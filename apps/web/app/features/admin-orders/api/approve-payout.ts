import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { adminOrderKey } from './get-order.ts';
import type { AdminOrderView } from './types.ts';

/**
 * POST /api/v1/admin/orders/:id/payout-approval (finance): one approval of a payout held by the
 * risk limits (decision 043). 409 PAYOUT_ALREADY_APPROVED (this admin approved already),
 * PAYOUT_NOT_HELD, PAYOUT_HOLD_ORDER_MOVED, with the API's message.
 */
export function approveAdminPayout(id: string, locale: Locale): Promise<AdminOrderView> {
  return apiFetch<AdminOrderView>(apiPaths.adminOrderPayoutApproval(id), {
    locale,
    method: 'POST',
  });
}

export function useApprovePayout(id: string, locale: Locale) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => approveAdminPayout(id, locale),
    onSuccess: (order) => client.setQueryData(adminOrderKey(id), order),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: adminOrderKey(id) }),
        client.invalidateQueries({ queryKey: ['admin', 'orders', 'list'] }),
      ]),
  });
}
