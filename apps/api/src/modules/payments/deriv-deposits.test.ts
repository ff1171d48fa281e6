import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matchDerivTransfer } from './deriv-deposits.ts';
import type { DerivOrderCandidate } from './deriv-deposits.ts';

const at = new Date('2026-11-28T21:00:00Z');
const minutes = (n: number) => new Date(at.getTime() + n * 60_000);

function order(values: Partial<DerivOrderCandidate> = {}): DerivOrderCandidate {
  return {
    id: 'o1',
    accounts: ['CR765432'],
    amountSend: '100',
    extraFee: '0',
    createdAt: minutes(-5),
    expiresAt: minutes(25),
    ...values,
  };
}

const transfer = { fromLoginId: 'CR765432', amount: '100', time: at };

describe('matchDerivTransfer', () => {
  it("finds the one open order of the sender's customer for that amount", () => {
    expect(matchDerivTransfer(transfer, [order()])).toEqual({ kind: 'order', orderId: 'o1' });
    expect(
      matchDerivTransfer({ ...transfer, fromLoginId: 'cr765432', amount: '100.50' }, [
        order({ amountSend: '100', extraFee: '0.5' }),
      ]),
    ).toEqual({ kind: 'order', orderId: 'o1' });
  });

  it('says ambiguous for several, no order for none', () => {
    expect(matchDerivTransfer(transfer, [order(), order({ id: 'o2' })])).toEqual({
      kind: 'none',
      reason: 'ambiguous',
    });
    expect(matchDerivTransfer(transfer, [])).toEqual({ kind: 'none', reason: 'no_order' });
  });

  it('passes over another account, another amount, an order created after or expired before', () => {
    for (const other of [
      order({ accounts: ['CR1'] }),
      order({ amountSend: '99.99' }),
      order({ createdAt: minutes(1) }),
      order({ expiresAt: minutes(-1) }),
      order({ expiresAt: at }),
    ]) {
      expect(matchDerivTransfer(transfer, [other])).toEqual({ kind: 'none', reason: 'no_order' });
    }
  });

  it("counts an order created in the transfer's second as before it (Deriv's times are seconds)", () => {
    const sameSecond = new Date(at.getTime() + 700);
    expect(matchDerivTransfer(transfer, [order({ createdAt: sameSecond })])).toEqual({
      kind: 'order',
      orderId: 'o1',
    });
  });

  it('never picks an order that does not fit, whatever else is there', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            account: fc.constantFrom('CR765432', 'CR1', 'CR2'),
            amount: fc.constantFrom('100', '100.5', '99'),
            created: fc.integer({ min: -30, max: 30 }),
            expires: fc.integer({ min: -30, max: 30 }),
          }),
          { maxLength: 6 },
        ),
        (rows) => {
          const candidates = rows.map((row, i) =>
            order({
              id: `o${i}`,
              accounts: [row.account],
              amountSend: row.amount,
              createdAt: minutes(row.created),
              expiresAt: minutes(row.expires),
            }),
          );
          const fits = rows.filter(
            (row) =>
              row.account === 'CR765432' &&
              row.amount === '100' &&
              row.created <= 0 &&
              row.expires > 0,
          );
          const match = matchDerivTransfer(transfer, candidates);
          if (fits.length === 1) {
            expect(match).toEqual({ kind: 'order', orderId: `o${rows.indexOf(fits[0]!)}` });
          } else {
            expect(match).toEqual({
              kind: 'none',
              reason: fits.length === 0 ? 'no_order' : 'ambiguous',
            });
          }
        },
      ),
    );
  });
});
