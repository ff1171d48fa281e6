import { describe, expect, it } from 'vitest';
import {
  adminPaymentsQuerySchema,
  maskPayerDocument,
  mayReadPayerDocument,
  parsePaymentCursor,
  paymentAttachSchema,
  paymentRefundedSchema,
} from './payments.ts';

describe('the payments inbox contracts', () => {
  it('reads a cursor it wrote, and nothing made up', () => {
    const id = '6c3f0a52-8f7e-4d55-9a43-2b1c0d9e8f71';
    expect(parsePaymentCursor(`1_2026-11-26T08:00:00.123456Z_${id}`)).toEqual({
      open: true,
      occurredAt: '2026-11-26T08:00:00.123456Z',
      id,
    });
    expect(parsePaymentCursor(`0_2026-11-26T08:00:00.123456Z_${id}`)?.open).toBe(false);
    for (const bad of [
      `2_2026-11-26T08:00:00.123456Z_${id}`,
      `1_2026-02-30T08:00:00.123456Z_${id}`,
      `1_1999-11-26T08:00:00.123456Z_${id}`,
      `1_2026-11-26T08:00:00Z_${id}`,
      `1_2026-11-26T08:00:00.123456Z_${id.toUpperCase()}`,
      '',
    ]) {
      expect(parsePaymentCursor(bad), bad).toBeNull();
    }
  });

  it('masks a CPF, keeps a company’s CNPJ, hides other documents but their end', () => {
    expect(maskPayerDocument('52998224725')).toBe('***.982.247-**');
    expect(maskPayerDocument('529.982.247-25')).toBe('***.982.247-**');
    expect(maskPayerDocument('11222333000181')).toBe('11222333000181');
    expect(maskPayerDocument('AB123')).toBe('***23');
    expect(mayReadPayerDocument('operator')).toBe(true);
  });

  it('takes an order reference or id, a note of 3 to 1000 characters and an optional receipt', () => {
    expect(paymentAttachSchema.parse({ order: ' EX-7K2Q9 ' })).toEqual({ order: 'EX-7K2Q9' });
    for (const order of ['', 'EX 7K2Q9', 'x'.repeat(65), 'EX-1;--']) {
      expect(paymentAttachSchema.safeParse({ order }).success, order).toBe(false);
    }
    expect(paymentRefundedSchema.parse({ note: ' devolvido ', receipt: '' })).toEqual({
      note: 'devolvido',
    });
    expect(paymentRefundedSchema.safeParse({ note: 'ok' }).success).toBe(false);
    expect(paymentRefundedSchema.safeParse({ note: 'n'.repeat(1001) }).success).toBe(false);
    expect(adminPaymentsQuerySchema.parse({})).toEqual({ status: 'open', limit: 25 });
  });
});
