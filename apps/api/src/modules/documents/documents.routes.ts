import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ALL_DOCUMENT_TYPES,
  MAX_DOCUMENT_BYTES,
  adminDocumentQueueQuerySchema,
  adminDocumentQueueSchema,
  documentSchema,
  enhancedDeclarationSchema,
} from '@permuta/contracts';
import { AppError } from '../../lib/app-error.ts';
import { requireAdmin, requireCustomer, signedIn } from '../auth/guards.ts';
import type { DocumentFile, DocumentsService } from './documents.service.ts';
import type { UploadedFile } from './file-check.ts';
import { apiErrors, fileAnswer } from '../../lib/api-errors.ts';

const errors = apiErrors(400, 401, 403, 404, 409, 413);
const idParams = z.object({ id: z.string().min(1).max(64) });
const typeParams = z.object({ type: z.enum(ALL_DOCUMENT_TYPES) });

/**
 * `Content-Disposition` with a name safe in any browser: an ASCII fallback in `filename` (no
 * quotes, slashes or control characters) and the full UTF-8 name in `filename*` (RFC 6266).
 */
export function contentDisposition(kind: 'attachment' | 'inline', name: string): string {
  const fallback =
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9._ -]/g, '_')
      .slice(0, 150) || 'document';
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

function sendFile(reply: FastifyReply, file: DocumentFile, kind: 'attachment' | 'inline') {
  return reply
    .status(200)
    .header('content-type', file.document.mimeType)
    .header('content-disposition', contentDisposition(kind, file.document.originalName))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(file.bytes);
}

/** The one file part `file` of a multipart upload, read whole (at most 5 MB + 1 byte). */
async function readUpload(request: FastifyRequest): Promise<UploadedFile> {
  if (!request.isMultipart()) throw new AppError('BAD_REQUEST', 400);
  const part = await request.file();
  if (!part || part.fieldname !== 'file') throw new AppError('BAD_REQUEST', 400);
  try {
    const bytes = await part.toBuffer();
    return { bytes, fileName: part.filename, truncated: part.file.truncated };
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      return { bytes: Buffer.alloc(0), fileName: part.filename, truncated: true };
    }
    throw error;
  }
}

/**
 * Customer documents (docs/accounts-api.md): upload, list and download for the customer, the
 * file for admins; multipart parsing is registered only for these routes.
 */
export const documentRoutes: FastifyPluginAsyncZod<{ service: DocumentsService }> = async (
  app,
  { service },
) => {
  // Only here: a body just over the limit is read, so "too large" is told apart from a cut file.
  await app.register(multipart, {
    limits: {
      fileSize: MAX_DOCUMENT_BYTES + 1,
      files: 1,
      fields: 4,
      fieldSize: 1024,
      parts: 5,
      headerPairs: 20,
    },
  });
  const tags = ['documents'];

  app.get(
    '/api/v1/me/documents',
    {
      onRequest: requireCustomer,
      schema: {
        operationId: 'listMyDocuments',
        tags,
        summary: 'My documents',
        description:
          'The current document of each type (the latest upload), whether the three personal ones are approved and whether the customer applied as a business (then the company documents are asked too).',
        response: {
          200: z.object({
            documents: z.array(documentSchema),
            verified: z.boolean(),
            business: z.boolean(),
          }),
          ...errors,
        },
      },
    },
    async (request) => service.list(signedIn(request).userId),
  );

  app.post(
    '/api/v1/me/documents/:type',
    {
      onRequest: requireCustomer,
      schema: {
        operationId: 'uploadMyDocument',
        tags,
        summary: 'Upload a document',
        description:
          'multipart/form-data with one part `file`: JPG, JPEG, PNG or PDF (checked by content), at most 5 MB. Images are re-encoded without metadata; PDFs with active content are refused. Replaces an uploaded or rejected document of the type; 409 when it is already approved.',
        consumes: ['multipart/form-data'],
        params: typeParams,
        response: { 201: documentSchema, ...errors },
      },
    },
    async (request, reply) => {
      const upload = await readUpload(request);
      const view = await service.upload(
        { userId: signedIn(request).userId, ip: request.ip },
        request.params.type,
        upload,
      );
      return reply.status(201).send(view);
    },
  );

  app.put(
    '/api/v1/me/enhanced-declaration',
    {
      onRequest: requireCustomer,
      schema: {
        operationId: 'declareEnhancedVerification',
        tags,
        summary: 'Declare income and occupation for the enhanced verification',
        description:
          'The declaration of an enhanced verification request (KYC level 3): monthly income range and occupation. The proofs are the documents `proof_of_income` and `source_of_funds` (POST /api/v1/me/documents/:type). The level rises once both are approved by the back office and a declaration exists.',
        body: enhancedDeclarationSchema,
        response: {
          200: enhancedDeclarationSchema,
          ...apiErrors(400, 401, 403),
        },
      },
    },
    async (request) =>
      service.declareEnhanced({ userId: signedIn(request).userId, ip: request.ip }, request.body),
  );

  app.get(
    '/api/v1/me/documents/:id/file',
    {
      onRequest: requireCustomer,
      schema: {
        operationId: 'downloadMyDocumentFile',
        tags,
        summary: 'Download one of my documents',
        description: 'The stored file as an attachment; 404 for a document that is not mine.',
        params: idParams,
        response: { 200: fileAnswer('upload', 'The document file'), ...errors },
      },
    },
    async (request, reply) => {
      const file = await service.ownFile(signedIn(request).userId, request.params.id);
      return sendFile(reply, file, 'attachment');
    },
  );

  app.get(
    '/api/v1/admin/documents',
    {
      config: { adminRole: 'operator' },
      onRequest: requireAdmin,
      schema: {
        operationId: 'listDocuments',
        tags: ['admin'],
        summary: 'Documents waiting for review',
        description:
          "Customers' current documents not yet reviewed, oldest first, keyset-paginated on (uploaded at, id): pass the previous page's `nextCursor` as `cursor`. `total` counts them all, `late` those waiting more than 24 hours. They are reviewed on the customer's page.",
        querystring: adminDocumentQueueQuerySchema,
        response: { 200: adminDocumentQueueSchema, ...errors },
      },
    },
    async (request) => service.reviewQueue(request.query),
  );

  app.get(
    '/api/v1/admin/documents/:id/file',
    {
      config: { adminRole: 'operator' },
      onRequest: requireAdmin,
      schema: {
        operationId: 'downloadDocumentFile',
        tags: ['admin'],
        summary: "A customer's document file",
        description: 'Inline for viewing; with `download=1` as an attachment. Audited.',
        params: idParams,
        querystring: z.object({ download: z.enum(['0', '1']).optional() }),
        response: { 200: fileAnswer('upload', 'The document file'), ...errors },
      },
    },
    async (request, reply) => {
      const download = request.query.download === '1';
      const file = await service.adminFile(
        signedIn(request).userId,
        request.ip,
        request.params.id,
        download,
      );
      return sendFile(reply, file, download ? 'attachment' : 'inline');
    },
  );
};
