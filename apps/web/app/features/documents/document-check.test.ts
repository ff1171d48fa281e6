import { describe, expect, it } from 'vitest';
import { MAX_DOCUMENT_BYTES } from '@permuta/contracts/accounts';
import { DOCUMENT_ACCEPT, precheckDocument } from './document-check.ts';

describe('document pre-check before upload', () => {
  it('accepts JPG, JPEG, PNG and PDF files up to 5MB, whatever the case of the extension', () => {
    for (const name of ['id.jpg', 'id.JPEG', 'proof.png', 'proof.Pdf']) {
      expect(precheckDocument({ name, size: 1000 }), name).toBeNull();
    }
    expect(precheckDocument({ name: 'id.jpg', size: MAX_DOCUMENT_BYTES })).toBeNull();
  });

  it('refuses a file one byte over 5MB', () => {
    expect(precheckDocument({ name: 'id.jpg', size: MAX_DOCUMENT_BYTES + 1 })).toBe(
      'DOCUMENT_TOO_LARGE',
    );
  });

  it('leaves the kind of file to the server: a name without an extension or with another one passes', () => {
    for (const name of ['selfie', 'id.pdf.exe', 'rg\u202Egpj.exe']) {
      expect(precheckDocument({ name, size: 10 }), name).toBeNull();
    }
  });

  it('refuses an empty file', () => {
    expect(precheckDocument({ name: 'id.png', size: 0 })).toBe('DOCUMENT_EMPTY');
  });

  it('offers the same extensions in the file picker', () => {
    expect(DOCUMENT_ACCEPT.split(',')).toEqual(
      expect.arrayContaining(['.jpg', '.jpeg', '.png', '.pdf']),
    );
  });
});
