import { describe, expect, it } from 'vitest';
import { formatDecimal, isDecimalString, normalize } from './money.ts';

describe('decimal strings', () => {
  it('formats amounts per locale without floats', () => {
    expect(formatDecimal('1234567.891', 'pt-BR')).toBe('1.234.567,891');
    expect(formatDecimal('1234567.891', 'en-US')).toBe('1,234,567.891');
    expect(formatDecimal('50', 'pt-BR', 2)).toBe('50,00');
    expect(formatDecimal('0.000000000000000001', 'en-US')).toBe('0.000000000000000001');
    expect(formatDecimal('-12.5', 'en-US', 2)).toBe('-12.50');
  });

  it('accepts only plain dot-decimal strings', () => {
    expect(isDecimalString('12.34')).toBe(true);
    expect(isDecimalString('0')).toBe(true);
    for (const bad of ['', '1e5', '01', '1,5', '-1', '1.', '.5', ' 1', '1.1234567890123456789']) {
      expect(isDecimalString(bad)).toBe(false);
    }
  });

  it('normalizes trailing zeros', () => {
    expect(normalize('12.500')).toBe('12.5');
    expect(normalize('100.000000')).toBe('100');
  });
});
