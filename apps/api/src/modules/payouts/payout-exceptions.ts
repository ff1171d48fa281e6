import { dec, normalize } from '@permuta/contracts';
import type { PaidTwiceSettlementInput } from '@permuta/contracts';
import type { Db } from '@permuta/db';
import { AppError, notFound } from '../../lib/app-error.ts';
import { writeAudit } from '../../lib/audit.ts';
import type { OrderMover } from '../orders/order-mover.ts';
import { findOrderDetail } from '../orders/orders.repository.ts';
import { appendLedgerEntry } from '../treasury/treasury.service.ts';

/**
 * The automatic payouts' exceptions that only a person closes (decision 048): an order whose
 * payout its provider made twice (Deriv's `deriv_paid_twice`: the agent's statement shows more
 * than one transfer with the order's marker). Finance records what was done about the duplicate
 * and the order moves, through the state machine, to paid (the customer was paid):
 * - `duplicate_returned`: the customer gave the extra transfer back; the ledger has one payout;
 * - `written_off`: the platform bears the loss; the duplicate is a treasury adjustment (debit)
 *   naming the order and its transactions (the order keeps its one payout entry).
 * The receipt is the first transaction; the note and every transaction are audited.
 */
export interface PayoutExceptionsDeps {
  db: Db;
  mover: OrderMover;
  now: () => Date;
}

export function createPayoutExceptions({ db, mover, now }: PayoutExceptionsDeps) {
  return {
    async settlePaidTwice(
      caller: { userId: string; ip: string },
      idOrReference: string,
      input: { outcome: PaidTwiceSettlementInput['outcome']; note: string },
    ): Promise<string> {
      const found = await findOrderDetail(db, idOrReference);
      if (!found) throw notFound();
      const { order } = found;
      const failure = order.payoutFailure;
      if (order.status !== 'error' || failure?.code !== 'deriv_paid_twice') {
        throw new AppError('ORDER_NOT_PAID_TWICE', 409);
      }
      const transactions = failure.params.transactions;
      const [kept] = transactions;
      if (!kept) throw new AppError('ORDER_NOT_PAID_TWICE', 409);
      const actor = { type: 'admin' as const, id: caller.userId, ip: caller.ip };
      await mover.transaction(async (tx, move) => {
        const moved = await move({
          order: order.id,
          action: 'settle_paid_twice',
          actor,
          at: now(),
          note: `${input.outcome}: ${input.note}`,
          set: { payoutTxId: kept },
        });
        const duplicates = transactions.length - 1;
        if (input.outcome === 'written_off' && duplicates > 0) {
          await appendLedgerEntry(tx, {
            tokenId: found.receive.id,
            tokenCode: found.receive.code,
            direction: 'debit',
            amount: normalize(dec(moved.order.amountReceive).times(duplicates).toFixed()),
            // the order owns one payout entry; the loss is the treasury's own adjustment
            kind: 'adjustment',
            note: `Order ${order.reference}: duplicate Deriv payout written off (transactions ${transactions.slice(1).join(', ')})`,
            createdBy: caller.userId,
          });
        }
        await writeAudit(tx, {
          actorType: 'admin',
          actorId: caller.userId,
          action: 'payout.paid_twice_settled',
          entityType: 'order',
          entityId: order.id,
          ip: caller.ip,
          before: { status: order.status, payoutFailure: failure },
          after: {
            reference: order.reference,
            status: moved.to,
            outcome: input.outcome,
            note: input.note,
            transactions,
            receipt: kept,
          },
        });
      });
      return order.id;
    },
  };
}

export type PayoutExceptions = ReturnType<typeof createPayoutExceptions>;
