import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminReviewPage } from '@permuta/contracts/reviews';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';
import type { AdminReviewFilterQuery } from '../../../lib/paths/reviews.ts';
import { reviewKeys } from './keys.ts';

export const ADMIN_REVIEWS_PAGE_SIZE = 20;

export type AdminReviewQuery = AdminReviewFilterQuery & { page: number };

/** GET /api/v1/admin/reviews: every review, filtered, newest first. */
export function listAdminReviews(
  query: AdminReviewQuery,
  locale: Locale,
  signal?: AbortSignal,
): Promise<AdminReviewPage> {
  return apiFetch<AdminReviewPage>(
    apiPaths.adminReviews({ ...query, pageSize: ADMIN_REVIEWS_PAGE_SIZE }),
    { locale, signal },
  );
}

export function adminReviewsQueryOptions(query: AdminReviewQuery, locale: Locale) {
  return queryOptions({
    queryKey: reviewKeys.admin(query),
    queryFn: ({ signal }) => listAdminReviews(query, locale, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useAdminReviews(query: AdminReviewQuery, locale: Locale) {
  return useQuery(adminReviewsQueryOptions(query, locale));
}
