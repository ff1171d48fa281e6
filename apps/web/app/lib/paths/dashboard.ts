/** API URLs of the admin-dashboard feature (spread into apiPaths in ../paths.ts). */
export const dashboardPaths = {
  adminDashboard: () => '/api/v1/admin/dashboard',
} as const;
