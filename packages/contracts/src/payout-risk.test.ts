import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dec } from './money.ts';
import { payoutRiskHold, payoutValueBrl } from './payout-risk.ts';
import type { PayoutRiskInput, PayoutRiskSettings } from './payout-risk.ts';

const SETTINGS: PayoutRiskSettings = {
  autoPayoutMaxOrderBrl: '5000',
  autoPayoutMaxCustomerDayBrl: '20000',
  payoutSecondApprovalAboveBrl: '50000',
  payoutFirstOrdersHeld: 3,
  payoutNewWalletHoldHours: 24,
};
const NOW = new Date('2026-11-28T15:00:00Z');
const HOUR = 3_600_000;

/** An input nothing holds: small, nothing else today, a seasoned customer, a known destination. */
const clear = (over: Partial<PayoutRiskInput> = {}): PayoutRiskInput => ({
  orderValueBrl: '100',
  customerAutoPaidTodayBrl: '0',
  customerFinishedOrders: 10,
  destination: { registeredAt: new Date(NOW.getTime() - 48 * HOUR), everPaid: true },
  now: NOW,
  ...over,
});

/** Centavos as a decimal string. */
const brl = (centavos: number) => dec(centavos).div(100).toFixed(2);

describe('payoutRiskHold', () => {
  it('lets a payout nothing holds go', () => {
    expect(payoutRiskHold(clear(), SETTINGS)).toBeNull();
  });

  it('holds above the limit per order: equal passes, one centavo over holds', () => {
    expect(payoutRiskHold(clear({ orderValueBrl: '5000.00' }), SETTINGS)).toBeNull();
    expect(payoutRiskHold(clear({ orderValueBrl: '5000.01' }), SETTINGS)).toEqual({
      reasons: ['order_over_limit'],
      approvalsNeeded: 1,
    });
  });

  it("holds beyond the customer's day: equal passes, one centavo over holds", () => {
    const today = { customerAutoPaidTodayBrl: '16000' };
    expect(payoutRiskHold(clear({ ...today, orderValueBrl: '4000' }), SETTINGS)).toBeNull();
    expect(payoutRiskHold(clear({ ...today, orderValueBrl: '4000.01' }), SETTINGS)).toEqual({
      reasons: ['customer_day_over_limit'],
      approvalsNeeded: 1,
    });
  });

  it("holds a customer's first orders", () => {
    expect(payoutRiskHold(clear({ customerFinishedOrders: 3 }), SETTINGS)).toBeNull();
    expect(payoutRiskHold(clear({ customerFinishedOrders: 2 }), SETTINGS)).toEqual({
      reasons: ['first_orders'],
      approvalsNeeded: 1,
    });
    expect(
      payoutRiskHold(clear({ customerFinishedOrders: 0 }), {
        ...SETTINGS,
        payoutFirstOrdersHeld: 0,
      }),
    ).toBeNull();
  });

  it('holds a new destination never paid to until its wait ends, and says when', () => {
    const registeredAt = new Date(NOW.getTime() - 23 * HOUR);
    expect(
      payoutRiskHold(clear({ destination: { registeredAt, everPaid: false } }), SETTINGS),
    ).toEqual({
      reasons: ['new_wallet'],
      approvalsNeeded: 1,
      releaseAt: new Date(registeredAt.getTime() + 24 * HOUR),
    });
    // paid to before, or old enough, or no wait set
    expect(
      payoutRiskHold(clear({ destination: { registeredAt, everPaid: true } }), SETTINGS),
    ).toBeNull();
    const old = new Date(NOW.getTime() - 24 * HOUR);
    expect(
      payoutRiskHold(clear({ destination: { registeredAt: old, everPaid: false } }), SETTINGS),
    ).toBeNull();
    expect(
      payoutRiskHold(clear({ destination: { registeredAt: NOW, everPaid: false } }), {
        ...SETTINGS,
        payoutNewWalletHoldHours: 0,
      }),
    ).toBeNull();
  });

  it('gives no release time when something else holds too, and asks two admins above the second limit', () => {
    const hold = payoutRiskHold(
      clear({
        orderValueBrl: '50000.01',
        destination: { registeredAt: NOW, everPaid: false },
      }),
      SETTINGS,
    );
    expect(hold).toEqual({
      reasons: ['order_over_limit', 'customer_day_over_limit', 'new_wallet'],
      approvalsNeeded: 2,
    });
    expect(payoutRiskHold(clear({ orderValueBrl: '50000' }), SETTINGS)?.approvalsNeeded).toBe(1);
  });

  it('holds exactly when a rule is broken, on exact centavos (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 0, max: 5_000_000 }),
        fc.integer({ min: 100, max: 1_000_000 }),
        fc.integer({ min: 0, max: 3_000_000 }),
        fc.integer({ min: 0, max: 5 }),
        fc.integer({ min: 0, max: 5 }),
        fc.boolean(),
        fc.integer({ min: 0, max: 100 }),
        (value, today, orderLimit, dayExtra, finished, firstHeld, everPaid, ageHours) => {
          const settings: PayoutRiskSettings = {
            autoPayoutMaxOrderBrl: brl(orderLimit),
            autoPayoutMaxCustomerDayBrl: brl(orderLimit + dayExtra),
            payoutSecondApprovalAboveBrl: brl(orderLimit * 2),
            payoutFirstOrdersHeld: firstHeld,
            payoutNewWalletHoldHours: 24,
          };
          const hold = payoutRiskHold(
            {
              orderValueBrl: brl(value),
              customerAutoPaidTodayBrl: brl(today),
              customerFinishedOrders: finished,
              destination: { registeredAt: new Date(NOW.getTime() - ageHours * HOUR), everPaid },
              now: NOW,
            },
            settings,
          );
          const expected = [
            value > orderLimit && 'order_over_limit',
            value + today > orderLimit + dayExtra && 'customer_day_over_limit',
            finished < firstHeld && 'first_orders',
            !everPaid && ageHours < 24 && 'new_wallet',
          ].filter(Boolean);
          if (expected.length === 0) return hold === null;
          return (
            hold !== null &&
            JSON.stringify(hold.reasons) === JSON.stringify(expected) &&
            hold.approvalsNeeded === (value > orderLimit * 2 ? 2 : 1) &&
            (hold.releaseAt !== undefined) ===
              (expected.length === 1 && expected[0] === 'new_wallet')
          );
        },
      ),
    );
  });
});

describe('payoutValueBrl', () => {
  it('is exact (no floating point)', () => {
    expect(payoutValueBrl('0.1', '0.2')).toBe('0.02');
    expect(payoutValueBrl('95', '5.684210526315789474')).toBe('540.00000000000000003');
  });
});
