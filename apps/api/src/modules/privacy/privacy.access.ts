import type { Access } from '../../../test/access.ts';

/** Who may call each route of this module (merged into the authorization matrix test). */
export const ACCESS: Record<string, Access> = {
  'GET /api/v1/legal-documents': 'public',
  'GET /api/v1/me/privacy': 'customer',
  'GET /api/v1/me/privacy/export': 'customer',
  'POST /api/v1/me/privacy/deletion': 'customer',
  'GET /api/v1/me/consents': 'customer',
  'POST /api/v1/me/consents': 'customer',
  'GET /api/v1/admin/legal-documents': 'operator',
  'POST /api/v1/admin/legal-documents': 'owner',
};
