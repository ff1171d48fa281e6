import { createHash, randomBytes } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import { APIError } from 'better-auth/api';
import {
  accounts,
  hashPassword,
  sessions,
  users,
  verifications,
  verifyPassword,
} from '@permuta/db';
import type { Db } from '@permuta/db';
import type {
  CustomerProfile,
  Locale,
  SessionResponse,
  registrationSchema,
  signInSchema,
  adminSignInSchema,
} from '@permuta/contracts';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { writeAudit } from '../../lib/audit.ts';
import type { EmailTemplate } from '../../lib/emails.ts';
import type { Auth } from './auth.instance.ts';
import {
  EMAIL_VERIFICATION_PREFIX,
  adminProfile,
  credentialHash,
  customerProfile,
  failedSignIns,
  findUserByEmail,
  findUserById,
  latestEmailVerification,
  latestSession,
  takenIdentity,
} from './auth.repository.ts';
import type { UserRow } from './auth.repository.ts';

/** Sign-in throttling: failures counted over this window, per account and per IP. */
export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_ACCOUNT = 10;
/** Higher than per account: several customers may share one address (offices, mobile NAT). */
export const MAX_FAILURES_PER_IP = 30;
/** E-mail validation link lifetime and the resend countdown. */
export const EMAIL_LINK_HOURS = 24;
export const RESEND_SECONDS = 60;

export interface AuthServiceDeps {
  db: Db;
  auth: Auth;
  publicUrl: string;
  now: () => Date;
  sendEmail: (to: string, template: EmailTemplate, locale: Locale) => Promise<boolean>;
}

/** The caller as the routes see it: its IP and the headers better-auth needs. */
export interface Caller {
  ip: string;
  headers: Headers;
}

export interface WithCookies<T> {
  body: T;
  setCookies: string[];
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export function localePath(locale: Locale, path: string): string {
  return locale === 'en-US' ? `/en-US${path}` : path;
}

function betterAuthCode(error: unknown): string | null {
  if (error instanceof APIError) {
    const body = error.body as { code?: unknown } | undefined;
    return typeof body?.code === 'string' ? body.code : String(error.status);
  }
  return null;
}

export function createAuthService(deps: AuthServiceDeps) {
  const { db, auth, now } = deps;
  // Same work for an unknown account as for a known one, so timing does not tell them apart.
  let dummyHash: Promise<string> | undefined;
  const burnPasswordCheck = async (password: string) => {
    dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
    await verifyPassword({ hash: await dummyHash, password });
  };

  async function issueEmailToken(
    tx: Db | Parameters<Parameters<Db['transaction']>[0]>[0],
    userId: string,
  ) {
    const token = randomBytes(32).toString('base64url');
    // A new link replaces the older ones: only the latest works.
    await tx
      .delete(verifications)
      .where(eq(verifications.identifier, `${EMAIL_VERIFICATION_PREFIX}${userId}`));
    await tx.insert(verifications).values({
      identifier: `${EMAIL_VERIFICATION_PREFIX}${userId}`,
      value: sha256(token),
      expiresAt: new Date(now().getTime() + EMAIL_LINK_HOURS * 3600_000),
      createdAt: now(),
      updatedAt: now(),
    });
    return token;
  }

  async function sendVerificationEmail(user: UserRow, token: string) {
    const link = `${deps.publicUrl}${localePath(user.locale, '/validate-email')}?token=${token}`;
    await deps.sendEmail(
      user.email,
      { kind: 'verify-email', name: user.name, link, hours: EMAIL_LINK_HOURS },
      user.locale,
    );
  }

  async function throttle(account: string, ip: string) {
    const since = new Date(now().getTime() - THROTTLE_WINDOW_MS);
    const failures = await failedSignIns(db, { account, ip, since });
    const oldest =
      failures.account >= MAX_FAILURES_PER_ACCOUNT
        ? failures.oldestAccount
        : failures.ip >= MAX_FAILURES_PER_IP
          ? failures.oldestIp
          : null;
    if (oldest) {
      const ms = oldest.getTime() + THROTTLE_WINDOW_MS - now().getTime();
      throw new AppError('SIGN_IN_THROTTLED', 429, {
        minutes: Math.max(1, Math.ceil(ms / 60_000)),
      });
    }
  }

  async function recordFailure(account: string, ip: string, userId: string | null, reason: string) {
    await writeAudit(db, {
      actorType: userId ? 'customer' : 'system',
      actorId: userId,
      action: 'auth.sign_in_failed',
      entityType: 'account',
      entityId: account,
      ip,
      after: { reason },
    });
  }

  async function sessionResponse(
    user: UserRow,
    session: { createdAt: Date; expiresAt: Date },
  ): Promise<SessionResponse> {
    return {
      session: {
        role: user.role === 'admin' ? 'admin' : 'customer',
        email: user.role === 'admin' ? (user.displayUsername ?? user.username) : user.email,
        createdAt: session.createdAt.toISOString(),
        expiresAt: session.expiresAt.toISOString(),
      },
      user: user.role === 'admin' ? adminProfile(user) : await customerProfile(db, user),
    };
  }

  return {
    sessionResponse,

    async register(
      input: z.output<typeof registrationSchema>,
      caller: Caller,
      pageLocale: Locale,
    ): Promise<void> {
      const locale = input.locale ?? pageLocale;
      const passwordHash = await hashPassword(input.password);
      const id = crypto.randomUUID();
      let token = '';
      try {
        await db.transaction(async (tx) => {
          const taken = await takenIdentity(tx, input);
          if (Object.keys(taken).length > 0) throw new AppError('DUPLICATE', 409, {}, taken);
          await tx.insert(users).values({
            id,
            role: 'customer',
            username: input.username,
            displayUsername: input.username,
            name: input.name,
            email: input.email,
            phone: input.phone,
            cpf: input.cpf,
            birthDate: input.birthDate,
            locale,
            termsAcceptedAt: now(),
          });
          await tx.insert(accounts).values({
            accountId: id,
            providerId: 'credential',
            userId: id,
            password: passwordHash,
          });
          token = await issueEmailToken(tx, id);
          await writeAudit(tx, {
            actorType: 'customer',
            actorId: id,
            action: 'auth.registered',
            entityType: 'user',
            entityId: id,
            ip: caller.ip,
            after: {
              username: input.username,
              name: input.name,
              email: input.email,
              phone: input.phone,
              locale,
            },
          });
        });
      } catch (error) {
        if (error instanceof AppError) throw error;
        if (isUniqueViolation(error)) {
          // Lost a race with a simultaneous registration: report which field.
          const taken = await takenIdentity(db, input);
          throw new AppError('DUPLICATE', 409, {}, taken);
        }
        throw error;
      }
      const user = await findUserById(db, id);
      if (user) await sendVerificationEmail(user, token);
    },

    async signIn(
      input: z.output<typeof signInSchema>,
      caller: Caller,
    ): Promise<WithCookies<SessionResponse>> {
      await throttle(input.email, caller.ip);
      const user = await findUserByEmail(db, input.email);
      const hash = user && user.role === 'customer' ? await credentialHash(db, user.id) : null;
      const ok = hash ? await verifyPassword({ hash, password: input.password }) : false;
      if (!hash) await burnPasswordCheck(input.password);
      if (!user || !ok) {
        await recordFailure(
          input.email,
          caller.ip,
          user?.role === 'customer' ? user.id : null,
          'credentials',
        );
        throw new AppError('INVALID_CREDENTIALS', 401);
      }
      if (!user.active) {
        await recordFailure(input.email, caller.ip, user.id, 'inactive');
        throw new AppError('ACCOUNT_INACTIVE', 403);
      }
      const { headers } = await auth.api.signInEmail({
        body: { email: user.email, password: input.password, rememberMe: true },
        headers: caller.headers,
        returnHeaders: true,
      });
      const session = await latestSession(db, user.id);
      if (!session) throw new Error('sign-in created no session');
      await writeAudit(db, {
        actorType: 'customer',
        actorId: user.id,
        action: 'auth.sign_in',
        entityType: 'session',
        entityId: session.id,
        ip: caller.ip,
      });
      return { body: await sessionResponse(user, session), setCookies: headers.getSetCookie() };
    },

    async adminSignIn(
      input: z.output<typeof adminSignInSchema>,
      caller: Caller,
    ): Promise<WithCookies<SessionResponse | { twoFactorRequired: true }>> {
      const account = `admin:${input.username}`;
      await throttle(account, caller.ip);
      const [user] = await db
        .select()
        .from(users)
        .where(eq(users.username, input.username))
        .limit(1);
      const hash = user && user.role === 'admin' ? await credentialHash(db, user.id) : null;
      const ok = hash ? await verifyPassword({ hash, password: input.password }) : false;
      if (!hash) await burnPasswordCheck(input.password);
      if (!user || !ok || !user.active) {
        await recordFailure(account, caller.ip, null, 'credentials');
        throw new AppError('INVALID_ADMIN_CREDENTIALS', 401);
      }
      const { headers, response } = await auth.api.signInUsername({
        body: { username: input.username, password: input.password, rememberMe: true },
        headers: caller.headers,
        returnHeaders: true,
      });
      const setCookies = headers.getSetCookie();
      if (response && 'twoFactorRedirect' in response && response.twoFactorRedirect) {
        return { body: { twoFactorRequired: true }, setCookies };
      }
      const session = await latestSession(db, user.id);
      if (!session) throw new Error('sign-in created no session');
      await writeAudit(db, {
        actorType: 'admin',
        actorId: user.id,
        action: 'auth.sign_in',
        entityType: 'session',
        entityId: session.id,
        ip: caller.ip,
      });
      return { body: await sessionResponse(user, session), setCookies };
    },

    /** Second step of an admin sign-in: a TOTP code, or one of the recovery codes. */
    async adminTwoFactor(code: string, caller: Caller): Promise<WithCookies<SessionResponse>> {
      const isTotp = /^\d{6}$/.test(code);
      let result;
      try {
        result = isTotp
          ? await auth.api.verifyTOTP({
              body: { code },
              headers: caller.headers,
              returnHeaders: true,
            })
          : await auth.api.verifyBackupCode({
              body: { code },
              headers: caller.headers,
              returnHeaders: true,
            });
      } catch (error) {
        if (betterAuthCode(error)) {
          await recordFailure('admin:two-factor', caller.ip, null, 'two_factor');
          throw new AppError('TWO_FACTOR_INVALID', 401);
        }
        throw error;
      }
      const userId = (result.response as { user?: { id?: string } }).user?.id;
      const user = userId ? await findUserById(db, userId) : null;
      const session = user ? await latestSession(db, user.id) : null;
      if (!user || !session) throw new AppError('TWO_FACTOR_INVALID', 401);
      await writeAudit(db, {
        actorType: 'admin',
        actorId: user.id,
        action: 'auth.sign_in',
        entityType: 'session',
        entityId: session.id,
        ip: caller.ip,
        after: { twoFactor: isTotp ? 'totp' : 'backup_code' },
      });
      return {
        body: await sessionResponse(user, session),
        setCookies: result.headers.getSetCookie(),
      };
    },

    async signOut(
      caller: Caller,
      actor: { userId: string; role: string; sessionId: string } | null,
    ) {
      let setCookies: string[] = [];
      try {
        const { headers } = await auth.api.signOut({
          headers: caller.headers,
          returnHeaders: true,
        });
        setCookies = headers.getSetCookie();
      } catch {
        // no session: nothing to revoke
      }
      if (actor) {
        await db.delete(sessions).where(eq(sessions.id, actor.sessionId));
        await writeAudit(db, {
          actorType: actor.role === 'admin' ? 'admin' : 'customer',
          actorId: actor.userId,
          action: 'auth.sign_out',
          entityType: 'session',
          entityId: actor.sessionId,
          ip: caller.ip,
        });
      }
      return setCookies;
    },

    async verifyEmail(token: string, caller: Caller): Promise<void> {
      const hashed = sha256(token);
      const verified = await db.transaction(async (tx) => {
        const [row] = await tx
          .delete(verifications)
          .where(eq(verifications.value, hashed))
          .returning();
        if (!row || !row.identifier.startsWith(EMAIL_VERIFICATION_PREFIX)) return null;
        if (row.expiresAt.getTime() <= now().getTime()) return null;
        const userId = row.identifier.slice(EMAIL_VERIFICATION_PREFIX.length);
        const [user] = await tx
          .update(users)
          .set({ emailVerified: true, updatedAt: now() })
          .where(eq(users.id, userId))
          .returning({ id: users.id });
        if (!user) return null;
        await writeAudit(tx, {
          actorType: 'customer',
          actorId: userId,
          action: 'auth.email_verified',
          entityType: 'user',
          entityId: userId,
          ip: caller.ip,
          before: { emailVerified: false },
          after: { emailVerified: true },
        });
        return userId;
      });
      if (!verified) throw new AppError('VERIFICATION_LINK_INVALID', 400);
    },

    async resendVerification(userId: string): Promise<{ retryAfterSeconds: number }> {
      const user = await findUserById(db, userId);
      if (!user) throw new AppError('UNAUTHENTICATED', 401);
      if (user.emailVerified) throw new AppError('EMAIL_ALREADY_VERIFIED', 409);
      const last = await latestEmailVerification(db, userId);
      if (last) {
        const wait = Math.ceil(
          (last.createdAt.getTime() + RESEND_SECONDS * 1000 - now().getTime()) / 1000,
        );
        if (wait > 0) throw new AppError('RESEND_TOO_SOON', 429, { seconds: wait });
      }
      const token = await db.transaction((tx) => issueEmailToken(tx, userId));
      await sendVerificationEmail(user, token);
      return { retryAfterSeconds: RESEND_SECONDS };
    },

    async forgotPassword(email: string, caller: Caller): Promise<void> {
      try {
        await auth.api.requestPasswordResetEmailOTP({ body: { email }, headers: caller.headers });
      } catch (error) {
        // Never tell the caller anything about the account; log what went wrong.
        if (!betterAuthCode(error)) throw error;
      }
    },

    async resetPassword(
      input: { email: string; code: string; password: string },
      caller: Caller,
    ): Promise<void> {
      const user = await findUserByEmail(db, input.email);
      try {
        await auth.api.resetPasswordEmailOTP({
          body: { email: input.email, otp: input.code, password: input.password },
          headers: caller.headers,
        });
      } catch (error) {
        const code = betterAuthCode(error);
        if (code === 'TOO_MANY_ATTEMPTS') throw new AppError('RESET_CODE_ATTEMPTS', 400);
        if (code) throw new AppError('RESET_CODE_INVALID', 400, {}, { code: 'code.invalid' });
        throw error;
      }
      if (user) {
        // better-auth revoked every session while changing the hash; make sure, and record it.
        await db.transaction(async (tx) => {
          await tx.delete(sessions).where(eq(sessions.userId, user.id));
          await writeAudit(tx, {
            actorType: 'customer',
            actorId: user.id,
            action: 'auth.password_reset',
            entityType: 'user',
            entityId: user.id,
            ip: caller.ip,
          });
        });
      }
    },

    async changePassword(
      actor: { userId: string; sessionId: string },
      input: { currentPassword: string; newPassword: string },
      caller: Caller,
    ): Promise<void> {
      const hash = await credentialHash(db, actor.userId);
      if (!hash || !(await verifyPassword({ hash, password: input.currentPassword }))) {
        throw new AppError('VALIDATION_ERROR', 400, {}, { currentPassword: 'password.wrong' });
      }
      const newHash = await hashPassword(input.newPassword);
      await db.transaction(async (tx) => {
        await tx
          .update(accounts)
          .set({ password: newHash, updatedAt: now() })
          .where(and(eq(accounts.userId, actor.userId), eq(accounts.providerId, 'credential')));
        // Every other session ends; this one stays.
        await tx
          .delete(sessions)
          .where(and(eq(sessions.userId, actor.userId), ne(sessions.id, actor.sessionId)));
        await writeAudit(tx, {
          actorType: 'customer',
          actorId: actor.userId,
          action: 'auth.password_changed',
          entityType: 'user',
          entityId: actor.userId,
          ip: caller.ip,
        });
      });
    },

    async updateContact(
      userId: string,
      input: { name: string; phone: string },
      caller: Caller,
    ): Promise<CustomerProfile> {
      const updated = await db.transaction(async (tx) => {
        const before = await findUserById(tx, userId);
        if (!before) throw new AppError('UNAUTHENTICATED', 401);
        const [after] = await tx
          .update(users)
          .set({ name: input.name, phone: input.phone, updatedAt: now() })
          .where(eq(users.id, userId))
          .returning();
        await writeAudit(tx, {
          actorType: 'customer',
          actorId: userId,
          action: 'profile.contact_updated',
          entityType: 'user',
          entityId: userId,
          ip: caller.ip,
          before: { name: before.name, phone: before.phone },
          after: { name: input.name, phone: input.phone },
        });
        return after!;
      });
      return customerProfile(db, updated);
    },

    async updateDefaultTokens(
      userId: string,
      input: { defaultSendToken: string | null; defaultReceiveToken: string | null },
    ): Promise<CustomerProfile> {
      try {
        const [after] = await db
          .update(users)
          .set({ ...input, updatedAt: now() })
          .where(eq(users.id, userId))
          .returning();
        if (!after) throw new AppError('UNAUTHENTICATED', 401);
        return customerProfile(db, after);
      } catch (error) {
        if (isForeignKeyViolation(error))
          throw new AppError('TOKEN_NOT_FOUND', 400, {
            token: String(input.defaultSendToken ?? input.defaultReceiveToken),
          });
        throw error;
      }
    },

    async me(userId: string, session: { createdAt: Date; expiresAt: Date }) {
      const user = await findUserById(db, userId);
      if (!user) throw new AppError('UNAUTHENTICATED', 401);
      return sessionResponse(user, session);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

function hasCode(error: unknown, code: string): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === code) return true;
  }
  return false;
}
const isUniqueViolation = (error: unknown) => hasCode(error, '23505');
const isForeignKeyViolation = (error: unknown) => hasCode(error, '23503');
