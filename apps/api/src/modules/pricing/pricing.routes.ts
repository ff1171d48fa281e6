import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  catalogueResponseSchema,
  quoteRequestSchema,
  quoteResponseSchema,
} from '@permuta/contracts';
import { apiErrors } from '../../lib/api-errors.ts';
import type { PricingService } from './pricing.service.ts';

export const pricingRoutes: FastifyPluginAsyncZod<{ pricing: PricingService }> = async (
  app,
  { pricing },
) => {
  app.get(
    '/api/v1/tokens',
    {
      schema: {
        operationId: 'listPublicTokens',
        tags: ['pricing'],
        summary: 'Public token catalogue',
        description:
          'Enabled tokens with their networks, reference price in BRL, whether they can be quoted now, and the receive limits of PIX and Deriv.',
        response: { 200: catalogueResponseSchema },
      },
    },
    async () => pricing.catalogue(),
  );

  // A public quote changes nothing (the customer's locked quote is POST /api/v1/orders/quote):
  // a safe read, asked with GET and its input in the query string.
  app.get(
    '/api/v1/quotes',
    {
      schema: {
        operationId: 'getQuote',
        tags: ['pricing'],
        summary: 'Quote an exchange',
        description:
          'Computes the amount to receive for an amount to send (side=send), or the least amount to send for an amount to receive (side=receive), with the current price, fee rule and limits. Amounts are decimal strings. Nothing is reserved or locked.',
        querystring: quoteRequestSchema,
        response: {
          200: quoteResponseSchema,
          ...apiErrors(400, 422, 503),
        },
      },
    },
    async (request) => pricing.quote(request.query),
  );
};
