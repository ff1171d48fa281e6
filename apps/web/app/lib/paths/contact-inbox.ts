/** API URLs of the admin-contact feature (spread into apiPaths in ../paths.ts). */
export const contactInboxPaths = {
  adminContactMessages: (query: { show: string; cursor?: string | undefined }) => {
    const params = new URLSearchParams({ show: query.show });
    if (query.cursor) params.set('cursor', query.cursor);
    return `/api/v1/admin/contact-messages?${params.toString()}`;
  },
  adminContactMessageAnswered: (id: string) =>
    `/api/v1/admin/contact-messages/${encodeURIComponent(id)}/answered`,
} as const;
