import type { Access } from '../../../test/access.ts';

/** Who may call each route of this module (merged into the authorization matrix test). */
export const ACCESS: Record<string, Access> = {
  'GET /api/v1/me/notifications': 'customer',
  'PUT /api/v1/me/notifications': 'customer',
  'POST /api/v1/me/notifications/telegram/code': 'customer',
  'DELETE /api/v1/me/notifications/telegram': 'customer',
  'POST /api/v1/me/notifications/push': 'customer',
  'POST /api/v1/me/notifications/push/unsubscribe': 'customer',
  'GET /api/v1/admin/me/notifications': 'operator',
  'PUT /api/v1/admin/me/notifications': 'operator',
  'POST /api/v1/admin/me/notifications/telegram/code': 'operator',
  'DELETE /api/v1/admin/me/notifications/telegram': 'operator',
  'POST /api/v1/admin/me/notifications/push': 'operator',
  'POST /api/v1/admin/me/notifications/push/unsubscribe': 'operator',
  // Telegram (no session; the secret header is checked, decision 060)
  'POST /api/v1/webhooks/telegram': 'public',
};
