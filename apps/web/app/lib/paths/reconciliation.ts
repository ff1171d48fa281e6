/** API URLs of the admin-reconciliation feature (spread into apiPaths in ../paths.ts). */
export const reconciliationPaths = {
  adminReconciliation: (day: string) =>
    `/api/v1/admin/reconciliation?${new URLSearchParams({ day }).toString()}`,
  adminReconciliationCsv: (query: { day: string; provider: string; dialect: string }) =>
    `/api/v1/admin/reconciliation.csv?${new URLSearchParams(query).toString()}`,
} as const;
