import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminCreateSchema,
  adminCreatedSchema,
  adminCustomerDetailSchema,
  adminListItemSchema,
  adminPasswordSchema,
  adminProfileSchema,
  adminUpdateSchema,
  customerActiveSchema,
  customerListItemSchema,
  customerListQuerySchema,
  customerProfileMessageSchema,
  customerProfileSchema,
  documentReviewSchema,
  documentSchema,
  nationalIdVerificationSchema,
  otpCodeSchema,
  pageOf,
  twoFactorEnrolmentSchema,
} from '@permuta/contracts';
import { requestLocale } from '../../lib/locale.ts';
import { defaultAdminRole, requireAdmin, signedIn } from '../auth/guards.ts';
import type { AdminAccountsService } from './admin-accounts.service.ts';
import type { Actor, AuthCall } from './admin-accounts.service.ts';
import { apiErrors } from '../../lib/api-errors.ts';

const idParams = z.object({ id: z.string().min(1).max(64) });
const errors = apiErrors(400, 401, 403, 404, 409);

function actorOf(request: FastifyRequest): Actor {
  const auth = signedIn(request);
  return {
    adminId: auth.userId,
    sessionId: auth.sessionId,
    ip: request.ip,
    locale: requestLocale(request),
  };
}

/** Where the renewed session cookie goes. */
function authCall(reply: FastifyReply): AuthCall {
  return {
    setCookies: (values) => {
      if (values.length > 0) reply.header('set-cookie', values);
    },
  };
}

/**
 * The back office's accounts (docs/accounts-api.md, "Admin"): admins, customers, document
 * review and the admin's own two-factor (the two-factor-required setting is one of the general
 * settings: modules/settings). Every route requires an admin session.
 */
export const adminAccountsRoutes: FastifyPluginAsyncZod<{
  service: AdminAccountsService;
}> = async (app, { service }) => {
  const tags = ['admin'];
  app.addHook('onRequest', requireAdmin);
  defaultAdminRole(app, 'operator');

  // --- admins ---------------------------------------------------------------------------

  app.get(
    '/api/v1/admin/admins',
    {
      config: { adminRole: 'owner' },
      schema: {
        operationId: 'listAdmins',
        tags,
        summary: 'List the admins',
        response: { 200: z.object({ items: z.array(adminListItemSchema) }), ...errors },
      },
    },
    async () => ({ items: await service.listAdmins() }),
  );

  app.post(
    '/api/v1/admin/admins',
    {
      config: { adminRole: 'owner' },
      schema: {
        operationId: 'createAdmin',
        tags,
        summary: 'Register a new admin',
        body: adminCreateSchema,
        response: { 201: adminCreatedSchema, ...errors },
      },
    },
    async (request, reply) => {
      const created = await service.createAdmin(actorOf(request), request.body);
      return reply.status(201).send(created);
    },
  );

  app.patch(
    '/api/v1/admin/admins/:id',
    {
      config: { adminRole: 'owner' },
      schema: {
        operationId: 'updateAdmin',
        tags,
        summary: "Change an admin's username or password",
        description:
          'A new password signs that admin out everywhere (an admin changing its own keeps the current session). The last admin cannot be demoted; admins cannot become customers.',
        params: idParams,
        body: adminUpdateSchema,
        response: { 200: adminListItemSchema, ...errors },
      },
    },
    async (request) => service.updateAdmin(actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/v1/admin/admins/:id',
    {
      config: { adminRole: 'owner' },
      schema: {
        operationId: 'deleteAdmin',
        tags,
        summary: 'Delete an admin',
        description: 'Refused for the caller itself and for the last admin.',
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.deleteAdmin(actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  // --- customers ------------------------------------------------------------------------

  app.get(
    '/api/v1/admin/customers',
    {
      schema: {
        operationId: 'listCustomers',
        tags,
        summary: 'Search the customers',
        description:
          'q matches name, e-mail, username or CPF digits; newest first, paginated with the total.',
        querystring: customerListQuerySchema,
        response: { 200: pageOf(customerListItemSchema), ...errors },
      },
    },
    async (request) => service.listCustomers(request.query),
  );

  app.get(
    '/api/v1/admin/customers/:id',
    {
      schema: {
        operationId: 'getCustomer',
        tags,
        summary: "A customer's profile, documents, wallets and orders",
        params: idParams,
        response: { 200: adminCustomerDetailSchema, ...errors },
      },
    },
    async (request) => service.customerDetail(request.params.id),
  );

  app.patch(
    '/api/v1/admin/customers/:id/active',
    {
      schema: {
        operationId: 'setCustomerActive',
        tags,
        summary: 'Activate or deactivate a customer',
        description: 'Deactivation signs the customer out everywhere.',
        params: idParams,
        body: customerActiveSchema,
        response: { 200: customerProfileSchema, ...errors },
      },
    },
    async (request) =>
      service.setCustomerActive(actorOf(request), request.params.id, request.body.active),
  );

  app.post(
    '/api/v1/admin/customers/:id/national-id',
    {
      schema: {
        operationId: 'setCustomerNationalId',
        tags,
        summary: "Mark a customer's national ID (CPF) as verified or not",
        params: idParams,
        body: nationalIdVerificationSchema,
        response: { 200: customerProfileMessageSchema, ...errors },
      },
    },
    async (request) =>
      service.setNationalIdVerified(actorOf(request), request.params.id, request.body.verified),
  );

  // --- document review ------------------------------------------------------------------

  app.post(
    '/api/v1/admin/documents/:id/review',
    {
      schema: {
        operationId: 'reviewDocument',
        tags,
        summary: "Approve or reject a customer's document",
        description:
          "Only the customer's current document of that type, and only once. E-mails the customer; approving the last of the three also tells the customer the account is verified.",
        params: idParams,
        body: documentReviewSchema,
        response: { 200: documentSchema, ...errors },
      },
    },
    async (request) => service.reviewDocument(actorOf(request), request.params.id, request.body),
  );

  // --- the admin's own two-factor -------------------------------------------------------

  app.post(
    '/api/v1/admin/me/two-factor/enable',
    {
      schema: {
        operationId: 'enableAdminTwoFactor',
        tags,
        summary: 'Start two-factor enrolment',
        description:
          'Checks the password and answers the otpauth URI and the backup codes. Two-factor is not on until a code is verified.',
        body: adminPasswordSchema,
        response: { 200: twoFactorEnrolmentSchema, ...errors },
      },
    },
    async (request) => service.enableTwoFactor(actorOf(request), request.body.password),
  );

  app.post(
    '/api/v1/admin/me/two-factor/verify',
    {
      schema: {
        operationId: 'confirmAdminTwoFactor',
        tags,
        summary: 'Finish two-factor enrolment with a code from the app',
        description: 'Turns two-factor on; the session cookie is renewed.',
        body: z.object({ code: otpCodeSchema }),
        response: { 200: adminProfileSchema, ...errors },
      },
    },
    async (request, reply) =>
      service.verifyTwoFactor(actorOf(request), authCall(reply), request.body.code),
  );

  app.post(
    '/api/v1/admin/me/two-factor/disable',
    {
      schema: {
        operationId: 'disableAdminTwoFactor',
        tags,
        summary: 'Turn two-factor off',
        description:
          'Checks the password; refused (403 TWO_FACTOR_REQUIRED) while the setting makes two-factor mandatory. The session cookie is renewed.',
        body: adminPasswordSchema,
        response: { 200: adminProfileSchema, ...errors },
      },
    },
    async (request, reply) =>
      service.disableTwoFactor(actorOf(request), authCall(reply), request.body.password),
  );
};
