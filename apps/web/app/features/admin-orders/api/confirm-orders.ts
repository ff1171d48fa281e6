import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';
import type { AdminBulkConfirmResult } from './types.ts';

/**
 * POST /api/v1/admin/orders/confirm-funds: the ticked orders confirmed at their expected
 * amounts, each on its own; the answer says per order whether it was confirmed or why not.
 */
export function confirmAdminOrders(
  ids: readonly string[],
  locale: Locale,
): Promise<AdminBulkConfirmResult> {
  return apiFetch<AdminBulkConfirmResult>(apiPaths.adminOrdersConfirmFunds(), {
    locale,
    method: 'POST',
    body: { ids },
  });
}

export function useConfirmAdminOrders(locale: Locale) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: readonly string[]) => confirmAdminOrders(ids, locale),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['admin', 'orders'] }),
        client.invalidateQueries({ queryKey: ['admin', 'treasury'] }),
      ]),
  });
}
