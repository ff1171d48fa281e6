import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { settings } from '@permuta/db';
import type { Db } from '@permuta/db';
import { adminRoleAllows } from '@permuta/contracts';
import type { AdminRole, Role } from '@permuta/contracts';
import { AppError } from '../../lib/app-error.ts';
import { deleteSession, prepareSessionLookup } from './auth.repository.ts';
import type { SessionRow } from './auth.repository.ts';
import { SESSION_COOKIE, sessionTokenHash } from './sessions.ts';
import { cookieSigningKey, readCookie, unsignCookieValue } from './signed-cookie.ts';

/** Who is calling, resolved from the session cookie for every request (null when signed out). */
export interface AuthContext {
  userId: string;
  role: Role;
  /** an admin's role in the back office (decision 024); null for a customer */
  adminRole: AdminRole | null;
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
  interface FastifyInstance {
    /** how request sessions are read (see SessionReader) */
    sessions: SessionReader;
  }
  interface FastifyContextConfig {
    /**
     * An admin route: the least admin role that may call it (requireAdmin). A route without one
     * is for owners only; a module names its usual role with `defaultAdminRole`.
     */
    adminRole?: AdminRole;
  }
}

export interface SessionReaderOptions {
  db: Db;
  /** AUTH_SECRET (the key of the signed cookies) */
  secret: string;
  now: () => Date;
}

/**
 * How a request's session is read: the cookie's signature is checked, then the session and its
 * user are read together by the token's hash (`sessions.token` holds only that), in one
 * statement. Nothing is cached across requests, so a session deleted by sign-out, a password
 * change or a deactivation is refused on the very next request.
 */
export interface SessionReader {
  /** The caller of a session cookie; null when absent, badly signed, unknown, revoked or over. */
  resolve(cookieHeader: string | undefined): Promise<AuthContext | null>;
}

export function createSessionReader(options: SessionReaderOptions): SessionReader {
  const { db, now } = options;
  const key = cookieSigningKey(options.secret);
  const lookup = prepareSessionLookup(db);
  /** What `sessions.token` holds for a rightly signed session cookie: its token's SHA-256. */
  const tokenHash = (cookieHeader: string | undefined) => {
    const token = unsignCookieValue(readCookie(cookieHeader, SESSION_COOKIE), key);
    return token ? sessionTokenHash(token) : null;
  };
  /** A session past its end is refused; over by the wall clock, it is also deleted. */
  async function context(row: SessionRow | null): Promise<AuthContext | null> {
    if (!row) return null;
    const expiresAt = row.sessionExpiresAt.getTime();
    if (expiresAt < Date.now()) {
      await deleteSession(db, row.sessionId);
      return null;
    }
    if (expiresAt <= now().getTime()) return null;
    return {
      userId: row.userId,
      role: row.role === 'admin' ? 'admin' : 'customer',
      adminRole: row.role === 'admin' ? (row.adminRole ?? 'operator') : null,
      email: row.email,
      username: row.username,
      sessionId: row.sessionId,
      emailVerified: row.emailVerified,
      active: row.active,
      twoFactorEnabled: row.twoFactorEnabled,
      sessionCreatedAt: row.sessionCreatedAt,
      sessionExpiresAt: row.sessionExpiresAt,
    };
  }
  return {
    async resolve(cookieHeader) {
      const hash = tokenHash(cookieHeader);
      return hash ? context(await lookup(hash)) : null;
    },
  };
}

/** Fills `request.auth` for every request, and shares the session reader as `app.sessions`. */
export const authContextPlugin = fp<{ secret: string; now: () => Date }>(
  async (app, { secret, now }) => {
    const sessions = createSessionReader({ db: app.db, secret, now });
    app.decorate('sessions', sessions);
    app.decorateRequest('auth', null);
    app.addHook('onRequest', async (request) => {
      request.auth = await sessions.resolve(request.headers.cookie);
    });
  },
  { name: 'auth-context' },
);

/**
 * The request's session, for a handler behind one of the guards below (401 UNAUTHENTICATED
 * without one): who is calling, without asserting it.
 */
export function signedIn(request: Pick<FastifyRequest, 'auth'>): AuthContext {
  const auth = request.auth;
  if (!auth) throw new AppError('UNAUTHENTICATED', 401);
  return auth;
}

/** Signed in as a customer whose account is active: 401 UNAUTHENTICATED, 403 FORBIDDEN (admin), 403 ACCOUNT_INACTIVE. */
export async function requireCustomer(request: FastifyRequest, _reply: FastifyReply) {
  const auth = signedIn(request);
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
 * The admin role this module's routes need unless a route says otherwise in
 * `config.adminRole` (decision 024). Call it before the module registers its routes.
 */
export function defaultAdminRole(app: FastifyInstance, role: AdminRole): void {
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, adminRole: route.config?.adminRole ?? role };
  });
}

/**
 * Signed in as an admin: 401 UNAUTHENTICATED, 403 FORBIDDEN (customer). While two-factor is
 * mandatory and this admin has not enrolled, only the enrolment routes pass (403
 * TWO_FACTOR_REQUIRED elsewhere). Then the admin's role must reach the route's
 * `config.adminRole` (owner when the route names none): 403 ADMIN_ROLE_FORBIDDEN otherwise.
 */
export async function requireAdmin(request: FastifyRequest, _reply: FastifyReply) {
  const auth = signedIn(request);
  if (auth.role !== 'admin') throw new AppError('FORBIDDEN', 403);
  if (!auth.twoFactorEnabled) {
    const route = request.routeOptions.url ?? '';
    if (!route.startsWith(TWO_FACTOR_ENROLMENT_PREFIX) && (await isTwoFactorRequired(request))) {
      throw new AppError('TWO_FACTOR_REQUIRED', 403);
    }
  }
  const required = request.routeOptions.config.adminRole ?? 'owner';
  if (!adminRoleAllows(auth.adminRole ?? 'operator', required)) {
    throw new AppError('ADMIN_ROLE_FORBIDDEN', 403);
  }
}
