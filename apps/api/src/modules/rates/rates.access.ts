import type { Access } from '../../../test/access.ts';

/** Who may call each route of this module (merged into the authorization matrix test). */
export const ACCESS: Record<string, Access> = {
  'GET /api/v1/rates.xml': 'public',
  'GET /api/v1/rates.json': 'public',
};
