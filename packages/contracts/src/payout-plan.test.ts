import { describe, expect, it } from 'vitest';
import { payoutPlan } from './payout-plan.ts';

const crypto = {
  autoCryptoPayouts: true,
  receiveKind: 'crypto',
  withdrawEnabled: true,
  refundOnly: false,
} as const;

describe('payoutPlan', () => {
  it('is automatic for crypto with the switch on, the network enabled and stock enough', () => {
    expect(payoutPlan(crypto, { available: '100', needed: '95' })).toEqual({ kind: 'automatic' });
    expect(payoutPlan(crypto, { available: '95', needed: '95' })).toEqual({ kind: 'automatic' });
  });

  it('is held when the treasury cannot cover it (never showing less than zero)', () => {
    expect(payoutPlan(crypto, { available: '-3.5', needed: '95.000' })).toEqual({
      kind: 'held',
      reason: 'treasury_short',
      available: '0',
      needed: '95',
    });
  });

  it('is by hand for PIX, Deriv, the switch off, a network without withdrawals, refund only', () => {
    expect(payoutPlan({ ...crypto, receiveKind: 'pix', withdrawEnabled: null })).toEqual({
      kind: 'manual',
      reason: 'pix',
    });
    expect(payoutPlan({ ...crypto, receiveKind: 'deriv', withdrawEnabled: null })).toEqual({
      kind: 'manual',
      reason: 'deriv',
    });
    expect(payoutPlan({ ...crypto, autoCryptoPayouts: false })).toEqual({
      kind: 'manual',
      reason: 'switch_off',
    });
    expect(payoutPlan({ ...crypto, withdrawEnabled: false })).toEqual({
      kind: 'manual',
      reason: 'network_manual',
    });
    expect(payoutPlan({ ...crypto, refundOnly: true }, { available: '0', needed: '1' })).toEqual({
      kind: 'manual',
      reason: 'refund_only',
    });
  });
});

describe('payoutPlan of Deriv', () => {
  const deriv = { ...crypto, receiveKind: 'deriv', withdrawEnabled: null } as const;

  it('is automatic when the Deriv integration pays out, held when the treasury is short', () => {
    expect(payoutPlan({ ...deriv, derivPayouts: true })).toEqual({ kind: 'automatic' });
    expect(payoutPlan({ ...deriv, derivPayouts: true }, { available: '5', needed: '10' })).toEqual({
      kind: 'held',
      reason: 'treasury_short',
      available: '5',
      needed: '10',
    });
  });

  it('is by hand when the integration does not pay out, whatever the crypto switch says', () => {
    expect(payoutPlan({ ...deriv, derivPayouts: false })).toEqual({
      kind: 'manual',
      reason: 'deriv',
    });
    expect(payoutPlan({ ...deriv, autoCryptoPayouts: false, derivPayouts: true })).toEqual({
      kind: 'automatic',
    });
  });

  it('keeps PIX by hand unless the PIX integration pays out', () => {
    expect(
      payoutPlan({ ...crypto, receiveKind: 'pix', withdrawEnabled: null, derivPayouts: true }),
    ).toEqual({ kind: 'manual', reason: 'pix' });
    const pix = { ...crypto, receiveKind: 'pix' as const, withdrawEnabled: null, pixPayouts: true };
    expect(payoutPlan(pix)).toEqual({ kind: 'automatic' });
    expect(payoutPlan({ ...pix, autoCryptoPayouts: false })).toEqual({ kind: 'automatic' });
    expect(payoutPlan(pix, { available: '10', needed: '580' })).toMatchObject({ kind: 'held' });
    expect(payoutPlan({ ...pix, refundOnly: true })).toEqual({
      kind: 'manual',
      reason: 'refund_only',
    });
  });
});
