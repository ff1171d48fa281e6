import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FINAL_STATUSES,
  ORDER_ACTIONS,
  ORDER_ACTORS,
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
  allowedTransitions,
  checkedTransitions,
  customerSummary,
  findTransition,
  isFinalStatus,
  targetOf,
  type OrderStatus,
} from './order-state.ts';

/** Every allowed move, spelled out once more by hand from PRODUCT.md section 3. */
const EXPECTED: readonly string[] = [
  'pending -confirm_payment/customer-> user_confirmed',
  'pending -detect_deposit/system-> paid',
  'pending -cancel/customer-> canceled',
  'pending -cancel/admin-> canceled',
  'pending -cancel/system-> canceled',
  'user_confirmed -confirm_funds/admin-> admin_confirmed',
  'paid -confirm_funds/admin-> admin_confirmed',
  'user_confirmed -confirm_funds/system-> admin_confirmed',
  'paid -confirm_funds/system-> admin_confirmed',
  'user_confirmed -cancel/admin-> canceled',
  'paid -cancel/admin-> canceled',
  'admin_confirmed -submit_payout/system-> processing',
  'admin_confirmed -pay/admin-> admin_paid',
  'processing -payout_done/system-> admin_paid',
  'processing -payout_failed/system-> error',
  'error -submit_payout/admin-> processing',
  'error -pay/admin-> admin_paid',
  'admin_paid -complete/customer-> completed',
  'admin_paid -complete/admin-> completed',
  'admin_paid -complete/system-> completed',
  'admin_confirmed -refund/admin-> refunded',
  'admin_confirmed -refund/system-> refunded',
  'error -refund/admin-> refunded',
  'error -settle_paid_twice/admin-> admin_paid',
];

const step = fc.record({
  action: fc.constantFrom(...ORDER_ACTIONS),
  actor: fc.constantFrom(...ORDER_ACTORS),
});

describe('the order state machine', () => {
  it('allows exactly the moves of the product table', () => {
    const moves: string[] = [];
    for (const from of ORDER_STATUSES)
      for (const action of ORDER_ACTIONS)
        for (const actor of ORDER_ACTORS) {
          const t = findTransition(from, action, actor);
          if (t) moves.push(`${from} -${action}/${actor}-> ${t.to}`);
        }
    expect(moves.sort()).toEqual([...EXPECTED].sort());
  });

  it('has one target per status, action and actor', () => {
    const seen = new Set<string>();
    for (const t of ORDER_TRANSITIONS)
      for (const actor of t.actors) {
        const key = `${t.from}/${t.action}/${actor}`;
        expect(seen.has(key), key).toBe(false);
        seen.add(key);
      }
  });

  it('gives every action one target, and refuses a table that gives one two', () => {
    for (const t of ORDER_TRANSITIONS) expect(targetOf(t.action), t.action).toBe(t.to);
    // a second target for confirm_funds (say, paid -> processing) would have sent the
    // compare-and-set's every source to the first row's target: the table refuses it instead
    const withSecondTarget = [
      ...ORDER_TRANSITIONS,
      { action: 'confirm_funds', from: 'error', to: 'processing', actors: ['admin'] } as const,
    ];
    expect(() => checkedTransitions(withSecondTarget)).toThrow(
      "'confirm_funds' leads to both 'admin_confirmed' and 'processing'",
    );
    // another source for the same target is fine
    expect(() =>
      checkedTransitions([
        ...ORDER_TRANSITIONS,
        { action: 'cancel', from: 'error', to: 'canceled', actors: ['admin'] } as const,
      ]),
    ).not.toThrow();
  });

  it('never moves a final order, whatever anyone tries', () => {
    fc.assert(
      fc.property(fc.constantFrom(...FINAL_STATUSES), fc.array(step), (final, steps) => {
        for (const { action, actor } of steps)
          expect(findTransition(final, action, actor)).toBeNull();
        expect(allowedTransitions(final, 'admin')).toEqual([]);
      }),
    );
  });

  it('only lets random actors make allowed moves, and every walk reaches only known states', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), (steps) => {
        let status: OrderStatus = 'pending';
        const visited: OrderStatus[] = [status];
        for (const { action, actor } of steps) {
          const t = findTransition(status, action, actor);
          if (!t) continue; // refused: nothing changes
          expect(t.from).toBe(status);
          expect(t.actors).toContain(actor);
          expect(ORDER_STATUSES).toContain(t.to);
          status = t.to;
          visited.push(status);
        }
        // once final, the walk stays there
        const firstFinal = visited.findIndex(isFinalStatus);
        if (firstFinal >= 0) expect(visited.slice(firstFinal).every(isFinalStatus)).toBe(true);
        if (firstFinal >= 0) expect(new Set(visited.slice(firstFinal)).size).toBe(1);
      }),
    );
  });

  it('keeps customers to their own moves: pay, cancel while pending, confirm receipt', () => {
    for (const status of ORDER_STATUSES)
      for (const t of allowedTransitions(status, 'customer'))
        expect(['confirm_payment', 'cancel', 'complete']).toContain(t.action);
    expect(allowedTransitions('user_confirmed', 'customer')).toEqual([]);
  });

  it('asks for a note and a proof where money goes back or an order paid is canceled', () => {
    expect(findTransition('paid', 'cancel', 'admin')?.noteRequired).toBe(true);
    expect(findTransition('pending', 'cancel', 'admin')?.noteRequired).toBeFalsy();
    expect(findTransition('error', 'refund', 'admin')).toMatchObject({
      noteRequired: true,
      proofRequired: true,
    });
    expect(findTransition('admin_confirmed', 'pay', 'admin')?.proofRequired).toBe(true);
  });

  it('summarises every status for the customer in the specification words', () => {
    expect(customerSummary('pending')).toBe('not_paid_yet');
    expect(customerSummary('paid')).toBe('waiting_deposit_confirmation');
    expect(customerSummary('user_confirmed')).toBe('waiting_deposit_confirmation');
    expect(customerSummary('error')).toBe('waiting_admin_confirmation');
    expect(customerSummary('processing')).toBe('waiting_admin_confirmation');
    for (const s of ['admin_paid', 'completed', 'canceled', 'refunded'] as const)
      expect(customerSummary(s)).toBe('closed');
  });
});
