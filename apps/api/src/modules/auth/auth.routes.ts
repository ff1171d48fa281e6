import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminSignInSchema,
  changePasswordSchema,
  contactInfoSchema,
  customerProfileSchema,
  defaultTokensSchema,
  forgotPasswordSchema,
  messageResponseSchema,
  registrationSchemaOn,
  resetPasswordSchema,
  sessionResponseSchema,
  signInSchema,
  successMessage,
  totpSchema,
  twoFactorRequiredSchema,
  validateEmailSchema,
} from '@permuta/contracts';
import { AppError } from '../../lib/app-error.ts';
import { requestLocale } from '../../lib/locale.ts';
import type { AuthService, Caller } from './auth.service.ts';
import { RESEND_SECONDS } from './auth.service.ts';
import { requireCustomer, signedIn } from './guards.ts';

function caller(request: FastifyRequest): Caller {
  return {
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? '',
    cookie: request.headers.cookie,
  };
}

function forwardCookies(reply: FastifyReply, setCookies: string[]) {
  if (setCookies.length > 0) reply.header('set-cookie', setCookies);
}

async function requireSignedIn(request: FastifyRequest) {
  if (!request.auth) throw new AppError('UNAUTHENTICATED', 401);
}

/**
 * Identity routes get a tighter per-IP limit than the global one (a twentieth of it: 30 a minute
 * by default), on top of the per-account sign-in throttle.
 */
const strictLimit = (perMinute: number) => ({
  rateLimit: { max: Math.max(5, Math.floor(perMinute / 20)), timeWindow: '1 minute' },
});

/**
 * Customer and admin identity: registration, e-mail validation, sign-in and out, password reset
 * and change, the signed-in profile. See docs/accounts-api.md.
 */
export const authRoutes: FastifyPluginAsyncZod<{
  service: AuthService;
  now: () => Date;
  rateLimitPerMinute: number;
}> = async (app, { service, now, rateLimitPerMinute }) => {
  const tags = ['accounts'];
  const strict = strictLimit(rateLimitPerMinute);

  app.post(
    '/api/v1/auth/register',
    {
      config: strict,
      schema: {
        operationId: 'registerCustomer',
        tags,
        summary: 'Register a customer',
        description:
          'Creates the account and e-mails a single-use validation link (24 h) in the customer’s language.',
        body: registrationSchemaOn(now),
        response: { 201: messageResponseSchema },
      },
    },
    async (request, reply) => {
      const locale = requestLocale(request);
      await service.register(request.body, caller(request), locale);
      return reply.status(201).send({ message: successMessage('registered', locale) });
    },
  );

  app.post(
    '/api/v1/auth/sign-in',
    {
      config: strict,
      schema: {
        operationId: 'signIn',
        tags,
        summary: 'Customer sign-in',
        description:
          'E-mail and password. Sets the `auth_token` session cookie (12 h, httpOnly), or answers `{ twoFactorRequired: true }` with a short-lived cookie when the account has two-factor (then POST /api/v1/auth/two-factor). After 5 failures on one account from one address, that address waits 1 s, 2 s, 4 s... (429 SIGN_IN_WAIT); the owner elsewhere is not held back.',
        body: signInSchema,
        response: { 200: z.union([sessionResponseSchema, twoFactorRequiredSchema]) },
      },
    },
    async (request, reply) => {
      const { body, setCookies } = await service.signIn(request.body, caller(request));
      forwardCookies(reply, setCookies);
      return body;
    },
  );

  app.post(
    '/api/v1/auth/sign-out',
    {
      schema: {
        operationId: 'signOut',
        tags,
        summary: 'Sign out',
        description: 'Revokes the session and clears its cookie.',
        response: { 204: z.null().describe('Signed out (also without a session)') },
      },
    },
    async (request, reply) => {
      const auth = request.auth;
      const setCookies = await service.signOut(
        caller(request),
        auth ? { userId: auth.userId, role: auth.role, sessionId: auth.sessionId } : null,
      );
      forwardCookies(reply, setCookies);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/v1/me',
    {
      onRequest: requireSignedIn,
      schema: {
        operationId: 'getMe',
        tags,
        summary: 'The signed-in user',
        response: { 200: sessionResponseSchema },
      },
    },
    async (request) => {
      const auth = signedIn(request);
      return service.me(auth.userId, {
        createdAt: auth.sessionCreatedAt,
        expiresAt: auth.sessionExpiresAt,
      });
    },
  );

  app.post(
    '/api/v1/auth/verify-email',
    {
      config: strict,
      schema: {
        operationId: 'verifyEmail',
        tags,
        summary: 'Confirm an e-mail address',
        description: 'The token of the validation link; single use, valid 24 h.',
        body: validateEmailSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      await service.verifyEmail(request.body.token, caller(request));
      return { message: successMessage('emailValidated', requestLocale(request)) };
    },
  );

  app.post(
    '/api/v1/me/verify-email/resend',
    {
      onRequest: requireCustomer,
      schema: {
        operationId: 'resendVerificationEmail',
        tags,
        summary: 'Send the validation link again',
        description: `At most once every ${RESEND_SECONDS} s; older links stop working.`,
        response: {
          202: messageResponseSchema.extend({ retryAfterSeconds: z.number().int() }),
        },
      },
    },
    async (request, reply) => {
      const result = await service.resendVerification(signedIn(request).userId);
      return reply.status(202).send({
        message: successMessage('verificationSent', requestLocale(request)),
        ...result,
      });
    },
  );

  app.post(
    '/api/v1/auth/forgot-password',
    {
      config: strict,
      schema: {
        operationId: 'requestPasswordReset',
        tags,
        summary: 'Ask for a password reset code',
        description:
          'E-mails a 6-digit code (15 min, 5 tries) when the account exists. The answer is the same either way.',
        body: forgotPasswordSchema,
        response: {
          202: messageResponseSchema.extend({ retryAfterSeconds: z.number().int() }),
        },
      },
    },
    async (request, reply) => {
      await service.forgotPassword(request.body.email);
      return reply.status(202).send({
        message: successMessage('resetRequested', requestLocale(request)),
        retryAfterSeconds: RESEND_SECONDS,
      });
    },
  );

  app.post(
    '/api/v1/auth/reset-password',
    {
      config: strict,
      schema: {
        operationId: 'resetPassword',
        tags,
        summary: 'Reset the password with the e-mailed code',
        description: 'Ends every session of the account.',
        body: resetPasswordSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      await service.resetPassword(request.body, caller(request));
      return { message: successMessage('resetDone', requestLocale(request)) };
    },
  );

  app.post(
    '/api/v1/me/password',
    {
      onRequest: requireCustomer,
      schema: {
        operationId: 'changeMyPassword',
        tags,
        summary: 'Change the password',
        description: 'Needs the current password; ends every other session.',
        body: changePasswordSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      const auth = signedIn(request);
      await service.changePassword(
        { userId: auth.userId, sessionId: auth.sessionId },
        request.body,
        caller(request),
      );
      return { message: successMessage('passwordChanged', requestLocale(request)) };
    },
  );

  app.patch(
    '/api/v1/me/contact',
    {
      onRequest: requireCustomer,
      schema: {
        operationId: 'updateMyContact',
        tags,
        summary: 'Edit contact information',
        body: contactInfoSchema,
        response: { 200: z.object({ message: z.string(), profile: customerProfileSchema }) },
      },
    },
    async (request) => {
      const profile = await service.updateContact(
        signedIn(request).userId,
        request.body,
        caller(request),
      );
      return { message: successMessage('contactUpdated', requestLocale(request)), profile };
    },
  );

  app.patch(
    '/api/v1/me/default-tokens',
    {
      onRequest: requireCustomer,
      schema: {
        operationId: 'updateMyDefaultTokens',
        tags,
        summary: 'Default tokens to send and receive',
        body: defaultTokensSchema,
        response: { 200: customerProfileSchema },
      },
    },
    async (request) => service.updateDefaultTokens(signedIn(request).userId, request.body),
  );

  app.post(
    '/api/v1/admin/auth/sign-in',
    {
      config: strict,
      schema: {
        operationId: 'signInAdmin',
        tags: ['admin'],
        summary: 'Admin sign-in',
        description:
          'Username and password. Answers the session, or `{ twoFactorRequired: true }` with a short-lived cookie when a TOTP code is needed next.',
        body: adminSignInSchema,
        response: { 200: z.union([sessionResponseSchema, twoFactorRequiredSchema]) },
      },
    },
    async (request, reply) => {
      const { body, setCookies } = await service.adminSignIn(request.body, caller(request));
      forwardCookies(reply, setCookies);
      return body;
    },
  );

  app.post(
    '/api/v1/admin/auth/two-factor',
    {
      config: strict,
      schema: {
        operationId: 'verifyAdminTwoFactor',
        tags: ['admin'],
        summary: 'Admin sign-in, second step',
        description: 'A 6-digit TOTP code or a recovery code.',
        body: totpSchema,
        response: { 200: sessionResponseSchema },
      },
    },
    async (request, reply) => {
      const { body, setCookies } = await service.adminTwoFactor(request.body.code, caller(request));
      forwardCookies(reply, setCookies);
      return body;
    },
  );
};
