import type { Access } from '../../../test/access.ts';

/** Who may call each route of this module (merged into the authorization matrix test). */
export const ACCESS: Record<string, Access> = {
  'GET /api/v1/admin/tokens': 'admin',
  'POST /api/v1/admin/tokens': 'admin',
  'GET /api/v1/admin/tokens/:coinName': 'admin',
  'PATCH /api/v1/admin/tokens/:coinName': 'admin',
  'PUT /api/v1/admin/tokens/:coinName/enabled': 'admin',
  'POST /api/v1/admin/tokens/:coinName/networks': 'admin',
  'PATCH /api/v1/admin/tokens/:coinName/networks/:network': 'admin',
  'PUT /api/v1/admin/tokens/:coinName/networks/:network/enabled': 'admin',
  'PUT /api/v1/admin/tokens/:coinName/price': 'admin',
  'PUT /api/v1/admin/tokens/:coinName/price-source': 'admin',
  'GET /api/v1/admin/tokens/:coinName/prices': 'admin',
  'POST /api/v1/admin/prices/refresh': 'admin',
  'GET /api/v1/admin/price-holds': 'admin',
  'POST /api/v1/admin/price-holds/:coinName/accept': 'admin',
  'POST /api/v1/admin/price-holds/:coinName/reject': 'admin',
  'POST /api/v1/admin/catalogue/sync': 'admin',
  'GET /api/v1/admin/fee-rules': 'admin',
  'PUT /api/v1/admin/fee-rules/general': 'admin',
  'POST /api/v1/admin/fee-rules': 'admin',
  'PATCH /api/v1/admin/fee-rules/:id': 'admin',
  'DELETE /api/v1/admin/fee-rules/:id': 'admin',
};
