import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { AdminContactMessage, AdminContactPage } from '@permuta/contracts/contact';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';

export type InboxFilter = 'unanswered' | 'all';

/** GET /api/v1/admin/contact-messages?show=&cursor= (keyset: `nextCursor` opens the next page) */
export function listContactMessages(
  show: InboxFilter,
  cursor: string | undefined,
  locale: Locale,
  signal?: AbortSignal,
): Promise<AdminContactPage> {
  return apiFetch<AdminContactPage>(apiPaths.adminContactMessages({ show, cursor }), {
    locale,
    signal,
  });
}

export function useContactMessages(show: InboxFilter, cursor: string | undefined, locale: Locale) {
  return useQuery(
    queryOptions({
      queryKey: ['admin', 'contact', 'list', show, cursor ?? null],
      queryFn: ({ signal }) => listContactMessages(show, cursor, locale, signal),
      placeholderData: keepPreviousData,
    }),
  );
}

/** POST /api/v1/admin/contact-messages/:id/answered (idempotent: the first admin's mark stays) */
export function useMarkAnswered(locale: Locale) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<AdminContactMessage>(apiPaths.adminContactMessageAnswered(id), {
        locale,
        method: 'POST',
      }),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin', 'contact', 'list'] }),
  });
}
