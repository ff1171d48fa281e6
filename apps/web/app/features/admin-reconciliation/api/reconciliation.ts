import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { ReconciliationReport } from '@permuta/contracts/reconciliation';
import { apiFetch } from '../../../lib/api.ts';
import { downloadFile } from '../../../lib/download.ts';
import type { Locale } from '../../../lib/locale.ts';
import { reconciliationPaths } from '../../../lib/paths/reconciliation.ts';

/** GET /api/v1/admin/reconciliation?day=: one São Paulo day, per provider account. */
export function useReconciliation(day: string, locale: Locale) {
  return useQuery(
    queryOptions({
      queryKey: ['admin', 'reconciliation', day],
      queryFn: ({ signal }) =>
        apiFetch<ReconciliationReport>(reconciliationPaths.adminReconciliation(day), {
          locale,
          signal,
        }),
      retry: false,
    }),
  );
}

/**
 * GET /api/v1/admin/reconciliation.csv: one account's file, in the spreadsheet dialect of the
 * page's language (Excel in Portuguese for pt-BR, the standard one for en-US).
 */
export function useDownloadReconciliationCsv(day: string, locale: Locale) {
  return useMutation({
    mutationFn: (provider: string) =>
      downloadFile(
        reconciliationPaths.adminReconciliationCsv({
          day,
          provider,
          dialect: locale === 'pt-BR' ? 'excel-pt-BR' : 'standard',
        }),
        locale,
        `reconciliation-${day}.csv`,
      ),
  });
}
