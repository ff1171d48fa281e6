import type { Access } from '../../../test/access.ts';

/** Who may call each route of this module (merged into the authorization matrix test). */
export const ACCESS: Record<string, Access> = {
  'POST /api/v1/admin/orders/:id/payout-approval': 'finance',
  'POST /api/v1/admin/orders/:id/paid-twice': 'finance',
};
