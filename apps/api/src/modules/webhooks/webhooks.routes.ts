import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  keyWebhookDeliveryParamsSchema,
  keyWebhookIdParamsSchema,
  keyWebhookParamsSchema,
  webhookDeliveryListSchema,
  webhookDeliveryParamsSchema,
  webhookDeliveryQuerySchema,
  webhookDeliverySchema,
  webhookEndpointCreateSchema,
  webhookEndpointCreatedSchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
  webhookEndpointUpdateSchema,
  webhookIdParamsSchema,
} from '@permuta/contracts';
import type { ApiKeyScope } from '@permuta/contracts';
import { apiErrors } from '../../lib/api-errors.ts';
import { requireCustomer, requireVerifiedCustomer, signedIn } from '../auth/guards.ts';
import type { PartnerContext } from '../partners/partners.service.ts';
import type { KeyScope, WebhooksService } from './webhooks.service.ts';

const errors = apiErrors(400, 401, 403, 404, 409, 422);

/**
 * A key's webhook endpoints on the API keys page (session cookie, same origin; decision 065):
 * the key's owner, for any of their keys, the same service as the partner routes.
 */
export const ownerWebhookRoutes: FastifyPluginAsyncZod<{ service: WebhooksService }> = async (
  app,
  { service },
) => {
  const tags = ['partner-webhooks'];
  const scopeOf = (request: FastifyRequest<{ Params: { id: string } }>, change: boolean) =>
    service.ownerScope(
      { userId: signedIn(request).userId, ip: request.ip },
      request.params.id,
      change,
    );

  app.get(
    '/api/v1/me/api-keys/:id/webhooks',
    {
      onRequest: requireCustomer,
      schema: {
        operationId: 'listMyKeyWebhooks',
        tags,
        summary: "An API key's webhook endpoints",
        description: 'Never the secrets. 404 API_KEY_NOT_FOUND for a key of anyone else.',
        params: keyWebhookParamsSchema,
        response: { 200: webhookEndpointListSchema, ...errors },
      },
    },
    async (request) => service.list(await scopeOf(request, false)),
  );

  app.post(
    '/api/v1/me/api-keys/:id/webhooks',
    {
      onRequest: requireVerifiedCustomer,
      schema: {
        operationId: 'createMyKeyWebhook',
        tags,
        summary: 'Add a webhook endpoint to an API key',
        description:
          'The signing secret (`secret`) is in this answer only. 422 WEBHOOKS_LIMIT beyond 5 per key, 422 WEBHOOK_URL_REFUSED for an address the server may not call.',
        params: keyWebhookParamsSchema,
        body: webhookEndpointCreateSchema,
        response: { 201: webhookEndpointCreatedSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(await scopeOf(request, true), request.body)),
  );

  app.patch(
    '/api/v1/me/api-keys/:id/webhooks/:webhookId',
    {
      onRequest: requireCustomer,
      schema: {
        operationId: 'updateMyKeyWebhook',
        tags,
        summary: "Change a webhook endpoint's URL or events",
        params: keyWebhookIdParamsSchema,
        body: webhookEndpointUpdateSchema,
        response: { 200: webhookEndpointSchema, ...errors },
      },
    },
    async (request) =>
      service.update(await scopeOf(request, true), request.params.webhookId, request.body),
  );

  app.post(
    '/api/v1/me/api-keys/:id/webhooks/:webhookId/rotate',
    {
      onRequest: requireCustomer,
      schema: {
        operationId: 'rotateMyKeyWebhookSecret',
        tags,
        summary: "Rotate a webhook endpoint's signing secret",
        description:
          'The new secret is in this answer only; the previous one keeps signing too (a second `v1=`) for 24 hours.',
        params: keyWebhookIdParamsSchema,
        response: { 200: webhookEndpointCreatedSchema, ...errors },
      },
    },
    async (request) => service.rotate(await scopeOf(request, true), request.params.webhookId),
  );

  app.delete(
    '/api/v1/me/api-keys/:id/webhooks/:webhookId',
    {
      onRequest: requireCustomer,
      schema: {
        operationId: 'deleteMyKeyWebhook',
        tags,
        summary: 'Delete a webhook endpoint',
        description: 'Its deliveries stop at once; its log goes with it.',
        params: keyWebhookIdParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.remove(await scopeOf(request, false), request.params.webhookId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/v1/me/api-keys/:id/webhooks/:webhookId/deliveries',
    {
      onRequest: requireCustomer,
      schema: {
        operationId: 'listMyKeyWebhookDeliveries',
        tags,
        summary: "A webhook endpoint's delivery log",
        description: 'Newest first: every attempt with its payload, answer and duration.',
        params: keyWebhookIdParamsSchema,
        querystring: webhookDeliveryQuerySchema,
        response: { 200: webhookDeliveryListSchema, ...errors },
      },
    },
    async (request) =>
      service.deliveries(
        await scopeOf(request, false),
        request.params.webhookId,
        request.query.limit,
      ),
  );

  app.post(
    '/api/v1/me/api-keys/:id/webhooks/:webhookId/deliveries/:deliveryId/replay',
    {
      onRequest: requireCustomer,
      schema: {
        operationId: 'replayMyKeyWebhookDelivery',
        tags,
        summary: "Send a delivery's event again now",
        description:
          'A new attempt, recorded as a replay, and its result. 409 WEBHOOK_REPLAY_IN_PROGRESS while another replay of it runs.',
        params: keyWebhookDeliveryParamsSchema,
        response: { 200: webhookDeliverySchema, ...errors },
      },
    },
    async (request) =>
      service.replay(
        await scopeOf(request, true),
        request.params.webhookId,
        request.params.deliveryId,
      ),
  );
};

/** What the partner plugin lends its webhook routes: its guard, budget and holder. */
export interface PartnerRouteKit {
  requireScope: (scope: ApiKeyScope) => (r: FastifyRequest, p: FastifyReply) => Promise<void>;
  config: object;
  partnerOf: (request: FastifyRequest) => PartnerContext;
}

/**
 * The same endpoints for the partner's program: `/api/v1/partner/webhooks…`, scope
 * `webhooks:manage`, the calling key's own endpoints. Registered inside the partner plugin (its
 * key resolution and per-key rate limit).
 */
export function partnerWebhookRoutes(
  scope: FastifyInstance,
  webhooks: WebhooksService,
  kit: PartnerRouteKit,
): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const tags = ['partner'];
  const security = [{ partnerKey: [] }];
  const partnerErrors = apiErrors(400, 401, 403, 404, 409, 422, 429);
  const guard = kit.requireScope('webhooks:manage');
  const { config } = kit;
  const keyScope = (request: FastifyRequest): KeyScope => {
    const partner = kit.partnerOf(request);
    return { userId: partner.userId, keyId: partner.keyId, ip: request.ip };
  };

  app.get(
    '/api/v1/partner/webhooks',
    {
      config,
      preParsing: guard,
      schema: {
        operationId: 'partnerListWebhooks',
        tags,
        security,
        summary: "This key's webhook endpoints",
        description: 'Scope `webhooks:manage`. Never the secrets.',
        response: { 200: webhookEndpointListSchema, ...partnerErrors },
      },
    },
    async (request) => webhooks.list(keyScope(request)),
  );

  app.post(
    '/api/v1/partner/webhooks',
    {
      config,
      preParsing: guard,
      schema: {
        operationId: 'partnerCreateWebhook',
        tags,
        security,
        summary: 'Register a webhook endpoint',
        description:
          'Scope `webhooks:manage`. `url` (https to a host name) and `events`. The signing secret (`secret`) is in this answer only. At most 5 per key (422 WEBHOOKS_LIMIT); 422 WEBHOOK_URL_REFUSED.',
        body: webhookEndpointCreateSchema,
        response: { 201: webhookEndpointCreatedSchema, ...partnerErrors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await webhooks.create(keyScope(request), request.body)),
  );

  app.patch(
    '/api/v1/partner/webhooks/:webhookId',
    {
      config,
      preParsing: guard,
      schema: {
        operationId: 'partnerUpdateWebhook',
        tags,
        security,
        summary: "Change a webhook endpoint's URL or events",
        description: 'Scope `webhooks:manage`. 404 for an endpoint of another key.',
        params: webhookIdParamsSchema,
        body: webhookEndpointUpdateSchema,
        response: { 200: webhookEndpointSchema, ...partnerErrors },
      },
    },
    async (request) => webhooks.update(keyScope(request), request.params.webhookId, request.body),
  );

  app.post(
    '/api/v1/partner/webhooks/:webhookId/rotate',
    {
      config,
      preParsing: guard,
      schema: {
        operationId: 'partnerRotateWebhookSecret',
        tags,
        security,
        summary: "Rotate a webhook endpoint's signing secret",
        description:
          'Scope `webhooks:manage`. The new secret is in this answer only; the previous one keeps signing too for 24 hours (two `v1=` values, the new one first).',
        params: webhookIdParamsSchema,
        response: { 200: webhookEndpointCreatedSchema, ...partnerErrors },
      },
    },
    async (request) => webhooks.rotate(keyScope(request), request.params.webhookId),
  );

  app.delete(
    '/api/v1/partner/webhooks/:webhookId',
    {
      config,
      preParsing: guard,
      schema: {
        operationId: 'partnerDeleteWebhook',
        tags,
        security,
        summary: 'Delete a webhook endpoint',
        description: 'Scope `webhooks:manage`.',
        params: webhookIdParamsSchema,
        response: { 204: z.null(), ...partnerErrors },
      },
    },
    async (request, reply) => {
      await webhooks.remove(keyScope(request), request.params.webhookId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/v1/partner/webhooks/:webhookId/deliveries',
    {
      config,
      preParsing: guard,
      schema: {
        operationId: 'partnerListWebhookDeliveries',
        tags,
        security,
        summary: "A webhook endpoint's delivery log",
        description:
          'Scope `webhooks:manage`. Newest first: every attempt with its payload, answer (first 2 KB) and duration.',
        params: webhookIdParamsSchema,
        querystring: webhookDeliveryQuerySchema,
        response: { 200: webhookDeliveryListSchema, ...partnerErrors },
      },
    },
    async (request) =>
      webhooks.deliveries(keyScope(request), request.params.webhookId, request.query.limit),
  );

  app.post(
    '/api/v1/partner/webhooks/:webhookId/deliveries/:deliveryId/replay',
    {
      config,
      preParsing: guard,
      schema: {
        operationId: 'partnerReplayWebhookDelivery',
        tags,
        security,
        summary: "Send a delivery's event again now",
        description:
          'Scope `webhooks:manage`. A new attempt, recorded as a replay, and its result. 409 WEBHOOK_REPLAY_IN_PROGRESS while another replay of it runs.',
        params: webhookDeliveryParamsSchema,
        response: { 200: webhookDeliverySchema, ...partnerErrors },
      },
    },
    async (request) =>
      webhooks.replay(keyScope(request), request.params.webhookId, request.params.deliveryId),
  );
}
