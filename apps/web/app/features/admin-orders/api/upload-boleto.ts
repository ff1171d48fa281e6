import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { adminOrderKey } from './get-order.ts';
import { postMultipart } from './multipart.ts';
import type { AdminOrderView } from './types.ts';

export interface BoletoUpload {
  file: File;
  /** the linha digitável as typed (optional) */
  boletoLine?: string;
}

/** POST /api/v1/admin/orders/:id/boleto, multipart `file` (the boleto PDF the customer pays) and `boletoLine`? */
export function uploadBoleto(
  id: string,
  { file, boletoLine }: BoletoUpload,
  locale: Locale,
): Promise<AdminOrderView> {
  return postMultipart<AdminOrderView>(
    apiPaths.adminOrderBoleto(id),
    { file, fields: { boletoLine } },
    locale,
  );
}

export function useUploadBoleto(id: string, locale: Locale) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (upload: BoletoUpload) => uploadBoleto(id, upload, locale),
    onSuccess: (order) => client.setQueryData(adminOrderKey(id), order),
    // the list shows the new status; the treasury moves with funds received, payouts and refunds
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['admin', 'orders', 'list'] }),
        client.invalidateQueries({ queryKey: ['admin', 'treasury'] }),
      ]),
  });
}
