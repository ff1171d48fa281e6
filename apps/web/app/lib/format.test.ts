import { describe, expect, it } from 'vitest';
import { formatBytes, formatCpf, formatDate, formatDateTime, formatPhone } from './format.ts';

describe('display formats', () => {
  it('punctuates an 11-digit CPF and leaves anything else alone', () => {
    expect(formatCpf('12345678909')).toBe('123.456.789-09');
    expect(formatCpf('123')).toBe('123');
  });

  it('writes file sizes with the decimal separator of the language', () => {
    expect(formatBytes(820, 'en-US')).toBe('820 B');
    expect(formatBytes(1536, 'en-US')).toBe('1.5 KB');
    expect(formatBytes(1.5 * 1024 * 1024, 'pt-BR')).toBe('1,5 MB');
  });

  it('writes dates in the order of the language and keeps an unreadable value', () => {
    expect(formatDateTime('2026-11-23T10:15:00Z', 'pt-BR')).toMatch(/^23\/11\/2026/);
    expect(formatDateTime('2026-11-23T10:15:00Z', 'en-US')).toMatch(/^11\/23\/26/);
    expect(formatDateTime('soon', 'en-US')).toBe('soon');
  });

  it('writes Brazilian phones as people read them', () => {
    expect(formatPhone('+5511988887777')).toBe('(11) 98888-7777');
    expect(formatPhone('+551133334444')).toBe('(11) 3333-4444');
    expect(formatPhone('+1 555')).toBe('+1 555');
  });

  it('writes a birth date without shifting it by the time zone', () => {
    expect(formatDate('1990-05-20', 'en-US')).toBe('May 20, 1990');
    expect(formatDate('1990-05-20', 'pt-BR')).toMatch(/^20 de mai\.? de 1990$/);
    expect(formatDate('someday', 'pt-BR')).toBe('someday');
  });
});
