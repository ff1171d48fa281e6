import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminContactMessageSchema,
  adminContactPageSchema,
  adminContactQuerySchema,
  contactMessageIdParamsSchema,
} from '@permuta/contracts';
import { defaultAdminRole, requireAdmin, signedIn } from '../auth/guards.ts';
import { apiErrors } from '../../lib/api-errors.ts';
import type { ContactInboxService } from './contact.inbox.service.ts';

const errors = apiErrors(400, 401, 403, 404);

/** The back office's contact inbox (/admin/contact-messages). Admins only. */
export const contactInboxRoutes: FastifyPluginAsyncZod<{ service: ContactInboxService }> = async (
  app,
  { service },
) => {
  app.addHook('onRequest', requireAdmin);
  defaultAdminRole(app, 'operator');
  const tags = ['admin', 'contact'];

  app.get(
    '/api/v1/admin/contact-messages',
    {
      schema: {
        operationId: 'listContactMessages',
        tags,
        summary: 'Contact messages',
        description:
          "Newest first, keyset-paginated on (created_at, id): pass the previous page's `nextCursor` as `cursor`. `show=unanswered` (default) or `all`.",
        querystring: adminContactQuerySchema,
        response: { 200: adminContactPageSchema, ...errors },
      },
    },
    async (request) => service.list(request.query),
  );

  app.post(
    '/api/v1/admin/contact-messages/:id/answered',
    {
      schema: {
        operationId: 'markContactMessageAnswered',
        tags,
        summary: 'Mark a contact message answered',
        description:
          'Records the admin and the time (audited). Idempotent: a message already answered keeps its first admin and time, and the answer is the same message.',
        params: contactMessageIdParamsSchema,
        response: { 200: adminContactMessageSchema, ...errors },
      },
    },
    async (request) =>
      service.markAnswered({ userId: signedIn(request).userId, ip: request.ip }, request.params.id),
  );
};
