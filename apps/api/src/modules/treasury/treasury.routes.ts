import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  treasuryAdjustmentSchema,
  treasuryEntriesQuerySchema,
  treasuryEntryPageSchema,
  treasuryEntrySchema,
  treasurySchema,
} from '@permuta/contracts';
import { defaultAdminRole, requireAdmin, signedIn } from '../auth/guards.ts';
import type { TreasuryService } from './treasury.service.ts';
import { apiErrors } from '../../lib/api-errors.ts';

const errors = apiErrors(400, 401, 403, 422);

/** The back office's treasury: balances, the ledger, adjustments (registered by the orders module). */
export const treasuryRoutes: FastifyPluginAsyncZod<{ treasury: TreasuryService }> = async (
  app,
  { treasury },
) => {
  const tags = ['treasury'];
  defaultAdminRole(app, 'finance');

  app.get(
    '/api/v1/admin/treasury',
    {
      onRequest: requireAdmin,
      schema: {
        operationId: 'getTreasury',
        tags,
        summary: 'Treasury balances',
        description:
          'Per token: the ledger sum, the amounts reserved by orders in flight, and what is available for new orders.',
        response: { 200: treasurySchema, ...errors },
      },
    },
    async () => treasury.balances(),
  );

  app.get(
    '/api/v1/admin/treasury/entries',
    {
      onRequest: requireAdmin,
      schema: {
        operationId: 'listTreasuryEntries',
        tags,
        summary: 'Treasury ledger entries',
        description: 'Newest first, keyset-paginated by `nextCursor`, optionally for one token.',
        querystring: treasuryEntriesQuerySchema,
        response: { 200: treasuryEntryPageSchema, ...errors },
      },
    },
    async (request) => treasury.entries(request.query),
  );

  app.post(
    '/api/v1/admin/treasury/adjustments',
    {
      onRequest: requireAdmin,
      schema: {
        operationId: 'createTreasuryAdjustment',
        tags,
        summary: 'Adjust the stock of a token',
        description:
          'A credit or debit with a note (audited). 422 TREASURY_NEGATIVE when a debit would take the balance below zero.',
        body: treasuryAdjustmentSchema,
        response: { 201: treasuryEntrySchema, ...errors },
      },
    },
    async (request, reply) => {
      const entry = await treasury.adjust(
        { userId: signedIn(request).userId, ip: request.ip },
        request.body,
      );
      return reply.status(201).send(entry);
    },
  );
};
