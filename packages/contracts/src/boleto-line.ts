import { z } from 'zod';

/**
 * The linha digitável of a bank boleto (ficha de compensação, FEBRABAN): 47 digits in five
 * fields, `AAAAA.AAAAA BBBBB.BBBBBB CCCCC.CCCCCC D EEEEEEEEEEEEEE`.
 *
 * - fields 1 to 3 (9, 10 and 10 digits) each end with a check digit, modulo 10: weights 2, 1,
 *   2, 1 ... from the right, the digits of each product added up, DV = (10 - sum % 10) % 10;
 * - field 4 is the barcode's general check digit, modulo 11 over the barcode's other 43
 *   digits: weights 2 to 9 repeating from the right, DV = 11 - sum % 11, and 1 when that is 0,
 *   10 or 11;
 * - field 5 is the due-date factor (4 digits) and the amount in centavos (10 digits).
 *
 * The barcode (44 digits) is bank + currency, general DV, factor + amount, then the 25 digits of
 * the free field (the three first fields without their check digits).
 */
export const BOLETO_LINE_LENGTH = 47;

export type BoletoLineProblem = 'length' | 'field1' | 'field2' | 'field3' | 'general';

function mod10(digits: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i -= 1) {
    const product = Number(digits[i]) * weight;
    sum += product > 9 ? Math.floor(product / 10) + (product % 10) : product;
    weight = weight === 2 ? 1 : 2;
  }
  return (10 - (sum % 10)) % 10;
}

function mod11(digits: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i -= 1) {
    sum += Number(digits[i]) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const dv = 11 - (sum % 11);
  return dv === 0 || dv === 10 || dv === 11 ? 1 : dv;
}

/** The 44-digit barcode a valid-length linha digitável stands for (its general DV included). */
export function boletoBarcodeOf(line: string): string {
  return (
    line.slice(0, 4) +
    line[32] +
    line.slice(33, 47) +
    line.slice(4, 9) +
    line.slice(10, 20) +
    line.slice(21, 31)
  );
}

/** The linha digitável of a 44-digit barcode, its field check digits computed. */
export function boletoLineOfBarcode(barcode: string): string {
  const field1 = barcode.slice(0, 4) + barcode.slice(19, 24);
  const field2 = barcode.slice(24, 34);
  const field3 = barcode.slice(34, 44);
  return `${field1}${mod10(field1)}${field2}${mod10(field2)}${field3}${mod10(field3)}${barcode[4]}${barcode.slice(5, 19)}`;
}

/** The general check digit of a barcode without it (43 digits: positions 1-4 and 6-44). */
export function boletoGeneralDigit(barcodeWithoutDv: string): number {
  return mod11(barcodeWithoutDv);
}

/** Only the digits of what was typed or pasted (dots, spaces and dashes of the print go). */
export function boletoLineDigits(value: string): string {
  return value.replace(/[\s.-]/g, '');
}

/** What is wrong with a linha digitável (digits only), or null when its check digits agree. */
export function boletoLineProblem(digits: string): BoletoLineProblem | null {
  if (!/^\d{47}$/.test(digits)) return 'length';
  if (mod10(digits.slice(0, 9)) !== Number(digits[9])) return 'field1';
  if (mod10(digits.slice(10, 20)) !== Number(digits[20])) return 'field2';
  if (mod10(digits.slice(21, 31)) !== Number(digits[31])) return 'field3';
  const barcode = boletoBarcodeOf(digits);
  if (mod11(barcode.slice(0, 4) + barcode.slice(5)) !== Number(barcode[4])) return 'general';
  return null;
}

/** `AAAAA.AAAAA BBBBB.BBBBBB CCCCC.CCCCCC D EEEEEEEEEEEEEE` from the 47 digits; else unchanged. */
export function formatBoletoLine(value: string): string {
  const d = boletoLineDigits(value);
  if (!/^\d{47}$/.test(d)) return value;
  return `${d.slice(0, 5)}.${d.slice(5, 10)} ${d.slice(10, 15)}.${d.slice(15, 21)} ${d.slice(21, 26)}.${d.slice(26, 32)} ${d[32]} ${d.slice(33)}`;
}

/**
 * The linha digitável an admin types beside the boleto PDF (optional): dots, spaces and dashes
 * allowed, stored as its 47 digits. An empty value means none.
 */
export const boletoLineSchema = z
  .string()
  .max(80, { error: 'boletoLine.length' })
  .transform(boletoLineDigits)
  .superRefine((digits, ctx) => {
    if (digits === '') return;
    const problem = boletoLineProblem(digits);
    if (problem) {
      ctx.addIssue({
        code: 'custom',
        message: problem === 'length' ? 'boletoLine.length' : 'boletoLine.checkDigit',
      });
    }
  })
  .transform((digits) => (digits === '' ? null : digits));
