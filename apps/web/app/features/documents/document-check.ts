import { DOCUMENT_EXTENSIONS, MAX_DOCUMENT_BYTES } from '@permuta/contracts/accounts';
import type { ErrorCode } from '@permuta/contracts/errors';

/** The `accept` attribute of the file picker: the same extensions the server takes. */
export const DOCUMENT_ACCEPT = [
  ...DOCUMENT_EXTENSIONS.map((extension) => `.${extension}`),
  'image/jpeg',
  'image/png',
  'application/pdf',
].join(',');

/**
 * The check made before uploading, with the server's limits: the size only. The name decides
 * nothing (a JPEG named `selfie` is a JPEG); the server judges the content and has the last word.
 */
export function precheckDocument(file: { name: string; size: number }): ErrorCode | null {
  if (file.size === 0) return 'DOCUMENT_EMPTY';
  if (file.size > MAX_DOCUMENT_BYTES) return 'DOCUMENT_TOO_LARGE';
  return null;
}
