import type { ErrorCode, PayoutError } from '@permuta/contracts';
import type { Db, Tx } from '@permuta/db';
import type { OrderDetailRow } from '../orders/orders.repository.ts';

/**
 * A payout rail (decision 042): how the automatic payouts pay one kind of order through one
 * provider (crypto through the exchange, Deriv through the payment agent, PIX next). The payout
 * service keeps the protocol (decision 008) and the rail answers its questions:
 *
 * 1. `applies`: is the automatic payout on for this order (the contracts' rule, the rail's switch)?
 * 2. `lookUp`: what does the provider have for this order under our idempotency key? Asked before
 *    ANY apply, the first one included, and by the guard of a payout by hand.
 * 3. `precheck` (optional): a call that moves no money and may stop the payout (Deriv's dry run).
 * 4. `apply`: send the payout. An answer lost (a timeout, a dropped connection) is `unknown`,
 *    never a failure: the service looks it up again later.
 *
 * A rail never moves the order and never writes to the database: the service does, in the same
 * way for every rail, under the order's payout lock.
 */

export type RailKind = 'crypto' | 'pix' | 'deriv';

export type RailLookup =
  /** the provider has nothing: apply may go on (`next`: the key to apply with; `why` is audited) */
  | { kind: 'none'; next: string | null; why?: string }
  /** the provider has this order's payout */
  | {
      kind: 'found';
      state: 'done' | 'pending' | 'failed';
      /** the provider's id of the payout (kept as the order's withdrawId) */
      providerId: string;
      /** the receipt shown to the customer (the order's payoutTxId) once done */
      receipt: string | null;
      /** in words, for the logs and the guard of a payout by hand */
      reason: string;
      /** for `failed`: why, for the admin */
      failure?: PayoutError;
      /** written in the audit entry when the order first learns of this payout */
      details?: Record<string, unknown>;
    }
  /** the provider shows nothing, but that is no proof yet (an answer lost a moment ago) */
  | { kind: 'unsure'; reason: string }
  /** the provider could not be asked; with `failure`, it never will be as things are */
  | { kind: 'unavailable'; reason: string; failure?: PayoutError }
  /** a person must look (every attempt used, paid twice); `live`: money may have left */
  | { kind: 'stop'; reason: string; failure: PayoutError; live: boolean };

export type RailCheck =
  | { kind: 'ok' }
  /** the payout stops before any money moves */
  | { kind: 'fail'; failure: PayoutError }
  /** the check could not be made now: look again later */
  | { kind: 'later'; reason: string };

export type RailApply =
  /** sent; the provider's id of it (the next look-up follows it) */
  | { kind: 'applied'; providerId: string; details: Record<string, unknown> }
  /** no answer, or a lost one: money may have moved; `record` is audited when given */
  | { kind: 'unknown'; reason: string; record?: Record<string, unknown> }
  /** the provider refused: no money moved */
  | { kind: 'refused'; failure: PayoutError }
  /** the provider says it has it after all: follow it on the next look-up */
  | { kind: 'later'; reason: string };

export interface PayoutRail {
  /** the kind of token received that this rail pays out */
  readonly kind: RailKind;
  /** the provider, in words for the logs: "the exchange", "Deriv" */
  readonly provider: string;
  /**
   * The error codes refusing a payout by hand while this rail's payout may be live (409) or its
   * provider cannot be asked (503); default PAYOUT_AT_EXCHANGE and PAYOUT_CHECK_UNAVAILABLE.
   */
  readonly refusals?: { live: ErrorCode; unavailable: ErrorCode };
  applies(db: Db | Tx, detail: OrderDetailRow): Promise<boolean>;
  lookUp(detail: OrderDetailRow): Promise<RailLookup>;
  precheck?(detail: OrderDetailRow): Promise<RailCheck>;
  apply(detail: OrderDetailRow, next: string | null): Promise<RailApply>;
}

/** The rail of an order (by the kind of token it receives), or null: paid by hand. */
export function railOf(
  rails: readonly PayoutRail[],
  detail: Pick<OrderDetailRow, 'receive'>,
): PayoutRail | null {
  return rails.find((rail) => rail.kind === detail.receive.kind) ?? null;
}

/** Longest text of a provider's kept in a payout error (its message, a withdrawal's note). */
const MAX_QUOTED = 500;

export function quoted(text: string): string {
  const trimmed = text.trim();
  return trimmed.length > MAX_QUOTED ? `${trimmed.slice(0, MAX_QUOTED - 1)}…` : trimmed;
}
