import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';
import type { AdminOrderFilters } from './types.ts';

/** GET /api/v1/admin/orders/export.csv with the list's filters: every matching row, saved as a file. */
export function exportAdminOrders(filters: AdminOrderFilters, locale: Locale): Promise<void> {
  return downloadFile(apiPaths.adminOrdersExport(filters), locale, 'orders.csv');
}

export function useExportAdminOrders(locale: Locale) {
  return useMutation({
    mutationFn: (filters: AdminOrderFilters) => exportAdminOrders(filters, locale),
  });
}
