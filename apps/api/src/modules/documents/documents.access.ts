import type { Access } from '../../../test/access.ts';

/**
 * Who may call each route of this module (merged into the authorization matrix test). The
 * customer's document routes and the admin's file and review routes are listed in
 * src/authorization.test.ts; the review queue is listed here.
 */
export const ACCESS: Record<string, Access> = {
  'GET /api/v1/admin/documents': 'operator',
  'PUT /api/v1/me/enhanced-declaration': 'customer',
};
