import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  accounts,
  contactMessages,
  isUniqueViolation,
  legalDocuments,
  sessions,
  twoFactors,
  users,
  verifications,
  verifyPassword,
  wallets,
} from '@permuta/db';
import type { Db } from '@permuta/db';
import { ERASED_RECORDS, LEGAL_DOCUMENT_PATHS, RETAINED_RECORDS } from '@permuta/contracts';
import type {
  ConsentStatus,
  LegalDocument,
  LegalDocumentKind,
  PersonalDataExport,
  PrivacyOverview,
} from '@permuta/contracts';
import { AppError } from '../../lib/app-error.ts';
import { writeAudit } from '../../lib/audit.ts';
import { credentialHash } from '../auth/auth.repository.ts';
import {
  EXPORT_AUDIT_LIMIT,
  acceptedIds,
  currentLegalDocuments,
  exportRows,
  openOrders,
  recordConsents,
  toLegalDocument,
} from './privacy.repository.ts';

export interface PrivacyServiceDeps {
  db: Db;
  now: () => Date;
  publicUrl: string;
}

export interface PrivacyCaller {
  userId: string;
  ip: string;
  userAgent: string;
}

/** The name an anonymised customer keeps (the back office and the retained records show it). */
export const ANONYMIZED_NAME = 'Cliente anonimizado';

/** The tombstone e-mail of an anonymised account: unique, undeliverable (RFC 2606 `.invalid`). */
export const anonymizedEmail = (userId: string) => `anonymized-${userId}@anonymized.invalid`;
export const anonymizedUsername = (userId: string) => `anonymized_${userId.replaceAll('-', '')}`;

const retention = () => RETAINED_RECORDS.map((rule) => ({ ...rule }));

const iso = (value: Date | null | undefined) => (value ? value.toISOString() : null);

/** Personal data rights of a customer and consent to the legal documents (decision 063). */
export function createPrivacyService(deps: PrivacyServiceDeps) {
  const { db, now } = deps;

  async function consentStatus(userId: string): Promise<ConsentStatus> {
    const current = await currentLegalDocuments(db);
    const accepted = await acceptedIds(
      db,
      userId,
      current.map((row) => row.id),
    );
    return {
      current: current.map(toLegalDocument),
      pending: current.filter((row) => !accepted.has(row.id)).map(toLegalDocument),
    };
  }

  return {
    async overview(userId: string): Promise<PrivacyOverview> {
      const open = await openOrders(db, userId);
      return {
        retention: retention(),
        erased: [...ERASED_RECORDS],
        openOrders: open,
        canDelete: open.length === 0,
      };
    },

    /** Everything about the caller, as one JSON document; audited. */
    async exportData(caller: PrivacyCaller): Promise<PersonalDataExport> {
      return db.transaction(async (tx) => {
        const [me] = await tx
          .select({ email: users.email })
          .from(users)
          .where(eq(users.id, caller.userId));
        if (!me) throw new AppError('UNAUTHENTICATED', 401);
        const rows = await exportRows(tx, caller.userId, me.email);
        const u = rows.user;
        const eventsOf = (orderId: string) =>
          rows.eventRows
            .filter((event) => event.orderId === orderId)
            .map(({ orderId: _orderId, createdAt, ...event }) => ({
              ...event,
              createdAt: iso(createdAt),
            }));
        const generatedAt = now().toISOString();
        await writeAudit(tx, {
          actorType: 'customer',
          actorId: caller.userId,
          action: 'privacy.exported',
          entityType: 'user',
          entityId: caller.userId,
          ip: caller.ip,
          after: {
            orders: rows.orderRows.length,
            documents: rows.documentRows.length,
            auditEntries: rows.auditRows.length,
          },
        });
        return {
          format: 'permuta-personal-data/1' as const,
          generatedAt,
          profile: {
            id: u.id,
            username: u.username,
            name: u.name,
            email: u.email,
            emailVerified: u.emailVerified,
            phone: u.phone,
            cpf: u.cpf ?? u.retainedCpf,
            birthDate: u.birthDate,
            locale: u.locale,
            active: u.active,
            nationalIdVerified: u.nationalIdVerified,
            defaultSendToken: u.defaultSendToken,
            defaultReceiveToken: u.defaultReceiveToken,
            termsAcceptedAt: iso(u.termsAcceptedAt),
            twoFactorEnabled: u.twoFactorEnabled,
            createdAt: iso(u.createdAt),
            updatedAt: iso(u.updatedAt),
          },
          consents: rows.consentRows.map((row) => ({ ...row, acceptedAt: iso(row.acceptedAt) })),
          sessions: rows.sessionRows.map((row) => ({
            ...row,
            createdAt: iso(row.createdAt),
            expiresAt: iso(row.expiresAt),
          })),
          wallets: rows.walletRows.map(({ userId: _userId, ...row }) => ({
            ...row,
            createdAt: iso(row.createdAt),
            updatedAt: iso(row.updatedAt),
          })),
          orders: rows.orderRows.map((order) => ({
            id: order.id,
            reference: order.reference,
            status: order.status,
            sendTokenId: order.sendTokenId,
            receiveTokenId: order.receiveTokenId,
            networkId: order.networkId,
            amountSend: order.amountSend,
            amountReceive: order.amountReceive,
            amountReceived: order.amountReceived,
            rate: order.rate,
            feeRate: order.feeRate,
            networkFee: order.networkFee,
            extraFee: order.extraFee,
            paymentMethod: order.paymentMethod,
            addressToReceive: order.addressToReceive,
            memoToReceive: order.memoToReceive,
            refundAddress: order.refundAddress,
            txHash: order.txHash,
            payoutTxId: order.payoutTxId,
            createdAt: iso(order.createdAt),
            updatedAt: iso(order.updatedAt),
            events: eventsOf(order.id),
          })),
          documents: rows.documentRows.map((doc) => ({
            ...doc,
            reviewedAt: iso(doc.reviewedAt),
            createdAt: iso(doc.createdAt),
            // the file itself: the owner's download route (with the session cookie)
            file: `${deps.publicUrl}/api/v1/me/documents/${doc.id}/file`,
          })),
          reviews: rows.reviewRows.map((row) => ({ ...row, createdAt: iso(row.createdAt) })),
          contactMessages: rows.contactRows.map((row) => ({
            ...row,
            createdAt: iso(row.createdAt),
            answeredAt: iso(row.answeredAt),
          })),
          auditEntries: rows.auditRows.map((row) => ({
            ...row,
            createdAt: iso(row.createdAt),
            ...(rows.auditRows.length === EXPORT_AUDIT_LIMIT ? { truncated: true } : {}),
          })),
          retention: retention(),
        };
      });
    },

    /**
     * Erases the caller's personal data and closes the account, keeping what the retention rules
     * require (RETAINED_RECORDS). Refused while an order is open. The password is asked again.
     */
    async requestDeletion(caller: PrivacyCaller, password: string): Promise<void> {
      const hash = await credentialHash(db, caller.userId);
      if (!hash || !(await verifyPassword({ hash, password }))) {
        throw new AppError('VALIDATION_ERROR', 400, {}, { password: 'password.wrong' });
      }
      await db.transaction(async (tx) => {
        // One deletion at a time per account: the row is locked until this one commits.
        const [user] = await tx
          .select()
          .from(users)
          .where(and(eq(users.id, caller.userId), isNull(users.anonymizedAt)))
          .for('update');
        if (!user || user.role !== 'customer') throw new AppError('UNAUTHENTICATED', 401);
        const open = await openOrders(tx, user.id);
        if (open.length > 0) {
          throw new AppError('DELETION_BLOCKED_OPEN_ORDERS', 409, {
            references: open.map((order) => order.reference).join(', '),
          });
        }
        const at = now();
        await tx
          .update(users)
          .set({
            name: ANONYMIZED_NAME,
            username: anonymizedUsername(user.id),
            displayUsername: null,
            email: anonymizedEmail(user.id),
            emailVerified: false,
            image: null,
            phone: null,
            cpf: null,
            retainedCpf: user.cpf,
            birthDate: null,
            active: false,
            defaultSendToken: null,
            defaultReceiveToken: null,
            twoFactorEnabled: false,
            anonymizedAt: at,
            updatedAt: at,
          })
          .where(eq(users.id, user.id));
        await tx.delete(accounts).where(eq(accounts.userId, user.id));
        await tx.delete(sessions).where(eq(sessions.userId, user.id));
        await tx.delete(twoFactors).where(eq(twoFactors.userId, user.id));
        await tx
          .delete(verifications)
          .where(
            inArray(verifications.identifier, [
              `email-verification:${user.id}`,
              `forget-password-otp-${user.email.toLowerCase()}`,
            ]),
          );
        await tx.delete(wallets).where(eq(wallets.userId, user.id));
        await tx
          .delete(contactMessages)
          .where(sql`lower(${contactMessages.email}) = lower(${user.email})`);
        await writeAudit(tx, {
          actorType: 'customer',
          actorId: user.id,
          action: 'privacy.anonymized',
          entityType: 'user',
          entityId: user.id,
          ip: caller.ip,
          after: {
            anonymizedAt: at.toISOString(),
            retained: RETAINED_RECORDS.map((rule) => rule.key),
            erased: [...ERASED_RECORDS],
          },
        });
      });
    },

    consentStatus,

    /** Records the caller's acceptance of current versions; an outdated id is a 409. */
    async acceptConsents(caller: PrivacyCaller, documentIds: string[]): Promise<ConsentStatus> {
      const wanted = [...new Set(documentIds)];
      await db.transaction(async (tx) => {
        const current = await currentLegalDocuments(tx);
        const currentIds = new Set(current.map((row) => row.id));
        if (wanted.some((id) => !currentIds.has(id))) {
          throw new AppError('CONSENT_NOT_CURRENT', 409);
        }
        const inserted = await recordConsents(tx, caller.userId, wanted, caller);
        if (inserted.length === 0) return;
        await writeAudit(tx, {
          actorType: 'customer',
          actorId: caller.userId,
          action: 'consent.accepted',
          entityType: 'user',
          entityId: caller.userId,
          ip: caller.ip,
          after: {
            documents: current
              .filter((row) => inserted.some((consent) => consent.documentId === row.id))
              .map((row) => `${row.kind}@${row.version}`),
          },
        });
      });
      return consentStatus(caller.userId);
    },

    async currentDocuments(): Promise<LegalDocument[]> {
      return (await currentLegalDocuments(db)).map(toLegalDocument);
    },

    async allDocuments(): Promise<LegalDocument[]> {
      const rows = await db
        .select()
        .from(legalDocuments)
        .orderBy(sql`${legalDocuments.publishedAt} DESC`, legalDocuments.kind);
      return rows.map(toLegalDocument);
    },

    /** Publishes a new version: every customer is asked to accept it on their next page. */
    async publish(
      admin: { userId: string; ip: string },
      input: { kind: LegalDocumentKind; version: string; summary: string },
    ): Promise<LegalDocument> {
      try {
        return await db.transaction(async (tx) => {
          // Versions of a kind are ordered by publication: a new one is always the latest.
          const latest = (await currentLegalDocuments(tx)).find((doc) => doc.kind === input.kind);
          const publishedAt = new Date(
            Math.max(now().getTime(), (latest?.publishedAt.getTime() ?? 0) + 1),
          );
          const [row] = await tx
            .insert(legalDocuments)
            .values({
              kind: input.kind,
              version: input.version,
              path: LEGAL_DOCUMENT_PATHS[input.kind],
              summary: input.summary,
              publishedAt,
              publishedBy: admin.userId,
            })
            .returning();
          await writeAudit(tx, {
            actorType: 'admin',
            actorId: admin.userId,
            action: 'legal_document.published',
            entityType: 'legal_document',
            entityId: row!.id,
            ip: admin.ip,
            after: { kind: input.kind, version: input.version, summary: input.summary },
          });
          return toLegalDocument(row!);
        });
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw new AppError('LEGAL_VERSION_EXISTS', 409, { version: input.version });
        }
        throw error;
      }
    },
  };
}

export type PrivacyService = ReturnType<typeof createPrivacyService>;
