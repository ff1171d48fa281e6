import type { Access } from '../../../test/access.ts';

/**
 * Who may call each route of this module (merged into the authorization matrix test): the
 * incoming payments' inbox is read by whoever works orders, and an admin who may confirm an
 * order's funds (operator and up) may attach a payment to an order or record it returned.
 */
export const ACCESS: Record<string, Access> = {
  'GET /api/v1/admin/payments': 'operator',
  'POST /api/v1/admin/payments/:id/attach': 'operator',
  'POST /api/v1/admin/payments/:id/refund': 'operator',
  'POST /api/v1/admin/payments/:id/refunded': 'operator',
  // the PSP (no session; the body only names PIX to look up at the PSP, decision 041)
  'POST /api/v1/webhooks/pix': 'public',
  'POST /api/v1/webhooks/pix/pix': 'public',
};
