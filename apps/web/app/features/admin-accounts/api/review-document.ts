import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';
import type { DocumentReview, DocumentView } from './types.ts';

/** POST /api/v1/admin/documents/:id/review: approve, or reject with a reason (e-mails the customer). */
export function reviewDocument(
  id: string,
  review: DocumentReview,
  locale: Locale,
): Promise<DocumentView> {
  return apiFetch<DocumentView>(apiPaths.adminDocumentReview(id), {
    locale,
    method: 'POST',
    body: review,
  });
}

export function useReviewDocument(locale: Locale) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, review }: { id: string; review: DocumentReview }) =>
      reviewDocument(id, review, locale),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin', 'customer'] }),
  });
}
