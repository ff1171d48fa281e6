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
  'GET /api/v1/orders/tier-limits': 'customer',
  'GET /api/v1/orders/:id': 'customer',
  'GET /api/v1/orders/:id/events': 'customer',
  'POST /api/v1/orders/:id/proof': 'customer',
  'POST /api/v1/orders/:id/confirm-payment': 'customer',
  'POST /api/v1/orders/:id/cancel': 'customer',
  'POST /api/v1/orders/:id/confirm-receipt': 'customer',
  'GET /api/v1/orders/:id/files/:file': 'customer',
  'GET /api/v1/orders/:id/receipt.pdf': 'customer',
  'GET /api/v1/orders/export.csv': 'customer',
  'GET /api/v1/admin/orders': 'operator',
  'GET /api/v1/admin/orders/export.csv': 'operator',
  'POST /api/v1/admin/orders/confirm-funds': 'operator',
  'GET /api/v1/admin/orders/:id': 'operator',
  'POST /api/v1/admin/orders/:id/transition': 'operator',
  'POST /api/v1/admin/orders/:id/pay': 'operator',
  'POST /api/v1/admin/orders/:id/refund': 'operator',
  'POST /api/v1/admin/orders/:id/boleto': 'operator',
  'GET /api/v1/admin/orders/:id/files/:file': 'operator',
  'GET /api/v1/admin/orders/:id/files/:file/preview': 'operator',
  'GET /api/v1/admin/treasury': 'finance',
  'GET /api/v1/admin/treasury/entries': 'finance',
  'POST /api/v1/admin/treasury/adjustments': 'finance',
};
