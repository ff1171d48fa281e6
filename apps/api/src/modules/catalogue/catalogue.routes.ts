import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminNetworkSchema,
  adminTokenListSchema,
  adminTokenSchema,
  apiErrorSchema,
  catalogueSyncResultSchema,
  enabledSchema,
  feeRuleCreateSchema,
  feeRuleParamsSchema,
  feeRuleSchema,
  feeRuleUpdateSchema,
  feeRulesSchema,
  generalFeeSchema,
  manualPriceSchema,
  networkCreateSchema,
  networkParamsSchema,
  networkUpdateSchema,
  priceHistoryQuerySchema,
  priceHistorySchema,
  priceHoldAcceptSchema,
  priceHoldListSchema,
  priceRefreshResultSchema,
  priceSourceUpdateSchema,
  tokenCreateSchema,
  tokenParamsSchema,
  tokenUpdateSchema,
} from '@permuta/contracts';
import { CATALOGUE_ADMIN_SUCCESS_MESSAGES } from '@permuta/contracts/messages/catalogue-admin';
import { AppError } from '../../lib/app-error.ts';
import { writeAudit } from '../../lib/audit.ts';
import { requestLocale } from '../../lib/locale.ts';
import { ExchangeRejectedError, isExchangeError } from '../../adapters/exchange/exchange.ts';
import { defaultAdminRole, requireAdmin, signedIn } from '../auth/guards.ts';
import type { JobQueue } from '../../lib/jobs.ts';
import type { Actor, CatalogueService } from './catalogue.service.ts';
import type { Log } from '../../lib/log.ts';
import type { CatalogueExchange } from './catalogue.exchange.ts';
import { apiErrors } from '../../lib/api-errors.ts';

const errors = apiErrors(400, 401, 403, 404, 409);

function actorOf(request: FastifyRequest): Actor {
  const auth = signedIn(request);
  return { adminId: auth.userId, ip: request.ip };
}

/** An exchange failure as the API's 503 with a message the admin can act on. */
function exchangeFailure(error: unknown): never {
  if (!isExchangeError(error)) throw error;
  if (error.kind === 'not_configured') throw new AppError('EXCHANGE_NOT_CONFIGURED', 503);
  if (error instanceof ExchangeRejectedError) {
    throw new AppError('EXCHANGE_REJECTED', 503, { reason: `${error.msg} (${error.code})` });
  }
  throw new AppError('EXCHANGE_UNAVAILABLE', 503);
}

/**
 * The back office's catalogue (/admin/manager-tokens, /admin/add-token, /admin/rate-setting):
 * tokens and networks, prices, fee rules, and the exchange actions (sync, price refresh). Every
 * route requires an admin session.
 */
export const catalogueRoutes: FastifyPluginAsyncZod<{
  service: CatalogueService;
  exchange: CatalogueExchange;
}> = async (app, { service, exchange }) => {
  const tags = ['admin-catalogue'];
  app.addHook('onRequest', requireAdmin);
  defaultAdminRole(app, 'finance');

  // --- tokens and networks --------------------------------------------------------------

  app.get(
    '/api/v1/admin/tokens',
    {
      schema: {
        operationId: 'listTokens',
        tags,
        summary: 'Every token with its networks and latest price',
        response: { 200: adminTokenListSchema, ...errors },
      },
    },
    async () => ({ items: await service.listTokens() }),
  );

  app.post(
    '/api/v1/admin/tokens',
    {
      config: { adminRole: 'owner' },
      schema: {
        operationId: 'createToken',
        tags,
        summary: 'Add a token with at least one network',
        body: tokenCreateSchema,
        response: { 201: adminTokenSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createToken(actorOf(request), request.body)),
  );

  app.get(
    '/api/v1/admin/tokens/:coinName',
    {
      schema: {
        operationId: 'getToken',
        tags,
        summary: 'One token by its code, with networks and latest price',
        params: tokenParamsSchema,
        response: { 200: adminTokenSchema, ...errors },
      },
    },
    async (request) => service.tokenDetail(request.params.coinName),
  );

  app.patch(
    '/api/v1/admin/tokens/:coinName',
    {
      config: { adminRole: 'owner' },
      schema: {
        operationId: 'updateToken',
        tags,
        summary: "Change a token's fields",
        description: 'The kind cannot change while wallets or orders use the token (409).',
        params: tokenParamsSchema,
        body: tokenUpdateSchema,
        response: { 200: adminTokenSchema, ...errors },
      },
    },
    async (request) => service.updateToken(actorOf(request), request.params.coinName, request.body),
  );

  app.put(
    '/api/v1/admin/tokens/:coinName/enabled',
    {
      config: { adminRole: 'owner' },
      schema: {
        operationId: 'setTokenEnabled',
        tags,
        summary: 'Enable or disable a token (customers see the change at once)',
        params: tokenParamsSchema,
        body: enabledSchema,
        response: { 200: adminTokenSchema, ...errors },
      },
    },
    async (request) =>
      service.setTokenEnabled(actorOf(request), request.params.coinName, request.body.enabled),
  );

  app.post(
    '/api/v1/admin/tokens/:coinName/networks',
    {
      config: { adminRole: 'owner' },
      schema: {
        operationId: 'createTokenNetwork',
        tags,
        summary: 'Add a network to a token',
        params: tokenParamsSchema,
        body: networkCreateSchema,
        response: { 201: adminNetworkSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.addNetwork(actorOf(request), request.params.coinName, request.body)),
  );

  app.patch(
    '/api/v1/admin/tokens/:coinName/networks/:network',
    {
      config: { adminRole: 'owner' },
      schema: {
        operationId: 'updateTokenNetwork',
        tags,
        summary: "Change a network's fields",
        description:
          "Withdraw fee, min and max, confirmations, deposit/withdraw switches, arrival time, tip, notice, contract, patterns and the platform's deposit address and memo (checked against the network's format).",
        params: networkParamsSchema,
        body: networkUpdateSchema,
        response: { 200: adminNetworkSchema, ...errors },
      },
    },
    async (request) =>
      service.updateNetwork(
        actorOf(request),
        request.params.coinName,
        request.params.network,
        request.body,
      ),
  );

  app.put(
    '/api/v1/admin/tokens/:coinName/networks/:network/enabled',
    {
      config: { adminRole: 'owner' },
      schema: {
        operationId: 'setTokenNetworkEnabled',
        tags,
        summary: 'Enable or disable a network',
        params: networkParamsSchema,
        body: enabledSchema,
        response: { 200: adminNetworkSchema, ...errors },
      },
    },
    async (request) =>
      service.setNetworkEnabled(
        actorOf(request),
        request.params.coinName,
        request.params.network,
        request.body.enabled,
      ),
  );

  // --- prices ---------------------------------------------------------------------------

  app.put(
    '/api/v1/admin/tokens/:coinName/price',
    {
      schema: {
        operationId: 'setTokenPrice',
        tags,
        summary: 'Set a manual price in BRL',
        description:
          "Appends a manual price row (the new reference price) and sets the token's source to manual. A change beyond the settings' manualPriceConfirmPercent from the current price is refused with 409 PRICE_CHANGE_UNCONFIRMED (params: old and new price, change %, a sample) unless the body says confirm: true.",
        params: tokenParamsSchema,
        body: manualPriceSchema,
        response: { 200: adminTokenSchema, ...errors },
      },
    },
    async (request) =>
      service.setManualPrice(
        actorOf(request),
        request.params.coinName,
        request.body.priceBrl,
        request.body.confirm,
      ),
  );

  // Held feed prices (a jump beyond the settings' feedPriceHoldPercent): the dashboard lists
  // them, an admin accepts or rejects each.
  app.get(
    '/api/v1/admin/price-holds',
    {
      schema: {
        operationId: 'listPriceHolds',
        tags,
        summary: 'Feed prices held for a decision',
        description:
          "Exchange prices that jumped beyond the settings' feedPriceHoldPercent from the last accepted price; the token's quotes are paused while held.",
        response: { 200: priceHoldListSchema, ...errors },
      },
    },
    async () => service.priceHolds(),
  );

  app.post(
    '/api/v1/admin/price-holds/:coinName/accept',
    {
      schema: {
        operationId: 'acceptPriceHold',
        tags,
        summary: 'Apply a held feed price',
        description:
          'Applies the held price named in the body; 409 PRICE_HOLD_GONE when the hold was cleared or its price changed since.',
        params: tokenParamsSchema,
        body: priceHoldAcceptSchema,
        response: { 200: priceHoldListSchema, ...errors },
      },
    },
    async (request) =>
      service.acceptHeldPrice(actorOf(request), request.params.coinName, request.body.priceBrl),
  );

  app.post(
    '/api/v1/admin/price-holds/:coinName/reject',
    {
      schema: {
        operationId: 'rejectPriceHold',
        tags,
        summary: 'Drop a held feed price and keep the accepted one',
        params: tokenParamsSchema,
        response: { 200: priceHoldListSchema, ...errors },
      },
    },
    async (request) => service.rejectHeldPrice(actorOf(request), request.params.coinName),
  );

  app.put(
    '/api/v1/admin/tokens/:coinName/price-source',
    {
      schema: {
        operationId: 'setTokenPriceSource',
        tags,
        summary: 'Price a token manually or from the exchange ticker',
        description: 'The exchange source needs a ticker symbol (USDTBRL, or ETHUSDT*USDTBRL).',
        params: tokenParamsSchema,
        body: priceSourceUpdateSchema,
        response: { 200: adminTokenSchema, ...errors },
      },
    },
    async (request) =>
      service.setPriceSource(
        actorOf(request),
        request.params.coinName,
        request.body.source,
        request.body.exchangeSymbol,
      ),
  );

  app.get(
    '/api/v1/admin/tokens/:coinName/prices',
    {
      schema: {
        operationId: 'listTokenPrices',
        tags,
        summary: "A token's price history, newest first",
        params: tokenParamsSchema,
        querystring: priceHistoryQuerySchema,
        response: { 200: priceHistorySchema, ...errors },
      },
    },
    async (request) =>
      service.priceHistory(request.params.coinName, request.query.page, request.query.pageSize),
  );

  app.post(
    '/api/v1/admin/prices/refresh',
    {
      schema: {
        operationId: 'refreshPrices',
        tags,
        summary: "Read the exchange's ticker now for every token priced by the exchange",
        description:
          'Appends one price row per token; tokens without a symbol or whose ticker failed are listed as skipped.',
        response: { 200: priceRefreshResultSchema, ...errors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const result = await exchange.refreshPrices(request.log);
      await writeAudit(app.db, {
        actorType: 'admin',
        actorId: actor.adminId,
        action: 'price.refreshed',
        entityType: 'price',
        ip: actor.ip,
        after: result,
      });
      return result;
    },
  );

  app.post(
    '/api/v1/admin/catalogue/sync',
    {
      config: { adminRole: 'owner' },
      schema: {
        operationId: 'syncCatalogue',
        tags,
        summary: "Import coins and networks from the exchange's capital config",
        description:
          'Creates missing tokens (disabled) and networks, updates fees, limits, balances and flags; never switches on what an admin switched off. 503 when no API key is configured or the exchange fails.',
        response: { 200: catalogueSyncResultSchema, ...errors, 503: apiErrorSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      if (!exchange.signed) throw new AppError('EXCHANGE_NOT_CONFIGURED', 503);
      let result;
      try {
        result = await exchange.sync({
          log: request.log,
          actor: { type: 'admin', id: actor.adminId, ip: actor.ip },
        });
      } catch (error) {
        exchangeFailure(error);
      }
      const template = CATALOGUE_ADMIN_SUCCESS_MESSAGES.synced[requestLocale(request)];
      const message = template
        .replace('{tokensCreated}', String(result.tokensCreated.length))
        .replace('{networksCreated}', String(result.networksCreated.length))
        .replace('{updated}', String(result.tokensUpdated + result.networksUpdated));
      return { message, ...result };
    },
  );

  // --- fee rules ------------------------------------------------------------------------

  app.get(
    '/api/v1/admin/fee-rules',
    {
      schema: {
        operationId: 'listFeeRules',
        tags,
        summary: 'The general rate, the pair rules and the band the terms promise',
        response: { 200: feeRulesSchema, ...errors },
      },
    },
    async () => service.feeRules(),
  );

  app.put(
    '/api/v1/admin/fee-rules/general',
    {
      schema: {
        operationId: 'setGeneralFeeRule',
        tags,
        summary: 'Set the general rate (percentage, 0 <= rate < 50)',
        body: generalFeeSchema,
        response: { 200: feeRulesSchema, ...errors },
      },
    },
    async (request) => service.setGeneralFee(actorOf(request), request.body.rate),
  );

  app.post(
    '/api/v1/admin/fee-rules',
    {
      schema: {
        operationId: 'createFeeRule',
        tags,
        summary: 'Add a rule for a pair (token sent, token received, percentage)',
        body: feeRuleCreateSchema,
        response: { 201: feeRuleSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createFeeRule(actorOf(request), request.body)),
  );

  app.patch(
    '/api/v1/admin/fee-rules/:id',
    {
      schema: {
        operationId: 'updateFeeRule',
        tags,
        summary: "Change a pair rule's rate",
        params: feeRuleParamsSchema,
        body: feeRuleUpdateSchema,
        response: { 200: feeRuleSchema, ...errors },
      },
    },
    async (request) =>
      service.updateFeeRule(actorOf(request), request.params.id, request.body.rate),
  );

  app.delete(
    '/api/v1/admin/fee-rules/:id',
    {
      schema: {
        operationId: 'deleteFeeRule',
        tags,
        summary: 'Delete a pair rule (the general rate applies to that pair again)',
        params: feeRuleParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.deleteFeeRule(actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};

/** Queues of the catalogue jobs. */
export const PRICE_REFRESH_QUEUE = 'prices-refresh';
export const CATALOGUE_SYNC_QUEUE = 'catalogue-sync';

/**
 * The catalogue's jobs: exchange prices every minute (a no-op while every token is priced by
 * hand, so the embedded default never calls out), and the catalogue sync hourly once an API key
 * is set.
 */
export async function workCatalogueJobs(
  jobs: Pick<JobQueue, 'work' | 'schedule'>,
  exchange: CatalogueExchange,
  log: Pick<Log, 'warn'>,
): Promise<void> {
  await jobs.work(PRICE_REFRESH_QUEUE, async () => {
    await exchange.refreshPrices(log);
  });
  await jobs.schedule(PRICE_REFRESH_QUEUE, '* * * * *');
  await jobs.work(CATALOGUE_SYNC_QUEUE, async () => {
    await exchange.sync({ log });
  });
  if (exchange.signed) await jobs.schedule(CATALOGUE_SYNC_QUEUE, '17 * * * *');
}
