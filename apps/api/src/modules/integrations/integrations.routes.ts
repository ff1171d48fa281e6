import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  integrationProviderSchema,
  integrationTestSchema,
  integrationUpdateSchema,
  integrationViewSchema,
  integrationsViewSchema,
} from '@permuta/contracts';
import { apiErrors } from '../../lib/api-errors.ts';
import { defaultAdminRole, requireAdmin, signedIn } from '../auth/guards.ts';
import type { IntegrationsService } from './integrations.service.ts';

const errors = apiErrors(400, 401, 403);
const params = z.object({ provider: integrationProviderSchema });

/**
 * The back office's Integrations page (decision 040): the PIX PSP and the Deriv payment agent,
 * their credentials (written, never read back), the switches of their automatic deposits and
 * payouts, and a connection test. The owner's.
 */
export const integrationsRoutes: FastifyPluginAsyncZod<{ service: IntegrationsService }> = async (
  app,
  { service },
) => {
  app.addHook('onRequest', requireAdmin);
  defaultAdminRole(app, 'owner');
  const tags = ['admin-integrations'];

  app.get(
    '/api/v1/admin/integrations',
    {
      schema: {
        operationId: 'listIntegrations',
        tags,
        summary: 'The providers money moves through by itself',
        description:
          'Each provider with its plain settings, which of its credentials are set (never their values), whether everything it needs is set, and its switches.',
        response: { 200: integrationsViewSchema, ...errors },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return service.view();
    },
  );

  app.put(
    '/api/v1/admin/integrations/:provider',
    {
      schema: {
        operationId: 'updateIntegration',
        tags,
        summary: 'Change a provider’s settings, credentials or switches',
        description:
          'Only the fields sent change; a credential sent as null is removed. Checked by the provider’s own rules (422 VALIDATION_ERROR per field); a switch turns on only when everything the provider needs is set (422 INTEGRATION_INCOMPLETE). Written with its audit entry in one transaction; the audit names the credentials changed, never their values.',
        params,
        body: integrationUpdateSchema,
        response: { 200: integrationViewSchema, ...apiErrors(400, 401, 403, 409, 422) },
      },
    },
    async (request) => {
      const auth = signedIn(request);
      return service.update(
        { adminId: auth.userId, ip: request.ip },
        request.params.provider,
        request.body,
      );
    },
  );

  app.post(
    '/api/v1/admin/integrations/:provider/test',
    {
      schema: {
        operationId: 'testIntegration',
        tags,
        summary: 'Try a provider’s stored settings',
        description:
          'A harmless call with the stored credentials (the PSP’s OAuth token, Deriv’s authorize) and what it answered.',
        params,
        response: { 200: integrationTestSchema, ...apiErrors(400, 401, 403, 409) },
      },
    },
    async (request) => service.test(request.params.provider),
  );
};
