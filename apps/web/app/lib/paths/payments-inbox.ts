/** API URLs of the admin-payments feature (spread into apiPaths in ../paths.ts). */
export const paymentsInboxPaths = {
  adminPayments: (query: {
    status: string;
    provider?: string | undefined;
    cursor?: string | undefined;
    limit?: number | undefined;
  }) => {
    const params = new URLSearchParams({ status: query.status });
    if (query.provider) params.set('provider', query.provider);
    if (query.cursor) params.set('cursor', query.cursor);
    if (query.limit) params.set('limit', String(query.limit));
    return `/api/v1/admin/payments?${params.toString()}`;
  },
  adminPaymentAttach: (id: string) => `/api/v1/admin/payments/${encodeURIComponent(id)}/attach`,
  adminPaymentRefund: (id: string) => `/api/v1/admin/payments/${encodeURIComponent(id)}/refund`,
  adminPaymentRefunded: (id: string) => `/api/v1/admin/payments/${encodeURIComponent(id)}/refunded`,
} as const;
