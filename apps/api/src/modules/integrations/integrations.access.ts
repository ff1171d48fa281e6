import type { Access } from '../../../test/access.ts';

/** Who may call each route of this module (merged into the authorization matrix test). */
export const ACCESS: Record<string, Access> = {
  'GET /api/v1/admin/integrations': 'owner',
  'PUT /api/v1/admin/integrations/:provider': 'owner',
  'POST /api/v1/admin/integrations/:provider/test': 'owner',
};
