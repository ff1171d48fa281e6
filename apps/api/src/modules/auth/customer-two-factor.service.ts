import { verifyPassword, twoFactors } from '@permuta/db';
import type { Db, Tx } from '@permuta/db';
import type {
  CustomerTwoFactor,
  Locale,
  RecoveryCodes,
  TwoFactorEnrolment,
} from '@permuta/contracts';
import { eq } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { writeAudit } from '../../lib/audit.ts';
import type { EmailTemplate, TwoFactorChangedEmail } from '../../lib/emails.ts';
import {
  confirmEnrolment,
  credentialHash,
  findUserById,
  lastTotpStep,
  lockAnyTwoFactor,
  lockTwoFactor,
  recordTotpStep,
  removeTwoFactor,
  startEnrolment,
} from './auth.repository.ts';
import type { TwoFactorRow, UserRow } from './auth.repository.ts';
import { localePath } from './auth.service.ts';
import { renewSessionToken } from './sessions.ts';
import type { AuthCookies } from './sessions.ts';
import {
  TWO_FACTOR_LOCK_SECONDS,
  TWO_FACTOR_MAX_FAILURES,
  UnreadableSecretError,
  hashBackupCode,
  newBackupCodes,
  newTotpSecret,
  parseBackupCodes,
  spendBackupCode,
  totpSecretText,
  totpStep,
  totpUri,
} from './two-factor.ts';
import type { TwoFactorCipher } from './two-factor.ts';

/**
 * A customer's own two-factor (decision 061): the admins' TOTP (decision 033) on the same
 * `two_factors` row, with recovery codes stored as their hashes. Every change is one
 * transaction with its audit entry and the security e-mail; turning it on or off gives the
 * session a new token, as for admins.
 */
export interface CustomerTwoFactorDeps {
  db: Db;
  cookies: AuthCookies;
  twoFactorCipher: TwoFactorCipher;
  /** the TOTP issuer shown by authenticator apps */
  brandName: string;
  publicUrl: string;
  now: () => Date;
  enqueueEmail: (
    db: Db | Tx,
    to: string,
    template: EmailTemplate,
    locale: Locale,
  ) => Promise<string | null>;
}

/** The signed-in customer making the call. */
export interface TwoFactorActor {
  userId: string;
  sessionId: string;
  ip: string;
}

export interface WithSessionCookie<T> {
  body: T;
  setCookies: string[];
}

type CodeOutcome<T> =
  | { kind: 'ok'; value: T }
  | { kind: 'invalid' }
  | { kind: 'locked'; until: Date }
  | { kind: 'unreadable' };

export function createCustomerTwoFactorService(deps: CustomerTwoFactorDeps) {
  const { db, cookies, twoFactorCipher: cipher, now } = deps;

  async function customer(conn: Db | Tx, userId: string): Promise<UserRow> {
    const user = await findUserById(conn, userId);
    if (!user || user.role !== 'customer') throw new AppError('UNAUTHENTICATED', 401);
    return user;
  }

  async function checkPassword(userId: string, password: string) {
    const hash = await credentialHash(db, userId);
    if (!hash || !(await verifyPassword({ hash, password }))) {
      throw new AppError('VALIDATION_ERROR', 400, {}, { password: 'password.wrong' });
    }
  }

  /** A new list of recovery codes: the codes to show, and the encrypted list of their hashes. */
  function newRecoveryCodes(): { shown: string[]; stored: string } {
    const shown = newBackupCodes();
    return { shown, stored: cipher.encrypt(JSON.stringify(shown.map(hashBackupCode))) };
  }

  function codesLeft(row: TwoFactorRow | null): number {
    if (!row || !row.verified) return 0;
    try {
      return parseBackupCodes(cipher.decrypt(row.backupCodes)).length;
    } catch (error) {
      if (error instanceof UnreadableSecretError) return 0;
      throw error;
    }
  }

  function securityEmail(
    tx: Tx,
    user: UserRow,
    change: TwoFactorChangedEmail['change'],
    left: number,
    ip: string,
  ) {
    return deps.enqueueEmail(
      tx,
      user.email,
      {
        kind: 'two-factor-changed',
        name: user.name,
        change,
        left,
        ip,
        link: `${deps.publicUrl}${localePath(user.locale, '/profile/security')}`,
      },
      user.locale,
    );
  }

  /**
   * Checks a code of the customer's confirmed two-factor: a TOTP code (not one already used:
   * its step is kept) or, when `recovery` allows it, a recovery code (spent). With the same
   * lock as a sign-in's code step: 10 wrong codes in a row lock the two-factor for 15 min. A
   * wrong code's count is committed; a right one runs `then` in the same transaction.
   */
  async function withCode<T>(
    userId: string,
    code: string,
    recovery: boolean,
    then: (tx: Tx, user: UserRow, left: number) => Promise<T>,
  ): Promise<T> {
    const outcome = await db.transaction(async (tx): Promise<CodeOutcome<T>> => {
      const user = await customer(tx, userId);
      const factor = await lockTwoFactor(tx, userId);
      if (!factor) throw new AppError('TWO_FACTOR_NOT_ENABLED', 409);
      const wall = new Date();
      if (factor.lockedUntil && factor.lockedUntil > wall) {
        return { kind: 'locked', until: factor.lockedUntil };
      }
      let step: number | null = null;
      let codes: string[];
      let left: string[] | null = null;
      try {
        codes = parseBackupCodes(cipher.decrypt(factor.backupCodes));
        if (/^\d{6}$/.test(code)) {
          const last = await lastTotpStep(tx, userId);
          step = await totpStep(cipher.decrypt(factor.secret), code, last ?? undefined);
        } else if (recovery) {
          left = spendBackupCode(codes, code);
        }
      } catch (error) {
        if (error instanceof UnreadableSecretError) return { kind: 'unreadable' };
        throw error;
      }
      if (step === null && left === null) {
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
      await tx
        .update(twoFactors)
        .set({
          failedVerificationCount: 0,
          lockedUntil: null,
          ...(left === null ? {} : { backupCodes: cipher.encrypt(JSON.stringify(left)) }),
        })
        .where(eq(twoFactors.id, factor.id));
      if (step !== null) await recordTotpStep(tx, userId, step);
      return { kind: 'ok', value: await then(tx, user, (left ?? codes).length) };
    });
    if (outcome.kind === 'unreadable') throw new AppError('TWO_FACTOR_UNREADABLE', 409);
    if (outcome.kind === 'locked') {
      const ms = outcome.until.getTime() - Date.now();
      throw new AppError('SIGN_IN_THROTTLED', 429, {
        minutes: Math.max(1, Math.ceil(ms / 60_000)),
      });
    }
    if (outcome.kind === 'invalid') {
      throw new AppError('TWO_FACTOR_INVALID', 400, {}, { code: 'totp.invalid' });
    }
    return outcome.value;
  }

  async function renewed(tx: Tx, sessionId: string): Promise<string> {
    const token = await renewSessionToken(tx, sessionId);
    if (!token) throw new AppError('UNAUTHENTICATED', 401);
    return token;
  }

  return {
    async status(userId: string): Promise<CustomerTwoFactor> {
      const user = await customer(db, userId);
      const [row] = await db
        .select()
        .from(twoFactors)
        .where(eq(twoFactors.userId, userId))
        .limit(1);
      const enabled = user.twoFactorEnabled && row?.verified === true;
      return { enabled, recoveryCodesLeft: enabled ? codesLeft(row ?? null) : 0 };
    },

    /** Starts an enrolment (password confirmed): a new secret, off until its first code. */
    async enrol(actor: TwoFactorActor, password: string): Promise<TwoFactorEnrolment> {
      const user = await customer(db, actor.userId);
      if (user.twoFactorEnabled) throw new AppError('TWO_FACTOR_ALREADY_ENABLED', 409);
      await checkPassword(actor.userId, password);
      const secret = newTotpSecret();
      await db.transaction(async (tx) => {
        // serialised with a confirmation of the same customer under way
        await lockAnyTwoFactor(tx, actor.userId);
        const current = await customer(tx, actor.userId);
        if (current.twoFactorEnabled) throw new AppError('TWO_FACTOR_ALREADY_ENABLED', 409);
        await startEnrolment(tx, {
          userId: actor.userId,
          secret: cipher.encrypt(secret),
          // the recovery codes are made when the enrolment is confirmed
          backupCodes: cipher.encrypt('[]'),
        });
      });
      return {
        totpUri: totpUri({ issuer: deps.brandName, account: user.email, secret }),
        secret: totpSecretText(secret),
      };
    },

    /**
     * Confirms the enrolment with a code from the app: two-factor is on, with 10 new recovery
     * codes shown this once. A wrong code writes nothing.
     */
    async confirm(actor: TwoFactorActor, code: string): Promise<WithSessionCookie<RecoveryCodes>> {
      const codes = newRecoveryCodes();
      const token = await db.transaction(async (tx) => {
        const row = await lockAnyTwoFactor(tx, actor.userId);
        const user = await customer(tx, actor.userId);
        if (user.twoFactorEnabled) throw new AppError('TWO_FACTOR_ALREADY_ENABLED', 409);
        if (!row) throw new AppError('TWO_FACTOR_NOT_ENABLED', 409);
        let secret: string;
        try {
          secret = cipher.decrypt(row.secret);
        } catch (error) {
          if (error instanceof UnreadableSecretError) {
            throw new AppError('TWO_FACTOR_UNREADABLE', 409);
          }
          throw error;
        }
        const step = await totpStep(secret, code);
        if (step === null) {
          throw new AppError('TWO_FACTOR_INVALID', 400, {}, { code: 'totp.invalid' });
        }
        await tx
          .update(twoFactors)
          .set({ backupCodes: codes.stored })
          .where(eq(twoFactors.id, row.id));
        await confirmEnrolment(tx, actor.userId, now());
        // the code that confirmed does not sign in too
        await recordTotpStep(tx, actor.userId, step);
        await writeAudit(tx, {
          actorType: 'customer',
          actorId: actor.userId,
          action: 'two_factor.enabled',
          entityType: 'user',
          entityId: actor.userId,
          ip: actor.ip,
          before: { twoFactorEnabled: false },
          after: { twoFactorEnabled: true },
        });
        await securityEmail(tx, user, 'enabled', codes.shown.length, actor.ip);
        return renewed(tx, actor.sessionId);
      });
      return {
        body: {
          recoveryCodes: codes.shown,
          twoFactor: { enabled: true, recoveryCodesLeft: codes.shown.length },
        },
        setCookies: [cookies.session(token)],
      };
    },

    /** New recovery codes (a TOTP code confirms): the old ones stop working. */
    async regenerateCodes(actor: TwoFactorActor, code: string): Promise<RecoveryCodes> {
      const codes = newRecoveryCodes();
      await withCode(actor.userId, code, false, async (tx, user) => {
        await tx
          .update(twoFactors)
          .set({ backupCodes: codes.stored })
          .where(eq(twoFactors.userId, actor.userId));
        await writeAudit(tx, {
          actorType: 'customer',
          actorId: actor.userId,
          action: 'two_factor.codes_regenerated',
          entityType: 'user',
          entityId: actor.userId,
          ip: actor.ip,
          after: { recoveryCodes: codes.shown.length },
        });
        await securityEmail(tx, user, 'codes-regenerated', codes.shown.length, actor.ip);
      });
      return {
        recoveryCodes: codes.shown,
        twoFactor: { enabled: true, recoveryCodesLeft: codes.shown.length },
      };
    },

    /** Turns two-factor off: the password, then a code (TOTP or recovery) confirm. */
    async disable(
      actor: TwoFactorActor,
      input: { password: string; code: string },
    ): Promise<WithSessionCookie<CustomerTwoFactor>> {
      const user = await customer(db, actor.userId);
      if (!user.twoFactorEnabled) throw new AppError('TWO_FACTOR_NOT_ENABLED', 409);
      // checked first, so that a wrong password opens no transaction
      await checkPassword(actor.userId, input.password);
      const token = await withCode(actor.userId, input.code, true, async (tx, holder) => {
        await removeTwoFactor(tx, actor.userId, now());
        await writeAudit(tx, {
          actorType: 'customer',
          actorId: actor.userId,
          action: 'two_factor.disabled',
          entityType: 'user',
          entityId: actor.userId,
          ip: actor.ip,
          before: { twoFactorEnabled: true },
          after: { twoFactorEnabled: false },
        });
        await securityEmail(tx, holder, 'disabled', 0, actor.ip);
        return renewed(tx, actor.sessionId);
      });
      return {
        body: { enabled: false, recoveryCodesLeft: 0 },
        setCookies: [cookies.session(token)],
      };
    },
  };
}

export type CustomerTwoFactorService = ReturnType<typeof createCustomerTwoFactorService>;
