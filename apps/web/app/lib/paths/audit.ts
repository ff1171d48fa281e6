/** API URLs of the admin-audit feature (spread into apiPaths in ../paths.ts). */
export const auditPaths = {
  adminAudit: (query: Record<string, string | undefined>) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
    const search = params.toString();
    return search ? `/api/v1/admin/audit?${search}` : '/api/v1/admin/audit';
  },
} as const;
