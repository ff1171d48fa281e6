import type { Access } from '../../../test/access.ts';

/** Who may call each route of this module (merged into the authorization matrix test). */
export const ACCESS: Record<string, Access> = {
  'GET /api/v1/banks': 'public',
  'GET /api/v1/me/wallets': 'customer',
  'POST /api/v1/me/wallets': 'verified',
  'PATCH /api/v1/me/wallets/:id': 'verified',
  'DELETE /api/v1/me/wallets/:id': 'verified',
};
