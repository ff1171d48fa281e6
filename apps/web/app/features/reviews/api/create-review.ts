import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MyReview, ReviewCreateInput } from '@permuta/contracts/reviews';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { reviewKeys } from './keys.ts';

/** POST /api/v1/me/reviews: review one of my completed orders (published at once). */
export function createReview(input: ReviewCreateInput, locale: Locale): Promise<MyReview> {
  return apiFetch<MyReview>(apiPaths.createReview(), { locale, method: 'POST', body: input });
}

export function useCreateReview(locale: Locale) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ReviewCreateInput) => createReview(input, locale),
    onSettled: () => client.invalidateQueries({ queryKey: reviewKeys.all }),
  });
}
