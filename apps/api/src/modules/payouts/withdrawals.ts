import { ExchangeRejectedError, WITHDRAW_STATUS } from '../../adapters/exchange/exchange.ts';
import type { ExchangeClient, WithdrawRecord } from '../../adapters/exchange/exchange.ts';

/**
 * What the exchange knows of an order's withdrawals, asked the same way by the payout job (before
 * it applies anything) and by the guard of a payout by hand (payout-hooks.ts).
 */

/** Withdrawals one order may make at the exchange, each after the previous one failed there. */
export const MAX_WITHDRAWALS = 10;

/**
 * The exchange's withdrawOrderId of an order's n-th withdrawal: the order id itself, and only
 * after that one failed at the exchange (funds never left), `<order id>-2`, `-3`...
 */
export function withdrawOrderIdOf(orderId: string, n: number): string {
  return n === 1 ? orderId : `${orderId}-${n}`;
}

export const FAILED_STATUSES: ReadonlyMap<number, 'cancelled' | 'rejected' | 'failed'> = new Map([
  [WITHDRAW_STATUS.cancelled, 'cancelled'],
  [WITHDRAW_STATUS.rejected, 'rejected'],
  [WITHDRAW_STATUS.failure, 'failed'],
]);

export const STATUS_NAMES: Record<number, string> = {
  [WITHDRAW_STATUS.emailSent]: 'waiting for e-mail confirmation',
  [WITHDRAW_STATUS.awaitingApproval]: 'awaiting approval',
  [WITHDRAW_STATUS.processing]: 'processing',
};

export type Lookup =
  | { kind: 'found'; record: WithdrawRecord }
  | { kind: 'none'; withdrawOrderId: string }
  | { kind: 'exhausted' };

export function reasonOf(error: unknown): string {
  if (error instanceof ExchangeRejectedError) return `${error.msg} (${error.code})`;
  return error instanceof Error ? error.message : String(error);
}

/** Of the withdrawals under one withdrawOrderId (one, normally): the order's, else a live one. */
function pick(records: WithdrawRecord[], withdrawId: string | null): WithdrawRecord {
  return (
    records.find((r) => r.id === withdrawId) ??
    records.find((r) => !FAILED_STATUSES.has(r.status)) ??
    records[0]!
  );
}

/**
 * What the exchange has for this order: the withdrawal to follow, or the withdrawOrderId under
 * which it has nothing (the next one to apply with). Withdrawals that failed at the exchange
 * and are not this attempt's were reported by an earlier attempt: passed over.
 */
export async function lookUpWithdrawal(
  exchange: Pick<ExchangeClient, 'withdrawHistory'>,
  orderId: string,
  withdrawId: string | null,
): Promise<Lookup> {
  for (let n = 1; n <= MAX_WITHDRAWALS; n++) {
    const withdrawOrderId = withdrawOrderIdOf(orderId, n);
    const records = await exchange.withdrawHistory({ withdrawOrderId });
    if (records.length === 0) return { kind: 'none', withdrawOrderId };
    const record = pick(records, withdrawId);
    if (FAILED_STATUSES.has(record.status) && record.id !== withdrawId) continue;
    return { kind: 'found', record };
  }
  return { kind: 'exhausted' };
}
