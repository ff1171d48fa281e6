import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import {
  accounts,
  hashPassword,
  isForeignKeyViolation,
  isUniqueViolation,
  sessions,
  twoFactors,
  users,
  verifications,
  verifyPassword,
} from '@permuta/db';
import type { Db, Tx } from '@permuta/db';
import type {
  CustomerProfile,
  Locale,
  SessionResponse,
  registrationSchema,
  signInSchema,
  adminSignInSchema,
} from '@permuta/contracts';
import { passwordIssue } from '@permuta/contracts/password-policy';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { writeAudit } from '../../lib/audit.ts';
import type { EmailTemplate } from '../../lib/emails.ts';
import {
  EMAIL_VERIFICATION_PREFIX,
  adminProfile,
  claimResetRequest,
  credentialHash,
  customerProfile,
  deleteUserSessions,
  claimGuessingAlert,
  createChallenge,
  failedSignIns,
  findUserByEmail,
  findUserById,
  lockUserById,
  latestEmailVerification,
  lastTotpStep,
  lockChallenge,
  lockResetCode,
  lockTwoFactor,
  recordTotpStep,
  replaceResetCode,
  resetCodeIdentifier,
  setCredentialPassword,
  signInHistory,
  takeResetCode,
  takenIdentity,
} from './auth.repository.ts';
import type { UserRow } from './auth.repository.ts';
import { currentLegalDocuments, recordConsents } from '../privacy/privacy.repository.ts';
import { deleteSessionByToken, insertSession } from './sessions.ts';
import type { AuthCookies, IssuedSession } from './sessions.ts';
import {
  CHALLENGE_MAX_CODES,
  TWO_FACTOR_LOCK_SECONDS,
  TWO_FACTOR_MAX_FAILURES,
  UnreadableSecretError,
  parseBackupCodes,
  spendBackupCode,
  totpStep,
} from './two-factor.ts';
import type { TwoFactorCipher } from './two-factor.ts';

/**
 * Sign-in throttling, per account AND address (never a whole account, never a whole address:
 * either would let anyone lock others out): failures are counted over this window; after
 * FREE_FAILURES from one address on one account, the next try from there waits 1 s, then 2 s,
 * 4 s... up to MAX_WAIT_SECONDS after the latest failure. The owner on another address is not
 * held back. The counts live in the audit log, in the shared database.
 */
export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
export const FREE_FAILURES = 5;
export const MAX_WAIT_SECONDS = 15 * 60;
/** Failures on one account (from anywhere) in the window that make its owner be e-mailed, once. */
export const GUESSING_ALERT_FAILURES = 10;
/** E-mail validation link lifetime and the resend countdown. */
export const EMAIL_LINK_HOURS = 24;
export const RESEND_SECONDS = 60;
/** Password-reset code: 6 digits, 15 min, 5 tries. */
export const RESET_CODE_SECONDS = 15 * 60;
export const RESET_CODE_ATTEMPTS = 5;

export interface AuthServiceDeps {
  db: Db;
  /** writes and reads the session and pending two-factor cookies */
  cookies: AuthCookies;
  /** decrypts the admins' two-factor secrets */
  twoFactorCipher: TwoFactorCipher;
  publicUrl: string;
  now: () => Date;
  sendEmail: (to: string, template: EmailTemplate, locale: Locale) => Promise<boolean>;
  /** enqueues an e-mail in a transaction (sent only if it commits) */
  enqueueEmail: (
    db: Db | Tx,
    to: string,
    template: EmailTemplate,
    locale: Locale,
  ) => Promise<string | null>;
  logError: (details: object, message: string) => void;
}

/** The caller as the routes see it. */
export interface Caller {
  /** the client IP Fastify resolved (trustProxy aware) */
  ip: string;
  /** the User-Agent header ('' when none) */
  userAgent: string;
  /** the Cookie header */
  cookie: string | undefined;
}

export interface WithCookies<T> {
  body: T;
  setCookies: string[];
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** A password-reset code as stored: `base64url(SHA-256(code))` (then `:<tries>` in the row). */
const resetCodeHash = (code: string) =>
  createHash('sha256').update(code, 'utf8').digest('base64url');

/** Whether `code` is the one stored as `<hash>:<tries>`, compared in constant time. */
function resetCodeMatches(value: string, code: string): boolean {
  const stored = Buffer.from(value.slice(0, value.lastIndexOf(':')), 'utf8');
  const given = Buffer.from(resetCodeHash(code), 'utf8');
  return stored.length === given.length && timingSafeEqual(stored, given);
}

/** The tries a stored reset code has spent. */
const resetCodeTries = (value: string) => Number(value.slice(value.lastIndexOf(':') + 1)) || 0;

export function localePath(locale: Locale, path: string): string {
  return locale === 'en-US' ? `/en-US${path}` : path;
}

/** Refuses a breached password, or one holding the username or e-mail, on `field`. */
function refuseUnsafePassword(
  field: string,
  password: string,
  person: { username?: string | null; email?: string | null },
) {
  const issue = passwordIssue(password, person);
  if (issue) throw new AppError('VALIDATION_ERROR', 400, {}, { [field]: issue });
}

export function createAuthService(deps: AuthServiceDeps) {
  const { db, cookies, now } = deps;
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

  const resetLinkOf = (user: UserRow) =>
    `${deps.publicUrl}${localePath(user.locale, '/forgot-password')}`;
  const securityLinkOf = (user: { locale: Locale }) =>
    `${deps.publicUrl}${localePath(user.locale, '/profile/security')}`;

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
    if (failures.fromIp < FREE_FAILURES || !failures.lastFromIp) return;
    const waitSeconds = Math.min(MAX_WAIT_SECONDS, 2 ** (failures.fromIp - FREE_FAILURES));
    const left = failures.lastFromIp.getTime() + waitSeconds * 1000 - now().getTime();
    if (left > 0) {
      throw new AppError('SIGN_IN_WAIT', 429, { seconds: Math.ceil(left / 1000) });
    }
  }

  /**
   * Records a failed sign-in; when the account of a known customer has been failed
   * GUESSING_ALERT_FAILURES times in the window, its owner is e-mailed (once per window).
   */
  async function recordFailure(account: string, ip: string, user: UserRow | null, reason: string) {
    const userId = user?.role === 'customer' ? user.id : null;
    await writeAudit(db, {
      actorType: userId ? 'customer' : 'system',
      actorId: userId,
      action: 'auth.sign_in_failed',
      entityType: 'account',
      entityId: account,
      ip,
      after: { reason },
    });
    // counted for unknown accounts too, so the answer takes the same time
    const since = new Date(now().getTime() - THROTTLE_WINDOW_MS);
    const { total } = await failedSignIns(db, { account, ip, since });
    if (!user || user.role !== 'customer' || total < GUESSING_ALERT_FAILURES) return;
    await db.transaction(async (tx) => {
      if (!(await claimGuessingAlert(tx, { userId: user.id, since, failures: total, ip }))) return;
      await deps.enqueueEmail(
        tx,
        user.email,
        {
          kind: 'sign-in-guessing',
          name: user.name,
          failures: total,
          resetLink: `${deps.publicUrl}${localePath(user.locale, '/forgot-password')}`,
        },
        user.locale,
      );
    });
  }

  /**
   * Inserts a new session with its `auth.sign_in` audit entry, in the caller's transaction: no
   * session exists without its entry.
   */
  async function openSession(
    tx: Tx,
    user: UserRow,
    caller: Caller,
    after?: Record<string, unknown>,
  ): Promise<IssuedSession> {
    const session = await insertSession(tx, {
      userId: user.id,
      ip: caller.ip,
      userAgent: caller.userAgent || null,
    });
    await writeAudit(tx, {
      actorType: user.role === 'admin' ? 'admin' : 'customer',
      actorId: user.id,
      action: 'auth.sign_in',
      entityType: 'session',
      entityId: session.id,
      ip: caller.ip,
      ...(after ? { after } : {}),
    });
    return session;
  }

  /** A customer's session, with the new-device e-mail when the device is new. */
  async function openCustomerSession(
    tx: Tx,
    user: UserRow,
    caller: Caller,
    after: Record<string, unknown> = {},
  ): Promise<IssuedSession> {
    const userAgent = caller.userAgent.slice(0, 200);
    // A device is an address and user agent seen at an earlier sign-in; the first sign-in of an
    // account (after registering) is not news.
    const seen = await signInHistory(tx, { userId: user.id, ip: caller.ip, userAgent });
    if (seen.any && !seen.fromDevice) {
      await deps.enqueueEmail(
        tx,
        user.email,
        {
          kind: 'new-sign-in',
          name: user.name,
          ip: caller.ip,
          device: userAgent || '?',
          resetLink: resetLinkOf(user),
        },
        user.locale,
      );
    }
    return openSession(tx, user, { ...caller, userAgent }, { userAgent, ...after });
  }

  /**
   * Second step of a sign-in: a TOTP code, or one of the recovery codes, for the pending sign-in
   * its cookie names, of an account of `role`. At most CHALLENGE_MAX_CODES codes per pending
   * sign-in; after TWO_FACTOR_MAX_FAILURES wrong codes in a row the account's two-factor is
   * locked for TWO_FACTOR_LOCK_SECONDS. A wrong code's bookkeeping is committed; a right one is
   * spent in one transaction with the session and its audit entry (and, for a customer, the
   * e-mail telling of a recovery code used).
   */
  async function twoFactorStep(
    code: string,
    caller: Caller,
    role: 'admin' | 'customer',
  ): Promise<WithCookies<SessionResponse & { recoveryCodesLeft?: number }>> {
    const isTotp = /^\d{6}$/.test(code);
    const refuse = async () => {
      await recordFailure(`${role}:two-factor`, caller.ip, null, 'two_factor');
      return new AppError('TWO_FACTOR_INVALID', 401);
    };
    const challengeId = cookies.challengeId(caller.cookie);
    if (!challengeId) throw await refuse();
    type Outcome =
      | { kind: 'invalid' }
      | { kind: 'locked'; until: Date }
      | { kind: 'unreadable' }
      | { kind: 'signed-in'; user: UserRow; session: IssuedSession; codesLeft: number | null };
    const outcome = await db.transaction(async (tx): Promise<Outcome> => {
      // Locked in this order (the pending sign-in, then the account's two-factor row): two
      // answers to one pending sign-in, or two sign-ins with one recovery code, take turns.
      const challenge = await lockChallenge(tx, challengeId);
      // two-factor locks and pending sign-ins go by the wall clock
      const wall = new Date();
      if (!challenge || challenge.expiresAt <= wall) return { kind: 'invalid' };
      // a pending sign-in answers only at its own role's step
      const user = await findUserById(tx, challenge.userId);
      if (!user || user.role !== role || !user.active) return { kind: 'invalid' };
      const factor = await lockTwoFactor(tx, challenge.userId);
      if (!factor) return { kind: 'invalid' };
      if (factor.lockedUntil && factor.lockedUntil > wall) {
        return { kind: 'locked', until: factor.lockedUntil };
      }
      let step: number | null = null;
      let backupCodes: string | null = null;
      let codesLeft: number | null = null;
      try {
        if (isTotp) {
          const secret = deps.twoFactorCipher.decrypt(factor.secret);
          const last = await lastTotpStep(tx, challenge.userId);
          step = await totpStep(secret, code, last ?? undefined);
        } else {
          const codes = parseBackupCodes(deps.twoFactorCipher.decrypt(factor.backupCodes));
          const left = spendBackupCode(codes, code);
          if (left) {
            backupCodes = deps.twoFactorCipher.encrypt(JSON.stringify(left));
            codesLeft = left.length;
          }
        }
      } catch (error) {
        if (error instanceof UnreadableSecretError) return { kind: 'unreadable' };
        throw error;
      }
      if (step === null && backupCodes === null) {
        const tries = challenge.tries + 1;
        if (tries >= CHALLENGE_MAX_CODES)
          await tx.delete(verifications).where(eq(verifications.id, challenge.id));
        else {
          await tx
            .update(verifications)
            .set({ value: `${challenge.userId}:${tries}`, updatedAt: wall })
            .where(eq(verifications.id, challenge.id));
        }
        const failures = factor.failedVerificationCount + 1;
        await tx
          .update(twoFactors)
          .set(
            failures >= TWO_FACTOR_MAX_FAILURES
              ? {
                  failedVerificationCount: 0,
                  lockedUntil: new Date(wall.getTime() + TWO_FACTOR_LOCK_SECONDS * 1000),
                }
              : { failedVerificationCount: failures },
          )
          .where(eq(twoFactors.id, factor.id));
        return { kind: 'invalid' };
      }
      await tx.delete(verifications).where(eq(verifications.id, challenge.id));
      await tx
        .update(twoFactors)
        .set({
          failedVerificationCount: 0,
          lockedUntil: null,
          ...(backupCodes === null ? {} : { backupCodes }),
        })
        .where(eq(twoFactors.id, factor.id));
      if (step !== null) await recordTotpStep(tx, user.id, step);
      const how = { twoFactor: isTotp ? 'totp' : 'backup_code' };
      if (role === 'admin') {
        const session = await openSession(
          tx,
          user,
          { ...caller, userAgent: caller.userAgent.slice(0, 200) },
          how,
        );
        return { kind: 'signed-in', user, session, codesLeft };
      }
      const session = await openCustomerSession(tx, user, caller, how);
      if (codesLeft !== null) {
        await deps.enqueueEmail(
          tx,
          user.email,
          {
            kind: 'two-factor-changed',
            name: user.name,
            change: 'recovery-code-used',
            left: codesLeft,
            ip: caller.ip,
            link: securityLinkOf(user),
          },
          user.locale,
        );
      }
      return { kind: 'signed-in', user, session, codesLeft };
    });
    if (outcome.kind === 'unreadable') throw new AppError('TWO_FACTOR_UNREADABLE', 409);
    if (outcome.kind === 'locked') {
      await recordFailure(`${role}:two-factor`, caller.ip, null, 'two_factor');
      const ms = outcome.until.getTime() - Date.now();
      throw new AppError('SIGN_IN_THROTTLED', 429, {
        minutes: Math.max(1, Math.ceil(ms / 60_000)),
      });
    }
    if (outcome.kind === 'invalid') throw await refuse();
    const body = await sessionResponse(outcome.user, outcome.session);
    return {
      body:
        role === 'customer' && outcome.codesLeft !== null
          ? { ...body, recoveryCodesLeft: outcome.codesLeft }
          : body,
      setCookies: [cookies.session(outcome.session.token), cookies.clearChallenge()],
    };
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

    /**
     * Creates the account and e-mails its validation link. An e-mail that already has an account
     * gets the same answer (the caller must not learn who is a customer): nothing is created and
     * the owner is e-mailed instead, in their language. A taken username is said on its field; a
     * taken CPF gets one generic refusal that names no field.
     */
    async register(
      input: z.output<typeof registrationSchema>,
      caller: Caller,
      pageLocale: Locale,
    ): Promise<void> {
      const locale = input.locale ?? pageLocale;
      refuseUnsafePassword('password', input.password, input);
      const passwordHash = await hashPassword(input.password);
      const id = crypto.randomUUID();
      let token = '';
      let owner: UserRow | null;
      const refuseTaken = (taken: Awaited<ReturnType<typeof takenIdentity>>) => {
        if (taken.username) {
          throw new AppError('DUPLICATE', 409, {}, { username: 'username.taken' });
        }
        if (taken.cpf) throw new AppError('REGISTRATION_NOT_POSSIBLE', 409);
      };
      const recordAttempt = (tx: Db | Tx, user: UserRow) =>
        writeAudit(tx, {
          actorType: 'system',
          actorId: null,
          action: 'auth.registration_attempt',
          entityType: 'user',
          entityId: user.id,
          ip: caller.ip,
        });
      try {
        owner = await db.transaction(async (tx) => {
          const taken = await takenIdentity(tx, input);
          refuseTaken(taken);
          if (taken.email) {
            await recordAttempt(tx, taken.email);
            return taken.email;
          }
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
          // The ticked box accepts the current terms and privacy policy: each version is recorded
          // with the time, address and browser (decision 063).
          const legal = await currentLegalDocuments(tx);
          await recordConsents(
            tx,
            id,
            legal.map((doc) => doc.id),
            caller,
          );
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
          return null;
        });
      } catch (error) {
        if (error instanceof AppError) throw error;
        if (!isUniqueViolation(error)) throw error;
        // Lost a race with a simultaneous registration: answer as if it had come first.
        const taken = await takenIdentity(db, input);
        refuseTaken(taken);
        if (!taken.email) throw error;
        owner = taken.email;
        await recordAttempt(db, owner);
      }
      if (owner) {
        if (owner.role === 'customer') {
          await deps.sendEmail(
            owner.email,
            {
              kind: 'registration-attempt',
              name: owner.name,
              signInLink: `${deps.publicUrl}${localePath(owner.locale, '/login')}`,
              resetLink: `${deps.publicUrl}${localePath(owner.locale, '/forgot-password')}`,
            },
            owner.locale,
          );
        }
        return;
      }
      const user = await findUserById(db, id);
      if (user) await sendVerificationEmail(user, token);
    },

    async signIn(
      input: z.output<typeof signInSchema>,
      caller: Caller,
    ): Promise<WithCookies<SessionResponse | { twoFactorRequired: true }>> {
      await throttle(input.email, caller.ip);
      const user = await findUserByEmail(db, input.email);
      const hash = user && user.role === 'customer' ? await credentialHash(db, user.id) : null;
      const ok = hash ? await verifyPassword({ hash, password: input.password }) : false;
      if (!hash) await burnPasswordCheck(input.password);
      if (!user || !ok) {
        await recordFailure(input.email, caller.ip, user, 'credentials');
        throw new AppError('INVALID_CREDENTIALS', 401);
      }
      if (!user.active) {
        await recordFailure(input.email, caller.ip, user, 'inactive');
        throw new AppError('ACCOUNT_INACTIVE', 403);
      }
      if (user.twoFactorEnabled) {
        // As for admins: no session yet, a pending sign-in waits for the code (decision 061).
        const challenge = await createChallenge(db, user.id);
        return { body: { twoFactorRequired: true }, setCookies: [cookies.challenge(challenge)] };
      }
      // The password was checked once, above; the session is ours to open.
      const session = await db.transaction((tx) => openCustomerSession(tx, user, caller));
      return {
        body: await sessionResponse(user, session),
        setCookies: [cookies.session(session.token)],
      };
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
      if (user.twoFactorEnabled) {
        // No session yet: a pending sign-in, kept server-side, waits for the code. The sign-in
        // is recorded at the second step, with the session that one opens.
        const challenge = await createChallenge(db, user.id);
        return { body: { twoFactorRequired: true }, setCookies: [cookies.challenge(challenge)] };
      }
      const session = await db.transaction((tx) =>
        openSession(tx, user, { ...caller, userAgent: caller.userAgent.slice(0, 200) }),
      );
      return {
        body: await sessionResponse(user, session),
        setCookies: [cookies.session(session.token)],
      };
    },

    /** Second step of an admin sign-in (see twoFactorStep). */
    adminTwoFactor(code: string, caller: Caller): Promise<WithCookies<SessionResponse>> {
      return twoFactorStep(code, caller, 'admin');
    },

    /** Second step of a customer sign-in (see twoFactorStep; decision 061). */
    customerTwoFactor(
      code: string,
      caller: Caller,
    ): Promise<WithCookies<SessionResponse & { recoveryCodesLeft?: number }>> {
      return twoFactorStep(code, caller, 'customer');
    },

    /**
     * Ends the caller's session: the one the request was signed in with (recorded), and whatever
     * session the cookie names even when the app no longer counts it (past its end by the app's
     * clock). Always answers the cookie that clears the session cookie.
     */
    async signOut(
      caller: Caller,
      actor: { userId: string; role: string; sessionId: string } | null,
    ): Promise<string[]> {
      const token = cookies.sessionToken(caller.cookie);
      if (actor || token) {
        await db.transaction(async (tx) => {
          if (actor) {
            await tx.delete(sessions).where(eq(sessions.id, actor.sessionId));
            await writeAudit(tx, {
              actorType: actor.role === 'admin' ? 'admin' : 'customer',
              actorId: actor.userId,
              action: 'auth.sign_out',
              entityType: 'session',
              entityId: actor.sessionId,
              ip: caller.ip,
            });
          }
          if (token) await deleteSessionByToken(tx, token);
        });
      }
      return [cookies.clearSession()];
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

    /**
     * A new validation link, at most once every RESEND_SECONDS. The countdown is read and the new
     * link written under the user's row lock, in one transaction (decision 050): two resends at
     * once, on one instance or two, send one e-mail; the other answers 429 RESEND_TOO_SOON as a
     * resend within the minute does.
     */
    async resendVerification(userId: string): Promise<{ retryAfterSeconds: number }> {
      const claimed = await db.transaction(async (tx) => {
        const user = await lockUserById(tx, userId);
        if (!user) throw new AppError('UNAUTHENTICATED', 401);
        if (user.emailVerified) throw new AppError('EMAIL_ALREADY_VERIFIED', 409);
        const last = await latestEmailVerification(tx, userId);
        if (last) {
          const wait = Math.ceil(
            (last.createdAt.getTime() + RESEND_SECONDS * 1000 - now().getTime()) / 1000,
          );
          if (wait > 0) return { wait, user, token: null };
        }
        return { wait: 0, user, token: await issueEmailToken(tx, userId) };
      });
      if (!claimed.token) throw new AppError('RESEND_TOO_SOON', 429, { seconds: claimed.wait });
      await sendVerificationEmail(claimed.user, claimed.token);
      return { retryAfterSeconds: RESEND_SECONDS };
    },

    /**
     * E-mails a reset code when the account exists. At most one request per e-mail every
     * RESEND_SECONDS, known or not (429 RESEND_TOO_SOON either way, so nothing is told about the
     * account): each request would otherwise send a new code with 5 fresh tries.
     */
    async forgotPassword(email: string): Promise<void> {
      const key = sha256(email.trim().toLowerCase());
      const code = String(randomInt(1_000_000)).padStart(6, '0');
      // One transaction, the same statements whether the account exists or not, so that the
      // answer's time tells nothing. A new code replaces the older one, with 5 fresh tries (the
      // request throttle bounds how often). Codes go by the wall clock.
      const { wait, user } = await db.transaction(async (tx) => {
        const left = await claimResetRequest(tx, key, now(), RESEND_SECONDS);
        if (left > 0) return { wait: left, user: null };
        const holder = await findUserByEmail(tx, email);
        const customer = holder?.role === 'customer' ? holder : null;
        await replaceResetCode(tx, resetCodeIdentifier(email), {
          value: `${resetCodeHash(code)}:0`,
          expiresAt: new Date(Date.now() + RESET_CODE_SECONDS * 1000),
          // written for an unknown e-mail too, then taken back: the same work either way
          keep: customer !== null,
        });
        return { wait: 0, user: customer };
      });
      if (wait > 0) throw new AppError('RESEND_TOO_SOON', 429, { seconds: wait });
      if (!user) return;
      // The e-mail goes out in the background, so that the answer takes about the same time
      // whether the account exists or not.
      void deps
        .sendEmail(
          user.email,
          { kind: 'reset-code', name: user.name, code, minutes: RESET_CODE_SECONDS / 60 },
          user.locale,
        )
        .catch((error: unknown) => deps.logError({ err: error }, 'reset code not sent'));
    },

    /**
     * The code is checked first, in its own transaction: a wrong one spends a try (committed),
     * the 6th try of a code finds it spent. Then, in one transaction, the code is spent, the new
     * password set, every session ended and the reset recorded.
     */
    async resetPassword(
      input: { email: string; code: string; password: string },
      caller: Caller,
    ): Promise<void> {
      const email = input.email.toLowerCase();
      const invalid = () => new AppError('RESET_CODE_INVALID', 400, {}, { code: 'code.invalid' });
      // checked before the code, so that a refused password spends none of its tries
      const holder = await findUserByEmail(db, email);
      refuseUnsafePassword('password', input.password, {
        email,
        username: holder?.username ?? null,
      });
      const checked = await db.transaction(async (tx) => {
        const stored = await lockResetCode(tx, resetCodeIdentifier(email));
        if (!stored) return 'invalid';
        const drop = () => tx.delete(verifications).where(eq(verifications.id, stored.id));
        if (stored.expiresAt.getTime() <= Date.now()) {
          await drop();
          return 'invalid';
        }
        const tries = resetCodeTries(stored.value);
        if (tries >= RESET_CODE_ATTEMPTS) {
          await drop();
          return 'attempts';
        }
        if (!resetCodeMatches(stored.value, input.code)) {
          const hash = stored.value.slice(0, stored.value.lastIndexOf(':'));
          await tx
            .update(verifications)
            .set({ value: `${hash}:${tries + 1}`, updatedAt: new Date() })
            .where(eq(verifications.id, stored.id));
          return 'invalid';
        }
        return 'ok';
      });
      if (checked === 'attempts') throw new AppError('RESET_CODE_ATTEMPTS', 400);
      if (checked !== 'ok') throw invalid();
      // argon2 is slow on purpose: hash before the transaction
      const passwordHash = await hashPassword(input.password);
      await db.transaction(async (tx) => {
        const user = await findUserByEmail(tx, email);
        // Spent with the change: a reset done meanwhile, or a newer code, makes this one fail
        // (thrown, so the code stays as it was).
        const stored = await takeResetCode(tx, resetCodeIdentifier(email));
        const live =
          stored &&
          stored.expiresAt.getTime() > Date.now() &&
          resetCodeTries(stored.value) < RESET_CODE_ATTEMPTS;
        if (!user || !live || !resetCodeMatches(stored.value, input.code)) throw invalid();
        if (!(await setCredentialPassword(tx, user.id, passwordHash, now()))) throw invalid();
        const sessionsRevoked = await deleteUserSessions(tx, user.id);
        // the code came by e-mail: the address is proven
        if (!user.emailVerified) {
          await tx
            .update(users)
            .set({ emailVerified: true, updatedAt: now() })
            .where(eq(users.id, user.id));
        }
        await writeAudit(tx, {
          actorType: 'customer',
          actorId: user.id,
          action: 'auth.password_reset',
          entityType: 'user',
          entityId: user.id,
          ip: caller.ip,
          after: { sessionsRevoked, emailVerified: true },
        });
        await deps.enqueueEmail(
          tx,
          user.email,
          { kind: 'password-changed', name: user.name, how: 'reset', resetLink: resetLinkOf(user) },
          user.locale,
        );
      });
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
      const holder = await findUserById(db, actor.userId);
      refuseUnsafePassword('newPassword', input.newPassword, {
        email: holder?.email ?? null,
        username: holder?.username ?? null,
      });
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
        if (holder) {
          await deps.enqueueEmail(
            tx,
            holder.email,
            {
              kind: 'password-changed',
              name: holder.name,
              how: 'changed',
              resetLink: resetLinkOf(holder),
            },
            holder.locale,
          );
        }
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
