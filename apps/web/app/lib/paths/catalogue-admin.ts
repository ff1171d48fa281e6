/** API URLs of the catalogue-admin feature (spread into apiPaths in ../paths.ts). */
const token = (code: string) => `/api/v1/admin/tokens/${encodeURIComponent(code)}`;

export const catalogueAdminPaths = {
  adminTokens: () => '/api/v1/admin/tokens',
  adminToken: (code: string) => token(code),
  adminTokenEnabled: (code: string) => `${token(code)}/enabled`,
  adminTokenNetworks: (code: string) => `${token(code)}/networks`,
  adminTokenNetwork: (code: string, network: string) =>
    `${token(code)}/networks/${encodeURIComponent(network)}`,
  adminTokenNetworkEnabled: (code: string, network: string) =>
    `${token(code)}/networks/${encodeURIComponent(network)}/enabled`,
  adminTokenPrice: (code: string) => `${token(code)}/price`,
  adminTokenPriceSource: (code: string) => `${token(code)}/price-source`,
  adminTokenPrices: (code: string, page = 1, pageSize = 10) =>
    `${token(code)}/prices?page=${page}&pageSize=${pageSize}`,
  adminPricesRefresh: () => '/api/v1/admin/prices/refresh',
  // held feed prices (shown on the dashboard)
  adminPriceHolds: () => '/api/v1/admin/price-holds',
  adminPriceHoldAccept: (code: string) =>
    `/api/v1/admin/price-holds/${encodeURIComponent(code)}/accept`,
  adminPriceHoldReject: (code: string) =>
    `/api/v1/admin/price-holds/${encodeURIComponent(code)}/reject`,
  adminCatalogueSync: () => '/api/v1/admin/catalogue/sync',
  adminFeeRules: () => '/api/v1/admin/fee-rules',
  adminFeeRuleGeneral: () => '/api/v1/admin/fee-rules/general',
  adminFeeRule: (id: string) => `/api/v1/admin/fee-rules/${encodeURIComponent(id)}`,
} as const;
