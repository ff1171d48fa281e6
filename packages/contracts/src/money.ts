import Big from 'big.js';

/**
 * Decimal arithmetic for money. Amounts travel as strings ("1234.56") and are computed with
 * big.js, never with binary floats. `D` is a private constructor so that its precision settings
 * never leak into (or depend on) other users of big.js.
 */
export const D = Big();
D.DP = 40; // decimal places kept by a division before the caller rounds
D.RM = Big.roundDown; // divisions truncate; callers choose the final rounding explicitly
D.NE = -50; // never print exponential notation
D.PE = 50;

export type Decimal = InstanceType<typeof Big>;

/** Largest number of decimal places a token can have (numeric(38,18) in the database). */
export const MAX_PRECISION = 18;

/** A non-negative decimal string with a dot separator: "0", "12", "12.345". */
export const DECIMAL_PATTERN = /^(0|[1-9]\d{0,19})(\.\d{1,18})?$/;

export function isDecimalString(value: string): boolean {
  return DECIMAL_PATTERN.test(value);
}

export function dec(value: string | number | Decimal): Decimal {
  return new D(value);
}

/** Number of decimal places written in a decimal string ("1.50" -> 2). */
export function decimalPlaces(value: string): number {
  const dot = value.indexOf('.');
  return dot === -1 ? 0 : value.length - dot - 1;
}

/** One unit of the given precision: 2 -> 0.01. */
export function unit(precision: number): Decimal {
  return new D(1).div(new D(10).pow(precision));
}

/** Round towards zero to `precision` places (amounts paid by the platform). */
export function floorTo(value: Decimal, precision: number): Decimal {
  return value.round(precision, Big.roundDown);
}

/** Round away from zero to `precision` places (amounts the customer must send). */
export function ceilTo(value: Decimal, precision: number): Decimal {
  return value.round(precision, Big.roundUp);
}

/** Canonical string of a decimal: no exponent, no trailing zeros beyond `precision` if given. */
export function toAmount(value: Decimal, precision?: number): string {
  return precision === undefined ? value.toFixed() : value.toFixed(precision);
}

/** Canonical string with trailing zeros removed ("12.500" -> "12.5"). */
export function normalize(value: string | Decimal): string {
  return new D(value).toFixed();
}

export function compare(a: string | Decimal, b: string | Decimal): -1 | 0 | 1 {
  return new D(a).cmp(new D(b));
}

/**
 * Formats a decimal string for people, without ever going through a binary float:
 * ("1234.5", "pt-BR") -> "1.234,5"; ("1234.5", "en-US") -> "1,234.5".
 */
export function formatDecimal(value: string, locale: 'pt-BR' | 'en-US', minPlaces = 0): string {
  const [rawWhole = '0', rawFraction = ''] = new D(value).abs().toFixed().split('.');
  const negative = new D(value).lt(0);
  const fraction = rawFraction.padEnd(minPlaces, '0');
  const group = locale === 'pt-BR' ? '.' : ',';
  const point = locale === 'pt-BR' ? ',' : '.';
  const whole = rawWhole.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return `${negative ? '-' : ''}${whole}${fraction ? point + fraction : ''}`;
}

/** Reais as people read them: "R$ 1.234,56" (pt-BR), "R$1,234.56" (en-US). */
export function formatBrl(value: string, locale: 'pt-BR' | 'en-US'): string {
  const number = formatDecimal(new D(value).round(2, Big.roundHalfUp).toFixed(2), locale, 2);
  return locale === 'pt-BR' ? `R$ ${number}` : `R$${number}`;
}
