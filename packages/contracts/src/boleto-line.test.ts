import { describe, expect, it } from 'vitest';
import {
  boletoBarcodeOf,
  boletoGeneralDigit,
  boletoLineOfBarcode,
  boletoLineProblem,
  boletoLineSchema,
  formatBoletoLine,
} from './boleto-line.ts';

/** A barcode of bank 237, currency 9, factor 1000, R$ 1.234,56 and a free field, its DV computed. */
function barcode(): string {
  const head = '2379';
  const rest = `1000${'0000123456'}${'3381260000000000300000004'}`;
  return `${head}${boletoGeneralDigit(head + rest)}${rest}`;
}

describe('the linha digitável of a boleto (FEBRABAN check digits)', () => {
  it('computes the general check digit by modulo 11 with weights 2 to 9 from the right', () => {
    // 5555555555: weights 3 2 9 8 7 6 5 4 3 2 -> 245; 245 % 11 = 3; 11 - 3 = 8
    expect(boletoGeneralDigit('5555555555')).toBe(8);
    // a remainder of 0 or 1 (11 - r = 11 or 10) gives 1
    expect(boletoGeneralDigit('0')).toBe(1);
  });

  it('accepts a line built from a barcode and reads the same barcode back', () => {
    const code = barcode();
    const line = boletoLineOfBarcode(code);
    expect(line).toHaveLength(47);
    expect(boletoLineProblem(line)).toBeNull();
    expect(boletoBarcodeOf(line)).toBe(code);
  });

  it('computes the field check digits by modulo 10 (weights 2, 1 from the right: 7992739871 -> 3)', () => {
    // the same sum as Luhn's: field 2 of the line is the barcode's digits 25 to 34 and its DV
    const code = `23790${'1000'}${'0000123456'}${'33812'}${'7992739871'}${'0000000004'}`;
    const line = boletoLineOfBarcode(code);
    expect(line.slice(10, 21)).toBe('79927398713');
  });

  it('says which check digit does not match', () => {
    const line = boletoLineOfBarcode(barcode());
    const flip = (at: number) =>
      `${line.slice(0, at)}${(Number(line[at]) + 1) % 10}${line.slice(at + 1)}`;
    expect(boletoLineProblem(flip(2))).toBe('field1');
    expect(boletoLineProblem(flip(12))).toBe('field2');
    expect(boletoLineProblem(flip(25))).toBe('field3');
    expect(boletoLineProblem(flip(40))).toBe('general');
    expect(boletoLineProblem(line.slice(0, 46))).toBe('length');
    expect(boletoLineProblem(`${line.slice(0, 46)}x`)).toBe('length');
  });

  it('is written in its five groups', () => {
    const line = boletoLineOfBarcode(barcode());
    const text = formatBoletoLine(line);
    expect(text).toMatch(/^\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}$/);
    expect(text.replace(/[ .]/g, '')).toBe(line);
    expect(formatBoletoLine('123')).toBe('123');
  });

  it('takes the line as printed (dots and spaces), none when empty, and refuses a bad one', () => {
    const line = boletoLineOfBarcode(barcode());
    expect(boletoLineSchema.parse(formatBoletoLine(line))).toBe(line);
    expect(boletoLineSchema.parse('')).toBeNull();
    expect(boletoLineSchema.safeParse('1234').error?.issues[0]?.message).toBe('boletoLine.length');
    const wrong = `${line.slice(0, 46)}${(Number(line[46]) + 1) % 10}`;
    expect(boletoLineSchema.safeParse(wrong).error?.issues[0]?.message).toBe(
      'boletoLine.checkDigit',
    );
  });
});
