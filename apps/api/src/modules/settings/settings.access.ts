import type { Access } from '../../../test/access.ts';

/**
 * Who may call each route of this module (merged into the authorization matrix test). The
 * module also serves GET/PUT /api/v1/admin/security, listed with the accounts routes.
 */
export const ACCESS: Record<string, Access> = {
  'GET /api/v1/settings': 'public',
  'GET /api/v1/admin/settings': 'owner',
  'PATCH /api/v1/admin/settings': 'owner',
  'GET /api/v1/admin/settings/history': 'owner',
};
