import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';
import type { AdminOrderFilters } from './types.ts';

/**
 * GET /api/v1/admin/orders/export.csv with the list's filters: every matching row (or only the
 * ticked `ids`), saved as a file; `excel` asks for the flavour Excel in Portuguese opens as columns.
 */
export function exportAdminOrders(
  filters: AdminOrderFilters,
  locale: Locale,
  excel = false,
  ids?: readonly string[],
): Promise<void> {
  const url = apiPaths.adminOrdersExport({
    ...filters,
    dialect: excel ? 'excel-pt-BR' : undefined,
    ids: ids && ids.length > 0 ? ids.join(',') : undefined,
  });
  return downloadFile(url, locale, excel ? 'orders-excel.csv' : 'orders.csv');
}

export function useExportAdminOrders(locale: Locale) {
  return useMutation({
    mutationFn: ({
      filters,
      excel,
      ids,
    }: {
      filters: AdminOrderFilters;
      excel: boolean;
      /** the ticked orders only */
      ids?: readonly string[] | undefined;
    }) => exportAdminOrders(filters, locale, excel, ids),
  });
}
