import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  catalogueResponseSchema,
  quoteRequestSchema,
  quoteResponseSchema,
} from '@permuta/contracts';
import { writeAsIs } from '../../lib/serialize.ts';
import type { PricingService } from './pricing.service.ts';

export const pricingRoutes: FastifyPluginAsyncZod<{ pricing: PricingService }> = async (
  app,
  { pricing },
) => {
  app.get(
    '/api/v1/tokens',
    {
      schema: {
        tags: ['pricing'],
        summary: 'Public token catalogue',
        description:
          'Enabled tokens with their networks, reference price in BRL, whether they can be quoted now, and the receive limits of PIX and Deriv.',
        response: { 200: catalogueResponseSchema },
      },
    },
    async () => pricing.catalogue(),
  );

  app.post(
    '/api/v1/quotes',
    {
      schema: {
        tags: ['pricing'],
        summary: 'Quote an exchange',
        description:
          'Computes the amount to receive for an amount to send (side=send), or the least amount to send for an amount to receive (side=receive), with the current price, fee rule and limits. Amounts are decimal strings.',
        body: quoteRequestSchema,
        response: {
          200: quoteResponseSchema,
          400: apiErrorSchema,
          422: apiErrorSchema,
          503: apiErrorSchema,
        },
      },
      // the calculator's hot path (see lib/serialize.ts)
      serializerCompiler: writeAsIs,
    },
    async (request) => pricing.quote(request.body),
  );
};
