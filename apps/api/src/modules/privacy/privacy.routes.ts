import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acceptConsentsSchema,
  consentStatusSchema,
  deletionRequestSchema,
  legalDocumentListSchema,
  legalDocumentSchema,
  personalDataExportSchema,
  privacyOverviewSchema,
  publishLegalDocumentSchema,
} from '@permuta/contracts';
import { apiErrors } from '../../lib/api-errors.ts';
import { defaultAdminRole, requireAdmin, requireCustomer, signedIn } from '../auth/guards.ts';
import type { AuthCookies } from '../auth/sessions.ts';
import type { PrivacyCaller, PrivacyService } from './privacy.service.ts';

const errors = apiErrors(400, 401, 403, 404, 409, 429);

function callerOf(request: FastifyRequest): PrivacyCaller {
  return {
    userId: signedIn(request).userId,
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? '',
  };
}

/** A per-account budget (the address does not matter: an account's data is what is protected). */
const perAccount = (max: number, timeWindow: string) => ({
  rateLimit: {
    max,
    timeWindow,
    keyGenerator: (request: FastifyRequest) => `privacy:${request.auth?.userId ?? request.ip}`,
  },
});

/** Exports a customer may ask in an hour. */
export const EXPORTS_PER_HOUR = 5;

/**
 * Personal data rights (LGPD art. 18) and consent to the legal documents: see
 * packages/contracts/src/privacy.ts and docs/decisions/063.
 */
export const privacyRoutes: FastifyPluginAsyncZod<{
  service: PrivacyService;
  cookies: AuthCookies;
}> = async (app, { service, cookies }) => {
  const tags = ['privacy'];

  app.get(
    '/api/v1/legal-documents',
    {
      schema: {
        operationId: 'listCurrentLegalDocuments',
        tags,
        summary: 'The current versions of the terms and the privacy policy',
        response: { 200: legalDocumentListSchema, ...apiErrors(400, 429) },
      },
    },
    async () => ({ items: await service.currentDocuments() }),
  );

  app.get(
    '/api/v1/me/privacy',
    {
      onRequest: requireCustomer,
      schema: {
        operationId: 'getMyPrivacyOverview',
        tags,
        summary: 'What a deletion erases and keeps, and what blocks it now',
        response: { 200: privacyOverviewSchema, ...errors },
      },
    },
    async (request) => service.overview(callerOf(request).userId),
  );

  app.get(
    '/api/v1/me/privacy/export',
    {
      onRequest: requireCustomer,
      config: perAccount(EXPORTS_PER_HOUR, '1 hour'),
      schema: {
        operationId: 'exportMyPersonalData',
        tags,
        summary: 'Download all my personal data (JSON)',
        description: `Profile, consents, sessions (never their tokens), wallets, orders with their events, documents (metadata and the link to each file), reviews, contact messages sent with my e-mail, audit entries about me, and the retention rules. An attachment; ${EXPORTS_PER_HOUR} an hour per account (429 after); audited.`,
        response: { 200: personalDataExportSchema, ...errors },
      },
    },
    async (request, reply) => {
      const data = await service.exportData(callerOf(request));
      const day = data.generatedAt.slice(0, 10);
      reply
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="permuta-my-data-${day}.json"`);
      return data;
    },
  );

  app.post(
    '/api/v1/me/privacy/deletion',
    {
      onRequest: requireCustomer,
      config: perAccount(5, '15 minutes'),
      schema: {
        operationId: 'deleteMyAccount',
        tags,
        summary: 'Delete my account (anonymise my personal data)',
        description:
          'The password again. 409 DELETION_BLOCKED_OPEN_ORDERS while an order is open. Erases name, e-mail, username, phone, birth date, credentials, sessions, wallets and contact messages; keeps orders, ledger, payments, KYC documents, the CPF and the audit log for 5 years (Lei 9.613/1998 art. 10). The session ends; the e-mail may register again.',
        body: deletionRequestSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.requestDeletion(callerOf(request), request.body.password);
      reply.header('set-cookie', [cookies.clearSession()]);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/v1/me/consents',
    {
      onRequest: requireCustomer,
      schema: {
        operationId: 'getMyConsents',
        tags,
        summary: 'The current legal documents and those I still have to accept',
        response: { 200: consentStatusSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return service.consentStatus(callerOf(request).userId);
    },
  );

  app.post(
    '/api/v1/me/consents',
    {
      onRequest: requireCustomer,
      schema: {
        operationId: 'acceptLegalDocuments',
        tags,
        summary: 'Accept the current terms and/or privacy policy',
        description:
          'Records the time, address and browser of each acceptance. 409 CONSENT_NOT_CURRENT for a version that is not the current one.',
        body: acceptConsentsSchema,
        response: { 200: consentStatusSchema, ...errors },
      },
    },
    async (request) => service.acceptConsents(callerOf(request), request.body.documentIds),
  );

  const adminRoutes: FastifyPluginAsyncZod = async (admin) => {
    admin.addHook('onRequest', requireAdmin);
    defaultAdminRole(admin, 'owner');

    admin.get(
      '/api/v1/admin/legal-documents',
      {
        config: { adminRole: 'operator' },
        schema: {
          operationId: 'listLegalDocumentVersions',
          tags: ['admin-privacy'],
          summary: 'Every published version of the terms and the privacy policy',
          response: { 200: legalDocumentListSchema, ...errors },
        },
      },
      async () => ({ items: await service.allDocuments() }),
    );

    admin.post(
      '/api/v1/admin/legal-documents',
      {
        schema: {
          operationId: 'publishLegalDocumentVersion',
          tags: ['admin-privacy'],
          summary: 'Publish a new version of the terms or the privacy policy',
          description:
            'Every customer is asked to accept it before going on. 409 LEGAL_VERSION_EXISTS for a version already published. Audited.',
          body: publishLegalDocumentSchema,
          response: { 201: legalDocumentSchema, ...errors },
        },
      },
      async (request, reply) => {
        const auth = signedIn(request);
        return reply
          .status(201)
          .send(await service.publish({ userId: auth.userId, ip: request.ip }, request.body));
      },
    );
  };
  await app.register(adminRoutes);
};
