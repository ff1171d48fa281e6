import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  TRACKING_CODE_SENT_MESSAGE,
  TRACKING_GRANT_HOURS,
  apiErrorSchema,
  messageResponseSchema,
  orderIdParamsSchema,
  trackingCodeRequestSchema,
  trackingCodeSentSchema,
  trackingGrantSchema,
  trackingOrderSchema,
  trackingVerifySchema,
} from '@permuta/contracts';
import { apiErrors } from '../../lib/api-errors.ts';
import { AppError } from '../../lib/app-error.ts';
import { requestLocale } from '../../lib/locale.ts';
import { fromAllowedOrigin } from '../../plugins/same-origin.ts';
import { readCookie } from '../auth/signed-cookie.ts';
import type { OrderStreams } from '../orders/order-streams.ts';
import { TRACKING_RESEND_SECONDS } from './tracking.service.ts';
import type { TrackingGrantRef, TrackingService } from './tracking.service.ts';
import { trackingView } from './tracking-view.ts';

/** The tracking grant's cookie: sent only to the tracking routes. */
export const TRACKING_COOKIE = 'track_token';
const COOKIE_PATH = '/api/v1/track';

export interface TrackingRoutesOptions {
  service: TrackingService;
  streams: OrderStreams;
  allowedOrigins: string[];
  production: boolean;
  rateLimitPerMinute: number;
}

/**
 * Order tracking without signing in (decision 059, docs in the contracts' tracking.ts). The code
 * routes have the identity routes' tighter per-address limit; every POST must come from our own
 * pages (it sends an e-mail or sets a cookie), whatever cookie it carries.
 */
export const trackingRoutes: FastifyPluginAsyncZod<TrackingRoutesOptions> = async (
  app,
  options,
) => {
  const { service, streams } = options;
  const tags = ['tracking'];
  const allowed = new Set(options.allowedOrigins.map((origin) => origin.toLowerCase()));
  const strict = {
    rateLimit: {
      max: Math.max(5, Math.floor(options.rateLimitPerMinute / 20)),
      timeWindow: '1 minute',
    },
  };
  const attributes = `Path=${COOKIE_PATH}; HttpOnly; SameSite=Lax${options.production ? '; Secure' : ''}`;

  async function ourOrigin(request: FastifyRequest): Promise<void> {
    if (!fromAllowedOrigin(request, allowed)) throw new AppError('CROSS_ORIGIN_REQUEST', 403);
  }
  const tokenOf = (request: FastifyRequest) => readCookie(request.headers.cookie, TRACKING_COOKIE);
  async function grantOf(request: FastifyRequest): Promise<TrackingGrantRef> {
    const grant = await service.grant(tokenOf(request));
    if (!grant) throw new AppError('TRACKING_REQUIRED', 404);
    return grant;
  }
  // codes still being written when the app closes are written first
  app.addHook('onClose', async () => service.settle());
  const clearCookie = (reply: FastifyReply) =>
    reply.header('set-cookie', `${TRACKING_COOKIE}=; ${attributes}; Max-Age=0`);

  app.post(
    '/api/v1/track/code',
    {
      config: strict,
      onRequest: ourOrigin,
      schema: {
        operationId: 'requestTrackingCode',
        tags,
        summary: 'E-mail a code to follow an order',
        description: `When the reference and the e-mail are one order's, its owner gets a 6-digit code by e-mail (15 min, 5 tries), in the owner's language; at most one per order per ${TRACKING_RESEND_SECONDS} s and 5 per hour. The answer (202) is the same whether they match or not, and whether a code was sent or not.`,
        body: trackingCodeRequestSchema,
        response: { 202: trackingCodeSentSchema, ...apiErrors(400, 403, 429) },
      },
    },
    async (request, reply) => {
      await service.requestCode({ ...request.body, ip: request.ip });
      return reply.status(202).send({
        message: TRACKING_CODE_SENT_MESSAGE[requestLocale(request)],
        retryAfterSeconds: TRACKING_RESEND_SECONDS,
      });
    },
  );

  app.post(
    '/api/v1/track/verify',
    {
      config: strict,
      onRequest: ourOrigin,
      schema: {
        operationId: 'verifyTrackingCode',
        tags,
        summary: 'Open an order with the e-mailed code',
        description: `A right code sets the httpOnly cookie \`${TRACKING_COOKIE}\` (path ${COOKIE_PATH}, ${TRACKING_GRANT_HOURS} h): read-only access to that one order. 400 TRACKING_CODE_INVALID (wrong, expired, or no such order and e-mail), TRACKING_CODE_ATTEMPTS after 5 wrong codes.`,
        body: trackingVerifySchema,
        response: { 200: trackingGrantSchema, ...apiErrors(400, 403, 429) },
      },
    },
    async (request, reply) => {
      const grant = await service.verify(request.body);
      reply.header(
        'set-cookie',
        `${TRACKING_COOKIE}=${grant.token}; ${attributes}; Max-Age=${TRACKING_GRANT_HOURS * 3600}`,
      );
      return { reference: grant.reference, expiresAt: grant.expiresAt.toISOString() };
    },
  );

  app.get(
    '/api/v1/track/orders/:id',
    {
      schema: {
        operationId: 'getTrackedOrder',
        tags,
        summary: 'The tracked order',
        description:
          'The order of the tracking cookie, read-only: no actions, no payment instructions, no files, destinations masked. 404 TRACKING_REQUIRED without a live grant (none, ended or unknown: nothing is told about the order), 404 NOT_FOUND for any other order.',
        params: orderIdParamsSchema,
        response: { 200: trackingOrderSchema, ...apiErrors(400, 404) },
      },
    },
    async (request) => service.order(await grantOf(request), request.params.id),
  );

  app.get(
    '/api/v1/track/orders/:id/events',
    {
      schema: {
        operationId: 'streamTrackedOrder',
        tags,
        summary: 'The tracked order, live (server-sent events)',
        description:
          'As GET /api/v1/orders/:id/events, with the tracked view: `event: order` at once and after every change. Ends when the grant ends (the reconnect then gets 404 TRACKING_REQUIRED), after the final status, or after about 5 minutes. 429 ORDER_STREAMS_LIMIT with too many streams open on one grant.',
        params: orderIdParamsSchema,
        response: {
          200: z.string().describe('text/event-stream'),
          ...apiErrors(400, 404),
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const grant = await grantOf(request);
      const view = await service.ownerView(grant, request.params.id);
      const limitKey = `track:${grant.id}`;
      if (!streams.canOpen(limitKey)) throw new AppError('ORDER_STREAMS_LIMIT', 429);
      const headers: Record<string, string> = { 'x-request-id': request.id };
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (typeof value === 'string' || typeof value === 'number') headers[name] = String(value);
      }
      reply.hijack();
      streams.open(reply.raw, headers, grant.userId, view, {
        limitKey,
        endsBy: grant.expiresAt.getTime(),
        shape: (next) => trackingView(next, grant.expiresAt),
      });
    },
  );

  app.post(
    '/api/v1/track/end',
    {
      onRequest: ourOrigin,
      schema: {
        operationId: 'endTracking',
        tags,
        summary: 'Stop following the order',
        description: 'Ends the tracking grant of the cookie, if any, and clears the cookie.',
        response: { 200: messageResponseSchema, ...apiErrors(403) },
      },
    },
    async (request, reply) => {
      await service.end(tokenOf(request));
      clearCookie(reply);
      return { message: 'ok' };
    },
  );
};
