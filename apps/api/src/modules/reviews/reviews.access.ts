import type { Access } from '../../../test/access.ts';

/** Who may call each route of this module (merged into the authorization matrix test). */
export const ACCESS: Record<string, Access> = {
  'GET /api/v1/me/reviewable-orders': 'customer',
  'POST /api/v1/me/reviews': 'customer',
  'GET /api/v1/me/reviews': 'customer',
  'GET /api/v1/reviews': 'public',
  'GET /api/v1/admin/reviews': 'operator',
  'PUT /api/v1/admin/reviews/:id/visible': 'operator',
  'DELETE /api/v1/admin/reviews/:id': 'operator',
};
