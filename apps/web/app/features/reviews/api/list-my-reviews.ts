import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MyReviewPage } from '@permuta/contracts/reviews';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { reviewKeys, useSessionKey } from './keys.ts';

export const MY_REVIEWS_PAGE_SIZE = 10;

/** GET /api/v1/me/reviews?page=: my reviews, newest first. */
export function listMyReviews(
  page: number,
  locale: Locale,
  signal?: AbortSignal,
): Promise<MyReviewPage> {
  return apiFetch<MyReviewPage>(apiPaths.myReviews({ page, pageSize: MY_REVIEWS_PAGE_SIZE }), {
    locale,
    signal,
  });
}

export function myReviewsQueryOptions(session: string | null, page: number, locale: Locale) {
  return queryOptions({
    queryKey: reviewKeys.mine(session, page),
    queryFn: ({ signal }) => listMyReviews(page, locale, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useMyReviews(page: number, locale: Locale) {
  return useQuery(myReviewsQueryOptions(useSessionKey(), page, locale));
}
