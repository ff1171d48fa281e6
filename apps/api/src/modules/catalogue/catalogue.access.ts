import type { Access } from '../../../test/access.ts';

/** Who may call each route of this module (merged into the authorization matrix test). */
export const ACCESS: Record<string, Access> = {
  'GET /api/v1/admin/tokens': 'finance',
  'POST /api/v1/admin/tokens': 'owner',
  'GET /api/v1/admin/tokens/:coinName': 'finance',
  'PATCH /api/v1/admin/tokens/:coinName': 'owner',
  'PUT /api/v1/admin/tokens/:coinName/enabled': 'owner',
  'POST /api/v1/admin/tokens/:coinName/networks': 'owner',
  'PATCH /api/v1/admin/tokens/:coinName/networks/:network': 'owner',
  'PUT /api/v1/admin/tokens/:coinName/networks/:network/enabled': 'owner',
  'PUT /api/v1/admin/tokens/:coinName/price': 'finance',
  'PUT /api/v1/admin/tokens/:coinName/price-source': 'finance',
  'GET /api/v1/admin/tokens/:coinName/prices': 'finance',
  'POST /api/v1/admin/prices/refresh': 'finance',
  'GET /api/v1/admin/price-holds': 'finance',
  'POST /api/v1/admin/price-holds/:coinName/accept': 'finance',
  'POST /api/v1/admin/price-holds/:coinName/reject': 'finance',
  'POST /api/v1/admin/catalogue/sync': 'owner',
  'GET /api/v1/admin/fee-rules': 'finance',
  'PUT /api/v1/admin/fee-rules/general': 'finance',
  'POST /api/v1/admin/fee-rules': 'finance',
  'PATCH /api/v1/admin/fee-rules/:id': 'finance',
  'DELETE /api/v1/admin/fee-rules/:id': 'finance',
};
