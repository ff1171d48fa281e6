import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  customerTwoFactorSchema,
  recoveryCodesSchema,
  twoFactorCodeSchema,
  twoFactorDisableSchema,
  twoFactorEnrolSchema,
  customerTwoFactorEnrolmentSchema,
  twoFactorSignInResponseSchema,
} from '@permuta/contracts';
import { apiErrors } from '../../lib/api-errors.ts';
import type { AuthService } from './auth.service.ts';
import type { CustomerTwoFactorService, TwoFactorActor } from './customer-two-factor.service.ts';
import { requireCustomer, signedIn } from './guards.ts';

function actor(request: FastifyRequest): TwoFactorActor {
  const auth = signedIn(request);
  return { userId: auth.userId, sessionId: auth.sessionId, ip: request.ip };
}

/**
 * A customer's own two-factor (decision 061): the security page's routes and the second step
 * of the customer sign-in. Per-IP limit as the other identity routes.
 */
export const customerTwoFactorRoutes: FastifyPluginAsyncZod<{
  service: CustomerTwoFactorService;
  auth: AuthService;
  rateLimitPerMinute: number;
}> = async (app, { service, auth, rateLimitPerMinute }) => {
  const tags = ['accounts'];
  const config = {
    rateLimit: { max: Math.max(5, Math.floor(rateLimitPerMinute / 20)), timeWindow: '1 minute' },
  };

  app.post(
    '/api/v1/auth/two-factor',
    {
      config,
      schema: {
        operationId: 'customerSignInTwoFactor',
        tags,
        summary: 'Customer sign-in, second step',
        description:
          'After a sign-in answered `{ twoFactorRequired: true }`: a 6-digit TOTP code or one of the recovery codes (single use; `recoveryCodesLeft` then says how many remain). 5 codes per pending sign-in; 10 wrong codes in a row lock the two-factor for 15 min (429 SIGN_IN_THROTTLED).',
        body: twoFactorCodeSchema,
        response: { 200: twoFactorSignInResponseSchema, ...apiErrors(400, 401, 409, 429) },
      },
    },
    async (request, reply) => {
      const { body, setCookies } = await auth.customerTwoFactor(request.body.code, {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
        cookie: request.headers.cookie,
      });
      reply.header('set-cookie', setCookies);
      return body;
    },
  );

  app.get(
    '/api/v1/me/two-factor',
    {
      onRequest: requireCustomer,
      schema: {
        operationId: 'getOwnTwoFactor',
        tags,
        summary: 'The caller’s two-factor',
        response: { 200: customerTwoFactorSchema, ...apiErrors(401, 403) },
      },
    },
    async (request) => service.status(signedIn(request).userId),
  );

  app.post(
    '/api/v1/me/two-factor/enrolment',
    {
      onRequest: requireCustomer,
      config,
      schema: {
        operationId: 'startTwoFactorEnrolment',
        tags,
        summary: 'Start turning two-factor on',
        description:
          'Needs the password. Answers a new secret (otpauth URI for the QR code, and base32 to type); nothing changes until a code of it is confirmed.',
        body: twoFactorEnrolSchema,
        response: { 200: customerTwoFactorEnrolmentSchema, ...apiErrors(400, 401, 403, 409) },
      },
    },
    async (request) => service.enrol(actor(request), request.body.password),
  );

  app.post(
    '/api/v1/me/two-factor/confirm',
    {
      onRequest: requireCustomer,
      config,
      schema: {
        operationId: 'confirmTwoFactor',
        tags,
        summary: 'Turn two-factor on with a code from the app',
        description:
          'Answers the 10 recovery codes, shown this once (stored as hashes). The session gets a new token; the customer is e-mailed.',
        body: twoFactorCodeSchema,
        response: { 200: recoveryCodesSchema, ...apiErrors(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const { body, setCookies } = await service.confirm(actor(request), request.body.code);
      reply.header('set-cookie', setCookies);
      return body;
    },
  );

  app.post(
    '/api/v1/me/two-factor/recovery-codes',
    {
      onRequest: requireCustomer,
      config,
      schema: {
        operationId: 'regenerateRecoveryCodes',
        tags,
        summary: 'Make new recovery codes',
        description:
          'A TOTP code confirms. The old codes stop working; the new ones are shown this once.',
        body: twoFactorCodeSchema,
        response: { 200: recoveryCodesSchema, ...apiErrors(400, 401, 403, 409, 429) },
      },
    },
    async (request) => service.regenerateCodes(actor(request), request.body.code),
  );

  app.post(
    '/api/v1/me/two-factor/disable',
    {
      onRequest: requireCustomer,
      config,
      schema: {
        operationId: 'disableOwnTwoFactor',
        tags,
        summary: 'Turn two-factor off',
        description:
          'Needs the password and a code (TOTP or recovery). The session gets a new token; the customer is e-mailed.',
        body: twoFactorDisableSchema,
        response: { 200: customerTwoFactorSchema, ...apiErrors(400, 401, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      const { body, setCookies } = await service.disable(actor(request), request.body);
      reply.header('set-cookie', setCookies);
      return body;
    },
  );
};
