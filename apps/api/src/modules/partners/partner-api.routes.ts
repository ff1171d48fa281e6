import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import multipart from '@fastify/multipart';
import {
  MAX_DOCUMENT_BYTES,
  lockedQuoteSchema,
  orderCreateSchema,
  orderIdParamsSchema,
  orderListItemSchema,
  orderQuoteRequestSchema,
  orderSchema,
  partnerOrderListQuerySchema,
  walletListSchema,
} from '@permuta/contracts';
import type { ApiKeyScope } from '@permuta/contracts';
import { AppError } from '../../lib/app-error.ts';
import { apiErrors } from '../../lib/api-errors.ts';
import { clientKey } from '../../plugins/security.ts';
import { SESSION_COOKIE } from '../auth/sessions.ts';
import { readCookie } from '../auth/signed-cookie.ts';
import { orderWriteHandlers } from '../orders/order-handlers.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import type { WalletsService } from '../wallets/wallets.service.ts';
import { partnerWebhookRoutes } from '../webhooks/webhooks.routes.ts';
import type { WebhooksService } from '../webhooks/webhooks.service.ts';
import type { PartnerContext, PartnersService } from './partners.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** the API key's holder on a partner route (null until resolved, or when refused) */
    partner: PartnerContext | null;
    /** why the key was refused, answered after the rate limit counted the request */
    partnerRefusal: AppError | null;
  }
}

const errors = apiErrors(400, 401, 403, 404, 409, 413, 422, 429, 503);
const security = [{ partnerKey: [] }];
const tags = ['partner'];

/** The bearer token of `Authorization: Bearer <key>`, or null without one. */
function bearerOf(request: FastifyRequest): string | null {
  const value = request.headers.authorization;
  if (typeof value !== 'string') return null;
  const match = /^Bearer ([\x21-\x7e]{1,200})$/i.exec(value.trim());
  return match?.[1] ?? null;
}

/**
 * Resolves the API key of a partner request. Never throws: a refusal is kept and answered by
 * `requireScope` once the rate limit has counted the request (by key when valid, else by address).
 * - no key: 401 UNAUTHENTICATED;
 * - a key and the session cookie together: 401 PARTNER_COOKIE_AND_KEY (a partner route acts for
 *   the key's business only, and a browser page must never reach it with someone's cookie);
 * - a malformed, unknown or revoked key: 401 PARTNER_KEY_INVALID;
 * - a business no longer approved, a deactivated account: 403 PARTNER_BUSINESS_INACTIVE.
 */
async function resolvePartner(service: PartnersService, request: FastifyRequest): Promise<void> {
  const key = bearerOf(request);
  if (key === null) {
    request.partnerRefusal = new AppError('UNAUTHENTICATED', 401);
    return;
  }
  if (readCookie(request.headers.cookie, SESSION_COOKIE) !== null) {
    request.partnerRefusal = new AppError('PARTNER_COOKIE_AND_KEY', 401);
    return;
  }
  try {
    request.partner = await service.authenticate(key);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    request.partnerRefusal = error;
  }
}

/** The route's guard: the key's refusal, or 403 PARTNER_SCOPE_MISSING without `scope`. */
function requireScope(scope: ApiKeyScope) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    if (request.partnerRefusal) throw request.partnerRefusal;
    const partner = request.partner;
    if (!partner) throw new AppError('UNAUTHENTICATED', 401);
    if (!partner.scopes.includes(scope)) {
      throw new AppError('PARTNER_SCOPE_MISSING', 403, { scope });
    }
  };
}

/**
 * Each key's own per-minute budget, counted in the shared rate-limit store (decision 050) under
 * the key's id; requests without a valid key are counted by address at the general limit.
 */
function keyRateLimit(generalPerMinute: number) {
  return {
    rateLimit: {
      keyGenerator: (request: FastifyRequest) =>
        request.partner ? `partner-key:${request.partner.keyId}` : clientKey(request),
      max: (request: FastifyRequest) => request.partner?.rateLimitPerMinute ?? generalPerMinute,
    },
  };
}

function partnerOf(request: FastifyRequest): PartnerContext {
  if (!request.partner) throw new AppError('UNAUTHENTICATED', 401);
  return request.partner;
}

/**
 * The partner API (decision 057, docs/partner-api.md): a business's programs place and follow
 * orders with an API key, through the very services of the web app (same limits, same state
 * machine, same `Idempotency-Key`). No cookie, so no origin check applies.
 */
export const partnerApiRoutes: FastifyPluginAsyncZod<{
  partners: PartnersService;
  orders: OrdersService;
  /** the key's signed webhooks (decision 065) */
  webhooks: WebhooksService;
  /** the business's wallets, read-only (where an order pays out) */
  wallets: WalletsService;
  rateLimitPerMinute: number;
}> = async (app, { partners, orders, webhooks, wallets, rateLimitPerMinute }) => {
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: {
      fileSize: MAX_DOCUMENT_BYTES + 1,
      files: 1,
      fields: 4,
      fieldSize: 2048,
      parts: 5,
      headerPairs: 20,
    },
  });
  app.decorateRequest('partner', null);
  app.decorateRequest('partnerRefusal', null);
  app.addHook('onRequest', async (request) => resolvePartner(partners, request));
  const config = keyRateLimit(rateLimitPerMinute);
  const caller = (request: FastifyRequest) => ({
    userId: partnerOf(request).userId,
    ip: request.ip,
  });
  const write = orderWriteHandlers(orders, caller);

  app.post(
    '/api/v1/partner/quotes',
    {
      config,
      preParsing: requireScope('quotes:read'),
      schema: {
        operationId: 'partnerLockQuote',
        tags,
        security,
        summary: 'Lock a quote',
        description:
          'Scope `quotes:read`. As POST /api/v1/orders/quote: the quote plus `quoteToken` and `lockedUntil`.',
        body: orderQuoteRequestSchema,
        response: { 200: lockedQuoteSchema, ...errors },
      },
    },
    async (request) => orders.lockQuote(caller(request), request.body),
  );

  app.post(
    '/api/v1/partner/orders',
    {
      config,
      preParsing: requireScope('orders:write'),
      schema: {
        operationId: 'partnerCreateOrder',
        tags,
        security,
        summary: 'Create an order',
        description:
          'Scope `orders:write`. As POST /api/v1/orders, with the same preconditions and limits. Send `Idempotency-Key`: a retry with the same key and body gets the first answer; another body 422 IDEMPOTENCY_KEY_REUSED; while the first runs 409 IDEMPOTENCY_IN_PROGRESS.',
        body: orderCreateSchema,
        response: { 201: orderSchema, ...errors },
      },
    },
    write.create,
  );

  app.get(
    '/api/v1/partner/orders',
    {
      config,
      preParsing: requireScope('orders:read'),
      schema: {
        operationId: 'partnerListOrders',
        tags,
        security,
        summary: "The business's orders",
        description:
          'Scope `orders:read`. Newest first, `limit` at a time; pass `nextCursor` as `cursor` for the next page (null on the last).',
        querystring: partnerOrderListQuerySchema,
        response: {
          200: z.object({ items: z.array(orderListItemSchema), nextCursor: z.string().nullable() }),
          ...errors,
        },
      },
    },
    async (request) => orders.listAfter(partnerOf(request).userId, request.query),
  );

  app.get(
    '/api/v1/partner/orders/:id',
    {
      config,
      preParsing: requireScope('orders:read'),
      schema: {
        operationId: 'partnerGetOrder',
        tags,
        security,
        summary: 'One order of the business',
        description: 'Scope `orders:read`. By reference or id; 404 for an order of anyone else.',
        params: orderIdParamsSchema,
        response: { 200: orderSchema, ...errors },
      },
    },
    async (request) => orders.page(partnerOf(request).userId, request.params.id),
  );

  app.post(
    '/api/v1/partner/orders/:id/proof',
    {
      config,
      preParsing: requireScope('orders:write'),
      schema: {
        operationId: 'partnerUploadProof',
        tags,
        security,
        summary: 'Send the proof of payment',
        description:
          'Scope `orders:write`. multipart/form-data with one part `file` (JPG, PNG or PDF by content, at most 5 MB), while the order is pending.',
        consumes: ['multipart/form-data'],
        params: orderIdParamsSchema,
        response: { 200: orderSchema, ...errors },
      },
    },
    write.uploadProof,
  );

  app.get(
    '/api/v1/partner/wallets',
    {
      config,
      preParsing: requireScope('orders:write'),
      schema: {
        operationId: 'partnerListWallets',
        tags,
        security,
        summary: "The business's wallets",
        description:
          'Scope `orders:write`. Where orders pay out: pass a wallet `id` as `walletId` when creating an order. Wallets are added and removed in the web app.',
        response: { 200: walletListSchema, ...errors },
      },
    },
    async (request) => ({ wallets: await wallets.list(partnerOf(request).userId) }),
  );

  partnerWebhookRoutes(app, webhooks, { requireScope, config, partnerOf });
};
