import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Readable } from 'node:stream';
import { orderHistoryExportQuerySchema, orderIdParamsSchema } from '@permuta/contracts';
import type { Db } from '@permuta/db';
import { requestLocale } from '../../lib/locale.ts';
import { apiErrors, fileAnswer } from '../../lib/api-errors.ts';
import { requireCustomer, signedIn } from '../auth/guards.ts';
import { historyCsv, receiptOrder, receiptPdf } from './receipts.ts';

const errors = apiErrors(400, 401, 403, 404, 409);

/** A file to save: its type, its name, never cached (it is the caller's own). */
function sendAttachment(
  reply: FastifyReply,
  type: string,
  name: string,
  body: Buffer | Readable,
): FastifyReply {
  return reply
    .status(200)
    .header('content-type', type)
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'private, no-store')
    .send(body);
}

/** The customer's receipt of a completed order and history export (docs/orders-api.md). */
export const customerReceiptRoutes: FastifyPluginAsyncZod<{
  db: Db;
  brand: string;
  now: () => Date;
}> = async (app, { db, brand, now }) => {
  const tags = ['orders'];

  app.get(
    '/api/v1/orders/export.csv',
    {
      onRequest: requireCustomer,
      schema: {
        operationId: 'exportMyOrdersCsv',
        tags,
        summary: 'My order history as CSV',
        description:
          "Every order of the caller, newest first, streamed as text/csv (the admin export's format). `dialect=excel-pt-BR`: a UTF-8 byte order mark, semicolons, decimal commas, dates in Brasília time, Portuguese headers, statuses and payment methods. Cells a spreadsheet would run as a formula are prefixed with an apostrophe.",
        querystring: orderHistoryExportQuerySchema,
        response: { 200: fileAnswer('csv', 'The orders, newest first'), ...errors },
      },
    },
    async (request, reply) => {
      const { dialect } = request.query;
      const excel = dialect === 'excel-pt-BR';
      const day = now().toISOString().slice(0, 10).replaceAll('-', '');
      return sendAttachment(
        reply,
        'text/csv; charset=utf-8',
        `${excel ? 'historico' : 'history'}-${day}.csv`,
        Readable.from(historyCsv(db, signedIn(request).userId, dialect)),
      );
    },
  );

  app.get(
    '/api/v1/orders/:id/receipt.pdf',
    {
      onRequest: requireCustomer,
      schema: {
        operationId: 'downloadMyOrderReceipt',
        tags,
        summary: 'Receipt of my completed order',
        description:
          "A PDF in the caller's language (Accept-Language, then the locale cookie): reference, customer and CPF, creation and completion times in Brasília time, amounts sent and received, rate, fees, payment method, destination and transaction ids. 404 for an order that is not the caller's; 409 RECEIPT_NOT_READY until the order is completed.",
        params: orderIdParamsSchema,
        response: { 200: fileAnswer('pdf', 'The receipt'), ...errors },
      },
    },
    async (request, reply) => {
      const locale = requestLocale(request);
      const detail = await receiptOrder(db, signedIn(request).userId, request.params.id, locale);
      const pdf = await receiptPdf(detail, locale, brand, now());
      const name = `${locale === 'pt-BR' ? 'comprovante' : 'receipt'}-${detail.order.reference}.pdf`;
      return sendAttachment(reply, 'application/pdf', name, pdf);
    },
  );
};
