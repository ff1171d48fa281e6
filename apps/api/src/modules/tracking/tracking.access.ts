import type { Access } from '../../../test/access.ts';

/**
 * Who may call each route of this module (merged into the authorization matrix test). Public:
 * the tracked order needs the tracking grant's cookie, not a session (404 without it, decision
 * 059), and names no customer's resource beyond the grant's one order.
 */
export const ACCESS: Record<string, Access> = {
  'POST /api/v1/track/code': 'public',
  'POST /api/v1/track/verify': 'public',
  'GET /api/v1/track/orders/:id': 'public',
  'GET /api/v1/track/orders/:id/events': 'public',
  'POST /api/v1/track/end': 'public',
};
