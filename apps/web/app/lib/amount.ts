import type { Locale } from './locale.ts';

/**
 * Amounts are decimal strings with a dot ("1234.56") everywhere except on screen. These
 * functions only move characters around: no binary floats are ever involved.
 */
export interface Separators {
  readonly decimal: ',' | '.';
  readonly group: '.' | ',';
}

export const SEPARATORS: Record<Locale, Separators> = {
  'pt-BR': { decimal: ',', group: '.' },
  'en-US': { decimal: '.', group: ',' },
};

const CANONICAL = /^(\d+)(?:\.(\d+))?$/;

function groupDigits(digits: string, separator: string): string {
  let out = '';
  for (let i = 0; i < digits.length; i += 1) {
    const fromEnd = digits.length - i;
    out += digits[i];
    if (fromEnd > 1 && (fromEnd - 1) % 3 === 0) out += separator;
  }
  return out;
}

export interface FormatOptions {
  /** pad the fraction with zeros up to this many places */
  readonly minDecimals?: number;
  /** cut the fraction (towards zero) to this many places */
  readonly maxDecimals?: number;
  /** drop trailing zeros of the fraction (after padding is not applied) */
  readonly trimZeros?: boolean;
}

/** "1234.5" -> "1.234,5" (pt-BR) or "1,234.5" (en-US). A string that is not an amount is kept. */
export function formatAmount(amount: string, locale: Locale, options: FormatOptions = {}): string {
  const negative = amount.startsWith('-');
  const match = CANONICAL.exec(negative ? amount.slice(1) : amount);
  if (!match) return amount;
  const { decimal, group } = SEPARATORS[locale];
  const integer = (match[1] ?? '0').replace(/^0+(?=\d)/, '');
  let fraction = match[2] ?? '';
  if (options.maxDecimals !== undefined) fraction = fraction.slice(0, options.maxDecimals);
  if (options.trimZeros) fraction = fraction.replace(/0+$/, '');
  if (options.minDecimals !== undefined) fraction = fraction.padEnd(options.minDecimals, '0');
  const sign = negative && /[1-9]/.test(integer + fraction) ? '-' : '';
  return `${sign}${groupDigits(integer, group)}${fraction ? decimal + fraction : ''}`;
}

/** Keeps only what an amount can contain while the user types (digits and separators). */
export function cleanAmountInput(input: string): string {
  return input.replace(/[^\d.,]/g, '');
}

function isGrouped(text: string, separator: string): boolean {
  const escaped = separator === '.' ? '\\.' : ',';
  return new RegExp(`^[1-9]\\d{0,2}(?:${escaped}\\d{3})+$`).test(text);
}

/**
 * What the user typed -> a dot-decimal string, or null when it is not an amount. The locale's
 * own style is always understood ("1.234,56" in pt-BR, "1,234.56" in en-US); the other
 * separator is read as a decimal point when it cannot be a thousands separator ("0.5" and
 * "12.5" in pt-BR, "12,5" in en-US). Empty input is null.
 */
export function parseAmount(input: string, locale: Locale): string | null {
  const text = input.replace(/[\s\u00a0\u202f]/g, '');
  if (text === '' || !/^[\d.,]+$/.test(text)) return null;
  const { group } = SEPARATORS[locale];
  const lastDot = text.lastIndexOf('.');
  const lastComma = text.lastIndexOf(',');

  let integer: string;
  let fraction: string;
  if (lastDot !== -1 && lastComma !== -1) {
    // both: the last one is the decimal separator, the other groups thousands
    const decimalChar = lastDot > lastComma ? '.' : ',';
    const groupChar = decimalChar === '.' ? ',' : '.';
    const at = text.lastIndexOf(decimalChar);
    const head = text.slice(0, at);
    fraction = text.slice(at + 1);
    if (!isGrouped(head, groupChar) || fraction.includes(decimalChar)) return null;
    integer = head.split(groupChar).join('');
  } else if (lastDot === -1 && lastComma === -1) {
    integer = text;
    fraction = '';
  } else {
    const separator = lastDot !== -1 ? '.' : ',';
    const count = text.split(separator).length - 1;
    const groups = separator === group || count > 1;
    if (groups && isGrouped(text, separator)) {
      integer = text.split(separator).join('');
      fraction = '';
    } else if (count === 1) {
      const at = text.indexOf(separator);
      integer = text.slice(0, at);
      fraction = text.slice(at + 1);
    } else {
      return null;
    }
  }

  if (!/^\d*$/.test(integer) || !/^\d*$/.test(fraction)) return null;
  if (integer === '' && fraction === '') return null;
  const int = integer.replace(/^0+(?=\d)/, '') || '0';
  return fraction === '' ? int : `${int}.${fraction}`;
}

/** True for "0", "0.00" and the like. */
export function isZeroAmount(amount: string): boolean {
  return !/[1-9]/.test(amount);
}

/** Compares two non-negative dot-decimal strings without converting them to numbers. */
export function compareAmounts(a: string, b: string): -1 | 0 | 1 {
  const split = (value: string) => {
    const [int = '0', frac = ''] = value.split('.');
    return { int: int.replace(/^0+(?=\d)/, ''), frac: frac.replace(/0+$/, '') };
  };
  const x = split(a);
  const y = split(b);
  if (x.int.length !== y.int.length) return x.int.length < y.int.length ? -1 : 1;
  if (x.int !== y.int) return x.int < y.int ? -1 : 1;
  const width = Math.max(x.frac.length, y.frac.length);
  const fx = x.frac.padEnd(width, '0');
  const fy = y.frac.padEnd(width, '0');
  if (fx === fy) return 0;
  return fx < fy ? -1 : 1;
}
