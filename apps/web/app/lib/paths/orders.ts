/** API URLs of the orders feature (spread into apiPaths in ../paths.ts). */
export const orderPaths = {
  // --- customer orders (orders feature) ---
  orderQuote: () => '/api/v1/orders/quote',
  orderLimits: () => '/api/v1/orders/limits',
  /** the KYC level, its limits and the enhanced verification request (decision 062) */
  tierLimits: () => '/api/v1/orders/tier-limits',
  enhancedDeclaration: () => '/api/v1/me/enhanced-declaration',
  orders: (query: { status?: string; page?: number; pageSize?: number }) =>
    withQuery('/api/v1/orders', {
      status: query.status,
      page: query.page && query.page > 1 ? String(query.page) : undefined,
      pageSize: query.pageSize ? String(query.pageSize) : undefined,
    }),
  order: (id: string) => `/api/v1/orders/${encodeURIComponent(id)}`,
  /** the order's server-sent events: its view now and after every change (see order-stream.ts) */
  orderEvents: (id: string) => `/api/v1/orders/${encodeURIComponent(id)}/events`,
  orderProof: (id: string) => `/api/v1/orders/${encodeURIComponent(id)}/proof`,
  orderConfirmPayment: (id: string) => `/api/v1/orders/${encodeURIComponent(id)}/confirm-payment`,
  orderCancel: (id: string) => `/api/v1/orders/${encodeURIComponent(id)}/cancel`,
  /** the development demo only (decision 045) */
  demoSimulatePayment: (reference: string) =>
    `/api/v1/dev/simulate-payment/${encodeURIComponent(reference)}`,
  orderConfirmReceipt: (id: string) => `/api/v1/orders/${encodeURIComponent(id)}/confirm-receipt`,
  orderFile: (id: string, file: string) =>
    `/api/v1/orders/${encodeURIComponent(id)}/files/${encodeURIComponent(file)}`,
  orderReceipt: (id: string) => `/api/v1/orders/${encodeURIComponent(id)}/receipt.pdf`,
  ordersExport: (dialect: 'standard' | 'excel-pt-BR') =>
    withQuery('/api/v1/orders/export.csv', { dialect }),
  // --- back office: order desk and treasury (admin-orders feature) ---
  adminOrders: (query: AdminOrderFilterQuery & { cursor?: string | undefined }) =>
    withQuery('/api/v1/admin/orders', query),
  adminOrdersExport: (
    query: AdminOrderFilterQuery & {
      dialect?: 'excel-pt-BR' | undefined;
      /** ticked orders only, ids joined by commas */
      ids?: string | undefined;
    },
  ) => withQuery('/api/v1/admin/orders/export.csv', query),
  adminOrdersConfirmFunds: () => '/api/v1/admin/orders/confirm-funds',
  adminOrder: (id: string) => `/api/v1/admin/orders/${encodeURIComponent(id)}`,
  adminOrderTransition: (id: string) => `/api/v1/admin/orders/${encodeURIComponent(id)}/transition`,
  adminOrderPayoutApproval: (id: string) =>
    `/api/v1/admin/orders/${encodeURIComponent(id)}/payout-approval`,
  adminOrderPaidTwice: (id: string) => `/api/v1/admin/orders/${encodeURIComponent(id)}/paid-twice`,
  adminOrderPay: (id: string) => `/api/v1/admin/orders/${encodeURIComponent(id)}/pay`,
  adminOrderRefund: (id: string) => `/api/v1/admin/orders/${encodeURIComponent(id)}/refund`,
  adminOrderBoleto: (id: string) => `/api/v1/admin/orders/${encodeURIComponent(id)}/boleto`,
  adminOrderFile: (id: string, file: string) =>
    `/api/v1/admin/orders/${encodeURIComponent(id)}/files/${encodeURIComponent(file)}`,
  adminOrderFilePreview: (id: string, file: string) =>
    `/api/v1/admin/orders/${encodeURIComponent(id)}/files/${encodeURIComponent(file)}/preview`,
  adminTreasury: () => '/api/v1/admin/treasury',
  adminTreasuryEntries: (query: { token?: string | undefined; cursor?: string | undefined }) =>
    withQuery('/api/v1/admin/treasury/entries', query),
  adminTreasuryAdjustments: () => '/api/v1/admin/treasury/adjustments',
} as const;

/** The admin order list's filters as query parameters ("all" and empty values left out). */
export type AdminOrderFilterQuery = {
  status?: string | undefined;
  q?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  sort?: string | undefined;
  limit?: string | undefined;
};

function withQuery(path: string, query: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (
      value !== undefined &&
      value !== '' &&
      !(key === 'status' && value === 'all') &&
      !(key === 'sort' && value === 'newest')
    )
      params.set(key, value);
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}
