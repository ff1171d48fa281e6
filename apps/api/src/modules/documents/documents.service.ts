import { createHash } from 'node:crypto';
import {
  ALL_DOCUMENT_TYPES,
  BUSINESS_DOCUMENT_TYPES,
  DOCUMENT_REVIEW_LATE_HOURS,
  DOCUMENT_TYPES,
  ENHANCED_DOCUMENT_TYPES,
} from '@permuta/contracts';
import type {
  AdminDocumentQueue,
  DocumentType,
  DocumentView,
  EnhancedDeclarationInput,
} from '@permuta/contracts';
import type { Db, Tx } from '@permuta/db';
import { newStorageKey } from '../../adapters/storage/storage.ts';
import type { FileStorage } from '../../adapters/storage/storage.ts';
import { AppError, badRequest, notFound } from '../../lib/app-error.ts';
import { writeAudit } from '../../lib/audit.ts';
import { checkDocumentFile } from './file-check.ts';
import type { UploadedFile } from './file-check.ts';
import {
  appliedAsBusiness,
  currentDocument,
  countReviewQueue,
  currentDocuments,
  findDocument,
  listReviewQueue,
  findOwnDocument,
  insertDocument,
  insertEnhancedDeclaration,
  toDocumentView,
} from './documents.repository.ts';
import type { DocumentRow } from './documents.repository.ts';

/** Folder of the storage where documents go (the file names are random). */
export const DOCUMENTS_FOLDER = 'documents';

export interface Caller {
  userId: string;
  ip: string;
}

export interface DocumentFile {
  document: DocumentRow;
  bytes: Buffer;
}

export interface DocumentsServiceDeps {
  db: Db;
  storage: FileStorage;
  /** where an unexpected storage problem is reported (the caller only sees a generic error) */
  logError: (details: object, message: string) => void;
  now?: () => Date;
  /** told in the upload's transaction: a document now waits for review (admins' alerts) */
  uploaded?: (tx: Tx, document: { id: string; userId: string }) => Promise<void>;
}

const QUEUE_CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)_([0-9a-f-]{36})$/;

function decodeQueueCursor(cursor: string): { createdAt: string; id: string } {
  const match = QUEUE_CURSOR.exec(cursor);
  if (!match?.[1] || !match[2] || !Number.isFinite(Date.parse(match[1]))) {
    throw badRequest('CURSOR_INVALID', {}, { cursor: 'field.invalid' });
  }
  return { createdAt: match[1], id: match[2] };
}

/**
 * Customer documents (national ID, proof of address, selfie with ID). Every upload is a new
 * row; the current document of a type is the newest. Nothing is stored for a refused file; the
 * row and its audit entry commit together, and the stored file is removed again when they do
 * not.
 */
export function createDocumentsService({
  db,
  storage,
  logError,
  now = () => new Date(),
  uploaded,
}: DocumentsServiceDeps) {
  async function readFile(document: DocumentRow): Promise<DocumentFile> {
    const bytes = await storage.get(document.storageKey);
    const sha256 = bytes ? createHash('sha256').update(bytes).digest('hex') : null;
    if (!bytes || sha256 !== document.sha256) {
      logError(
        { documentId: document.id, found: bytes !== null },
        'document file missing or altered',
      );
      throw new AppError('DOCUMENT_DOWNLOAD_FAILED', 500);
    }
    return { document, bytes };
  }

  return {
    /** The back office's review queue: documents waiting, oldest first, with the counts. */
    async reviewQueue(query: {
      cursor?: string | undefined;
      limit: number;
    }): Promise<AdminDocumentQueue> {
      const after = query.cursor ? decodeQueueCursor(query.cursor) : undefined;
      const lateBefore = new Date(now().getTime() - DOCUMENT_REVIEW_LATE_HOURS * 3_600_000);
      const [rows, counts] = await Promise.all([
        listReviewQueue(db, { after, limit: query.limit + 1 }),
        countReviewQueue(db, lateBefore),
      ]);
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        items: page.map((row) => ({
          id: row.id,
          type: row.type,
          uploadedAt: row.createdAt.toISOString(),
          customer: { id: row.customerId, name: row.customerName, email: row.customerEmail },
        })),
        nextCursor: rows.length > query.limit && last ? `${last.cursorAt}_${last.id}` : null,
        ...counts,
      };
    },

    /**
     * The current document of each type (in the order of ALL_DOCUMENT_TYPES), whether the three
     * personal ones are approved and whether the customer applied as a business (then the
     * company documents are asked too).
     */
    async list(
      userId: string,
    ): Promise<{ documents: DocumentView[]; verified: boolean; business: boolean }> {
      // the identity and company documents: the enhanced verification's are on the limits screen
      const rows = (await currentDocuments(db, userId)).filter(
        (row) => !(ENHANCED_DOCUMENT_TYPES as readonly string[]).includes(row.type),
      );
      rows.sort((a, b) => ALL_DOCUMENT_TYPES.indexOf(a.type) - ALL_DOCUMENT_TYPES.indexOf(b.type));
      return {
        business: await appliedAsBusiness(db, userId),
        documents: rows.map(toDocumentView),
        verified: DOCUMENT_TYPES.every((type) =>
          rows.some((row) => row.type === type && row.status === 'approved'),
        ),
      };
    },

    /**
     * Checks and stores one upload as the new current document of `type`. Refused with 409
     * DOCUMENT_ALREADY_APPROVED while the current one is approved; a rejected or still
     * uploaded one is replaced (the old row stays as history).
     */
    async upload(caller: Caller, type: DocumentType, file: UploadedFile): Promise<DocumentView> {
      // company documents only from a customer who applied as a business (decision 057)
      if ((BUSINESS_DOCUMENT_TYPES as readonly string[]).includes(type)) {
        if (!(await appliedAsBusiness(db, caller.userId)))
          throw new AppError('BUSINESS_NOT_FOUND', 404);
      }
      const before = await currentDocument(db, caller.userId, type);
      if (before?.status === 'approved') throw new AppError('DOCUMENT_ALREADY_APPROVED', 409);

      const checked = await checkDocumentFile(file);
      const storageKey = newStorageKey(DOCUMENTS_FOLDER);
      await storage.put(storageKey, checked.bytes);
      try {
        const row = await db.transaction(async (tx) => {
          // Again inside the transaction: an admin may have approved it in the meantime.
          const current = await currentDocument(tx, caller.userId, type);
          if (current?.status === 'approved') {
            throw new AppError('DOCUMENT_ALREADY_APPROVED', 409);
          }
          const inserted = await insertDocument(tx, {
            userId: caller.userId,
            type,
            status: 'uploaded',
            storageKey,
            originalName: checked.originalName,
            mimeType: checked.mimeType,
            sizeBytes: checked.sizeBytes,
            sha256: checked.sha256,
          });
          await writeAudit(tx, {
            actorType: 'customer',
            actorId: caller.userId,
            action: 'document.uploaded',
            entityType: 'document',
            entityId: inserted.id,
            ip: caller.ip,
            before: current ? { id: current.id, status: current.status } : null,
            after: {
              id: inserted.id,
              type,
              originalName: inserted.originalName,
              mimeType: inserted.mimeType,
              sizeBytes: inserted.sizeBytes,
              sha256: inserted.sha256,
            },
          });
          await uploaded?.(tx, { id: inserted.id, userId: caller.userId });
          return inserted;
        });
        return toDocumentView(row);
      } catch (error) {
        await storage.delete(storageKey).catch((cleanupError: unknown) => {
          logError({ err: cleanupError, storageKey }, 'orphan document file not removed');
        });
        throw error;
      }
    },

    /**
     * The declaration of an enhanced verification request (monthly income range, occupation);
     * its proofs are the documents `proof_of_income` and `source_of_funds`. A new declaration
     * replaces the previous one (kept as history); audited.
     */
    async declareEnhanced(
      caller: Caller,
      input: EnhancedDeclarationInput,
    ): Promise<{ incomeRange: EnhancedDeclarationInput['incomeRange']; occupation: string }> {
      await db.transaction(async (tx) => {
        const row = await insertEnhancedDeclaration(tx, {
          userId: caller.userId,
          incomeRange: input.incomeRange,
          occupation: input.occupation,
        });
        await writeAudit(tx, {
          actorType: 'customer',
          actorId: caller.userId,
          action: 'enhanced.declared',
          entityType: 'enhanced_declaration',
          entityId: row.id,
          ip: caller.ip,
          after: { incomeRange: input.incomeRange, occupation: input.occupation },
        });
      });
      return { incomeRange: input.incomeRange, occupation: input.occupation };
    },

    /** The customer's own document file; someone else's is 404. */
    async ownFile(userId: string, id: string): Promise<DocumentFile> {
      const document = await findOwnDocument(db, userId, id);
      if (!document) throw notFound();
      return readFile(document);
    },

    /** Any customer's document file, for an admin; the access is audited. */
    async adminFile(
      adminId: string,
      ip: string,
      id: string,
      download: boolean,
    ): Promise<DocumentFile> {
      const document = await findDocument(db, id);
      if (!document) throw notFound();
      const file = await readFile(document);
      await writeAudit(db, {
        actorType: 'admin',
        actorId: adminId,
        action: download ? 'document.file_downloaded' : 'document.file_viewed',
        entityType: 'document',
        entityId: document.id,
        ip,
        after: { userId: document.userId, type: document.type },
      });
      return file;
    },
  };
}

export type DocumentsService = ReturnType<typeof createDocumentsService>;
