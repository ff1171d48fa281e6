/** API URLs of the settings feature (spread into apiPaths in ../paths.ts). */
export const settingsPaths = {
  publicSettings: () => '/api/v1/settings',
  adminSettings: () => '/api/v1/admin/settings',
  adminSettingsHistory: () => '/api/v1/admin/settings/history',
} as const;
