import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  COMPLIANCE_ROLE,
  DECLARATION_ROLE,
  coafDeclarationInputSchema,
  coafDeclarationSchema,
  complianceCasePageSchema,
  complianceCaseQuerySchema,
  complianceCaseSchema,
  complianceDecisionInputSchema,
  complianceIdParamsSchema,
  complianceNoteInputSchema,
  complianceSummarySchema,
} from '@permuta/contracts';
import { defaultAdminRole, requireAdmin, signedIn } from '../auth/guards.ts';
import { apiErrors } from '../../lib/api-errors.ts';
import type { ComplianceCaller, ComplianceService } from './compliance.service.ts';

function callerOf(request: FastifyRequest): ComplianceCaller {
  const auth = signedIn(request);
  return { userId: auth.userId, username: auth.username, ip: request.ip };
}

/**
 * The anti-money-laundering case queue and the yearly declaration (/admin/compliance, decision
 * 066). Back office only: nothing here has a customer route.
 */
export const complianceRoutes: FastifyPluginAsyncZod<{ service: ComplianceService }> = async (
  app,
  { service },
) => {
  app.addHook('onRequest', requireAdmin);
  defaultAdminRole(app, COMPLIANCE_ROLE);
  const tags = ['admin', 'compliance'];

  app.get(
    '/api/v1/admin/compliance/cases',
    {
      schema: {
        operationId: 'listComplianceCases',
        tags,
        summary: 'Compliance cases',
        description:
          "Newest first on (created_at, id), keyset-paginated: pass the previous page's `nextCursor` as `cursor`. Filters: `status` (open, under_analysis, closed), `rule` (a case with an alert of that rule), `customer` (part of the name or e-mail, or a whole CPF).",
        querystring: complianceCaseQuerySchema,
        response: { 200: complianceCasePageSchema, ...apiErrors(400, 401, 403) },
      },
    },
    async (request) => service.list(request.query),
  );

  app.get(
    '/api/v1/admin/compliance/cases/:id',
    {
      schema: {
        operationId: 'getComplianceCase',
        tags,
        summary: 'One compliance case',
        description:
          'The customer, every alert (rule, orders, the facts the rule saw), the notes in order, and the decision once recorded.',
        params: complianceIdParamsSchema,
        response: { 200: complianceCaseSchema, ...apiErrors(400, 401, 403, 404) },
      },
    },
    async (request) => service.get(request.params.id),
  );

  app.post(
    '/api/v1/admin/compliance/cases/:id/notes',
    {
      schema: {
        operationId: 'addComplianceNote',
        tags,
        summary: 'Add an analysis note to a case',
        description:
          'Append-only; the first note moves an open case to under analysis. 409 COMPLIANCE_CASE_DECIDED on a closed case.',
        params: complianceIdParamsSchema,
        body: complianceNoteInputSchema,
        response: { 200: complianceCaseSchema, ...apiErrors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service.addNote(callerOf(request), request.params.id, request.body.text),
  );

  app.post(
    '/api/v1/admin/compliance/cases/:id/decision',
    {
      schema: {
        operationId: 'decideComplianceCase',
        tags,
        summary: 'Close a case with its decision',
        description:
          '`dismissed` with the reason, or `reported` with the protocol number and the day of the communication made in Siscoaf (nothing is sent from here). Recorded once: 409 COMPLIANCE_CASE_DECIDED afterwards; 422 COMPLIANCE_DAY_FUTURE for a day after today.',
        params: complianceIdParamsSchema,
        body: complianceDecisionInputSchema,
        response: { 200: complianceCaseSchema, ...apiErrors(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request) => service.decide(callerOf(request), request.params.id, request.body),
  );

  app.get(
    '/api/v1/admin/compliance/summary',
    {
      schema: {
        operationId: 'getComplianceSummary',
        tags,
        summary: 'Open cases and the yearly declaration',
        description:
          "The count of cases not closed (the menu's badge), the previous year's declaration of non-occurrence when one is owed (no case reported that year, the platform operated, none recorded yet) with its deadline, and the declarations recorded.",
        response: { 200: complianceSummarySchema, ...apiErrors(401, 403) },
      },
    },
    async () => service.summary(),
  );

  app.post(
    '/api/v1/admin/compliance/declarations',
    {
      config: { adminRole: DECLARATION_ROLE },
      schema: {
        operationId: 'recordCoafDeclaration',
        tags,
        summary: "Record the year's declaration of non-occurrence",
        description:
          'The owner records the comunicação de não ocorrência made in Siscoaf for a past year: the day it was sent and its protocol. Once per year (409 COAF_DECLARATION_RECORDED); 422 COAF_DECLARATION_NOT_OWED for the current year or a year with a case reported; 422 COMPLIANCE_DAY_FUTURE for a day after today.',
        body: coafDeclarationInputSchema,
        response: { 201: coafDeclarationSchema, ...apiErrors(400, 401, 403, 409, 422) },
      },
    },
    async (request, reply) => {
      const row = await service.recordDeclaration(callerOf(request), request.body);
      return reply.status(201).send(row);
    },
  );
};
