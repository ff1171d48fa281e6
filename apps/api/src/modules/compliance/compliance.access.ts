import type { Access } from '../../../test/access.ts';

/**
 * Who may call each route of this module (merged into the authorization matrix test). The case
 * queue is finance's (decision 066): the people who already approve payouts and read the
 * treasury, a circle kept small because a case must never reach the customer; operators, who
 * talk to customers every day, do not see it. The yearly declaration is the owners'.
 */
export const ACCESS: Record<string, Access> = {
  'GET /api/v1/admin/compliance/cases': 'finance',
  'GET /api/v1/admin/compliance/cases/:id': 'finance',
  'POST /api/v1/admin/compliance/cases/:id/notes': 'finance',
  'POST /api/v1/admin/compliance/cases/:id/decision': 'finance',
  'GET /api/v1/admin/compliance/summary': 'finance',
  'POST /api/v1/admin/compliance/declarations': 'owner',
};
