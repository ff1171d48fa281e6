import type { FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminBulkConfirmResultSchema,
  adminBulkConfirmSchema,
  adminOrderExportQuerySchema,
  adminOrderListQuerySchema,
  adminOrderPageSchema,
  adminOrderSchema,
  adminTransitionSchema,
  orderFileParamsSchema,
  orderIdParamsSchema,
} from '@permuta/contracts';
import { defaultAdminRole, requireAdmin, signedIn } from '../auth/guards.ts';
import { fromAllowedOrigin } from '../../plugins/same-origin.ts';
import { AppError } from '../../lib/app-error.ts';
import { readMultipart, sendOrderFile, sendOrderFilePreview } from './order-files.ts';
import type { AdminOrdersService } from './orders.admin.service.ts';
import { apiErrors, fileAnswer } from '../../lib/api-errors.ts';
import { requestLocale } from '../../lib/locale.ts';

function sendCsv(reply: FastifyReply, lines: AsyncIterable<string>, excel: boolean) {
  const day = `${new Date().toISOString().slice(0, 10).replaceAll('-', '')}${excel ? '-excel' : ''}`;
  return reply
    .status(200)
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="orders-${day}.csv"`)
    .header('cache-control', 'private, no-store')
    .send(Readable.from(lines));
}

const errors = apiErrors(400, 401, 403, 404, 409, 413, 422);

/** The back office's order desk (docs/orders-api.md). */
export const adminOrderRoutes: FastifyPluginAsyncZod<{
  orders: AdminOrdersService;
  /** the product's origins: the only pages that may load a preview */
  allowedOrigins: string[];
}> = async (app, { orders, allowedOrigins }) => {
  const ownOrigins = new Set(allowedOrigins.map((origin) => origin.toLowerCase()));
  const tags = ['admin', 'orders'];
  defaultAdminRole(app, 'operator');
  const caller = (request: FastifyRequest) => ({
    userId: signedIn(request).userId,
    ip: request.ip,
  });

  app.get(
    '/api/v1/admin/orders',
    {
      onRequest: requireAdmin,
      schema: {
        operationId: 'listOrders',
        tags,
        summary: 'Orders',
        description:
          "Newest first, keyset-paginated on (created_at, id): pass the previous page's `nextCursor` as `cursor`. Filters: `status` (`all` by default), `q` (reference with or without `EX-`, the customer's or the payout's transaction hash, the address paid to, the customer's CPF, part of the customer's name or e-mail), `from`/`to` (dates are whole days in Brazil, or instants).",
        querystring: adminOrderListQuerySchema,
        response: { 200: adminOrderPageSchema, ...errors },
      },
    },
    async (request) => orders.list(request.query),
  );

  app.get(
    '/api/v1/admin/orders/export.csv',
    {
      onRequest: requireAdmin,
      schema: {
        operationId: 'exportOrdersCsv',
        tags,
        summary: 'Orders as CSV',
        description:
          "Every order matching the list's filters (`cursor` and `limit` are ignored), streamed as text/csv. Cells that a spreadsheet would run as a formula are prefixed with an apostrophe. `dialect=excel-pt-BR` writes what Excel in Portuguese opens as columns: a UTF-8 byte order mark, semicolons, decimal commas, dates in Brasília time and Portuguese headers.",
        querystring: adminOrderExportQuerySchema,
        response: { 200: fileAnswer('csv', 'The orders'), ...errors },
      },
    },
    async (request, reply) => {
      const { dialect, ...query } = request.query;
      return sendCsv(reply, orders.exportCsv(query, dialect), dialect === 'excel-pt-BR');
    },
  );

  app.post(
    '/api/v1/admin/orders/confirm-funds',
    {
      onRequest: requireAdmin,
      schema: {
        operationId: 'confirmOrderFunds',
        tags,
        summary: 'Confirm funds of several orders',
        description:
          'The ticked orders of the desk (`ids`, 1 to 100 order ids; an id given twice counts once), each confirmed at its expected amount (the amount to send) in its own transaction through the state machine. Answers per order, in the order given: `confirmed` with the new status, or `refused` with the error code and message (e.g. ORDER_STATE_CONFLICT when it was moved meanwhile, NOT_FOUND). Orders received at another amount are confirmed one by one on their page.',
        body: adminBulkConfirmSchema,
        response: { 200: adminBulkConfirmResultSchema, ...errors },
      },
    },
    async (request) =>
      orders.confirmFundsMany(caller(request), request.body.ids, requestLocale(request)),
  );

  app.get(
    '/api/v1/admin/orders/:id',
    {
      onRequest: requireAdmin,
      schema: {
        operationId: 'getOrder',
        tags,
        summary: 'One order',
        description:
          'By reference or id: every field, the customer and the wallet, the timeline, and the actions the state machine allows an admin from here.',
        params: orderIdParamsSchema,
        response: { 200: adminOrderSchema, ...errors },
      },
    },
    async (request) => orders.detail(request.params.id),
  );

  app.post(
    '/api/v1/admin/orders/:id/transition',
    {
      onRequest: requireAdmin,
      schema: {
        operationId: 'transitionOrder',
        tags,
        summary: 'Move an order',
        description:
          '`confirm_funds` with `amountReceived` (a different amount recomputes the amount to receive at the locked rate; 422 AMOUNT_RECEIVED_BELOW_MINIMUM / ABOVE_MAXIMUM), `cancel` (a note is required once the customer has paid: 422 ORDER_NOTE_REQUIRED), `submit_payout` (retry from error), `complete`. 409 ORDER_STATE_CONFLICT when the state machine does not allow it (any more).',
        params: orderIdParamsSchema,
        body: adminTransitionSchema,
        response: { 200: adminOrderSchema, ...errors },
      },
    },
    async (request) => orders.transition(caller(request), request.params.id, request.body),
  );

  app.post(
    '/api/v1/admin/orders/:id/pay',
    {
      onRequest: requireAdmin,
      schema: {
        operationId: 'payOrder',
        tags,
        summary: 'Paid by hand',
        description:
          'multipart/form-data: `file` (the payment proof, document rules) and optionally `payoutTxId`. admin_confirmed or error -> admin_paid; debits the payout from the treasury (422 TREASURY_NEGATIVE when the stock does not cover it).',
        consumes: ['multipart/form-data'],
        params: orderIdParamsSchema,
        response: { 200: adminOrderSchema, ...errors },
      },
    },
    async (request) => {
      const { file, fields } = await readMultipart(request, ['payoutTxId']);
      const payoutTxId = fields.payoutTxId?.trim().slice(0, 200) || null;
      return orders.pay(caller(request), request.params.id, file, payoutTxId);
    },
  );

  app.post(
    '/api/v1/admin/orders/:id/refund',
    {
      onRequest: requireAdmin,
      schema: {
        operationId: 'refundOrder',
        tags,
        summary: 'Refund',
        description:
          'multipart/form-data: `file` (the refund proof) and `note` (why, at least 3 characters). admin_confirmed or error -> refunded; debits the amount received from the treasury.',
        consumes: ['multipart/form-data'],
        params: orderIdParamsSchema,
        response: { 200: adminOrderSchema, ...errors },
      },
    },
    async (request) => {
      const { file, fields } = await readMultipart(request, ['note']);
      const note = fields.note?.trim().slice(0, 1000) || null;
      return orders.refund(caller(request), request.params.id, file, note);
    },
  );

  app.post(
    '/api/v1/admin/orders/:id/boleto',
    {
      onRequest: requireAdmin,
      schema: {
        operationId: 'attachOrderBoleto',
        tags,
        summary: 'Upload the boleto',
        description:
          'multipart/form-data with `file`, a PDF (400 BOLETO_MUST_BE_PDF), and optionally `boletoLine`, the linha digitável (47 digits, dots and spaces allowed, FEBRABAN check digits: 400 BOLETO_LINE_INVALID). Only for pending orders paid by boleto (422 BOLETO_NOT_APPLICABLE, 409 ORDER_STATE_CONFLICT); the customer is e-mailed.',
        consumes: ['multipart/form-data'],
        params: orderIdParamsSchema,
        response: { 200: adminOrderSchema, ...errors },
      },
    },
    async (request) => {
      const { file, fields } = await readMultipart(request, ['boletoLine']);
      return orders.uploadBoleto(caller(request), request.params.id, file, fields.boletoLine);
    },
  );

  app.get(
    '/api/v1/admin/orders/:id/files/:file',
    {
      onRequest: requireAdmin,
      schema: {
        operationId: 'downloadOrderFile',
        tags,
        summary: 'A file of an order',
        description: 'As an attachment; the download is audited. 404 when there is no such file.',
        params: orderFileParamsSchema,
        response: { 200: fileAnswer('upload', 'The file, as an attachment'), ...errors },
      },
    },
    async (request, reply) =>
      sendOrderFile(
        reply,
        await orders.file(caller(request), request.params.id, request.params.file),
      ),
  );

  app.get(
    '/api/v1/admin/orders/:id/files/:file/preview',
    {
      onRequest: [
        async (request) => {
          // Only the product's own pages show it (an image or a frame of another site is refused).
          if (!fromAllowedOrigin(request, ownOrigins)) {
            throw new AppError('CROSS_ORIGIN_REQUEST', 403);
          }
        },
        requireAdmin,
      ],
      config: { sameOriginFrame: true },
      schema: {
        operationId: 'previewOrderFile',
        tags,
        summary: 'A file of an order, to show inside the order page',
        description:
          'Inline, for a JPG, PNG or PDF only (sniffed from the content): 415 ORDER_FILE_NO_PREVIEW otherwise. Framable by this origin only; refused (403) to pages of other origins. A GET is audited; a HEAD (what is it?) is not.',
        params: orderFileParamsSchema,
        response: {
          200: fileAnswer('upload', 'The file, inline'),
          ...apiErrors(400, 401, 403, 404, 415),
        },
      },
    },
    async (request, reply) => {
      const head = request.method === 'HEAD';
      const file = await orders.file(caller(request), request.params.id, request.params.file, {
        preview: true,
        audit: !head,
      });
      return sendOrderFilePreview(reply, file);
    },
  );
};
