import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReviewableOrderList } from '@permuta/contracts/reviews';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { reviewKeys, useSessionKey } from './keys.ts';

/** GET /api/v1/me/reviewable-orders: my completed orders without a review, newest first. */
export function listReviewableOrders(
  locale: Locale,
  signal?: AbortSignal,
): Promise<ReviewableOrderList> {
  return apiFetch<ReviewableOrderList>(apiPaths.reviewableOrders(), { locale, signal });
}

export function reviewableOrdersQueryOptions(session: string | null, locale: Locale) {
  return queryOptions({
    queryKey: reviewKeys.reviewable(session),
    queryFn: ({ signal }) => listReviewableOrders(locale, signal),
    staleTime: 0,
  });
}

export function useReviewableOrders(locale: Locale) {
  return useQuery(reviewableOrdersQueryOptions(useSessionKey(), locale));
}
