import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  decriptoMarkSentSchema,
  decriptoMonthParamsSchema,
  decriptoMonthsSchema,
  decriptoReportSchema,
  decriptoVersionParamsSchema,
} from '@permuta/contracts';
import { defaultAdminRole, requireAdmin, signedIn } from '../auth/guards.ts';
import { apiErrors, fileAnswer } from '../../lib/api-errors.ts';
import type { DecriptoFile, DecriptoService } from './decripto.service.ts';

/** The DeCripto monthly reports to the Receita Federal (/admin/decripto, decision 067). */
export const decriptoRoutes: FastifyPluginAsyncZod<{ service: DecriptoService }> = async (
  app,
  { service },
) => {
  app.addHook('onRequest', requireAdmin);
  defaultAdminRole(app, 'finance');
  const tags = ['admin', 'decripto'];

  app.get(
    '/api/v1/admin/decripto',
    {
      schema: {
        operationId: 'listDecriptoMonths',
        tags,
        summary: 'DeCripto months and their archived versions',
        description:
          'Every Brasília month from 2026-07 to the last one ended, newest first, with its due date (last business day of the following month), its state (`missing`, `draft`, `sent`) and every generated version (checksum, counts, totals in reais, receipt).',
        response: { 200: decriptoMonthsSchema, ...apiErrors(401, 403) },
      },
    },
    async () => service.list(),
  );

  app.post(
    '/api/v1/admin/decripto/:month/versions',
    {
      schema: {
        operationId: 'generateDecriptoReport',
        tags,
        summary: "Generate a new version of a month's DeCripto report",
        description:
          "Builds the file from the month's completed orders and their ledger entries, stores it and records its SHA-256 as the next version (a retificadora after the first); never overwrites. 422 DECRIPTO_MONTH_NOT_CLOSED for the current or a future month, 422 DECRIPTO_DECLARANT_MISSING without the platform's CNPJ in the settings.",
        params: decriptoMonthParamsSchema,
        response: { 201: decriptoReportSchema, ...apiErrors(400, 401, 403, 409, 422) },
      },
    },
    async (request, reply) => {
      const auth = signedIn(request);
      const report = await service.generate(request.params.month, {
        adminId: auth.userId,
        ip: request.ip,
      });
      return reply.status(201).send(report!);
    },
  );

  app.get(
    '/api/v1/admin/decripto/:month/versions/:version/file',
    {
      schema: {
        operationId: 'downloadDecriptoReport',
        tags,
        summary: 'Download an archived DeCripto file',
        description:
          'The stored bytes, with their SHA-256 in `X-Checksum-SHA256`. 409 DECRIPTO_FILE_TAMPERED when the stored file is gone or no longer matches the checksum recorded at generation.',
        params: decriptoVersionParamsSchema,
        response: {
          200: fileAnswer('csv', 'The report in its layout (permuta-decripto-1: CSV)'),
          ...apiErrors(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const file = await service.download(request.params.month, request.params.version);
      return sendFile(reply, file);
    },
  );

  app.post(
    '/api/v1/admin/decripto/:month/versions/:version/sent',
    {
      config: { adminRole: 'owner' },
      schema: {
        operationId: 'markDecriptoReportSent',
        tags,
        summary: 'Record that a DeCripto version was transmitted',
        description:
          "Marks a draft version as sent with the Receita's receipt number (once: 409 DECRIPTO_ALREADY_SENT after).",
        params: decriptoVersionParamsSchema,
        body: decriptoMarkSentSchema,
        response: { 200: decriptoReportSchema, ...apiErrors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const auth = signedIn(request);
      return service.markSent(request.params.month, request.params.version, request.body.receipt, {
        adminId: auth.userId,
        ip: request.ip,
      });
    },
  );
};

function sendFile(reply: FastifyReply, file: DecriptoFile) {
  return reply
    .status(200)
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${file.name}"`)
    .header('x-checksum-sha256', file.sha256)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(file.body);
}
