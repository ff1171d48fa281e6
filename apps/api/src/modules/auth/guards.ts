import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { settings } from '@permuta/db';
import type { Role } from '@permuta/contracts';
import { AppError } from '../../lib/app-error.ts';
import type { Auth } from './auth.instance.ts';
import { CLIENT_IP_HEADER, SESSION_COOKIE } from './auth.instance.ts';

/** Who is calling, resolved from the session cookie for every request (null when signed out). */
export interface AuthContext {
  userId: string;
  role: Role;
  /** the customer's e-mail; `<username>@admins.invalid` for an admin */
  email: string;
  username: string;
  sessionId: string;
  emailVerified: boolean;
  active: boolean;
  twoFactorEnabled: boolean;
  sessionCreatedAt: Date;
  sessionExpiresAt: Date;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/** The request's headers for better-auth, with the client IP Fastify resolved (never the caller's claim). */
export function authHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === CLIENT_IP_HEADER) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, String(value));
  }
  headers.set(CLIENT_IP_HEADER, request.ip);
  return headers;
}

function hasSessionCookie(request: FastifyRequest): boolean {
  const cookie = request.headers.cookie;
  return typeof cookie === 'string' && new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=`).test(cookie);
}

/** Looks the session cookie up through better-auth; null when absent, invalid, revoked or expired. */
export async function resolveAuthContext(
  auth: Auth,
  request: FastifyRequest,
  now: () => Date,
): Promise<AuthContext | null> {
  if (!hasSessionCookie(request)) return null;
  const found = await auth.api.getSession({
    headers: authHeaders(request),
    query: { disableRefresh: true, disableCookieCache: true },
  });
  if (!found) return null;
  const { session, user } = found;
  const expiresAt = new Date(session.expiresAt);
  if (expiresAt.getTime() <= now().getTime()) return null;
  return {
    userId: user.id,
    role: user.role === 'admin' ? 'admin' : 'customer',
    email: user.email,
    username: user.username ?? '',
    sessionId: session.id,
    emailVerified: user.emailVerified,
    active: user.active !== false,
    twoFactorEnabled: user.twoFactorEnabled === true,
    sessionCreatedAt: new Date(session.createdAt),
    sessionExpiresAt: expiresAt,
  };
}

/** Fills `request.auth` for every request. Registered by the auth module. */
export const authContextPlugin = fp<{ auth: Auth; now: () => Date }>(
  async (app, { auth, now }) => {
    app.decorateRequest('auth', null);
    app.addHook('onRequest', async (request) => {
      request.auth = await resolveAuthContext(auth, request, now);
    });
  },
  { name: 'auth-context' },
);

/** Signed in as a customer whose account is active: 401 UNAUTHENTICATED, 403 FORBIDDEN (admin), 403 ACCOUNT_INACTIVE. */
export async function requireCustomer(request: FastifyRequest, _reply: FastifyReply) {
  const auth = request.auth;
  if (!auth) throw new AppError('UNAUTHENTICATED', 401);
  if (auth.role !== 'customer') throw new AppError('FORBIDDEN', 403);
  if (!auth.active) throw new AppError('ACCOUNT_INACTIVE', 403);
}

/** As requireCustomer, and the e-mail is confirmed (403 EMAIL_NOT_VERIFIED otherwise). */
export async function requireVerifiedCustomer(request: FastifyRequest, reply: FastifyReply) {
  await requireCustomer(request, reply);
  if (!request.auth?.emailVerified) throw new AppError('EMAIL_NOT_VERIFIED', 403);
}

/** Routes an admin without two-factor may still call while the setting makes it mandatory. */
export const TWO_FACTOR_ENROLMENT_PREFIX = '/api/v1/admin/me/two-factor/';

/** Whether the settings make two-factor mandatory for admins. */
export async function isTwoFactorRequired(request: FastifyRequest): Promise<boolean> {
  const [row] = await request.server.db
    .select({ required: settings.twoFactorRequired })
    .from(settings)
    .where(eq(settings.id, 1))
    .limit(1);
  return row?.required ?? false;
}

/**
 * Signed in as an admin: 401 UNAUTHENTICATED, 403 FORBIDDEN (customer). While two-factor is
 * mandatory and this admin has not enrolled, only the enrolment routes pass (403
 * TWO_FACTOR_REQUIRED elsewhere).
 */
export async function requireAdmin(request: FastifyRequest, _reply: FastifyReply) {
  const auth = request.auth;
  if (!auth) throw new AppError('UNAUTHENTICATED', 401);
  if (auth.role !== 'admin') throw new AppError('FORBIDDEN', 403);
  if (!auth.twoFactorEnabled) {
    const route = request.routeOptions.url ?? '';
    if (!route.startsWith(TWO_FACTOR_ENROLMENT_PREFIX) && (await isTwoFactorRequired(request))) {
      throw new AppError('TWO_FACTOR_REQUIRED', 403);
    }
  }
}
