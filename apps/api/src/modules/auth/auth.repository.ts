import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, or, sql } from 'drizzle-orm';
import {
  accounts,
  auditLog,
  documentsVerified,
  sessions,
  twoFactors,
  users,
  verifications,
} from '@permuta/db';
import type { Db, Tx } from '@permuta/db';
import type { AdminProfile, CustomerProfile } from '@permuta/contracts';
import { TWO_FACTOR_CHALLENGE_SECONDS } from './sessions.ts';

export type UserRow = typeof users.$inferSelect;

export async function findUserById(db: Db | Tx, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

/**
 * The user's row, locked until the transaction ends: what a user does once at a time (e.g. the
 * e-mail validation resend, decision 050) takes turns on it across instances.
 */
export async function lockUserById(tx: Tx, id: string): Promise<UserRow | null> {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update');
  return row ?? null;
}

export async function findUserByEmail(db: Db | Tx, email: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row ?? null;
}

/**
 * Which of e-mail, username and CPF other accounts already hold, and the holder of the e-mail
 * (whose owner is told of the attempt rather than the caller).
 */
export async function takenIdentity(
  db: Db | Tx,
  input: { email: string; username: string; cpf: string },
): Promise<{ email: UserRow | null; username: boolean; cpf: boolean }> {
  const email = input.email.toLowerCase();
  const username = input.username.toLowerCase();
  const rows = await db
    .select()
    .from(users)
    .where(
      or(
        sql`lower(${users.email}) = ${email}`,
        sql`lower(${users.username}) = ${username}`,
        eq(users.cpf, input.cpf),
      ),
    );
  return {
    email: rows.find((row) => row.email.toLowerCase() === email) ?? null,
    username: rows.some((row) => row.username.toLowerCase() === username),
    cpf: rows.some((row) => row.cpf === input.cpf),
  };
}

export async function credentialHash(db: Db | Tx, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ password: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')))
    .limit(1);
  return row?.password ?? null;
}

export async function customerProfile(db: Db | Tx, user: UserRow): Promise<CustomerProfile> {
  return {
    id: user.id,
    role: 'customer',
    username: user.displayUsername ?? user.username,
    name: user.name,
    email: user.email,
    phone: user.phone ?? '',
    // an anonymised customer's CPF is kept for the retained records (decision 063)
    cpf: user.cpf ?? user.retainedCpf ?? '',
    birthDate: user.birthDate ?? '',
    locale: user.locale,
    emailVerified: user.emailVerified,
    active: user.active,
    nationalIdVerified: user.nationalIdVerified,
    documentsVerified: await documentsVerified(db, user.id),
    defaultSendToken: user.defaultSendToken,
    defaultReceiveToken: user.defaultReceiveToken,
    createdAt: user.createdAt.toISOString(),
    anonymizedAt: user.anonymizedAt?.toISOString() ?? null,
  };
}

export function adminProfile(user: UserRow): AdminProfile {
  return {
    id: user.id,
    role: 'admin',
    adminRole: user.adminRole ?? 'operator',
    username: user.displayUsername ?? user.username,
    name: user.name,
    twoFactorEnabled: user.twoFactorEnabled,
    createdAt: user.createdAt.toISOString(),
  };
}

/** What a request needs of its session and user: one row, looked up by the cookie's token. */
export interface SessionRow {
  sessionId: string;
  sessionCreatedAt: Date;
  sessionExpiresAt: Date;
  userId: string;
  role: UserRow['role'];
  adminRole: UserRow['adminRole'];
  email: string;
  username: string;
  emailVerified: boolean;
  active: boolean;
  twoFactorEnabled: boolean;
}

/** The columns of a SessionRow, from `sessions` joined with `users` (for statements that read more). */
const sessionColumns = {
  sessionId: sessions.id,
  sessionCreatedAt: sessions.createdAt,
  sessionExpiresAt: sessions.expiresAt,
  userId: users.id,
  role: users.role,
  adminRole: users.adminRole,
  email: users.email,
  username: users.username,
  emailVerified: users.emailVerified,
  active: users.active,
  twoFactorEnabled: users.twoFactorEnabled,
};

/**
 * The session with its user, by what `sessions.token` holds (the SHA-256 of the cookie's token),
 * in one statement on the column's unique index, prepared once per
 * database (named on PostgreSQL: parsed and planned once per connection). Expiry is the caller's
 * to check.
 */
export function prepareSessionLookup(db: Db): (token: string) => Promise<SessionRow | null> {
  const statement = db
    .select(sessionColumns)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.token, sql.placeholder('token')))
    .limit(1)
    .prepare('auth_session_by_token');
  return async (token) => (await statement.execute({ token }))[0] ?? null;
}

export async function deleteSession(db: Db | Tx, id: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, id));
}

export async function sessionById(db: Db | Tx, id: string) {
  const [row] = await db
    .select({ id: sessions.id, createdAt: sessions.createdAt, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(eq(sessions.id, id))
    .limit(1);
  return row ?? null;
}

/**
 * Failed sign-ins since `since` on one account (by e-mail, or `admin:<username>`): from one
 * address (how many, and the latest) and from everywhere (how many).
 */
export async function failedSignIns(
  db: Db | Tx,
  input: { account: string; ip: string; since: Date },
): Promise<{ fromIp: number; lastFromIp: Date | null; total: number }> {
  const rows = await db
    .select({
      fromIp: sql<number>`count(*) filter (where ${auditLog.ip} = ${input.ip})::int`,
      lastFromIp: sql<
        string | null
      >`max(${auditLog.createdAt}) filter (where ${auditLog.ip} = ${input.ip})`,
      total: sql<number>`count(*)::int`,
    })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, 'auth.sign_in_failed'),
        eq(auditLog.entityId, input.account),
        gt(auditLog.createdAt, input.since),
      ),
    );
  const row = rows[0];
  return {
    fromIp: Number(row?.fromIp ?? 0),
    lastFromIp: row?.lastFromIp ? new Date(row.lastFromIp) : null,
    total: Number(row?.total ?? 0),
  };
}

/**
 * Claims the once-per-window warning to a user whose account is being guessed: true (and the
 * claim recorded) when none was sent since `since`. Serialised per user.
 */
export async function claimGuessingAlert(
  tx: Tx,
  input: { userId: string; since: Date; failures: number; ip: string },
): Promise<boolean> {
  await tx.execute(
    sql`SELECT pg_advisory_xact_lock(hashtext(${`guessing-alert:${input.userId}`}))`,
  );
  const [sent] = await tx
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, 'auth.guessing_alert'),
        eq(auditLog.entityId, input.userId),
        gt(auditLog.createdAt, input.since),
      ),
    )
    .limit(1);
  if (sent) return false;
  await tx.insert(auditLog).values({
    actorType: 'system',
    actorId: null,
    action: 'auth.guessing_alert',
    entityType: 'user',
    entityId: input.userId,
    ip: input.ip,
    after: { failures: input.failures },
  });
  return true;
}

/**
 * Whether a user has signed in before at all, and from this device (the same address and user
 * agent), by the `auth.sign_in` entries of the audit log.
 */
export async function signInHistory(
  db: Db | Tx,
  input: { userId: string; ip: string; userAgent: string },
): Promise<{ any: boolean; fromDevice: boolean }> {
  const [row] = await db
    .select({
      any: sql<number>`count(*)::int`,
      fromDevice: sql<number>`count(*) filter (where ${auditLog.ip} = ${input.ip} and coalesce(${auditLog.after}->>'userAgent', '') = ${input.userAgent})::int`,
    })
    .from(auditLog)
    .where(and(eq(auditLog.action, 'auth.sign_in'), eq(auditLog.actorId, input.userId)));
  return { any: Number(row?.any ?? 0) > 0, fromDevice: Number(row?.fromDevice ?? 0) > 0 };
}

export const EMAIL_VERIFICATION_PREFIX = 'email-verification:';

/** The newest e-mail validation token of a user (for the resend countdown). */
export async function latestEmailVerification(db: Db | Tx, userId: string) {
  const [row] = await db
    .select({ createdAt: verifications.createdAt })
    .from(verifications)
    .where(eq(verifications.identifier, `${EMAIL_VERIFICATION_PREFIX}${userId}`))
    .orderBy(desc(verifications.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * Sessions written before tokens were stored hashed hold the raw token (32 letters and digits):
 * store its SHA-256 (hex) instead, as sessionTokenHash does, so the cookie keeps working and the
 * database holds no token. A hash (64 hex digits) is left alone, so running it again changes
 * nothing. Returns how many rows changed.
 */
export async function hashLegacySessionTokens(db: Db): Promise<number> {
  const changed = await db
    .update(sessions)
    .set({ token: sql`encode(sha256(convert_to(${sessions.token}, 'UTF8')), 'hex')` })
    .where(sql`${sessions.token} !~ '^[0-9a-f]{64}$'`)
    .returning({ id: sessions.id });
  return changed.length;
}

/** Marks the password-reset requests of one e-mail (its `identifier` holds the e-mail's hash). */
export const RESET_REQUEST_PREFIX = 'password-reset-request:';

/**
 * Claims the right to send a reset code for `key` (an e-mail's hash), at most once per `seconds`:
 * 0 when claimed (the mark is renewed), otherwise the seconds left. Serialised per key, so two
 * requests at once cannot both pass.
 */
export async function claimResetRequest(
  tx: Tx,
  key: string,
  now: Date,
  seconds: number,
): Promise<number> {
  const identifier = `${RESET_REQUEST_PREFIX}${key}`;
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${identifier}))`);
  const [last] = await tx
    .select({ expiresAt: verifications.expiresAt })
    .from(verifications)
    .where(eq(verifications.identifier, identifier))
    .orderBy(desc(verifications.expiresAt))
    .limit(1);
  const left = last ? Math.ceil((last.expiresAt.getTime() - now.getTime()) / 1000) : 0;
  if (left > 0) return left;
  await tx.delete(verifications).where(eq(verifications.identifier, identifier));
  await tx.insert(verifications).values({
    identifier,
    value: '',
    expiresAt: new Date(now.getTime() + seconds * 1000),
    createdAt: now,
    updatedAt: now,
  });
  return 0;
}

/**
 * The row of the password-reset code of an e-mail. Its format (kept from the accounts' first
 * version, so that codes already e-mailed keep working): identifier `forget-password-otp-<email>`,
 * value `base64url(SHA-256(code)):<tries spent>`.
 */
export const resetCodeIdentifier = (email: string) => `forget-password-otp-${email.toLowerCase()}`;

/**
 * Replaces the reset code of an identifier (one code per e-mail). With `keep: false` the new row
 * is deleted again in the same transaction: nothing is stored, after the same statements.
 */
export async function replaceResetCode(
  tx: Tx,
  identifier: string,
  code: { value: string; expiresAt: Date; keep: boolean },
): Promise<void> {
  await tx.delete(verifications).where(eq(verifications.identifier, identifier));
  const [row] = await tx
    .insert(verifications)
    .values({ identifier, value: code.value, expiresAt: code.expiresAt })
    .returning({ id: verifications.id });
  if (!code.keep && row) await tx.delete(verifications).where(eq(verifications.id, row.id));
}

/** The newest reset code of an identifier, locked until the transaction ends; null when none. */
export async function lockResetCode(
  tx: Tx,
  identifier: string,
): Promise<{ id: string; value: string; expiresAt: Date } | null> {
  const [row] = await tx
    .select({
      id: verifications.id,
      value: verifications.value,
      expiresAt: verifications.expiresAt,
    })
    .from(verifications)
    .where(eq(verifications.identifier, identifier))
    .orderBy(desc(verifications.expiresAt))
    .limit(1)
    .for('update');
  return row ?? null;
}

/**
 * Deletes the password-reset code of an identifier and answers what it held (`<hash>:<tries>`),
 * or null when there is none.
 */
export async function takeResetCode(
  tx: Tx,
  identifier: string,
): Promise<{ value: string; expiresAt: Date } | null> {
  const rows = await tx
    .delete(verifications)
    .where(eq(verifications.identifier, identifier))
    .returning({ value: verifications.value, expiresAt: verifications.expiresAt });
  // one code per e-mail; should there be more, the newest counts
  return rows.sort((a, b) => b.expiresAt.getTime() - a.expiresAt.getTime())[0] ?? null;
}

/** Sets the credential password of a user; false when it has none. */
export async function setCredentialPassword(
  tx: Tx,
  userId: string,
  hash: string,
  now: Date,
): Promise<boolean> {
  const rows = await tx
    .update(accounts)
    .set({ password: hash, updatedAt: now })
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')))
    .returning({ id: accounts.id });
  return rows.length > 0;
}

/** Ends every session of a user; answers how many there were. */
export async function deleteUserSessions(tx: Tx, userId: string): Promise<number> {
  const rows = await tx
    .delete(sessions)
    .where(eq(sessions.userId, userId))
    .returning({ id: sessions.id });
  return rows.length;
}

/** Pending two-factor sign-ins: `two-factor-challenge:<random id>`, value `<user id>:<codes tried>`. */
const CHALLENGE_PREFIX = 'two-factor-challenge:';

/** Opens a pending two-factor sign-in of `userId` (wall clock); answers its id, for the cookie. */
export async function createChallenge(db: Db | Tx, userId: string): Promise<string> {
  const id = randomBytes(32).toString('base64url');
  const now = Date.now();
  await db.insert(verifications).values({
    identifier: `${CHALLENGE_PREFIX}${id}`,
    value: `${userId}:0`,
    expiresAt: new Date(now + TWO_FACTOR_CHALLENGE_SECONDS * 1000),
  });
  return id;
}

/** A pending two-factor sign-in, locked until the transaction ends; null when unknown. */
export async function lockChallenge(
  tx: Tx,
  id: string,
): Promise<{ id: string; userId: string; tries: number; expiresAt: Date } | null> {
  const [row] = await tx
    .select({
      id: verifications.id,
      value: verifications.value,
      expiresAt: verifications.expiresAt,
    })
    .from(verifications)
    .where(eq(verifications.identifier, `${CHALLENGE_PREFIX}${id}`))
    .limit(1)
    .for('update');
  if (!row) return null;
  const colon = row.value.lastIndexOf(':');
  return {
    id: row.id,
    userId: row.value.slice(0, colon),
    tries: Number(row.value.slice(colon + 1)) || 0,
    expiresAt: row.expiresAt,
  };
}

export type TwoFactorRow = typeof twoFactors.$inferSelect;

/** The admin's confirmed two-factor, locked until the transaction ends. */
export async function lockTwoFactor(tx: Tx, userId: string): Promise<TwoFactorRow | null> {
  const [row] = await tx
    .select()
    .from(twoFactors)
    .where(and(eq(twoFactors.userId, userId), eq(twoFactors.verified, true)))
    .limit(1)
    .for('update');
  return row ?? null;
}

/** The admin's two-factor row, confirmed or not (enrolment), locked until the transaction ends. */
export async function lockAnyTwoFactor(tx: Tx, userId: string): Promise<TwoFactorRow | null> {
  const [row] = await tx
    .select()
    .from(twoFactors)
    .where(eq(twoFactors.userId, userId))
    .limit(1)
    .for('update');
  return row ?? null;
}

/** The time step of the last TOTP code a sign-in accepted (`two-factor-step:<user id>`). */
const STEP_PREFIX = 'two-factor-step:';

export async function lastTotpStep(tx: Tx, userId: string): Promise<number | null> {
  const [row] = await tx
    .select({ value: verifications.value })
    .from(verifications)
    .where(eq(verifications.identifier, `${STEP_PREFIX}${userId}`))
    .limit(1);
  return row ? Number(row.value) : null;
}

/** Remembers the time step a sign-in just used, so that its code does not pass again. */
export async function recordTotpStep(tx: Tx, userId: string, step: number): Promise<void> {
  await tx.delete(verifications).where(eq(verifications.identifier, `${STEP_PREFIX}${userId}`));
  await tx.insert(verifications).values({
    identifier: `${STEP_PREFIX}${userId}`,
    value: String(step),
    // a code older than the accepted window never passes anyway
    expiresAt: new Date(Date.now() + 5 * 60_000),
  });
}

/** Starts an admin's enrolment: any earlier row goes, the new one waits for its first code. */
export async function startEnrolment(
  tx: Tx,
  input: { userId: string; secret: string; backupCodes: string },
): Promise<void> {
  await tx.delete(twoFactors).where(eq(twoFactors.userId, input.userId));
  await tx.insert(twoFactors).values({ ...input, verified: false });
}

/** Confirms an admin's enrolment: two-factor is on. */
export async function confirmEnrolment(tx: Tx, userId: string, now: Date): Promise<void> {
  await tx
    .update(twoFactors)
    .set({ verified: true, failedVerificationCount: 0, lockedUntil: null })
    .where(eq(twoFactors.userId, userId));
  await tx
    .update(users)
    .set({ twoFactorEnabled: true, updatedAt: now })
    .where(eq(users.id, userId));
}

/** Turns an admin's two-factor off: its secret and recovery codes are deleted. */
export async function removeTwoFactor(tx: Tx, userId: string, now: Date): Promise<void> {
  await tx.delete(twoFactors).where(eq(twoFactors.userId, userId));
  await tx.delete(verifications).where(eq(verifications.identifier, `${STEP_PREFIX}${userId}`));
  await tx
    .update(users)
    .set({ twoFactorEnabled: false, updatedAt: now })
    .where(eq(users.id, userId));
}
