import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MAX_DOCUMENT_BYTES } from '@permuta/contracts';
import { AppError } from '../../lib/app-error.ts';
import {
  BAD_FILES,
  NAMED_OTHERWISE,
  jpeg,
  jpegWithGps,
  jpegWithPhpComment,
  objectStream,
  pdf,
  pdfWithBinaryLookalikes,
  png,
  zip,
} from '../../../test/document-files.ts';
import {
  MAX_DOCUMENT_NAME_LENGTH,
  checkDocumentFile,
  extensionOf,
  sanitizeFileName,
} from './file-check.ts';

async function refusal(fileName: string, bytes: Buffer): Promise<AppError> {
  try {
    await checkDocumentFile({ bytes, fileName });
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error(`${fileName} was accepted`);
}

describe('the bad-file corpus', () => {
  it('holds at least 25 bad files', () => {
    expect(BAD_FILES.length).toBeGreaterThanOrEqual(25);
  });

  it.each(BAD_FILES.map((file) => [file.label, file] as const))('refuses %s', async (_, file) => {
    const error = await refusal(file.fileName, await file.bytes());
    expect(error.code).toBe(file.code);
    expect(error.status).toBe(file.code === 'DOCUMENT_TOO_LARGE' ? 413 : 400);
  });
});

describe('accepted documents', () => {
  it.each(NAMED_OTHERWISE.map((file) => [file.label, file] as const))(
    'accepts by content %s, shown with an extension that fits',
    async (_, file) => {
      const checked = await checkDocumentFile({
        bytes: await file.bytes(),
        fileName: file.fileName,
      });
      expect(checked.originalName).toBe(file.shownAs);
    },
  );

  it('accepts a JPEG (.jpg and .jpeg) and re-encodes it as a JPEG', async () => {
    for (const name of ['selfie.jpg', 'SELFIE.JPEG']) {
      const checked = await checkDocumentFile({ bytes: await jpeg(), fileName: name });
      expect(checked.mimeType).toBe('image/jpeg');
      expect(checked.originalName).toBe(name);
      expect((await sharp(checked.bytes).metadata()).format).toBe('jpeg');
    }
  });

  it('accepts a PNG and keeps it a PNG of the same size in pixels', async () => {
    const checked = await checkDocumentFile({ bytes: await png(64, 48), fileName: 'id.png' });
    expect(checked.mimeType).toBe('image/png');
    const metadata = await sharp(checked.bytes).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['png', 64, 48]);
  });

  it('accepts a PDF unchanged, with its size and SHA-256', async () => {
    const bytes = pdf();
    const checked = await checkDocumentFile({ bytes, fileName: 'conta-de-luz.pdf' });
    expect(checked.mimeType).toBe('application/pdf');
    expect(checked.bytes.equals(bytes)).toBe(true);
    expect(checked.sizeBytes).toBe(bytes.length);
    expect(checked.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
  });

  it('accepts a file of exactly 5 MB', async () => {
    const bytes = pdf({ objects: [`<< /Pad (${'x'.repeat(MAX_DOCUMENT_BYTES - 1000)}) >>`] });
    const padded = Buffer.concat([
      bytes.subarray(0, 15),
      Buffer.from(`%${'p'.repeat(MAX_DOCUMENT_BYTES - bytes.length - 2)}\n`),
      bytes.subarray(15),
    ]);
    expect(padded.length).toBe(MAX_DOCUMENT_BYTES);
    // the cross-reference offsets are off by the padding, which this check does not read
    const checked = await checkDocumentFile({ bytes: padded, fileName: 'big.pdf' });
    expect(checked.sizeBytes).toBe(MAX_DOCUMENT_BYTES);
  });

  it('removes EXIF and GPS data from a photo', async () => {
    const original = await jpegWithGps();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const checked = await checkDocumentFile({ bytes: original, fileName: 'selfie.jpg' });
    const metadata = await sharp(checked.bytes).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(checked.bytes.includes('PhoneMaker')).toBe(false);
  });

  it('drops PHP hidden in a JPEG comment', async () => {
    const original = await jpegWithPhpComment();
    expect(original.includes('<?php')).toBe(true);
    const checked = await checkDocumentFile({ bytes: original, fileName: 'id.jpg' });
    expect(checked.bytes.includes('<?php')).toBe(false);
  });

  it('re-encodes a PNG+ZIP polyglot into a plain PNG without the archive', async () => {
    const polyglot = Buffer.concat([await png(), zip('evil.php', '<?php phpinfo(); ?>')]);
    const checked = await checkDocumentFile({ bytes: polyglot, fileName: 'id.png' });
    expect(checked.mimeType).toBe('image/png');
    expect(checked.bytes.includes(Buffer.from([0x50, 0x4b, 0x03, 0x04]))).toBe(false);
    expect(checked.bytes.includes('evil.php')).toBe(false);
  });

  it('re-encodes a JPEG+HTML polyglot into a plain JPEG without the HTML', async () => {
    const polyglot = Buffer.concat([await jpeg(), Buffer.from('<html><script>alert(1)</script>')]);
    const checked = await checkDocumentFile({ bytes: polyglot, fileName: 'id.jpg' });
    expect(checked.bytes.includes('<script')).toBe(false);
  });

  it('accepts a PDF whose compressed object stream holds only plain objects', async () => {
    const bytes = pdf({
      objects: [objectStream('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>')],
    });
    await expect(checkDocumentFile({ bytes, fileName: 'a.pdf' })).resolves.toMatchObject({
      mimeType: 'application/pdf',
    });
  });

  it('accepts a PDF that only opens at a page (/OpenAction destination, as office suites write)', async () => {
    for (const catalog of ['/OpenAction[3 0 R/XYZ null null 0]', '/OpenAction [3 0 R /Fit]']) {
      const checked = await checkDocumentFile({ bytes: pdf({ catalog }), fileName: 'a.pdf' });
      expect(checked.mimeType).toBe('application/pdf');
    }
  });

  it('does not take bytes inside a stream for PDF names', async () => {
    const checked = await checkDocumentFile({
      bytes: pdfWithBinaryLookalikes(),
      fileName: 'a.pdf',
    });
    expect(checked.mimeType).toBe('application/pdf');
  });

  it('keeps only the last part of a path-traversal name', async () => {
    const checked = await checkDocumentFile({
      bytes: await png(),
      fileName: '../../etc/passwd.png',
    });
    expect(checked.originalName).toBe('passwd.png');
  });
});

describe('file names', () => {
  it('strips folders, control and bidirectional characters', () => {
    expect(sanitizeFileName('..\\..\\windows\\system32\\id.png')).toBe('id.png');
    expect(sanitizeFileName('/etc/passwd.png')).toBe('passwd.png');
    expect(sanitizeFileName('invoice\u202Egpj.exe')).toBe('invoicegpj.exe');
    expect(sanitizeFileName('a\u0000b\u0007c\r\n.pdf')).toBe('abc.pdf');
    expect(sanitizeFileName('\u200Bzero\u2066width\u2069\uFEFF.jpg')).toBe('zerowidth.jpg');
    expect(sanitizeFileName('..hidden.png')).toBe('hidden.png');
    expect(sanitizeFileName('name"with<odd>|chars?.png')).toBe('name_with_odd__chars_.png');
    expect(sanitizeFileName('   spaced    out   name.pdf  ')).toBe('spaced out name.pdf');
    expect(sanitizeFileName('conta-de-água.pdf')).toBe('conta-de-água.pdf');
  });

  it('limits the length and keeps the extension', () => {
    const long = sanitizeFileName(`${'a'.repeat(500)}.jpeg`);
    expect([...long].length).toBe(MAX_DOCUMENT_NAME_LENGTH);
    expect(long.endsWith('.jpeg')).toBe(true);
  });

  it('reads the extension case-insensitively, and only a real one', () => {
    expect(extensionOf('ID.JPG')).toBe('jpg');
    expect(extensionOf('scan')).toBe('');
    expect(extensionOf('conta jan. 2026')).toBe('');
    expect(extensionOf('photo.png.exe')).toBe('exe');
  });
});
