import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiKeyCreateSchema,
  apiKeyCreatedSchema,
  apiKeyIdParamsSchema,
  apiKeyListSchema,
  apiKeySchema,
  apiKeyUpdateSchema,
  businessApplySchema,
  businessDecisionSchema,
  businessSchema,
} from '@permuta/contracts';
import { apiErrors } from '../../lib/api-errors.ts';
import {
  requireAdmin,
  requireCustomer,
  requireVerifiedCustomer,
  signedIn,
} from '../auth/guards.ts';
import type { PartnersService } from './partners.service.ts';

const errors = apiErrors(400, 401, 403, 404, 409, 422);
const customerIdParams = z.object({ id: z.string().min(1).max(64) });

const caller = (request: FastifyRequest) => ({ userId: signedIn(request).userId, ip: request.ip });

/**
 * A customer's business and API keys (session cookie; state changes from our origin, as every
 * cookie route), and the back office's decision on a business (decision 057,
 * docs/partner-api.md).
 */
export const partnersRoutes: FastifyPluginAsyncZod<{ service: PartnersService }> = async (
  app,
  { service },
) => {
  const tags = ['business'];

  app.get(
    '/api/v1/me/business',
    {
      onRequest: requireCustomer,
      schema: {
        operationId: 'getMyBusiness',
        tags,
        summary: 'My business account',
        description:
          'null when the account never applied as a business (an answer, not an error: every customer page may ask).',
        response: { 200: businessSchema.nullable(), ...errors },
      },
    },
    async (request) => service.business(signedIn(request).userId),
  );

  app.put(
    '/api/v1/me/business',
    {
      onRequest: requireVerifiedCustomer,
      schema: {
        operationId: 'applyForBusiness',
        tags,
        summary: 'Apply as a business (or correct the application)',
        description:
          'Company name and CNPJ (check digits, also the alphanumeric CNPJ); the signed-in customer is the representative. Back to `pending` until the back office approves. 409 CNPJ_TAKEN, 409 BUSINESS_ALREADY_APPROVED.',
        body: businessApplySchema,
        response: { 200: businessSchema, ...errors },
      },
    },
    async (request) => service.apply(caller(request), request.body),
  );

  app.get(
    '/api/v1/me/api-keys',
    {
      onRequest: requireCustomer,
      schema: {
        operationId: 'listMyApiKeys',
        tags,
        summary: 'My API keys',
        description:
          'Only for an approved business (403 BUSINESS_NOT_APPROVED). Never the secrets.',
        response: { 200: apiKeyListSchema, ...errors },
      },
    },
    async (request) => service.listKeys(signedIn(request).userId),
  );

  app.post(
    '/api/v1/me/api-keys',
    {
      onRequest: requireVerifiedCustomer,
      schema: {
        operationId: 'createApiKey',
        tags,
        summary: 'Create an API key',
        description:
          'The whole key (`secret`) is in this answer only; only its SHA-256 is stored. 422 API_KEYS_LIMIT beyond 10 live keys.',
        body: apiKeyCreateSchema,
        response: { 201: apiKeyCreatedSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createKey(caller(request), request.body)),
  );

  app.patch(
    '/api/v1/me/api-keys/:id',
    {
      onRequest: requireCustomer,
      schema: {
        operationId: 'updateApiKey',
        tags,
        summary: "Change an API key's per-minute limit",
        description: 'Up to the business maximum (600); an admin may set more.',
        params: apiKeyIdParamsSchema,
        body: apiKeyUpdateSchema,
        response: { 200: apiKeySchema, ...errors },
      },
    },
    async (request) =>
      service.setRateLimit(caller(request), request.params.id, request.body.rateLimitPerMinute),
  );

  app.post(
    '/api/v1/me/api-keys/:id/revoke',
    {
      onRequest: requireCustomer,
      schema: {
        operationId: 'revokeApiKey',
        tags,
        summary: 'Revoke an API key',
        description: 'Refused from the very next request. Revoking twice answers the same key.',
        params: apiKeyIdParamsSchema,
        response: { 200: apiKeySchema, ...errors },
      },
    },
    async (request) => service.revokeKey(caller(request), request.params.id),
  );

  // --- back office ----------------------------------------------------------------------

  await app.register(async (scope) => {
    const admin = scope.withTypeProvider<ZodTypeProvider>();
    admin.addHook('onRequest', requireAdmin);
    const adminTags = ['admin'];

    admin.get(
      '/api/v1/admin/customers/:id/business',
      {
        config: { adminRole: 'operator' },
        schema: {
          operationId: 'getCustomerBusiness',
          tags: adminTags,
          summary: "A customer's business data and API keys",
          description: 'null when the customer never applied as a business.',
          params: customerIdParams,
          response: {
            200: businessSchema.extend({ apiKeys: z.array(apiKeySchema) }).nullable(),
            ...errors,
          },
        },
      },
      async (request) => service.adminBusiness(request.params.id),
    );

    admin.post(
      '/api/v1/admin/customers/:id/business',
      {
        config: { adminRole: 'operator' },
        schema: {
          operationId: 'decideCustomerBusiness',
          tags: adminTags,
          summary: 'Approve or revoke a business',
          description: 'Audited. Revoking stops every API key of the business at once.',
          params: customerIdParams,
          body: businessDecisionSchema,
          response: { 200: businessSchema, ...errors },
        },
      },
      async (request) => service.decide(caller(request), request.params.id, request.body.decision),
    );

    admin.patch(
      '/api/v1/admin/api-keys/:id',
      {
        config: { adminRole: 'operator' },
        schema: {
          operationId: 'adminUpdateApiKey',
          tags: adminTags,
          summary: "Set an API key's per-minute limit (beyond the business maximum)",
          params: apiKeyIdParamsSchema,
          body: apiKeyUpdateSchema,
          response: { 200: apiKeySchema, ...errors },
        },
      },
      async (request) =>
        service.setRateLimit(
          caller(request),
          request.params.id,
          request.body.rateLimitPerMinute,
          true,
        ),
    );
  });
};
