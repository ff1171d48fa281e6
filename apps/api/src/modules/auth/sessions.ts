import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { sessions } from '@permuta/db';
import type { Db, Tx } from '@permuta/db';
import {
  cookieSigningKey,
  readCookie,
  signCookieValue,
  unsignCookieValue,
} from './signed-cookie.ts';

/**
 * Our sessions (docs/decisions/033): a random 32-byte token in a signed, HttpOnly cookie; the
 * database keeps only the token's SHA-256. 12 h from sign-in, never refreshed.
 */

/** Name of the session cookie (PRODUCT.md: `auth_token`). */
export const SESSION_COOKIE = 'auth_token';
/** 12 h absolute, never refreshed. */
export const SESSION_SECONDS = 12 * 60 * 60;
/** The short-lived cookie of an admin sign-in waiting for its two-factor code. */
export const TWO_FACTOR_COOKIE = 'permuta.two_factor';
/** How long that pending sign-in lasts. */
export const TWO_FACTOR_CHALLENGE_SECONDS = 10 * 60;

/** What `sessions.token` holds for a session token (and what the session reader looks up). */
export function sessionTokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A session just created: its token goes in the cookie, never in the database. */
export interface IssuedSession {
  id: string;
  userId: string;
  token: string;
  createdAt: Date;
  expiresAt: Date;
}

/**
 * Inserts a new session of `userId` through `tx` (the caller's transaction, which writes its
 * audit entry alongside). Always a new random token: a cookie the caller sent is never reused.
 * Times are the wall clock's, as the session reader deletes by it.
 */
export async function insertSession(
  tx: Db | Tx,
  input: { userId: string; ip: string | null; userAgent: string | null },
): Promise<IssuedSession> {
  const token = randomBytes(32).toString('base64url');
  const createdAt = new Date();
  const expiresAt = new Date(createdAt.getTime() + SESSION_SECONDS * 1000);
  const id = crypto.randomUUID();
  await tx.insert(sessions).values({
    id,
    token: sessionTokenHash(token),
    userId: input.userId,
    ipAddress: input.ip,
    userAgent: input.userAgent,
    createdAt,
    updatedAt: createdAt,
    expiresAt,
  });
  return { id, userId: input.userId, token, createdAt, expiresAt };
}

/**
 * Gives session `id` a new token (same user, same end): the old cookie stops working at once.
 * Answers the new token, or null when the session is gone.
 */
export async function renewSessionToken(tx: Db | Tx, id: string): Promise<string | null> {
  const token = randomBytes(32).toString('base64url');
  const rows = await tx
    .update(sessions)
    .set({ token: sessionTokenHash(token), updatedAt: new Date() })
    .where(eq(sessions.id, id))
    .returning({ id: sessions.id });
  return rows.length > 0 ? token : null;
}

/** Deletes the session a cookie's token names (whether or not it is still valid). */
export async function deleteSessionByToken(db: Db | Tx, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.token, sessionTokenHash(token)));
}

/** Writing and reading our signed cookies (the format is signed-cookie.ts's). */
export interface AuthCookies {
  /** Set-Cookie of a session token */
  session(token: string): string;
  /** Set-Cookie that removes the session cookie */
  clearSession(): string;
  /** Set-Cookie of a pending two-factor sign-in */
  challenge(id: string): string;
  clearChallenge(): string;
  /** the session token of a rightly signed session cookie; null when absent or badly signed */
  sessionToken(cookieHeader: string | undefined): string | null;
  /** the id of a rightly signed pending two-factor cookie */
  challengeId(cookieHeader: string | undefined): string | null;
}

export function createAuthCookies(options: { secret: string; production: boolean }): AuthCookies {
  const key = cookieSigningKey(options.secret);
  const attributes = `Path=/; HttpOnly; SameSite=Lax${options.production ? '; Secure' : ''}`;
  const set = (name: string, value: string, maxAge: number) =>
    `${name}=${encodeURIComponent(signCookieValue(value, key))}; Max-Age=${maxAge}; ${attributes}`;
  const clear = (name: string) => `${name}=; Max-Age=0; ${attributes}`;
  const read = (header: string | undefined, name: string) =>
    unsignCookieValue(readCookie(header, name), key);
  return {
    session: (token) => set(SESSION_COOKIE, token, SESSION_SECONDS),
    clearSession: () => clear(SESSION_COOKIE),
    challenge: (id) => set(TWO_FACTOR_COOKIE, id, TWO_FACTOR_CHALLENGE_SECONDS),
    clearChallenge: () => clear(TWO_FACTOR_COOKIE),
    sessionToken: (header) => read(header, SESSION_COOKIE),
    challengeId: (header) => read(header, TWO_FACTOR_COOKIE),
  };
}
