import { describe, expect, it } from 'vitest';
import type { IncomingPaymentRow } from '@permuta/db';
import { refundState } from './incoming-payments.service.ts';

/** One PIX as stored, changed by `values`. */
function payment(values: Partial<IncomingPaymentRow>): IncomingPaymentRow {
  const at = new Date('2026-11-29T12:00:00Z');
  return {
    id: '00000000-0000-4000-8000-000000000001',
    provider: 'pix',
    externalId: 'E00000000202611291200abcdefghijk',
    orderId: null,
    tokenCode: 'PIX',
    network: null,
    amount: '250.00',
    payerDocument: '52998224725',
    payerName: 'Maria da Silva',
    payerAccount: null,
    reference: null,
    confirmations: null,
    requiredConfirmations: null,
    status: 'unmatched',
    reason: 'no_order',
    refundId: null,
    refundReceipt: null,
    refundRefusal: null,
    resolvedBy: null,
    details: {},
    occurredAt: at,
    createdAt: at,
    updatedAt: at,
    ...values,
  } as IncomingPaymentRow;
}

describe('refundState: where a payment’s return to its payer stands', () => {
  it('nothing to return: waiting for an admin, or credited within its limits', () => {
    expect(refundState(payment({}))).toEqual({ state: 'none' });
    expect(refundState(payment({ status: 'credited', reason: null }))).toEqual({ state: 'none' });
  });

  it('due, then asked: a payer who is not the customer, and a refund-only credit', () => {
    expect(refundState(payment({ status: 'refunding', reason: 'payer_mismatch' }))).toEqual({
      state: 'due',
    });
    const refundOnly = { status: 'credited', reason: 'amount_outside_limits' } as const;
    expect(refundState(payment(refundOnly))).toEqual({ state: 'due' });
    expect(refundState(payment({ ...refundOnly, refundId: 'D1' }))).toEqual({ state: 'asked' });
    expect(
      refundState(payment({ status: 'refunding', reason: 'payer_mismatch', refundId: 'D1' })),
    ).toEqual({ state: 'asked' });
  });

  it('refused: the provider’s words, never asked again', () => {
    expect(
      refundState(
        payment({
          status: 'refunding',
          reason: 'payer_mismatch',
          refundId: 'D1',
          refundRefusal: 'Conta do pagador encerrada',
        }),
      ),
    ).toEqual({ state: 'refused', refusal: 'Conta do pagador encerrada' });
  });

  it('returned: by the provider (its receipt) or by hand', () => {
    expect(refundState(payment({ status: 'refunded', refundId: 'D1' }))).toEqual({
      state: 'returned',
    });
    // a refund-only credit whose receipt is kept waits no longer
    expect(
      refundState(
        payment({ status: 'credited', reason: 'amount_outside_limits', refundReceipt: '{}' }),
      ),
    ).toEqual({ state: 'none' });
  });
});
