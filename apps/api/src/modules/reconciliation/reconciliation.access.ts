import type { Access } from '../../../test/access.ts';

/**
 * Who may call each route of this module (merged into the authorization matrix test): the daily
 * reconciliation report is the platform's money in and out, read by finance (and owners), like
 * the treasury (decision 046). Operators work single payments in the inbox instead.
 */
export const ACCESS: Record<string, Access> = {
  'GET /api/v1/admin/reconciliation': 'finance',
  'GET /api/v1/admin/reconciliation.csv': 'finance',
};
