import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PaidTwiceSettlementInput } from '@permuta/contracts/payout-risk';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { adminOrderKey } from './get-order.ts';
import type { AdminOrderView } from './types.ts';

/**
 * POST /api/v1/admin/orders/:id/paid-twice (finance): closes an order whose automatic payout was
 * made twice with what was done about the duplicate (decision 048). 409 ORDER_NOT_PAID_TWICE.
 */
export function useSettlePaidTwice(id: string, locale: Locale) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PaidTwiceSettlementInput) =>
      apiFetch<AdminOrderView>(apiPaths.adminOrderPaidTwice(id), {
        locale,
        method: 'POST',
        body: input,
      }),
    onSuccess: (order) => client.setQueryData(adminOrderKey(id), order),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: adminOrderKey(id) }),
        client.invalidateQueries({ queryKey: ['admin', 'orders', 'list'] }),
        client.invalidateQueries({ queryKey: ['admin', 'treasury'] }),
      ]),
  });
}
