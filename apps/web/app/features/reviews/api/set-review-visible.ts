import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminReview } from '@permuta/contracts/reviews';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { reviewKeys } from './keys.ts';

/** PUT /api/v1/admin/reviews/:id/visible: hide a review from the public pages or show it. */
export function setReviewVisible(
  id: string,
  visible: boolean,
  locale: Locale,
): Promise<AdminReview> {
  return apiFetch<AdminReview>(apiPaths.adminReviewVisible(id), {
    locale,
    method: 'PUT',
    body: { visible },
  });
}

export function useSetReviewVisible(locale: Locale) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, visible }: { id: string; visible: boolean }) =>
      setReviewVisible(id, visible, locale),
    onSettled: () => client.invalidateQueries({ queryKey: reviewKeys.all }),
  });
}
