import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { adminOrderKey } from './get-order.ts';
import { postMultipart } from './multipart.ts';
import type { AdminOrderView } from './types.ts';

export interface RefundInput {
  file: File;
  note: string;
}

/** POST /api/v1/admin/orders/:id/refund, multipart `file` (refund proof) + `note` -> refunded */
export function refundAdminOrder(
  id: string,
  input: RefundInput,
  locale: Locale,
): Promise<AdminOrderView> {
  return postMultipart<AdminOrderView>(
    apiPaths.adminOrderRefund(id),
    { file: input.file, fields: { note: input.note.trim() } },
    locale,
  );
}

export function useRefundAdminOrder(id: string, locale: Locale) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: RefundInput) => refundAdminOrder(id, input, locale),
    onSuccess: (order) => client.setQueryData(adminOrderKey(id), order),
    // the list shows the new status; the treasury moves with funds received, payouts and refunds
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['admin', 'orders', 'list'] }),
        client.invalidateQueries({ queryKey: ['admin', 'treasury'] }),
      ]),
  });
}
