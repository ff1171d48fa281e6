import {
  AdminExistsError,
  AdminInputError,
  ADMIN_EMAIL_DOMAIN,
  createAdmin,
  hashPassword,
  isUniqueViolation,
  verifyPassword,
} from '@permuta/db';
import { documentsVerified } from '@permuta/db';
import type { Db, Tx } from '@permuta/db';
import { DOCUMENT_TYPES, LOCALE_PREFIX, successMessage } from '@permuta/contracts';
import type {
  AdminCustomerDetail,
  AdminProfile,
  AdminRole,
  CustomerProfile,
  DocumentView,
  Locale,
} from '@permuta/contracts';
import { passwordIssue } from '@permuta/contracts/password-policy';
import { AppError } from '../../lib/app-error.ts';
import { writeAudit } from '../../lib/audit.ts';
import type { EmailTemplate } from '../../lib/emails.ts';
import {
  confirmEnrolment,
  credentialHash,
  lockAnyTwoFactor,
  removeTwoFactor,
  startEnrolment,
} from '../auth/auth.repository.ts';
import { renewSessionToken } from '../auth/sessions.ts';
import type { AuthCookies } from '../auth/sessions.ts';
import {
  UnreadableSecretError,
  newBackupCodes,
  newTotpSecret,
  totpStep,
  totpUri,
} from '../auth/two-factor.ts';
import type { TwoFactorCipher } from '../auth/two-factor.ts';
import * as repo from './admin-accounts.repository.ts';
import type {
  AdminCustomerOrder,
  AdminCustomerWallet,
  AdminListItem,
  CustomerListItem,
  CustomerListQuery,
  UserRow,
} from './admin-accounts.repository.ts';

/** The admin making the call, as the routes resolve it. */
export interface Actor {
  adminId: string;
  sessionId: string;
  ip: string;
  locale: Locale;
}

/** Where the Set-Cookie of a renewed session goes (two-factor turned on or off). */
export interface AuthCall {
  setCookies: (values: string[]) => void;
}

export interface AdminAccountsDeps {
  db: Db;
  /** writes the renewed session cookie */
  cookies: AuthCookies;
  /** encrypts and decrypts two-factor secrets and recovery codes */
  twoFactorCipher: TwoFactorCipher;
  /** the TOTP issuer shown by authenticator apps */
  brandName: string;
  sendEmail: (to: string, template: EmailTemplate, locale: Locale) => Promise<boolean>;
  publicUrl: string;
  now: () => Date;
}

export interface AdminCreateInput {
  username: string;
  name?: string | undefined;
  adminRole: AdminRole;
  password: string;
}

export interface AdminUpdateInput {
  username?: string | undefined;
  role?: 'customer' | 'admin' | undefined;
  adminRole?: AdminRole | undefined;
  password?: string | undefined;
}

export type DocumentDecision = { decision: 'approve' } | { decision: 'reject'; reason: string };

const duplicateUsername = () => new AppError('DUPLICATE', 409, {}, { username: 'username.taken' });
const notFound = () => new AppError('NOT_FOUND', 404);

/**
 * The back office's accounts: admins, customers, document review, the admin's own two-factor
 * and the two-factor-required setting. Every change writes its audit entry in the same
 * transaction; e-mails go out after the commit.
 */
export function createAdminAccountsService(deps: AdminAccountsDeps) {
  const { db, twoFactorCipher } = deps;

  /**
   * The end of turning the admin's two-factor on or off, in its transaction: the session that
   * did it gets a new token, the change is checked and recorded. Answers the profile and token.
   */
  async function twoFactorSwitched(tx: Tx, actor: Actor, on: boolean) {
    const renewed = await renewSessionToken(tx, actor.sessionId);
    if (!renewed) throw new AppError('UNAUTHENTICATED', 401);
    const updated = await repo.findUser(tx, actor.adminId);
    if (!updated || updated.twoFactorEnabled !== on) {
      throw new Error(`two-factor did not turn ${on ? 'on' : 'off'}`);
    }
    await writeAudit(tx, {
      actorType: 'admin',
      actorId: actor.adminId,
      action: on ? 'two_factor.enabled' : 'two_factor.disabled',
      entityType: 'admin',
      entityId: actor.adminId,
      ip: actor.ip,
      before: { twoFactorEnabled: !on },
      after: { twoFactorEnabled: on },
    });
    return { profile: repo.toAdminProfile(updated), token: renewed };
  }

  async function requireCustomer(dbOrTx: Db | Tx, id: string): Promise<UserRow> {
    const user = await repo.findUser(dbOrTx, id);
    if (!user || user.role !== 'customer') throw notFound();
    return user;
  }

  function documentsLink(locale: Locale): string {
    return `${deps.publicUrl}${LOCALE_PREFIX[locale]}/profile/documents`;
  }

  function exchangeLink(locale: Locale): string {
    return `${deps.publicUrl}${LOCALE_PREFIX[locale]}/profile/exchange-now`;
  }

  return {
    // --- admins ---------------------------------------------------------------------------

    listAdmins(): Promise<AdminListItem[]> {
      return repo.listAdmins(db);
    },

    async createAdmin(
      actor: Actor,
      input: AdminCreateInput,
    ): Promise<{ message: string; admin: AdminListItem }> {
      let admin: AdminListItem;
      try {
        admin = await db.transaction(async (tx) => {
          // createAdmin checks the username and writes users + accounts (a savepoint in tx).
          const created = await createAdmin(tx, {
            username: input.username,
            password: input.password,
            adminRole: input.adminRole,
          });
          const name = input.name?.trim();
          const row = name
            ? await repo.updateUser(tx, created.id, { name })
            : await repo.findUser(tx, created.id);
          if (!row) throw new Error('the new admin vanished');
          const item = repo.toAdminListItem(row);
          await writeAudit(tx, {
            actorType: 'admin',
            actorId: actor.adminId,
            action: 'admin.created',
            entityType: 'admin',
            entityId: row.id,
            ip: actor.ip,
            after: item,
          });
          return item;
        });
      } catch (error) {
        if (error instanceof AdminExistsError) throw duplicateUsername();
        if (error instanceof AdminInputError) {
          throw new AppError(
            'VALIDATION_ERROR',
            400,
            {},
            {
              [error.field]:
                error.field === 'username' ? 'username.format' : (error.issue ?? 'password.weak'),
            },
          );
        }
        throw error;
      }
      return { message: successMessage('admin.created', actor.locale), admin };
    },

    async updateAdmin(actor: Actor, id: string, input: AdminUpdateInput): Promise<AdminListItem> {
      if (input.password) {
        const current = await repo.findUser(db, id);
        const issue = passwordIssue(input.password, {
          username: input.username ?? current?.username ?? null,
        });
        if (issue) throw new AppError('VALIDATION_ERROR', 400, {}, { password: issue });
      }
      // Hash before the transaction: argon2 is slow on purpose, transactions stay short.
      const passwordHash = input.password ? await hashPassword(input.password) : null;
      try {
        return await db.transaction(async (tx) => {
          const admins = await repo.lockAdmins(tx);
          const target = await repo.lockUser(tx, id);
          if (!target || target.role !== 'admin') throw notFound();
          if (input.role === 'customer') {
            if (admins.length <= 1) throw new AppError('LAST_ADMIN', 409);
            throw new AppError('ADMIN_DEMOTE_UNSUPPORTED', 409);
          }
          const before = repo.toAdminListItem(target);
          const changes: Partial<UserRow> = {};
          const roleChange =
            input.adminRole && input.adminRole !== target.adminRole ? input.adminRole : null;
          if (roleChange) {
            const owners = admins.filter((admin) => admin.adminRole === 'owner');
            if (target.adminRole === 'owner' && owners.length <= 1) {
              throw new AppError('LAST_OWNER', 409);
            }
            changes.adminRole = roleChange;
          }
          const username = input.username?.toLowerCase();
          if (username && username !== target.username) {
            if (await repo.usernameTaken(tx, username, target.id)) throw duplicateUsername();
            changes.username = username;
            changes.displayUsername = username;
            changes.email = `${username}@${ADMIN_EMAIL_DOMAIN}`;
            // An admin's name defaults to its username: keep them together.
            if (target.name === (target.displayUsername ?? target.username))
              changes.name = username;
          }
          if (Object.keys(changes).length === 0 && !passwordHash) return before;
          const updated =
            Object.keys(changes).length > 0
              ? await repo.updateUser(tx, target.id, changes)
              : target;
          let sessionsRevoked = 0;
          if (passwordHash) {
            await repo.setCredentialPassword(tx, target.id, passwordHash);
            // Everywhere that admin is signed in ends; an admin changing its own password keeps
            // the session it is using.
            sessionsRevoked = await repo.deleteSessions(
              tx,
              target.id,
              target.id === actor.adminId ? actor.sessionId : undefined,
            );
          }
          const after = repo.toAdminListItem(updated);
          if (roleChange) {
            await writeAudit(tx, {
              actorType: 'admin',
              actorId: actor.adminId,
              action: 'admin.role_changed',
              entityType: 'admin',
              entityId: target.id,
              ip: actor.ip,
              before: { adminRole: target.adminRole },
              after: { adminRole: roleChange },
            });
            if (Object.keys(changes).length === 1 && !passwordHash) return after;
          }
          await writeAudit(tx, {
            actorType: 'admin',
            actorId: actor.adminId,
            action: 'admin.updated',
            entityType: 'admin',
            entityId: target.id,
            ip: actor.ip,
            before,
            after: { ...after, passwordChanged: Boolean(passwordHash), sessionsRevoked },
          });
          return after;
        });
      } catch (error) {
        if (!(error instanceof AppError) && isUniqueViolation(error)) throw duplicateUsername();
        throw error;
      }
    },

    async deleteAdmin(actor: Actor, id: string): Promise<void> {
      if (id === actor.adminId) throw new AppError('ADMIN_SELF_DELETE', 409);
      await db.transaction(async (tx) => {
        const admins = await repo.lockAdmins(tx);
        const target = await repo.lockUser(tx, id);
        if (!target || target.role !== 'admin') throw notFound();
        if (admins.length <= 1) throw new AppError('LAST_ADMIN', 409);
        const owners = admins.filter((admin) => admin.adminRole === 'owner');
        if (target.adminRole === 'owner' && owners.length <= 1) {
          throw new AppError('LAST_OWNER', 409);
        }
        // Sessions, credentials and two-factor rows go with the user (ON DELETE CASCADE).
        await repo.deleteUser(tx, target.id);
        await writeAudit(tx, {
          actorType: 'admin',
          actorId: actor.adminId,
          action: 'admin.deleted',
          entityType: 'admin',
          entityId: target.id,
          ip: actor.ip,
          before: repo.toAdminListItem(target),
        });
      });
    },

    // --- customers ------------------------------------------------------------------------

    async listCustomers(query: CustomerListQuery): Promise<{
      items: CustomerListItem[];
      page: number;
      pageSize: number;
      total: number;
    }> {
      const { items, total } = await repo.listCustomers(db, query);
      return { items, page: query.page, pageSize: query.pageSize, total };
    },

    async customerDetail(id: string): Promise<{
      customer: CustomerProfile;
      documents: DocumentView[];
      wallets: AdminCustomerWallet[];
      orders: AdminCustomerOrder[];
      enhancedDeclaration: AdminCustomerDetail['enhancedDeclaration'];
    }> {
      const user = await requireCustomer(db, id);
      // One connection on PGlite: the four reads run one after the other either way.
      const customer = await repo.customerProfile(db, user);
      const documents = await repo.allDocuments(db, user.id);
      const wallets = await repo.customerWallets(db, user.id);
      const orders = await repo.customerOrders(db, user.id);
      const declaration = await repo.latestEnhancedDeclaration(db, user.id);
      return {
        customer,
        documents: documents.map((doc) => repo.toDocumentView(doc)),
        wallets,
        orders,
        enhancedDeclaration: declaration,
      };
    },

    async setCustomerActive(actor: Actor, id: string, active: boolean): Promise<CustomerProfile> {
      return db.transaction(async (tx) => {
        const user = await repo.lockUser(tx, id);
        if (!user || user.role !== 'customer') throw notFound();
        const updated =
          user.active === active ? user : await repo.updateUser(tx, user.id, { active });
        // A deactivated customer is signed out everywhere, in the same transaction.
        const sessionsRevoked = active ? 0 : await repo.deleteSessions(tx, user.id);
        if (user.active !== active || sessionsRevoked > 0) {
          await writeAudit(tx, {
            actorType: 'admin',
            actorId: actor.adminId,
            action: active ? 'customer.activated' : 'customer.deactivated',
            entityType: 'customer',
            entityId: user.id,
            ip: actor.ip,
            before: { active: user.active },
            after: { active, sessionsRevoked },
          });
        }
        return repo.customerProfile(tx, updated);
      });
    },

    async setNationalIdVerified(
      actor: Actor,
      id: string,
      verified: boolean,
    ): Promise<{ message: string; customer: CustomerProfile }> {
      const customer = await db.transaction(async (tx) => {
        const user = await repo.lockUser(tx, id);
        if (!user || user.role !== 'customer') throw notFound();
        const updated = await repo.updateUser(tx, user.id, { nationalIdVerified: verified });
        await writeAudit(tx, {
          actorType: 'admin',
          actorId: actor.adminId,
          action: 'customer.national_id',
          entityType: 'customer',
          entityId: user.id,
          ip: actor.ip,
          before: { nationalIdVerified: user.nationalIdVerified },
          after: { nationalIdVerified: verified },
        });
        return repo.customerProfile(tx, updated);
      });
      return {
        message: successMessage(
          verified ? 'nationalId.verified' : 'nationalId.revoked',
          actor.locale,
        ),
        customer,
      };
    },

    // --- document review ------------------------------------------------------------------

    async reviewDocument(actor: Actor, id: string, input: DocumentDecision): Promise<DocumentView> {
      const result = await db.transaction(async (tx) => {
        const doc = await repo.findDocument(tx, id);
        if (!doc) throw notFound();
        // Serialises reviews of one customer's documents (the "all three approved" check).
        const owner = await repo.lockUser(tx, doc.userId);
        if (!owner || owner.role !== 'customer') throw notFound();
        if (doc.status !== 'uploaded') throw new AppError('DOCUMENT_ALREADY_REVIEWED', 409);
        const current = await repo.currentDocuments(tx, owner.id);
        if (!current.some((row) => row.id === doc.id)) {
          throw new AppError('DOCUMENT_NOT_CURRENT', 409);
        }
        const approve = input.decision === 'approve';
        const reviewed = await repo.reviewDocument(tx, doc.id, {
          status: approve ? 'approved' : 'rejected',
          rejectionReason: input.decision === 'reject' ? input.reason : null,
          reviewedBy: actor.adminId,
          reviewedAt: deps.now(),
        });
        if (!reviewed) throw new AppError('DOCUMENT_ALREADY_REVIEWED', 409);
        await writeAudit(tx, {
          actorType: 'admin',
          actorId: actor.adminId,
          action: approve ? 'document.approved' : 'document.rejected',
          entityType: 'document',
          entityId: doc.id,
          ip: actor.ip,
          before: { status: doc.status, type: doc.type, customerId: owner.id },
          after: {
            status: reviewed.status,
            type: reviewed.type,
            customerId: owner.id,
            rejectionReason: reviewed.rejectionReason,
          },
        });
        // the identity documents make the account verified; an enhanced one raises the level
        const identity = (DOCUMENT_TYPES as readonly string[]).includes(reviewed.type);
        const accountVerified = approve && identity && (await documentsVerified(tx, owner.id));
        return { reviewed, owner, accountVerified };
      });

      const { reviewed, owner, accountVerified } = result;
      const locale = owner.locale;
      const reviewLink = (DOCUMENT_TYPES as readonly string[]).includes(reviewed.type)
        ? documentsLink(locale)
        : `${deps.publicUrl}${LOCALE_PREFIX[locale]}/profile/limits`;
      if (reviewed.status === 'approved') {
        await deps.sendEmail(
          owner.email,
          {
            kind: 'document-approved',
            name: owner.name,
            documentType: reviewed.type,
            link: reviewLink,
          },
          locale,
        );
      } else {
        await deps.sendEmail(
          owner.email,
          {
            kind: 'document-rejected',
            name: owner.name,
            documentType: reviewed.type,
            reason: reviewed.rejectionReason ?? '',
            link: reviewLink,
          },
          locale,
        );
      }
      if (accountVerified) {
        await deps.sendEmail(
          owner.email,
          { kind: 'account-verified', name: owner.name, link: exchangeLink(locale) },
          locale,
        );
      }
      return repo.toDocumentView(reviewed);
    },

    // --- the admin's own two-factor -------------------------------------------------------

    /** Starts enrolment (password confirmed): a new secret and backup codes, inactive until verified. */
    async enableTwoFactor(
      actor: Actor,
      password: string,
    ): Promise<{ totpUri: string; backupCodes: string[] }> {
      const user = await repo.findUser(db, actor.adminId);
      if (!user) throw new AppError('UNAUTHENTICATED', 401);
      if (user.twoFactorEnabled) throw new AppError('TWO_FACTOR_ALREADY_ENABLED', 409);
      const hash = await credentialHash(db, actor.adminId);
      if (!hash || !(await verifyPassword({ hash, password }))) {
        throw new AppError('VALIDATION_ERROR', 400, {}, { password: 'password.wrong' });
      }
      const secret = newTotpSecret();
      const backupCodes = newBackupCodes();
      await db.transaction(async (tx) => {
        // serialised with a verification of the same admin under way
        await lockAnyTwoFactor(tx, actor.adminId);
        const current = await repo.lockUser(tx, actor.adminId);
        if (current?.twoFactorEnabled) throw new AppError('TWO_FACTOR_ALREADY_ENABLED', 409);
        await startEnrolment(tx, {
          userId: actor.adminId,
          secret: twoFactorCipher.encrypt(secret),
          backupCodes: twoFactorCipher.encrypt(JSON.stringify(backupCodes)),
        });
      });
      return {
        totpUri: totpUri({ issuer: deps.brandName, account: user.email, secret }),
        backupCodes,
      };
    },

    /**
     * Confirms enrolment with a code from the app: two-factor is on from now on. One
     * transaction: the secret confirmed, the flag on, the session given a new token and the
     * audit entry. A wrong code writes nothing.
     */
    async verifyTwoFactor(actor: Actor, call: AuthCall, code: string): Promise<AdminProfile> {
      const user = await repo.findUser(db, actor.adminId);
      if (!user) throw new AppError('UNAUTHENTICATED', 401);
      if (user.twoFactorEnabled) throw new AppError('TWO_FACTOR_ALREADY_ENABLED', 409);
      const { profile, token } = await db.transaction(async (tx) => {
        const row = await lockAnyTwoFactor(tx, actor.adminId);
        if (!row) throw new AppError('TWO_FACTOR_NOT_ENABLED', 409);
        let secret: string;
        try {
          secret = twoFactorCipher.decrypt(row.secret);
        } catch (error) {
          if (error instanceof UnreadableSecretError) {
            throw new AppError('TWO_FACTOR_UNREADABLE', 409);
          }
          throw error;
        }
        if ((await totpStep(secret, code)) === null) {
          throw new AppError('TWO_FACTOR_INVALID', 400);
        }
        await confirmEnrolment(tx, actor.adminId, deps.now());
        return twoFactorSwitched(tx, actor, true);
      });
      call.setCookies([deps.cookies.session(token)]);
      return profile;
    },

    /** Turns two-factor off (password confirmed); refused while the setting makes it mandatory. */
    async disableTwoFactor(actor: Actor, call: AuthCall, password: string): Promise<AdminProfile> {
      if (await repo.readTwoFactorRequired(db)) throw new AppError('TWO_FACTOR_REQUIRED', 403);
      const user = await repo.findUser(db, actor.adminId);
      if (!user) throw new AppError('UNAUTHENTICATED', 401);
      if (!user.twoFactorEnabled) throw new AppError('TWO_FACTOR_NOT_ENABLED', 409);
      // Checked here first, so that a wrong password opens no transaction.
      const hash = await credentialHash(db, actor.adminId);
      if (!hash || !(await verifyPassword({ hash, password }))) {
        throw new AppError('VALIDATION_ERROR', 400, {}, { password: 'password.wrong' });
      }
      // One transaction: the secret deleted, the flag off, the session given a new token and the
      // audit entry.
      const { profile, token } = await db.transaction(async (tx) => {
        await lockAnyTwoFactor(tx, actor.adminId);
        await removeTwoFactor(tx, actor.adminId, deps.now());
        return twoFactorSwitched(tx, actor, false);
      });
      call.setCookies([deps.cookies.session(token)]);
      // Admins have no mailbox of their own: the support address hears of it, so that a
      // two-factor turned off by someone else with a stolen password does not go unseen.
      const support = await repo.readSupportEmail(db);
      if (support) {
        await deps.sendEmail(
          support,
          {
            kind: 'admin-two-factor-off',
            username: profile.username,
            at: deps.now().toISOString(),
            ip: actor.ip ?? null,
          },
          'pt-BR',
        );
      }
      return profile;
    },
  };
}

export type AdminAccountsService = ReturnType<typeof createAdminAccountsService>;
