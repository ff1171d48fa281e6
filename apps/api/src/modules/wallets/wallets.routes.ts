import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bankListSchema,
  walletCreateSchema,
  walletDeletedSchema,
  walletIdParamsSchema,
  walletListSchema,
  walletSavedSchema,
  walletUpdateSchema,
} from '@permuta/contracts';
import { requestLocale } from '../../lib/locale.ts';
import { requireCustomer, requireVerifiedCustomer, signedIn } from '../auth/guards.ts';
import { pixBanks } from './banks.ts';
import type { WalletsService } from './wallets.service.ts';
import { apiErrors } from '../../lib/api-errors.ts';

const errors = apiErrors(400, 401, 403, 404, 409);

/** The bank list changes a few times a year: browsers and proxies may keep it for a day. */
const BANKS_CACHE_CONTROL = 'public, max-age=86400, stale-while-revalidate=604800';

/**
 * Customer wallets (docs/wallets-api.md) and the bank list of the PIX form. Reading is open to
 * any signed-in customer; creating, changing and removing need a validated e-mail.
 */
export const walletRoutes: FastifyPluginAsyncZod<{ service: WalletsService }> = async (
  app,
  { service },
) => {
  const tags = ['wallets'];
  const caller = (request: FastifyRequest, locale: ReturnType<typeof requestLocale>) => ({
    userId: signedIn(request).userId,
    ip: request.ip,
    locale,
  });

  app.get(
    '/api/v1/banks',
    {
      schema: {
        operationId: 'listBanks',
        tags,
        summary: 'Brazilian banks that take PIX',
        description:
          'COMPE code and name of every PIX participant, in code order, for the bank of a PIX wallet. Cacheable for a day.',
        response: { 200: bankListSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', BANKS_CACHE_CONTROL);
      return { banks: pixBanks() };
    },
  );

  app.get(
    '/api/v1/me/wallets',
    {
      onRequest: requireCustomer,
      schema: {
        operationId: 'listMyWallets',
        tags,
        summary: 'My wallets',
        description: 'Every wallet of the signed-in customer with its token and network.',
        response: { 200: walletListSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { wallets: await service.list(signedIn(request).userId) };
    },
  );

  app.post(
    '/api/v1/me/wallets',
    {
      onRequest: requireVerifiedCustomer,
      schema: {
        operationId: 'createMyWallet',
        tags,
        summary: 'Add a wallet',
        description:
          "Discriminated by `kind`. crypto: token, network, address (format of the network, its pattern and checksum) and memo where the network needs one; pix: key type and key, bank (COMPE code from GET /api/v1/banks), holder name and CPF/CNPJ (a CPF must be the customer's own); deriv: account `CR` + digits. One wallet per token and network: 409 WALLET_DUPLICATE. 403 EMAIL_NOT_VERIFIED until the e-mail is validated.",
        body: walletCreateSchema,
        response: { 201: walletSavedSchema, ...errors },
      },
    },
    async (request, reply) => {
      const saved = await service.create(caller(request, requestLocale(request)), request.body);
      return reply.status(201).send(saved);
    },
  );

  app.patch(
    '/api/v1/me/wallets/:id',
    {
      onRequest: requireVerifiedCustomer,
      schema: {
        operationId: 'updateMyWallet',
        tags,
        summary: 'Change a wallet',
        description:
          "The destination fields of the wallet's kind, checked as on creation; the token and network stay. 404 for a wallet that is not mine.",
        params: walletIdParamsSchema,
        body: walletUpdateSchema,
        response: { 200: walletSavedSchema, ...errors },
      },
    },
    async (request) =>
      service.update(caller(request, requestLocale(request)), request.params.id, request.body),
  );

  app.delete(
    '/api/v1/me/wallets/:id',
    {
      onRequest: requireVerifiedCustomer,
      schema: {
        operationId: 'deleteMyWallet',
        tags,
        summary: 'Remove a wallet',
        description:
          '409 WALLET_IN_USE while an open order pays into it; 404 for a wallet that is not mine. Closed orders keep their copy of the address.',
        params: walletIdParamsSchema,
        response: { 200: walletDeletedSchema, ...errors },
      },
    },
    async (request) => service.remove(caller(request, requestLocale(request)), request.params.id),
  );
};
