import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import type { UploadedFile } from '../documents/file-check.ts';
import { contentDisposition } from '../documents/documents.routes.ts';
import type { OrderFileContent } from './orders.service.ts';

export interface MultipartUpload {
  file: UploadedFile | null;
  fields: Record<string, string>;
}

/**
 * A multipart body with at most one file part `file` and the text fields named in `fieldNames`
 * (others are ignored). The file is read whole; past the size limit it is flagged `truncated`
 * (the document rules answer 413).
 */
export async function readMultipart(
  request: FastifyRequest,
  fieldNames: readonly string[],
): Promise<MultipartUpload> {
  if (!request.isMultipart()) throw new AppError('BAD_REQUEST', 400);
  let file: UploadedFile | null = null;
  const fields: Record<string, string> = {};
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const bytes = await part.toBuffer();
      if (part.fieldname !== 'file' || file) throw new AppError('BAD_REQUEST', 400);
      file = { bytes, fileName: part.filename, truncated: part.file.truncated };
    } else if (fieldNames.includes(part.fieldname) && typeof part.value === 'string') {
      fields[part.fieldname] = part.value;
    }
  }
  return { file, fields };
}

/** The only types an order file is previewed as (sniffed from its bytes, never its name). */
const PREVIEW_TYPES = new Set(['image/jpeg', 'image/png', 'application/pdf']);

/**
 * A stored order file shown inside the back office's order page: inline, framable by this
 * origin only (the route's `sameOriginFrame`; every other answer keeps frame-ancestors 'none').
 * Anything but a JPG, PNG or PDF (HTML or SVG that slipped past an older upload check, say) is
 * refused: it would run in the page's origin.
 */
export function sendOrderFilePreview(reply: FastifyReply, file: OrderFileContent) {
  if (!PREVIEW_TYPES.has(file.mimeType)) throw new AppError('ORDER_FILE_NO_PREVIEW', 415);
  return reply
    .status(200)
    .header('content-type', file.mimeType)
    .header('content-disposition', contentDisposition('inline', file.fileName))
    .header('x-content-type-options', 'nosniff')
    .header('x-frame-options', 'SAMEORIGIN')
    .header('cache-control', 'private, no-store')
    .send(file.bytes);
}

/** A stored order file as a download. */
export function sendOrderFile(reply: FastifyReply, file: OrderFileContent) {
  return reply
    .status(200)
    .header('content-type', file.mimeType)
    .header('content-disposition', contentDisposition('attachment', file.fileName))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'")
    .header('cache-control', 'private, no-store')
    .send(file.bytes);
}
