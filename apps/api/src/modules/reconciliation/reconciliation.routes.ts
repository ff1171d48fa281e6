import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  reconciliationCsvQuerySchema,
  reconciliationQuerySchema,
  reconciliationReportSchema,
} from '@permuta/contracts';
import { defaultAdminRole, requireAdmin } from '../auth/guards.ts';
import { apiErrors, fileAnswer } from '../../lib/api-errors.ts';
import type { ReconciliationService } from './reconciliation.service.ts';

/** The back office's daily reconciliation report (/admin/reconciliation, decision 046). */
export const reconciliationRoutes: FastifyPluginAsyncZod<{
  service: ReconciliationService;
}> = async (app, { service }) => {
  app.addHook('onRequest', requireAdmin);
  defaultAdminRole(app, 'finance');
  const tags = ['admin', 'reconciliation'];

  app.get(
    '/api/v1/admin/reconciliation',
    {
      schema: {
        operationId: 'getReconciliation',
        tags,
        summary: 'Daily reconciliation report',
        description:
          'Per provider account (PIX, each crypto token and network, Deriv) for one São Paulo calendar day (`day`, default yesterday): final payments received, money returned, orders credited (and of them, by hand) and paid out, each as a count and an exact decimal sum in its own token, and every difference with a reason code and the ids to act on. 422 RECONCILIATION_DAY_FUTURE for a day after today.',
        querystring: reconciliationQuerySchema,
        response: { 200: reconciliationReportSchema, ...apiErrors(400, 401, 403, 422) },
      },
    },
    async (request) => service.report(request.query.day),
  );

  app.get(
    '/api/v1/admin/reconciliation.csv',
    {
      schema: {
        operationId: 'exportReconciliationCsv',
        tags,
        summary: 'One account of the daily reconciliation report as CSV',
        description:
          "The account's figures, then its differences, in one table. `dialect=excel-pt-BR` writes what Excel in Portuguese opens as columns (byte order mark, semicolons, decimal commas, Brasília time); `standard` (default) is for programs (commas, decimal points, ISO instants). Cells a spreadsheet would run as a formula are prefixed with an apostrophe. 404 RECONCILIATION_ACCOUNT_NOT_FOUND when the account had nothing that day.",
        querystring: reconciliationCsvQuerySchema,
        response: {
          200: fileAnswer('csv', "The account's figures and differences"),
          ...apiErrors(400, 401, 403, 404, 422),
        },
      },
    },
    async (request, reply) => {
      const { day, provider, dialect } = request.query;
      const file = await service.csv({ day, provider, dialect });
      const name = `reconciliation-${file.day}-${provider.replaceAll(':', '-')}${dialect === 'excel-pt-BR' ? '-excel' : ''}.csv`;
      return sendCsv(reply, name, file.body);
    },
  );
};

function sendCsv(reply: FastifyReply, name: string, body: string) {
  return reply
    .status(200)
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'private, no-store')
    .send(body);
}
