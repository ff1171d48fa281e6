import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cleanAmountInput,
  compareAmounts,
  formatAmount,
  isZeroAmount,
  parseAmount,
} from './amount.ts';

describe('formatting an amount', () => {
  it('uses comma decimals and dot groups in Portuguese', () => {
    expect(formatAmount('1234.56', 'pt-BR')).toBe('1.234,56');
    expect(formatAmount('1234567.5', 'pt-BR')).toBe('1.234.567,5');
    expect(formatAmount('0.000123', 'pt-BR')).toBe('0,000123');
    expect(formatAmount('100', 'pt-BR')).toBe('100');
  });

  it('uses dot decimals and comma groups in English', () => {
    expect(formatAmount('1234.56', 'en-US')).toBe('1,234.56');
    expect(formatAmount('1000000', 'en-US')).toBe('1,000,000');
  });

  it('pads, cuts and trims the fraction on request, never rounding up', () => {
    expect(formatAmount('5', 'pt-BR', { minDecimals: 2 })).toBe('5,00');
    expect(formatAmount('0.1851851851', 'en-US', { maxDecimals: 8 })).toBe('0.18518518');
    expect(formatAmount('0.999999', 'en-US', { maxDecimals: 2 })).toBe('0.99');
    expect(formatAmount('100.000000', 'pt-BR', { trimZeros: true })).toBe('100');
    expect(formatAmount('521.10', 'pt-BR', { trimZeros: true, minDecimals: 2 })).toBe('521,10');
  });

  it('leaves text that is not an amount alone', () => {
    expect(formatAmount('abc', 'pt-BR')).toBe('abc');
    expect(formatAmount('', 'en-US')).toBe('');
  });
});

describe('reading what the user typed', () => {
  it("understands the locale's own style", () => {
    expect(parseAmount('1.234,56', 'pt-BR')).toBe('1234.56');
    expect(parseAmount('1234,56', 'pt-BR')).toBe('1234.56');
    expect(parseAmount('1,234.56', 'en-US')).toBe('1234.56');
    expect(parseAmount('1234.56', 'en-US')).toBe('1234.56');
    expect(parseAmount('1.234', 'pt-BR')).toBe('1234');
    expect(parseAmount('1,234', 'en-US')).toBe('1234');
  });

  it('reads the other separator as a decimal point when it cannot group thousands', () => {
    expect(parseAmount('0.5', 'pt-BR')).toBe('0.5');
    expect(parseAmount('12.5', 'pt-BR')).toBe('12.5');
    expect(parseAmount('0.00012345', 'pt-BR')).toBe('0.00012345');
    expect(parseAmount('12,5', 'en-US')).toBe('12.5');
  });

  it('accepts amounts being typed', () => {
    expect(parseAmount('12,', 'pt-BR')).toBe('12');
    expect(parseAmount(',5', 'pt-BR')).toBe('0.5');
    expect(parseAmount('0', 'en-US')).toBe('0');
    expect(parseAmount(' 1 000,5 ', 'pt-BR')).toBe('1000.5');
    expect(parseAmount('007', 'en-US')).toBe('7');
  });

  it('refuses what is not an amount', () => {
    for (const text of ['', 'abc', '1.2.3', '1,2,3', '-5', '1e5', '.', ',', '1.234.5', '12,34.5']) {
      expect(parseAmount(text, 'pt-BR'), text).toBeNull();
    }
    expect(parseAmount('1,2,3', 'en-US')).toBeNull();
  });

  it('gives back the amount it formatted, in both languages', () => {
    const amount = fc
      .tuple(fc.bigInt({ min: 0n, max: 10n ** 15n }), fc.option(fc.stringMatching(/^\d{1,8}$/)))
      .map(([int, frac]) => (frac ? `${int}.${frac}` : `${int}`));
    fc.assert(
      fc.property(amount, fc.constantFrom('pt-BR' as const, 'en-US' as const), (value, locale) => {
        expect(parseAmount(formatAmount(value, locale), locale)).toBe(value);
      }),
    );
  });

  it('keeps only digits and separators while typing', () => {
    expect(cleanAmountInput('R$ 1.234,5a')).toBe('1.234,5');
  });
});

describe('comparing amounts', () => {
  it('compares decimal strings exactly', () => {
    expect(compareAmounts('200', '200.00')).toBe(0);
    expect(compareAmounts('200.01', '200')).toBe(1);
    expect(compareAmounts('99.999999999999999999', '100')).toBe(-1);
    expect(compareAmounts('1000', '999.99')).toBe(1);
    expect(compareAmounts('0.1', '0.09')).toBe(1);
  });

  it('knows zero', () => {
    expect(isZeroAmount('0.000')).toBe(true);
    expect(isZeroAmount('0.001')).toBe(false);
  });
});
