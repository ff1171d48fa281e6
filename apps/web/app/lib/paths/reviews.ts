/** API URLs of the reviews feature (spread into apiPaths in ../paths.ts). */
export const reviewPaths = {
  // --- customer ---
  reviewableOrders: () => '/api/v1/me/reviewable-orders',
  myReviews: (query: { page?: number; pageSize?: number } = {}) =>
    withQuery('/api/v1/me/reviews', {
      page: query.page && query.page > 1 ? String(query.page) : undefined,
      pageSize: query.pageSize ? String(query.pageSize) : undefined,
    }),
  createReview: () => '/api/v1/me/reviews',
  // --- public (testimonials, home) ---
  publicReviews: (query: { page?: number; limit?: number } = {}) =>
    withQuery('/api/v1/reviews', {
      page: query.page && query.page > 1 ? String(query.page) : undefined,
      limit: query.limit ? String(query.limit) : undefined,
    }),
  // --- back office ---
  adminReviews: (query: AdminReviewFilterQuery & { page?: number; pageSize?: number }) =>
    withQuery('/api/v1/admin/reviews', {
      visibility: query.visibility === 'all' ? undefined : query.visibility,
      rating: query.rating,
      q: query.q,
      from: query.from,
      to: query.to,
      page: query.page && query.page > 1 ? String(query.page) : undefined,
      pageSize: query.pageSize ? String(query.pageSize) : undefined,
    }),
  adminReviewVisible: (id: string) => `/api/v1/admin/reviews/${encodeURIComponent(id)}/visible`,
  adminReview: (id: string) => `/api/v1/admin/reviews/${encodeURIComponent(id)}`,
} as const;

/** The back office's review filters as query parameters ("all" and empty values left out). */
export type AdminReviewFilterQuery = {
  visibility?: string | undefined;
  rating?: string | undefined;
  q?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
};

function withQuery(path: string, query: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, value);
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}
