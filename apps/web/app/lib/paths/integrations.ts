/** API URLs of the admin-integrations feature (spread into apiPaths in ../paths.ts). */
export const integrationsPaths = {
  adminIntegrations: () => '/api/v1/admin/integrations',
  adminIntegration: (provider: string) =>
    `/api/v1/admin/integrations/${encodeURIComponent(provider)}`,
  adminIntegrationTest: (provider: string) =>
    `/api/v1/admin/integrations/${encodeURIComponent(provider)}/test`,
} as const;
