import type { Access } from '../../../test/access.ts';

/** Who may call each route of this module (merged into the authorization matrix test). */
export const ACCESS: Record<string, Access> = {
  // the PSP (no session; the body only names PIX to look up at the PSP, decision 041)
  'POST /api/v1/webhooks/pix': 'public',
  'POST /api/v1/webhooks/pix/pix': 'public',
};
