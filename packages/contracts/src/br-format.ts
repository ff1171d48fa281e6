import type { PixKeyType } from './wallets.ts';

/**
 * Brazilian identifiers as people read them, the same for customers and admins: a CPF
 * `123.456.789-09`, a CNPJ `12.345.678/0001-90` (also the alphanumeric CNPJ of July 2026), a
 * phone PIX key `+55 (11) 98765-4321`; e-mails and random keys as they are. Pure text
 * formatting: a value that does not have the expected shape is returned unchanged.
 */

/** `12345678909` (or any mask of it) -> `123.456.789-09`; anything else unchanged. */
export function formatCpf(value: string): string {
  const digits = value.replace(/[.\-\s]/g, '');
  if (!/^\d{11}$/.test(digits)) return value;
  return `${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6, 9)}-${digits.slice(9)}`;
}

/** `12345678000190` (or `12ABC34501DE35`) -> `12.345.678/0001-90`; anything else unchanged. */
export function formatCnpj(value: string): string {
  const plain = value.replace(/[./\-\s]/g, '').toUpperCase();
  if (!/^[0-9A-Z]{12}\d{2}$/.test(plain)) return value;
  return `${plain.slice(0, 2)}.${plain.slice(2, 5)}.${plain.slice(5, 8)}/${plain.slice(8, 12)}-${plain.slice(12)}`;
}

/** `12345678909` -> `***.456.789-**`: enough to recognise it, not enough to copy it. */
export function maskCpf(value: string): string {
  const digits = value.replace(/\D/g, '');
  if (digits.length !== 11) return value;
  return `***.${digits.slice(3, 6)}.${digits.slice(6, 9)}-**`;
}

/** A CPF or a CNPJ (told apart by length), formatted; anything else unchanged. */
export function formatTaxId(value: string): string {
  const plain = value.replace(/[./\-\s]/g, '');
  if (/^\d{11}$/.test(plain)) return formatCpf(plain);
  if (/^[0-9A-Za-z]{12}\d{2}$/.test(plain)) return formatCnpj(plain);
  return value;
}

/** `+5511987654321` -> `+55 (11) 98765-4321` (also a landline's 10 digits); anything else unchanged. */
export function formatPixPhone(value: string): string {
  const digits = value.replace(/[\s().+-]/g, '');
  const national = /^55\d{10,11}$/.test(digits) ? digits.slice(2) : digits;
  if (!/^\d{10,11}$/.test(national) || !/^[+\d]/.test(value.trim())) return value;
  const split = national.length === 11 ? 7 : 6;
  return `+55 (${national.slice(0, 2)}) ${national.slice(2, split)}-${national.slice(split)}`;
}

/**
 * The type of a PIX key as stored (normalized: CPF digits, CNPJ, `+55...` phone, lower-case
 * e-mail or random key), or null when it looks like none of them.
 */
export function pixKeyTypeOf(key: string): PixKeyType | null {
  const value = key.trim();
  if (/^\+55\d{10,11}$/.test(value)) return 'phone';
  if (/^\d{11}$/.test(value)) return 'cpf';
  if (/^[0-9A-Z]{12}\d{2}$/i.test(value)) return 'cnpj';
  if (value.includes('@')) return 'email';
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value))
    return 'random';
  return null;
}

/**
 * A PIX key as people read it, by its type (told by the key itself when not given): CPF and
 * CNPJ with their masks, a phone as `+55 (11) 98765-4321`, e-mails and random keys as they are.
 */
export function formatPixKey(key: string, type?: PixKeyType | null): string {
  switch (type ?? pixKeyTypeOf(key)) {
    case 'cpf':
      return formatCpf(key);
    case 'cnpj':
      return formatCnpj(key);
    case 'phone':
      return formatPixPhone(key);
    default:
      return key;
  }
}
