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

// --- amounts and rates as people read them -----------------------------------------------------

export type MoneyLocale = 'pt-BR' | 'en-US';
export type AssetKind = 'crypto' | 'pix' | 'deriv';

/**
 * A token as far as its amounts are concerned. PIX money is reais and Deriv balances are US
 * dollars (PIX, TED and boleto are ways to pay, never currencies); crypto reads with its code.
 * Without a kind, the product's codes tell it: `PIX`/`BRL` are reais, `DERIV`/`USD` dollars.
 */
export interface MoneyAsset {
  readonly code: string;
  readonly kind?: AssetKind | undefined;
}

export type Fiat = 'BRL' | 'USD';

export function fiatOf(asset: MoneyAsset): Fiat | null {
  const kind =
    asset.kind ??
    (asset.code === 'PIX' || asset.code === 'BRL'
      ? 'pix'
      : asset.code === 'DERIV' || asset.code === 'USD'
        ? 'deriv'
        : 'crypto');
  if (kind === 'pix') return 'BRL';
  if (kind === 'deriv') return 'USD';
  return null;
}

const NBSP = '\u00a0';

/** The currency sign as each language writes it (Intl's forms): R$ 1,00 / R$1.00, US$ 1,00 / $1.00. */
const FIAT_PREFIX: Record<Fiat, Record<MoneyLocale, string>> = {
  BRL: { 'pt-BR': `R$${NBSP}`, 'en-US': 'R$' },
  USD: { 'pt-BR': `US$${NBSP}`, 'en-US': '$' },
};

/** Reais or dollars: the currency sign and at least two decimal places, every place kept. */
export function formatFiat(
  amount: string | Decimal,
  fiat: Fiat,
  locale: MoneyLocale,
  minPlaces = 2,
): string {
  const value = new D(amount);
  const digits = formatDecimal(value.abs().toFixed(), locale, minPlaces);
  return `${value.lt(0) ? '-' : ''}${FIAT_PREFIX[fiat][locale]}${digits}`;
}

/**
 * An amount of a token for people: "R$ 500,00" / "R$500.00" for reais, "US$ 100,00" / "$100.00"
 * for Deriv dollars, "0,5 BTC" / "0.5 BTC" for crypto. Exact: no digit is rounded away (trailing
 * zeros beyond the cents are dropped), and no binary float is involved.
 */
export function formatMoney(amount: string, asset: MoneyAsset, locale: MoneyLocale): string {
  const fiat = fiatOf(asset);
  if (fiat) return formatFiat(amount, fiat, locale);
  return `${formatDecimal(normalize(amount), locale)}${NBSP}${asset.code}`;
}

/** Decimal places of a rate between two assets that are not reais (rounded half-up). */
export const CROSS_RATE_PLACES = 8;

export interface RateSide extends MoneyAsset {
  /** the locked reference price of one unit, in BRL */
  readonly priceBrl: string;
}

export interface DisplayRate {
  /** one unit of this asset... */
  readonly base: MoneyAsset;
  /** ...is worth this amount... */
  readonly price: string;
  /** ...of this one */
  readonly quote: MoneyAsset;
  /** true when `price` is the locked price itself, false when it is a rounded cross rate */
  readonly exact: boolean;
}

const REAIS: MoneyAsset = { code: 'BRL', kind: 'pix' };

/**
 * The rate of a pair as Brazilians read it: the price of the side that is not reais, in reais
 * (1 USDT = R$ 5,40), taken as is from the locked prices; between two assets that are not reais,
 * one unit of the dearer one in the other (1 BTC = 95.000 USDT), rounded to CROSS_RATE_PLACES.
 * Never the inverse of a truncated rate.
 */
export function displayRate(send: RateSide, receive: RateSide): DisplayRate {
  const sendIsBrl = fiatOf(send) === 'BRL';
  const receiveIsBrl = fiatOf(receive) === 'BRL';
  if (sendIsBrl && !receiveIsBrl)
    return { base: receive, price: normalize(receive.priceBrl), quote: REAIS, exact: true };
  if (!sendIsBrl) {
    if (receiveIsBrl)
      return { base: send, price: normalize(send.priceBrl), quote: REAIS, exact: true };
  } else {
    return { base: send, price: '1', quote: REAIS, exact: true };
  }
  const [base, quote] =
    compare(send.priceBrl, receive.priceBrl) >= 0 ? [send, receive] : [receive, send];
  const price = new D(base.priceBrl).div(quote.priceBrl).round(CROSS_RATE_PLACES, Big.roundHalfUp);
  return {
    base: { code: base.code, kind: base.kind },
    price: price.toFixed(),
    quote: { code: quote.code, kind: quote.kind },
    exact: price.eq(new D(base.priceBrl).div(quote.priceBrl)),
  };
}

/** "1 USDT = R$ 5,40", "1 BTC = R$ 520.000,00", "US$ 1,00 = R$ 5,40", "1 BTC = 95.000 USDT". */
export function formatRate(send: RateSide, receive: RateSide, locale: MoneyLocale): string {
  const rate = displayRate(send, receive);
  return `${formatMoney('1', rate.base, locale)} = ${formatMoney(rate.price, rate.quote, locale)}`;
}

/** Reais rounded to the cent, as people read them: "R$ 1.234,56" (pt-BR), "R$1,234.56" (en-US). */
export function formatBrl(value: string | Decimal, locale: MoneyLocale): string {
  return formatFiat(new D(value).round(2, Big.roundHalfUp).toFixed(2), 'BRL', locale);
}
