import { createHash } from 'node:crypto';
import { inflateSync } from 'node:zlib';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import type { Metadata } from 'sharp';
import { MAX_DOCUMENT_BYTES } from '@permuta/contracts';
import type { ErrorCode } from '@permuta/contracts';
import { AppError } from '../../lib/app-error.ts';

/**
 * The checks every uploaded document goes through before anything is stored (PRODUCT.md
 * section 4): JPG, JPEG, PNG or PDF by CONTENT (magic bytes), at most 5 MB. Images are decoded
 * and re-encoded (JPEG stays JPEG, PNG stays PNG) so that no metadata (EXIF, GPS, comments) and
 * nothing appended to the image survives; PDFs are kept as sent but refused when they carry
 * active content. The name never decides anything: it is only ever shown, cleaned and given the
 * content's extension when its own does not fit (see displayName); files are stored under
 * server-made names.
 *
 * Codes, in the order they are checked:
 * - DOCUMENT_EMPTY, DOCUMENT_TOO_LARGE (413);
 * - DOCUMENT_TYPE: the content is not a JPEG, PNG or PDF, whatever the name says;
 * - DOCUMENT_CORRUPT, DOCUMENT_IMAGE_TOO_LARGE (pixel floods), DOCUMENT_PDF_ACTIVE_CONTENT,
 *   DOCUMENT_PDF_ENCRYPTED.
 */

/** Largest image accepted, in pixels (width x height), checked from the header before decoding. */
export const MAX_DOCUMENT_PIXELS = 40_000_000;
/** Longest original name kept for display, in characters. */
export const MAX_DOCUMENT_NAME_LENGTH = 120;

export type DocumentKind = 'jpg' | 'png' | 'pdf';
export type DocumentMimeType = 'image/jpeg' | 'image/png' | 'application/pdf';

export const MIME_OF: Record<DocumentKind, DocumentMimeType> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  pdf: 'application/pdf',
};

/** The extensions of a name that fit each kind of content. */
const EXTENSIONS_OF: Record<DocumentKind, readonly string[]> = {
  jpg: ['jpg', 'jpeg'],
  png: ['png'],
  pdf: ['pdf'],
};

export interface UploadedFile {
  bytes: Buffer;
  /** the name the browser sent (untrusted) */
  fileName: string;
  /** the upload went past the size limit and was cut */
  truncated?: boolean;
}

export interface CheckedDocument {
  /** what is stored: the re-encoded image, or the PDF as sent */
  bytes: Buffer;
  kind: DocumentKind;
  mimeType: DocumentMimeType;
  /** cleaned, for display and as the download name; its extension fits the content */
  originalName: string;
  sizeBytes: number;
  /** hex SHA-256 of `bytes` */
  sha256: string;
}

/** A refused document: 413 for DOCUMENT_TOO_LARGE, 400 otherwise. */
export function documentRefused(code: ErrorCode): AppError {
  return new AppError(code, code === 'DOCUMENT_TOO_LARGE' ? 413 : 400);
}

// --- the name -----------------------------------------------------------------------------

/**
 * The name as it may be shown: no folders (`../../etc/passwd.png` -> `passwd.png`), no control,
 * format or bidirectional characters (U+202E and friends, zero-width characters, BOM), no
 * characters that file systems or headers choke on, no leading dots, at most
 * MAX_DOCUMENT_NAME_LENGTH characters with the extension kept. May be empty.
 */
export function sanitizeFileName(raw: string): string {
  let name = raw.normalize('NFC').replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}\p{Co}\p{Cn}]/gu, '');
  name = name.split(/[\\/]/).pop() ?? '';
  name = name
    .replace(/[<>:"|?*]/g, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s]+/, '')
    .replace(/[.\s]+$/, '');
  const chars = [...name];
  if (chars.length <= MAX_DOCUMENT_NAME_LENGTH) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? [...name.slice(dot)] : [];
  const keep = extension.length <= 10 ? extension : [];
  return [...chars.slice(0, MAX_DOCUMENT_NAME_LENGTH - keep.length), ...keep].join('').trim();
}

/** The lower-case extension of a (cleaned) name, '' when it has none. */
export function extensionOf(name: string): string {
  return /\.([A-Za-z0-9]{1,10})$/.exec(name)?.[1]?.toLowerCase() ?? '';
}

/**
 * The cleaned name with an extension that fits the content: the name's own when it does,
 * otherwise the content's appended (`selfie` -> `selfie.jpg`, `id.exe` holding a PNG ->
 * `id.exe.png`, an empty name -> `document.pdf`). Only ever shown and offered as the download
 * name; files are stored under server-made names.
 */
export function displayName(raw: string, kind: DocumentKind): string {
  const clean = sanitizeFileName(raw);
  if (EXTENSIONS_OF[kind].includes(extensionOf(clean))) return clean;
  const suffix = `.${kind}`;
  const base = [...(clean || 'document')]
    .slice(0, MAX_DOCUMENT_NAME_LENGTH - suffix.length)
    .join('')
    .replace(/[.\s]+$/, '');
  return `${base}${suffix}`;
}

// --- images -------------------------------------------------------------------------------

function imageError(error: unknown): AppError {
  const message = error instanceof Error ? error.message : String(error);
  return documentRefused(
    /pixel limit/i.test(message) ? 'DOCUMENT_IMAGE_TOO_LARGE' : 'DOCUMENT_CORRUPT',
  );
}

const SHARP_INPUT = { limitInputPixels: MAX_DOCUMENT_PIXELS, failOn: 'truncated' } as const;

/**
 * Decodes the whole image and encodes it again in the same format: metadata (EXIF with GPS,
 * XMP, IPTC, comments, ICC) and any bytes after the image's end are gone. The orientation of
 * the EXIF data is applied to the pixels first, so photos stay upright.
 */
async function reencodeImage(bytes: Buffer, kind: 'jpg' | 'png'): Promise<Buffer> {
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, SHARP_INPUT).metadata();
  } catch (error) {
    throw imageError(error);
  }
  if (metadata.format !== (kind === 'jpg' ? 'jpeg' : 'png'))
    throw documentRefused('DOCUMENT_CORRUPT');
  const { width, height } = metadata;
  if (!width || !height) throw documentRefused('DOCUMENT_CORRUPT');
  if (width * height > MAX_DOCUMENT_PIXELS) throw documentRefused('DOCUMENT_IMAGE_TOO_LARGE');

  const encode = (quality: number) => {
    const pipeline = sharp(bytes, SHARP_INPUT).autoOrient();
    return (
      kind === 'jpg'
        ? pipeline.jpeg({ quality })
        : pipeline.png({ compressionLevel: 9, adaptiveFiltering: true })
    ).toBuffer();
  };
  try {
    // A re-encoded JPEG can come out larger than the original: step the quality down.
    for (const quality of kind === 'jpg' ? [90, 80, 70] : [100]) {
      const output = await encode(quality);
      if (output.length <= MAX_DOCUMENT_BYTES) return output;
    }
  } catch (error) {
    throw imageError(error);
  }
  throw documentRefused('DOCUMENT_TOO_LARGE');
}

// --- PDFs ---------------------------------------------------------------------------------

/**
 * Names that make a PDF do something when opened or clicked, or carry other files: scripts,
 * automatic and additional actions, launching programs, attachments, Flash/3D media, XFA
 * forms, submitting or importing form data.
 */
const ACTIVE_PDF_NAMES = new Set([
  'JavaScript',
  'JS',
  'OpenAction',
  'AA',
  'Launch',
  'EmbeddedFile',
  'EmbeddedFiles',
  'FileAttachment',
  'RichMedia',
  'XFA',
  'SubmitForm',
  'ImportData',
  'GoToE',
]);

/**
 * `/OpenAction [3 0 R /XYZ null null 0]`: a plain destination (open at this page and zoom),
 * which office suites write into ordinary PDFs. Only this form of /OpenAction is accepted; an
 * action dictionary or a reference (which may point to one) is not.
 */
const OPEN_AT_PAGE =
  /^\s*\[\s*\d+\s+\d+\s+R\s*\/(?:XYZ|Fit|FitH|FitV|FitR|FitB|FitBH|FitBV)(?:\s+(?:null|-?[\d.]+))*\s*\]/;

const decodeName = (raw: string) =>
  raw.replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** Every PDF name in `text` (latin1), with `#xx` escapes decoded (`/J#61vaScript` -> JavaScript). */
function pdfNames(text: string): Set<string> {
  const names = new Set<string>();
  for (const match of text.matchAll(/\/([^\s/[\]()<>{}%]*)/g)) {
    names.add(decodeName(match[1] ?? ''));
  }
  return names;
}

/** Whether `text` (latin1) names anything of ACTIVE_PDF_NAMES, hex-escaped or not. */
function hasActiveContent(text: string): boolean {
  for (const match of text.matchAll(/\/([^\s/[\]()<>{}%]*)/g)) {
    const name = decodeName(match[1] ?? '');
    if (!ACTIVE_PDF_NAMES.has(name)) continue;
    const rest = text.slice(match.index + match[0].length, match.index + match[0].length + 200);
    if (name === 'OpenAction' && OPEN_AT_PAGE.test(rest)) continue;
    return true;
  }
  return false;
}

interface PdfStream {
  /** the text from the object's start to the `stream` keyword: its dictionary */
  dictionary: string;
  start: number;
  end: number;
}

/**
 * The streams of a PDF (latin1 text), found by their keywords. A stream's data is binary and
 * may hold any bytes, so it is left out of the name scan (a `/JS` in a photo's bytes is not a
 * script); a "stream" that would swallow an `endobj` is not taken as one, so objects cannot be
 * hidden behind a fake stream keyword.
 */
function pdfStreams(text: string): PdfStream[] {
  const streams: PdfStream[] = [];
  const keyword = />>\s*stream(?:\r\n|\n|\r)/g;
  let match: RegExpExecArray | null;
  while ((match = keyword.exec(text))) {
    const start = match.index + match[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0) break;
    if (text.slice(start, end).includes('endobj')) continue;
    const objectStart = text.lastIndexOf(' obj', match.index);
    streams.push({
      dictionary: text.slice(objectStart < 0 ? 0 : objectStart, match.index + 2),
      start,
      end,
    });
    keyword.lastIndex = end;
  }
  return streams;
}

/** Inflated size allowed for all object streams of one PDF together. */
const MAX_INFLATED_BYTES = 32 * 1024 * 1024;

function checkPdf(bytes: Buffer): void {
  const text = bytes.toString('latin1');
  if (!/^%PDF-[12]\.\d/.test(text)) throw documentRefused('DOCUMENT_CORRUPT');
  // Readers look for the end-of-file marker in the last 1024 bytes.
  if (!text.slice(-1024).includes('%%EOF')) throw documentRefused('DOCUMENT_CORRUPT');

  const streams = pdfStreams(text);
  let outside = '';
  let position = 0;
  for (const stream of streams) {
    outside += text.slice(position, stream.start);
    position = stream.end;
  }
  outside += text.slice(position);

  if (pdfNames(outside).has('Encrypt')) throw documentRefused('DOCUMENT_PDF_ENCRYPTED');
  if (hasActiveContent(outside)) throw documentRefused('DOCUMENT_PDF_ACTIVE_CONTENT');

  // Objects can also sit compressed inside object streams: open those and look inside too.
  let budget = MAX_INFLATED_BYTES;
  for (const stream of streams) {
    const dictionaryNames = pdfNames(stream.dictionary);
    if (!dictionaryNames.has('ObjStm')) continue;
    const raw = bytes.subarray(stream.start, stream.end);
    let content: Buffer;
    if (!dictionaryNames.has('Filter')) content = raw;
    else if (dictionaryNames.has('FlateDecode') && !dictionaryNames.has('DecodeParms')) {
      try {
        content = inflateSync(raw, { maxOutputLength: budget, finishFlush: 2 /* Z_SYNC_FLUSH */ });
      } catch {
        throw documentRefused('DOCUMENT_CORRUPT');
      }
    } else {
      // another filter chain: what is inside cannot be checked, so it is not accepted
      throw documentRefused('DOCUMENT_CORRUPT');
    }
    budget -= content.length;
    if (hasActiveContent(content.toString('latin1'))) {
      throw documentRefused('DOCUMENT_PDF_ACTIVE_CONTENT');
    }
  }
}

// --- the whole check ----------------------------------------------------------------------

async function detectKind(bytes: Buffer): Promise<DocumentKind | null> {
  const detected = await fileTypeFromBuffer(bytes);
  switch (detected?.mime) {
    case 'image/jpeg':
      return 'jpg';
    case 'image/png':
    case 'image/apng':
      return 'png';
    case 'application/pdf':
      return 'pdf';
    default:
      return null;
  }
}

/**
 * Checks one uploaded document and returns what to store, or throws the AppError that says
 * why it is refused. Pure: stores nothing.
 */
export async function checkDocumentFile(file: UploadedFile): Promise<CheckedDocument> {
  if (file.bytes.length === 0 && !file.truncated) throw documentRefused('DOCUMENT_EMPTY');
  if (file.truncated || file.bytes.length > MAX_DOCUMENT_BYTES) {
    throw documentRefused('DOCUMENT_TOO_LARGE');
  }

  const kind = await detectKind(file.bytes);
  if (!kind) throw documentRefused('DOCUMENT_TYPE');

  let stored: Buffer;
  if (kind === 'pdf') {
    checkPdf(file.bytes);
    stored = file.bytes;
  } else {
    stored = await reencodeImage(file.bytes, kind);
  }
  return {
    bytes: stored,
    kind,
    mimeType: MIME_OF[kind],
    originalName: displayName(file.fileName, kind),
    sizeBytes: stored.length,
    sha256: createHash('sha256').update(stored).digest('hex'),
  };
}
