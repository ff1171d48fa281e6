import type { Access, OwnerFixture } from '../../../test/access.ts';
import { approvedBusiness, createKey } from './test-support.ts';

/**
 * Who may call each route of this module (merged into the authorization matrix test). The
 * partner API (`/api/v1/partner/*`) takes an API key, never the session cookie: `partner`.
 */
export const ACCESS: Record<string, Access> = {
  'GET /api/v1/me/business': 'customer',
  'PUT /api/v1/me/business': 'verified',
  'GET /api/v1/me/api-keys': 'customer',
  'POST /api/v1/me/api-keys': 'verified',
  'PATCH /api/v1/me/api-keys/:id': 'customer',
  'POST /api/v1/me/api-keys/:id/revoke': 'customer',
  'GET /api/v1/admin/customers/:id/business': 'operator',
  'POST /api/v1/admin/customers/:id/business': 'operator',
  'PATCH /api/v1/admin/api-keys/:id': 'operator',
  'POST /api/v1/partner/quotes': 'partner',
  'POST /api/v1/partner/orders': 'partner',
  'GET /api/v1/partner/orders': 'partner',
  'GET /api/v1/partner/orders/:id': 'partner',
  'POST /api/v1/partner/orders/:id/proof': 'partner',
  'GET /api/v1/partner/wallets': 'partner',
};

/** Owner fixtures of the key routes: another customer gets 404 for this business's key. */
export const OWNER_FIXTURES: Record<string, OwnerFixture> = {
  'PATCH /api/v1/me/api-keys/:id': async (app) => {
    const owner = await approvedBusiness(app);
    const key = await createKey(app, owner);
    return {
      owner,
      url: `/api/v1/me/api-keys/${key.id}`,
      payload: { rateLimitPerMinute: 30 },
    };
  },
  'POST /api/v1/me/api-keys/:id/revoke': async (app) => {
    const owner = await approvedBusiness(app);
    const key = await createKey(app, owner);
    return { owner, url: `/api/v1/me/api-keys/${key.id}/revoke` };
  },
};
