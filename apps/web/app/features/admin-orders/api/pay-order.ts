import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { adminOrderKey } from './get-order.ts';
import { postMultipart } from './multipart.ts';
import type { AdminOrderView } from './types.ts';

export interface PayInput {
  file: File;
  payoutTxId?: string | undefined;
}

/** POST /api/v1/admin/orders/:id/pay, multipart `file` (payment proof) + `payoutTxId`? -> admin_paid */
export function payAdminOrder(
  id: string,
  input: PayInput,
  locale: Locale,
): Promise<AdminOrderView> {
  return postMultipart<AdminOrderView>(
    apiPaths.adminOrderPay(id),
    { file: input.file, fields: { payoutTxId: input.payoutTxId?.trim() } },
    locale,
  );
}

export function usePayAdminOrder(id: string, locale: Locale) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PayInput) => payAdminOrder(id, input, locale),
    onSuccess: (order) => client.setQueryData(adminOrderKey(id), order),
    // the list shows the new status; the treasury moves with funds received, payouts and refunds
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['admin', 'orders', 'list'] }),
        client.invalidateQueries({ queryKey: ['admin', 'treasury'] }),
      ]),
  });
}
