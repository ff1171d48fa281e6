import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminDocumentQueue } from '@permuta/contracts/accounts';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';

/** How often the queue asks again while its tab is visible. */
const QUEUE_REFRESH_MS = 15_000;

/** GET /api/v1/admin/documents?cursor=: documents waiting for review, oldest first (keyset). */
export function useAdminDocumentQueue(cursor: string | undefined, locale: Locale) {
  return useQuery({
    queryKey: ['admin', 'documents', 'queue', cursor ?? null],
    queryFn: ({ signal }) =>
      apiFetch<AdminDocumentQueue>(apiPaths.adminDocumentQueue(cursor), { locale, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: QUEUE_REFRESH_MS,
    refetchIntervalInBackground: false,
  });
}
