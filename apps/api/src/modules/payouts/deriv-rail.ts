import { automaticPayoutApplies, derivNameMatches, normalize } from '@permuta/contracts';
import type { PayoutError } from '@permuta/contracts';
import { eq } from 'drizzle-orm';
import { integrations } from '@permuta/db';
import type { Db, Tx } from '@permuta/db';
import {
  DerivNotConfiguredError,
  DerivRejectedError,
  isDerivAuthRefusal,
  isDerivError,
  isOutcomeUnknown,
  transferMarker,
} from '../../adapters/deriv/deriv.ts';
import type { DerivAgent } from '../../adapters/deriv/deriv.ts';
import type { OrderDetailRow } from '../orders/orders.repository.ts';
import { quoted } from './rails.ts';
import type { PayoutRail, RailApply, RailCheck, RailLookup } from './rails.ts';

/**
 * Deriv paid out by our payment agent (decisions 038 and 042): a `paymentagent_transfer` to the
 * customer's CR account with `transferMarker(orderId)` as its description. Deriv has no
 * idempotency key for these transfers: the agent's statement is the only record, so the look-up
 * is `findTransfer(marker, since)` over the statement since the order's first payout attempt
 * (less a margin for the clocks):
 * - one transfer: paid (its transaction id is the receipt);
 * - more than one: paid twice, a person must look (nothing more is ever sent);
 * - none: not paid, EXCEPT right after a transfer whose answer was lost (a timeout, a dropped
 *   connection): Deriv may have made it and its line may not be in the statement yet. Only
 *   SETTLE_MS after that attempt does "none" count as "not paid" (the client gave up on the
 *   answer long before; Deriv applies a transfer while it answers, never minutes later).
 * Before the first transfer a dry run asks Deriv whose account it is: it must be the customer's
 * KYC name (contracts' derivNameMatches), else the payout stops before any money moves.
 */

/** After a transfer whose outcome is unknown, "nothing in the statement" is no proof until this. */
export const DERIV_SETTLE_MS = 2 * 60_000;
/** The statement is read from the order's first payout attempt less this (clock differences). */
export const DERIV_LOOKUP_MARGIN_MS = 10 * 60_000;

export interface DerivRailDeps {
  /** the agent's client as the integration is configured now; null when it is not */
  agent: () => Promise<DerivAgent | null>;
  now: () => Date;
  settleMs?: number;
  marginMs?: number;
  /**
   * Told when Deriv refused the agent's token (the integration's status shows it, decision 048);
   * a failure to record it is logged by the caller, never the payout's.
   */
  tokenRefused?: (error: DerivRejectedError) => Promise<void>;
}

/** The Deriv integration's switches as stored (a switch is on only when it is configured). */
export async function derivSwitches(db: Db | Tx): Promise<{ deposits: boolean; payouts: boolean }> {
  const [row] = await db
    .select({ deposits: integrations.depositsEnabled, payouts: integrations.payoutsEnabled })
    .from(integrations)
    .where(eq(integrations.provider, 'deriv'));
  return { deposits: row?.deposits ?? false, payouts: row?.payouts ?? false };
}

function refused(detail: OrderDetailRow, error: DerivRejectedError): PayoutError {
  return {
    code: 'deriv_refused',
    params: {
      account: quoted(detail.order.addressToReceive),
      message: quoted(error.derivMessage),
      derivCode: error.code.slice(0, 100),
    },
  };
}

const NOT_CONFIGURED: PayoutError = { code: 'deriv_not_configured', params: {} };

function tokenRefusal(error: DerivRejectedError): PayoutError {
  return {
    code: 'deriv_token_refused',
    params: { message: quoted(error.derivMessage), derivCode: error.code.slice(0, 100) },
  };
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function createDerivRail(deps: DerivRailDeps): PayoutRail {
  const settleMs = deps.settleMs ?? DERIV_SETTLE_MS;
  const marginMs = deps.marginMs ?? DERIV_LOOKUP_MARGIN_MS;

  async function reportRefusal(error: DerivRejectedError): Promise<void> {
    await deps.tokenRefused?.(error);
  }

  function transferOf(detail: OrderDetailRow) {
    return {
      to: detail.order.addressToReceive.trim().toUpperCase(),
      amount: normalize(detail.order.amountReceive),
      // the DERIV token's network is the account currency (USD); an order sending crypto carries
      // the crypto's network (TRC20...), which is no Deriv currency
      currency: detail.network?.tokenId === detail.receive.id ? detail.network.code : 'USD',
      description: transferMarker(detail.order.id),
    };
  }

  return {
    kind: 'deriv',
    provider: 'Deriv',
    refusals: { live: 'PAYOUT_AT_DERIV', unavailable: 'PAYOUT_DERIV_CHECK_UNAVAILABLE' },

    async applies(db, detail) {
      const { payouts } = await derivSwitches(db);
      return automaticPayoutApplies({
        autoCryptoPayouts: false,
        receiveKind: detail.receive.kind,
        withdrawEnabled: null,
        derivPayouts: payouts,
      });
    },

    async lookUp(detail): Promise<RailLookup> {
      const { order } = detail;
      const agent = await deps.agent();
      if (!agent) {
        return { kind: 'unavailable', reason: 'Deriv is not configured', failure: NOT_CONFIGURED };
      }
      const marker = transferMarker(order.id);
      const now = deps.now();
      const first = order.withdrawRequestedAt ?? now;
      const since = new Date(first.getTime() - marginMs);
      let found;
      try {
        found = await agent.findTransfer(marker, since);
      } catch (error) {
        if (error instanceof DerivNotConfiguredError) {
          return { kind: 'unavailable', reason: reasonOf(error), failure: NOT_CONFIGURED };
        }
        if (isDerivAuthRefusal(error)) {
          await reportRefusal(error);
          // A refused token proves that nothing is sent now; it proves nothing of a transfer sent
          // before (its outcome cannot be read with this token): only an order that never sent
          // one stops at once, the others keep looking until a person or a new token answers.
          if (!order.payoutAppliedAt) {
            return { kind: 'unavailable', reason: reasonOf(error), failure: tokenRefusal(error) };
          }
        }
        if (!isDerivError(error)) throw error;
        return { kind: 'unavailable', reason: reasonOf(error) };
      }
      if (found.length > 1) {
        const transactions = found.map((transfer) => String(transfer.transactionId));
        return {
          kind: 'stop',
          reason: `paid ${found.length} times (transactions ${transactions.join(', ')})`,
          failure: {
            code: 'deriv_paid_twice',
            params: { transactions: transactions.slice(0, 20) },
          },
          live: true,
        };
      }
      const [transfer] = found;
      if (transfer) {
        const id = String(transfer.transactionId);
        return {
          kind: 'found',
          state: 'done',
          providerId: id,
          receipt: id,
          reason: 'completed',
          details: {
            marker,
            transactionId: transfer.transactionId,
            toLoginId: transfer.toLoginId,
            amount: transfer.amount,
            derivReference: transfer.reference,
            time: transfer.time.toISOString(),
          },
        };
      }
      const applied = order.payoutAppliedAt;
      if (applied && now.getTime() - applied.getTime() < settleMs) {
        const until = new Date(applied.getTime() + settleMs).toISOString();
        return {
          kind: 'unsure',
          reason: `no transfer "${marker}" in the statement yet, but one was sent at ${applied.toISOString()}: its outcome may still show until ${until}`,
        };
      }
      return {
        kind: 'none',
        next: marker,
        why: applied
          ? `no transfer "${marker}" in the statement since ${since.toISOString()}, ${Math.round((now.getTime() - applied.getTime()) / 1000)} s after the last one was sent at ${applied.toISOString()} (more than the ${settleMs / 1000} s an unknown outcome is given): it was not made`
          : `no transfer "${marker}" in the statement since ${since.toISOString()}`,
      };
    },

    async precheck(detail): Promise<RailCheck> {
      const agent = await deps.agent();
      if (!agent) return { kind: 'fail', failure: NOT_CONFIGURED };
      const request = transferOf(detail);
      let result;
      try {
        result = await agent.transfer({ ...request, dryRun: true });
      } catch (error) {
        if (isDerivAuthRefusal(error)) {
          await reportRefusal(error);
          return { kind: 'fail', failure: tokenRefusal(error) };
        }
        if (error instanceof DerivRejectedError) {
          return { kind: 'fail', failure: refused(detail, error) };
        }
        if (error instanceof DerivNotConfiguredError) {
          return { kind: 'fail', failure: NOT_CONFIGURED };
        }
        // a dry run moves no money: whatever happened, it is only asked again later
        if (!isDerivError(error)) throw error;
        return { kind: 'later', reason: `Deriv's dry run did not answer: ${reasonOf(error)}` };
      }
      const kycName = detail.customer.name;
      if (!derivNameMatches(kycName, result.clientFullName)) {
        return {
          kind: 'fail',
          failure: {
            code: 'deriv_name_mismatch',
            params: {
              account: quoted(request.to),
              derivName: quoted(result.clientFullName),
              kycName: quoted(kycName),
            },
          },
        };
      }
      return { kind: 'ok' };
    },

    async apply(detail): Promise<RailApply> {
      const agent = await deps.agent();
      if (!agent) return { kind: 'refused', failure: NOT_CONFIGURED };
      const request = transferOf(detail);
      try {
        const done = await agent.transfer(request);
        if (done.kind !== 'done') {
          return {
            kind: 'unknown',
            reason: `Deriv answered a dry run to transfer ${request.description}`,
          };
        }
        return {
          kind: 'applied',
          providerId: String(done.transactionId),
          details: {
            ...request,
            transactionId: done.transactionId,
            clientName: done.clientFullName,
          },
        };
      } catch (error) {
        if (isDerivAuthRefusal(error)) {
          // an answer, not a lost one: Deriv refused the token, the transfer was not made
          await reportRefusal(error);
          return { kind: 'refused', failure: tokenRefusal(error) };
        }
        if (error instanceof DerivRejectedError)
          return { kind: 'refused', failure: refused(detail, error) };
        if (error instanceof DerivNotConfiguredError) {
          return { kind: 'refused', failure: NOT_CONFIGURED };
        }
        if (isOutcomeUnknown(error)) {
          // (the service recorded the time it was sent as it sent it)
          const sentAt = deps.now();
          return {
            kind: 'unknown',
            reason: `outcome of Deriv transfer "${request.description}" unknown: ${reasonOf(error)}`,
            record: {
              ...request,
              error: reasonOf(error),
              why:
                `Deriv's answer was lost: the transfer may have been made. The statement is read ` +
                `again; finding nothing there counts as "not paid" only from ` +
                `${new Date(sentAt.getTime() + settleMs).toISOString()}, ${settleMs / 1000} s after it was sent.`,
            },
          };
        }
        throw error;
      }
    },
  };
}
