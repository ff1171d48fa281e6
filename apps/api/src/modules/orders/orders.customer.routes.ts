import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  confirmPaymentSchema,
  lockedQuoteSchema,
  orderCreateSchema,
  orderFileParamsSchema,
  orderIdParamsSchema,
  orderLimitsSchema,
  orderListQuerySchema,
  orderPageSchema,
  orderQuoteRequestSchema,
  orderSchema,
  tierLimitsViewSchema,
} from '@permuta/contracts';
import { AppError } from '../../lib/app-error.ts';
import { requireCustomer, requireVerifiedCustomer, signedIn } from '../auth/guards.ts';
import { orderWriteHandlers } from './order-handlers.ts';
import { sendOrderFile } from './order-files.ts';
import type { OrderStreams } from './order-streams.ts';
import type { OrdersService } from './orders.service.ts';
import { apiErrors, fileAnswer } from '../../lib/api-errors.ts';

const errors = apiErrors(400, 401, 403, 404, 409, 413, 422, 503);

/** The customer's order routes (docs/orders-api.md). Only ever the caller's own orders. */
export const customerOrderRoutes: FastifyPluginAsyncZod<{
  orders: OrdersService;
  streams: OrderStreams;
}> = async (app, { orders, streams }) => {
  const tags = ['orders'];
  const caller = (request: FastifyRequest) => ({
    userId: signedIn(request).userId,
    ip: request.ip,
  });
  const write = orderWriteHandlers(orders, caller);

  app.post(
    '/api/v1/orders/quote',
    {
      onRequest: requireVerifiedCustomer,
      schema: {
        operationId: 'lockQuote',
        tags,
        summary: 'Lock a quote',
        description:
          'The public quote plus `quoteToken` (signed: amounts, rate, fee, prices, customer) and `lockedUntil` (settings.quoteLockMinutes). 403 DOCUMENTS_REQUIRED while documents are not approved (when settings require them); 422 INSUFFICIENT_STOCK above the available stock of the token received.',
        body: orderQuoteRequestSchema,
        response: { 200: lockedQuoteSchema, ...errors },
      },
    },
    async (request) => orders.lockQuote(caller(request), request.body),
  );

  app.post(
    '/api/v1/orders',
    {
      onRequest: requireVerifiedCustomer,
      schema: {
        operationId: 'createOrder',
        tags,
        summary: 'Create an order',
        description:
          'From a locked quote. Preconditions in order: e-mail confirmed (403 EMAIL_NOT_VERIFIED), documents (403 DOCUMENTS_REQUIRED), a valid quote of this customer (422 QUOTE_EXPIRED), a wallet for the token received on the quote network (422 WALLET_REQUIRED), a payment method for the token sent (422 PAYMENT_METHOD_INVALID), a quote not used yet: a locked quote makes one order (409 QUOTE_ALREADY_USED), the per-customer limits of the settings (422 OPEN_ORDERS_LIMIT, ORDER_VALUE_LIMIT, DAILY_VALUE_LIMIT) and of the KYC level (422 TIER_LIMIT_EXCEEDED with `level`, `period`, `limitBrl`, `remainingBrl`, `valueBrl`, `upgradePath`), stock (422 INSUFFICIENT_STOCK). Header `Idempotency-Key`: a retry with the same key and body gets the first answer; another body 422 IDEMPOTENCY_KEY_REUSED; while the first runs 409 IDEMPOTENCY_IN_PROGRESS.',
        body: orderCreateSchema,
        response: { 201: orderSchema, ...errors },
      },
    },
    write.create,
  );

  app.get(
    '/api/v1/orders',
    {
      onRequest: requireCustomer,
      schema: {
        operationId: 'listMyOrders',
        tags,
        summary: 'My orders',
        description: 'Newest first, by status (`all` by default), paginated.',
        querystring: orderListQuerySchema,
        response: { 200: orderPageSchema, ...errors },
      },
    },
    async (request) => orders.list(signedIn(request).userId, request.query),
  );

  app.get(
    '/api/v1/orders/limits',
    {
      onRequest: requireCustomer,
      schema: {
        operationId: 'getMyOrderLimits',
        tags,
        summary: 'My order limits',
        description:
          'The per-customer limits of the settings (orders waiting for payment, value per order and per calendar day in America/Sao_Paulo, in BRL) and what the caller has left of them now. Canceled orders do not count toward the day.',
        response: { 200: orderLimitsSchema, ...errors },
      },
    },
    async (request) => orders.limits(signedIn(request).userId),
  );

  app.get(
    '/api/v1/orders/tier-limits',
    {
      onRequest: requireCustomer,
      schema: {
        operationId: 'getTierLimits',
        tags,
        summary: 'My KYC level and its limits',
        description:
          "The caller's KYC level (0 e-mail not validated, 1 e-mail validated, 2 documents approved, 3 enhanced verification approved), the daily and monthly limits of that level in BRL (settings), what is used and left of them (day and calendar month in America/Sao_Paulo; every order counts but canceled and refunded ones), the limits of every level, and the enhanced verification request.",
        response: { 200: tierLimitsViewSchema, ...apiErrors(401, 403) },
      },
    },
    async (request) => orders.tierLimits(signedIn(request).userId),
  );

  app.get(
    '/api/v1/orders/:id',
    {
      onRequest: requireCustomer,
      schema: {
        operationId: 'getMyOrder',
        tags,
        summary: 'One of my orders',
        description:
          'By reference (EX-XXXXX) or id: every field, the timeline, the actions the state machine allows the customer, payment instructions while pending, and `processingFrom` outside operating hours. 404 for an order that is not mine.',
        params: orderIdParamsSchema,
        response: { 200: orderSchema, ...errors },
      },
    },
    async (request) => orders.page(signedIn(request).userId, request.params.id),
  );

  app.get(
    '/api/v1/orders/:id/events',
    {
      onRequest: requireCustomer,
      schema: {
        operationId: 'streamMyOrder',
        tags,
        summary: 'My order, live (server-sent events)',
        description:
          'A `text/event-stream` of the order: `event: order` with the same body as GET /api/v1/orders/:id at once and after every change of the order, on any instance, within a second; `: ping` comments every 25 s. The stream ends after the order reaches a final status, and after about 5 minutes (the browser reconnects after `retry`, checking the session again). 404 for an order that is not mine; 429 ORDER_STREAMS_LIMIT with too many streams open at once.',
        params: orderIdParamsSchema,
        response: {
          200: fileAnswer('eventStream', 'The order, then each change of it'),
          ...errors,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { userId } = signedIn(request);
      const view = await orders.page(userId, request.params.id);
      if (!streams.canOpen(userId)) throw new AppError('ORDER_STREAMS_LIMIT', 429);
      const headers: Record<string, string> = { 'x-request-id': request.id };
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (typeof value === 'string' || typeof value === 'number') headers[name] = String(value);
      }
      reply.hijack();
      streams.open(reply.raw, headers, userId, view);
    },
  );

  app.post(
    '/api/v1/orders/:id/proof',
    {
      onRequest: requireCustomer,
      schema: {
        operationId: 'uploadPaymentProof',
        tags,
        summary: 'Send the proof of payment',
        description:
          'multipart/form-data with one part `file`: the document rules (JPG, JPEG, PNG or PDF by content, at most 5 MB). Only while the order is pending (409 ORDER_STATE_CONFLICT otherwise); replaces an earlier proof.',
        consumes: ['multipart/form-data'],
        params: orderIdParamsSchema,
        response: { 200: orderSchema, ...errors },
      },
    },
    write.uploadProof,
  );

  app.post(
    '/api/v1/orders/:id/confirm-payment',
    {
      onRequest: requireCustomer,
      schema: {
        operationId: 'confirmMyPayment',
        tags,
        summary: 'I have paid',
        description:
          'pending -> user_confirmed. Needs the proof file sent before, or `txHash` (checked against the sending network: 400 TX_HASH_INVALID); neither: 422 ORDER_PROOF_REQUIRED. 409 ORDER_STATE_CONFLICT when the order is no longer pending.',
        params: orderIdParamsSchema,
        body: confirmPaymentSchema,
        response: { 200: orderSchema, ...errors },
      },
    },
    async (request) => orders.confirmPayment(caller(request), request.params.id, request.body),
  );

  app.post(
    '/api/v1/orders/:id/cancel',
    {
      onRequest: requireCustomer,
      schema: {
        operationId: 'cancelMyOrder',
        tags,
        summary: 'Cancel my order',
        description: 'pending -> canceled; 409 ORDER_STATE_CONFLICT from any other status.',
        params: orderIdParamsSchema,
        response: { 200: orderSchema, ...errors },
      },
    },
    async (request) => orders.cancel(caller(request), request.params.id),
  );

  app.post(
    '/api/v1/orders/:id/confirm-receipt',
    {
      onRequest: requireCustomer,
      schema: {
        operationId: 'confirmReceipt',
        tags,
        summary: 'I received it',
        description: 'admin_paid -> completed; 409 ORDER_STATE_CONFLICT from any other status.',
        params: orderIdParamsSchema,
        response: { 200: orderSchema, ...errors },
      },
    },
    async (request) => orders.confirmReceipt(caller(request), request.params.id),
  );

  app.get(
    '/api/v1/orders/:id/files/:file',
    {
      onRequest: requireCustomer,
      schema: {
        operationId: 'downloadMyOrderFile',
        tags,
        summary: 'A file of my order',
        description:
          '`proof`, `payment_proof`, `refund_proof` or `boleto`, as an attachment; 404 when the order is not mine or has no such file.',
        params: orderFileParamsSchema,
        response: { 200: fileAnswer('upload', 'The file, as an attachment'), ...errors },
      },
    },
    async (request, reply) =>
      sendOrderFile(
        reply,
        await orders.file(signedIn(request).userId, request.params.id, request.params.file),
      ),
  );
};
