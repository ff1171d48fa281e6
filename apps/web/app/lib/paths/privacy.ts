/** API URLs of personal data rights and consent (spread into apiPaths in ../paths.ts). */
export const privacyPaths = {
  privacyOverview: () => '/api/v1/me/privacy',
  privacyExport: () => '/api/v1/me/privacy/export',
  privacyDeletion: () => '/api/v1/me/privacy/deletion',
  myConsents: () => '/api/v1/me/consents',
  adminLegalDocuments: () => '/api/v1/admin/legal-documents',
} as const;
