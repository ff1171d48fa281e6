import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { reviewKeys } from './keys.ts';

/** DELETE /api/v1/admin/reviews/:id: delete a review for good. */
export function deleteReview(id: string, locale: Locale): Promise<void> {
  return apiFetch<void>(apiPaths.adminReview(id), { locale, method: 'DELETE' });
}

export function useDeleteReview(locale: Locale) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteReview(id, locale),
    onSettled: () => client.invalidateQueries({ queryKey: reviewKeys.all }),
  });
}
