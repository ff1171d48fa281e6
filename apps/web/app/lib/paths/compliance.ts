/** API URLs of the admin-compliance feature (spread into apiPaths in ../paths.ts). */
export const compliancePaths = {
  adminComplianceCases: (query: {
    status?: string | undefined;
    rule?: string | undefined;
    customer?: string | undefined;
    cursor?: string | undefined;
  }) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
    const text = params.toString();
    return `/api/v1/admin/compliance/cases${text ? `?${text}` : ''}`;
  },
  adminComplianceCase: (id: string) => `/api/v1/admin/compliance/cases/${encodeURIComponent(id)}`,
  adminComplianceNotes: (id: string) =>
    `/api/v1/admin/compliance/cases/${encodeURIComponent(id)}/notes`,
  adminComplianceDecision: (id: string) =>
    `/api/v1/admin/compliance/cases/${encodeURIComponent(id)}/decision`,
  adminComplianceSummary: '/api/v1/admin/compliance/summary',
  adminCoafDeclarations: '/api/v1/admin/compliance/declarations',
} as const;
