import type { Access } from '../../../test/access.ts';

/** Who may call each route of this module (merged into the authorization matrix test). */
export const ACCESS: Record<string, Access> = {
  'POST /api/v1/contact': 'public',
  'GET /api/v1/admin/contact-messages': 'operator',
  'POST /api/v1/admin/contact-messages/:id/answered': 'operator',
};
