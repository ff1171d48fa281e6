import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicReviewPage } from '@permuta/contracts/reviews';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { reviewKeys } from './keys.ts';

/** GET /api/v1/reviews?page=&limit=: visible reviews, newest first, with their summary. */
export function listPublicReviews(
  query: { page: number; limit: number },
  locale: Locale,
  signal?: AbortSignal,
): Promise<PublicReviewPage> {
  return apiFetch<PublicReviewPage>(apiPaths.publicReviews(query), { locale, signal });
}

/** Never kept fresh in memory: a review an admin hides must not linger on screen. */
export function publicReviewsQueryOptions(query: { page: number; limit: number }, locale: Locale) {
  return queryOptions({
    queryKey: reviewKeys.public(query),
    queryFn: ({ signal }) => listPublicReviews(query, locale, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function usePublicReviews(query: { page: number; limit: number }, locale: Locale) {
  return useQuery(publicReviewsQueryOptions(query, locale));
}
