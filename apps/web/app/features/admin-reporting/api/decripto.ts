import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DecriptoMonths, DecriptoReport } from '@permuta/contracts/decripto';
import { apiFetch } from '../../../lib/api.ts';
import { downloadFile } from '../../../lib/download.ts';
import type { Locale } from '../../../lib/locale.ts';
import { decriptoPaths } from '../../../lib/paths/decripto.ts';

const KEY = ['admin', 'decripto'] as const;

/** GET /api/v1/admin/decripto: the months, their due dates and archived versions. */
export function useDecriptoMonths(locale: Locale) {
  return useQuery(
    queryOptions({
      queryKey: KEY,
      queryFn: ({ signal }) =>
        apiFetch<DecriptoMonths>(decriptoPaths.adminDecriptoMonths(), { locale, signal }),
      retry: false,
    }),
  );
}

/** POST /api/v1/admin/decripto/:month/versions: a new version of the month's report. */
export function useGenerateDecripto(locale: Locale) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (month: string) =>
      apiFetch<DecriptoReport>(decriptoPaths.adminDecriptoGenerate(month), {
        locale,
        method: 'POST',
      }),
    onSettled: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

/** POST .../versions/:version/sent with the Receita's receipt number. */
export function useMarkDecriptoSent(locale: Locale) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { month: string; version: number; receipt: string }) =>
      apiFetch<DecriptoReport>(decriptoPaths.adminDecriptoSent(input.month, input.version), {
        locale,
        body: { receipt: input.receipt },
      }),
    onSettled: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

/** GET .../versions/:version/file: the archived file, checked against its checksum. */
export function useDownloadDecripto(locale: Locale) {
  return useMutation({
    mutationFn: (input: { month: string; version: number }) =>
      downloadFile(
        decriptoPaths.adminDecriptoFile(input.month, input.version),
        locale,
        `decripto-${input.month}-v${input.version}.csv`,
      ),
  });
}
