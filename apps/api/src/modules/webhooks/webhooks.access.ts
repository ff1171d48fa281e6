import type { Access, OwnerFixture } from '../../../test/access.ts';
import { keyWithEndpoint, loggedDelivery } from './test-support.ts';

/**
 * Who may call each route of this module (merged into the authorization matrix test): the key's
 * owner on the API keys page (session), and the key itself on the partner API (`partner`).
 */
export const ACCESS: Record<string, Access> = {
  'GET /api/v1/me/api-keys/:id/webhooks': 'customer',
  'POST /api/v1/me/api-keys/:id/webhooks': 'verified',
  'PATCH /api/v1/me/api-keys/:id/webhooks/:webhookId': 'customer',
  'POST /api/v1/me/api-keys/:id/webhooks/:webhookId/rotate': 'customer',
  'DELETE /api/v1/me/api-keys/:id/webhooks/:webhookId': 'customer',
  'GET /api/v1/me/api-keys/:id/webhooks/:webhookId/deliveries': 'customer',
  'POST /api/v1/me/api-keys/:id/webhooks/:webhookId/deliveries/:deliveryId/replay': 'customer',
  'GET /api/v1/partner/webhooks': 'partner',
  'POST /api/v1/partner/webhooks': 'partner',
  'PATCH /api/v1/partner/webhooks/:webhookId': 'partner',
  'POST /api/v1/partner/webhooks/:webhookId/rotate': 'partner',
  'DELETE /api/v1/partner/webhooks/:webhookId': 'partner',
  'GET /api/v1/partner/webhooks/:webhookId/deliveries': 'partner',
  'POST /api/v1/partner/webhooks/:webhookId/deliveries/:deliveryId/replay': 'partner',
};

const base = (key: string, endpoint?: string) =>
  `/api/v1/me/api-keys/${key}/webhooks${endpoint ? `/${endpoint}` : ''}`;

/** Another customer gets 404 for this business's key, endpoint and delivery. */
export const OWNER_FIXTURES: Record<string, OwnerFixture> = {
  'GET /api/v1/me/api-keys/:id/webhooks': async (app) => {
    const { owner, key } = await keyWithEndpoint(app);
    return { owner, url: base(key.id) };
  },
  'POST /api/v1/me/api-keys/:id/webhooks': async (app) => {
    const { owner, key } = await keyWithEndpoint(app);
    return {
      owner,
      url: base(key.id),
      payload: { url: 'http://127.0.0.1:9/other', events: ['order.created'] },
    };
  },
  'PATCH /api/v1/me/api-keys/:id/webhooks/:webhookId': async (app) => {
    const { owner, key, endpoint } = await keyWithEndpoint(app);
    return { owner, url: base(key.id, endpoint.id), payload: { events: ['order.created'] } };
  },
  'POST /api/v1/me/api-keys/:id/webhooks/:webhookId/rotate': async (app) => {
    const { owner, key, endpoint } = await keyWithEndpoint(app);
    return { owner, url: `${base(key.id, endpoint.id)}/rotate` };
  },
  'DELETE /api/v1/me/api-keys/:id/webhooks/:webhookId': async (app) => {
    const { owner, key, endpoint } = await keyWithEndpoint(app);
    return { owner, url: base(key.id, endpoint.id) };
  },
  'GET /api/v1/me/api-keys/:id/webhooks/:webhookId/deliveries': async (app) => {
    const { owner, key, endpoint } = await keyWithEndpoint(app);
    return { owner, url: `${base(key.id, endpoint.id)}/deliveries` };
  },
  'POST /api/v1/me/api-keys/:id/webhooks/:webhookId/deliveries/:deliveryId/replay': async (app) => {
    const { owner, key, endpoint } = await keyWithEndpoint(app);
    const delivery = await loggedDelivery(app, owner.id, endpoint.id);
    return { owner, url: `${base(key.id, endpoint.id)}/deliveries/${delivery}/replay` };
  },
};
