import { randomInt } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from './client.ts';
import { isUniqueViolation } from './errors.ts';
import { ACCOUNT_FIELD_MESSAGES } from '@permuta/contracts/accounts';
import { passwordIssue } from '@permuta/contracts/password-policy';
import type { PasswordIssue } from '@permuta/contracts/password-policy';
import { isStrongPassword, hashPassword } from './password.ts';
import { accounts, users } from './schema/index.ts';
import type { AdminRole } from './schema/enums.ts';

/** Admins have no mailbox of their own: `users.email` is unique and required, `.invalid` is reserved (RFC 2606). */
export const ADMIN_EMAIL_DOMAIN = 'admins.invalid';

/** Letters, digits, `_` and `.`, stored lower-cased; 3 to 30 characters. */
const USERNAME_PATTERN = /^[a-z0-9_.]{3,30}$/;

export class AdminExistsError extends Error {
  readonly code = 'ADMIN_EXISTS';
  readonly username: string;
  constructor(username: string) {
    super(`The username "${username}" is already taken.`);
    this.name = 'AdminExistsError';
    this.username = username;
  }
}

export class AdminInputError extends Error {
  readonly code = 'ADMIN_INPUT_INVALID';
  readonly field: 'username' | 'password';
  /** why a password that has the right shape is refused (breached, or holds the username) */
  readonly issue: PasswordIssue | null;
  constructor(field: 'username' | 'password', message: string, issue: PasswordIssue | null = null) {
    super(message);
    this.name = 'AdminInputError';
    this.field = field;
    this.issue = issue;
  }
}

export interface CreateAdminInput {
  username: string;
  /** When omitted a strong random password is generated (and returned once). */
  password?: string;
  /** What the admin may do in the back office; the first admin of a site is an owner. */
  adminRole?: AdminRole;
}

export interface CreatedAdmin {
  id: string;
  username: string;
  adminRole: AdminRole;
  /** The clear-text password: print it once, never store or log it. */
  password: string;
}

const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const DIGITS = '23456789';
const SYMBOLS = '!#%*+-=?@_';

/** A random password of `length` (>= 4) characters with at least one of each class. */
export function generatePassword(length = 20): string {
  if (length < 4) throw new RangeError('generatePassword: length must be at least 4');
  const pick = (set: string) => set.charAt(randomInt(set.length));
  const all = UPPER + LOWER + DIGITS + SYMBOLS;
  const chars = [pick(UPPER), pick(LOWER), pick(DIGITS), pick(SYMBOLS)];
  while (chars.length < length) chars.push(pick(all));
  // Fisher-Yates with a CSPRNG so the guaranteed classes are not always in front.
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}

export function normalizeUsername(username: string): string {
  return username.trim().toLowerCase();
}

/**
 * Creates an admin (an owner unless `adminRole` says otherwise): a `users` row (role admin, e-mail `<username>@admins.invalid`, verified)
 * and its credential `accounts` row (argon2id hash), in one transaction. Refuses a username that
 * is taken (by an admin or a customer) with `AdminExistsError`.
 */
export async function createAdmin(db: Db | Tx, input: CreateAdminInput): Promise<CreatedAdmin> {
  const displayUsername = input.username.trim();
  const username = normalizeUsername(input.username);
  if (!USERNAME_PATTERN.test(username)) {
    throw new AdminInputError(
      'username',
      'The username must have 3 to 30 characters: letters, digits, "_" or ".".',
    );
  }
  const password = input.password ?? generatePassword(20);
  const adminRole = input.adminRole ?? 'owner';
  if (!isStrongPassword(password)) {
    throw new AdminInputError(
      'password',
      'The password needs at least 8 characters with an upper-case letter, a lower-case letter, a digit and a special character.',
    );
  }
  const issue = passwordIssue(password, { username });
  if (issue) throw new AdminInputError('password', ACCOUNT_FIELD_MESSAGES[issue]['en-US'], issue);
  const passwordHash = await hashPassword(password);
  const id = crypto.randomUUID();
  try {
    await db.transaction(async (tx) => {
      const taken = await tx
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.username}) = ${username}`)
        .limit(1);
      if (taken.length > 0) throw new AdminExistsError(username);
      await tx.insert(users).values({
        id,
        role: 'admin',
        adminRole,
        username,
        displayUsername,
        name: displayUsername,
        email: `${username}@${ADMIN_EMAIL_DOMAIN}`,
        emailVerified: true,
      });
      await tx.insert(accounts).values({
        accountId: id,
        providerId: 'credential',
        userId: id,
        password: passwordHash,
      });
    });
  } catch (error) {
    if (error instanceof AdminExistsError) throw error;
    // Lost a race with another insert of the same username (or its e-mail).
    if (isUniqueViolation(error)) throw new AdminExistsError(username);
    throw error;
  }
  return { id, username, adminRole, password };
}

/** Number of admin accounts (first-start checks, "cannot delete the last admin"). */
export async function countAdmins(db: Db | Tx): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(users)
    .where(eq(users.role, 'admin'));
  return Number(row?.count ?? 0);
}
