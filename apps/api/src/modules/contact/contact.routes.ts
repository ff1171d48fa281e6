import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, contactMessageSchema, contactSentSchema } from '@permuta/contracts';
import { CONTACT_SENT_MESSAGE } from '@permuta/contracts/messages/contact';
import { requestLocale } from '../../lib/locale.ts';
import { ContactThrottledError } from './contact.service.ts';
import type { ContactService } from './contact.service.ts';

/** The public contact form (/contact): POST /api/v1/contact. */
export const contactRoutes: FastifyPluginAsyncZod<{ service: ContactService }> = async (
  app,
  { service },
) => {
  app.post(
    '/api/v1/contact',
    {
      schema: {
        operationId: 'sendContactMessage',
        tags: ['contact'],
        summary: 'Send a message to support from the contact page',
        description:
          'Stores the message and e-mails it to the support address of the settings (Reply-To: the visitor). At most 5 messages per IP address per hour (429 CONTACT_THROTTLED with Retry-After). `website` is a honeypot and must stay empty.',
        body: contactMessageSchema,
        response: { 201: contactSentSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const locale = requestLocale(request);
      try {
        await service.receive(request.body, { ip: request.ip, locale });
      } catch (error) {
        if (error instanceof ContactThrottledError) {
          reply.header('retry-after', String(error.retryAfterSeconds));
        }
        throw error;
      }
      return reply.status(201).send({ message: CONTACT_SENT_MESSAGE[locale] });
    },
  );
};
