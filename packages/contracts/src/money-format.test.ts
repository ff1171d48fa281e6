import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  CROSS_RATE_PLACES,
  dec,
  displayRate,
  formatMoney,
  formatRate,
  type MoneyLocale,
  type RateSide,
} from './money.ts';

/** What a reader gets back from a formatted amount: the canonical dot-decimal digits. */
function readBack(text: string, locale: MoneyLocale): string {
  const digits = text.replace(/^-?(R\$|US\$|\$)\u00a0?/, '').replace(/\u00a0[A-Z0-9]+$/, '');
  const canonical =
    locale === 'pt-BR' ? digits.replaceAll('.', '').replace(',', '.') : digits.replaceAll(',', '');
  return text.startsWith('-') ? `-${canonical}` : canonical;
}

const normal = (text: string) => text.replace(/\s+/g, ' ');

const PIX: RateSide = { code: 'PIX', kind: 'pix', priceBrl: '1' };
const usdt = (priceBrl = '5.40'): RateSide => ({ code: 'USDT', kind: 'crypto', priceBrl });
const btc = (priceBrl = '520000'): RateSide => ({ code: 'BTC', kind: 'crypto', priceBrl });

/** A positive decimal string of up to 12 integer digits and `places` decimals. */
const amount = (places: number) =>
  fc
    .tuple(fc.bigInt({ min: 1n, max: 10n ** BigInt(12 + places) - 1n }))
    .map(([n]) => dec(n.toString()).div(dec(10).pow(places)).toFixed());

describe('amounts as people read them', () => {
  it('writes reais with the real sign, never as "PIX"', () => {
    expect(normal(formatMoney('500', { code: 'PIX', kind: 'pix' }, 'pt-BR'))).toBe('R$ 500,00');
    expect(formatMoney('500', { code: 'PIX', kind: 'pix' }, 'en-US')).toBe('R$500.00');
    expect(normal(formatMoney('1500', { code: 'PIX' }, 'pt-BR'))).toBe('R$ 1.500,00');
    expect(normal(formatMoney('3.5', { code: 'BRL' }, 'pt-BR'))).toBe('R$ 3,50');
    expect(formatMoney('1234567.891', { code: 'PIX' }, 'en-US')).toBe('R$1,234,567.891');
    expect(normal(formatMoney('-12.5', { code: 'PIX' }, 'pt-BR'))).toBe('-R$ 12,50');
  });

  it('writes Deriv balances in US dollars', () => {
    expect(normal(formatMoney('100', { code: 'DERIV', kind: 'deriv' }, 'pt-BR'))).toBe(
      'US$ 100,00',
    );
    expect(formatMoney('100.000000', { code: 'DERIV' }, 'en-US')).toBe('$100.00');
  });

  it('writes crypto with its code and without trailing zeros', () => {
    expect(normal(formatMoney('0.50000000', { code: 'BTC', kind: 'crypto' }, 'pt-BR'))).toBe(
      '0,5 BTC',
    );
    expect(normal(formatMoney('1234.5', { code: 'USDT' }, 'en-US'))).toBe('1,234.5 USDT');
  });

  it('keeps every digit of any amount in both languages', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 18 }).chain(amount),
        fc.constantFrom<MoneyLocale>('pt-BR', 'en-US'),
        fc.constantFrom('PIX', 'DERIV', 'USDT'),
        (value, locale, code) => {
          const text = formatMoney(value, { code }, locale);
          expect(dec(readBack(text, locale)).eq(dec(value))).toBe(true);
          if (code !== 'USDT') expect(text).toMatch(locale === 'pt-BR' ? /,\d{2,}$/ : /\.\d{2,}$/);
          expect(text).not.toContain('PIX');
        },
      ),
    );
  });
});

describe('rates as people read them', () => {
  it('reads the price of the side that is not reais, in reais, whichever way the pair goes', () => {
    expect(normal(formatRate(PIX, usdt(), 'pt-BR'))).toBe('1 USDT = R$ 5,40');
    expect(normal(formatRate(usdt(), PIX, 'pt-BR'))).toBe('1 USDT = R$ 5,40');
    expect(normal(formatRate(PIX, usdt(), 'en-US'))).toBe('1 USDT = R$5.40');
    expect(normal(formatRate(PIX, btc(), 'pt-BR'))).toBe('1 BTC = R$ 520.000,00');
    expect(normal(formatRate(btc(), PIX, 'en-US'))).toBe('1 BTC = R$520,000.00');
    const deriv: RateSide = { code: 'DERIV', kind: 'deriv', priceBrl: '5.4' };
    expect(normal(formatRate(PIX, deriv, 'pt-BR'))).toBe('US$ 1,00 = R$ 5,40');
    expect(normal(formatRate(deriv, PIX, 'en-US'))).toBe('$1.00 = R$5.40');
  });

  it('reads a pair of two assets that are not reais as one unit of the dearer in the other', () => {
    expect(normal(formatRate(btc('513000'), usdt('5.4'), 'pt-BR'))).toBe('1 BTC = 95.000 USDT');
    expect(normal(formatRate(usdt('5.4'), btc('513000'), 'en-US'))).toBe('1 BTC = 95,000 USDT');
  });

  it('shows exactly the locked price, so the rate times the amount is the locked value', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 }).chain(amount),
        fc.integer({ min: 0, max: 18 }).chain(amount),
        fc.boolean(),
        fc.constantFrom<MoneyLocale>('pt-BR', 'en-US'),
        (price, quantity, pixSent, locale) => {
          const token = btc(price);
          const text = formatRate(pixSent ? PIX : token, pixSent ? token : PIX, locale);
          const [left = '', right = ''] = text.split(' = ');
          expect(normal(left)).toBe('1 BTC');
          const shown = readBack(right, locale);
          expect(dec(shown).eq(dec(price))).toBe(true);
          expect(dec(shown).times(quantity).eq(dec(price).times(quantity))).toBe(true);
        },
      ),
    );
  });

  it('never reads a truncated inverse: 1 / 0.00000192 would say R$ 520.833 for R$ 520.000', () => {
    const text = normal(formatRate(PIX, btc('520000'), 'pt-BR'));
    expect(text).not.toContain('520.833');
    expect(text).not.toContain('0,00000192');
  });

  it('rounds a cross rate half-up to its places, within half a unit of the exact quotient', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 8 }).chain(amount),
        fc.integer({ min: 0, max: 8 }).chain(amount),
        (a, b) => {
          const rate = displayRate(btc(a), usdt(b));
          const [high, low] = dec(a).gte(dec(b)) ? [a, b] : [b, a];
          const exact = dec(high).div(low);
          const half = dec(1).div(dec(10).pow(CROSS_RATE_PLACES)).div(2);
          expect(dec(rate.price).minus(exact).abs().lte(half)).toBe(true);
          expect(dec(rate.price).gte(1)).toBe(true);
          expect(rate.exact).toBe(dec(rate.price).eq(exact));
        },
      ),
    );
  });
});
