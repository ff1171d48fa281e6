/** API URLs of the business feature (spread into apiPaths in ../paths.ts). */
export const businessPaths = {
  myBusiness: () => '/api/v1/me/business',
  myApiKeys: () => '/api/v1/me/api-keys',
  myApiKeyRevoke: (id: string) => `/api/v1/me/api-keys/${encodeURIComponent(id)}/revoke`,
  adminCustomerBusiness: (id: string) =>
    `/api/v1/admin/customers/${encodeURIComponent(id)}/business`,
} as const;
