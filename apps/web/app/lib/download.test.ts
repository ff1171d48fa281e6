import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition } from './download.ts';

describe('file name of a download', () => {
  it('prefers the UTF-8 name of filename*', () => {
    expect(
      fileNameFromDisposition(
        `attachment; filename="comprovante.pdf"; filename*=UTF-8''comprovante%20de%20resid%C3%AAncia.pdf`,
      ),
    ).toBe('comprovante de residência.pdf');
  });

  it('reads a quoted or bare filename', () => {
    expect(fileNameFromDisposition('attachment; filename="id front.png"')).toBe('id front.png');
    expect(fileNameFromDisposition('inline; filename=selfie.jpg')).toBe('selfie.jpg');
  });

  it('gives null without a header or a name', () => {
    expect(fileNameFromDisposition(null)).toBeNull();
    expect(fileNameFromDisposition('attachment')).toBeNull();
  });
});
