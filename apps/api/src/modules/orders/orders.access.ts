import type { Access } from '../../../test/access.ts';

/**
 * Who may call each route of this module (merged into the authorization matrix test): the
 * customer's orders, the back office's order desk and the treasury (registered from here).
 */
export const ACCESS: Record<string, Access> = {
  'POST /api/v1/orders/quote': 'verified',
  'POST /api/v1/orders': 'verified',
  'GET /api/v1/orders': 'customer',
  'GET /api/v1/orders/limits': 'customer',
  'GET /api/v1/orders/:id': 'customer',
  'POST /api/v1/orders/:id/proof': 'customer',
  'POST /api/v1/orders/:id/confirm-payment': 'customer',
  'POST /api/v1/orders/:id/cancel': 'customer',
  'POST /api/v1/orders/:id/confirm-receipt': 'customer',
  'GET /api/v1/orders/:id/files/:file': 'customer',
  'GET /api/v1/admin/orders': 'admin',
  'GET /api/v1/admin/orders/export.csv': 'admin',
  'GET /api/v1/admin/orders/:id': 'admin',
  'POST /api/v1/admin/orders/:id/transition': 'admin',
  'POST /api/v1/admin/orders/:id/pay': 'admin',
  'POST /api/v1/admin/orders/:id/refund': 'admin',
  'POST /api/v1/admin/orders/:id/boleto': 'admin',
  'GET /api/v1/admin/orders/:id/files/:file': 'admin',
  'GET /api/v1/admin/orders/:id/files/:file/preview': 'admin',
  'GET /api/v1/admin/treasury': 'admin',
  'GET /api/v1/admin/treasury/entries': 'admin',
  'POST /api/v1/admin/treasury/adjustments': 'admin',
};
