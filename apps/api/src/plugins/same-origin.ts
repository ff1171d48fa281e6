import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../modules/auth/sessions.ts';
import { readCookie } from '../modules/auth/signed-cookie.ts';
import { sendError } from './errors.ts';

export interface SameOriginOptions {
  /** PUBLIC_URL's origin and ALLOWED_ORIGINS, each as `scheme://host[:port]` */
  allowedOrigins: string[];
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Whether a state-changing request carrying the session cookie comes from the product's own
 * pages. SameSite=Lax lets the browser send the cookie from any page of the same site: another
 * port of the host, or a sibling subdomain. So:
 * - with `Origin` (browsers send it on every POST, PUT, PATCH or DELETE, same-origin or not):
 *   it must be one of the allowed origins; `null` (sandboxed frame, opaque redirect) is refused;
 * - without `Origin`, with `Sec-Fetch-Site`: it must say `same-origin`;
 * - with neither: no browser of the last years sent it (they send both, and a page cannot
 *   remove them), so it is a program holding the cookie itself (curl, a script, Playwright's
 *   request API, app.inject in the tests), which could write any header it liked anyway: it
 *   goes through. Refusing it would protect nobody. See docs/decisions.
 */
export function fromAllowedOrigin(request: FastifyRequest, allowed: ReadonlySet<string>): boolean {
  const origin = header(request, 'origin');
  if (origin !== undefined) return allowed.has(origin.toLowerCase());
  const site = header(request, 'sec-fetch-site');
  if (site !== undefined) return site === 'same-origin';
  return true;
}

/**
 * Refuses (403 CROSS_ORIGIN_REQUEST) every POST, PUT, PATCH and DELETE that carries the session
 * cookie but comes from a page of another origin. Requests without the cookie are not concerned:
 * they act for nobody. So a provider's webhook (the PSP's POST /api/v1/webhooks/pix, no cookie, no
 * browser Origin) needs no exemption here; a browser's cross-site POST to it with the cookie is
 * still refused (pix-deposits.test.ts), and without it meets the webhook's own checks.
 */
export default fp<SameOriginOptions>(
  async (app, options) => {
    const allowed = new Set(options.allowedOrigins.map((origin) => origin.toLowerCase()));
    app.addHook('onRequest', async (request, reply) => {
      if (!UNSAFE_METHODS.has(request.method)) return;
      if (readCookie(request.headers.cookie, SESSION_COOKIE) === null) return;
      if (fromAllowedOrigin(request, allowed)) return;
      return sendError(request, reply, 403, 'CROSS_ORIGIN_REQUEST');
    });
  },
  { name: 'same-origin', dependencies: ['errors'] },
);
