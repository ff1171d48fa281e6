import { dec, normalize, AWAITING_FUNDS_STATUSES } from '@permuta/contracts';
import type { OrderStatus } from '@permuta/contracts';
import type { Db, IncomingPaymentRow, IncomingProvider, Tx } from '@permuta/db';
import { AppError } from '../../lib/app-error.ts';
import { writeAudit } from '../../lib/audit.ts';
import type { Log } from '../../lib/log.ts';
import type { OrderMover, TransactionMove } from '../orders/order-mover.ts';
import type { MoveActor } from '../orders/order-transition.ts';
import { depositNetworkOf } from '../orders/order-view.ts';
import { findOrderDetail } from '../orders/orders.repository.ts';
import type { OrderDetailRow } from '../orders/orders.repository.ts';
import {
  findPaymentById,
  paymentsToRefund,
  recordAndLockPayment,
  updatePayment,
} from './incoming-payments.repository.ts';

/**
 * Money a provider reports on one of the platform's accounts (decision 036): the PIX PSP, the
 * exchange's deposit history, the Deriv agent's statement. Every report of a payment, whoever
 * makes it (a webhook, a reconciliation run, a watcher, a replay of any), lands here, on one row
 * per payment, and the order's funds are confirmed with it at most once:
 * - the row is recorded, or found, and locked in the transaction that makes the moves;
 * - the moves are the state machine's compare-and-set moves of the system, through the order
 *   mover (so the automatic payout's hook and the order page's push follow, as for any move);
 * - what cannot be decided by rule (no order, an order no longer open, a confirmation the state
 *   machine refuses) goes to the back office's inbox, never lost and never guessed.
 *
 * The provider's adapter decides what the money is (its own look-up, never a webhook's body) and
 * which order it names; this service decides what the order does with it.
 */

export interface ReportedPayment {
  provider: IncomingProvider;
  /** the provider's id of the payment (PIX end-to-end id, exchange deposit id, Deriv transaction) */
  externalId: string;
  /** the catalogue's code of what arrived: BRL (PIX), USD (Deriv), USDT... */
  tokenCode: string;
  network?: string | null;
  /** a positive decimal */
  amount: string;
  payer?: { document?: string | null; name?: string | null; account?: string | null };
  /** the PIX charge's txid, the blockchain transaction id */
  reference?: string | null;
  confirmations?: { seen: number; required: number } | null;
  /**
   * final at the provider: a PIX received, an exchange deposit reported successful with its
   * network's confirmations, a Deriv statement entry. A deposit not final yet only shows on the
   * order ("deposit seen, 3/12 confirmations").
   */
  settled: boolean;
  occurredAt: Date;
  /** the provider's record as read (kept for the back office; never trusted for money) */
  details?: Record<string, unknown>;
}

/** Which order the provider's adapter found the payment names, if any. */
export type PaymentMatch =
  | { kind: 'order'; orderId: string }
  | { kind: 'none'; reason: 'no_order' | 'ambiguous' | 'provider_rejected' };

/** Why a payment waits in the inbox or was returned (codes the back office translates). */
export type PaymentReason =
  | 'no_order'
  | 'ambiguous'
  /** the provider turned down a payment it had reported (an exchange deposit rejected, wrong) */
  | 'provider_rejected'
  | 'order_not_open'
  | 'order_expired'
  | 'wrong_token'
  | 'payer_not_customer'
  | 'amount_outside_limits'
  | 'needs_review';

export type ReceiveOutcome =
  /** the order's funds were confirmed with it (refund-only when the amount was outside limits) */
  | { kind: 'credited'; payment: IncomingPaymentRow; orderId: string; refundOnly: boolean }
  /** seen, not final at the provider yet; the order shows the deposit */
  | { kind: 'seen'; payment: IncomingPaymentRow; orderId: string | null }
  /** in the back office's inbox */
  | { kind: 'unmatched'; payment: IncomingPaymentRow; reason: PaymentReason }
  /** to be returned to the payer now (the provider's adapter asks its refund) */
  | { kind: 'refund'; payment: IncomingPaymentRow; reason: PaymentReason }
  /** decided before: this report changes nothing */
  | { kind: 'already'; payment: IncomingPaymentRow };

/** Statuses from which funds may still be confirmed by the system. */
const CREDITABLE: readonly OrderStatus[] = AWAITING_FUNDS_STATUSES;

const SYSTEM: MoveActor = { type: 'system', id: null };

export interface IncomingPaymentsDeps {
  /** for reads outside a move (the payments to refund) */
  db: Db;
  mover: OrderMover;
  now: () => Date;
  log: Log;
  /**
   * Run in the transaction that decided a payment of an order (credited, or to be returned to a
   * payer who is not the customer): the anti-money-laundering rules (decision 066).
   */
  decided?: (
    tx: Tx,
    payment: IncomingPaymentRow,
    order: { id: string; userId: string; reference: string },
  ) => Promise<void>;
}

function digitsOf(text: string | null | undefined): string {
  return (text ?? '').replace(/\D/g, '');
}

/**
 * Whether a payment may be for an order at all, the same rule for a provider's report and an
 * admin's attachment from the inbox: what arrived is what the order sends (token, and network
 * when both name one), and a payer named by CPF/CNPJ is the customer (a third party's money is
 * returned, never credited).
 */
export async function paymentMismatch(
  tx: Tx,
  payment: { tokenCode: string; network: string | null; payerDocument: string | null },
  detail: OrderDetailRow,
): Promise<'wrong_token' | 'payer_not_customer' | null> {
  if (detail.send.code.toUpperCase() !== payment.tokenCode.toUpperCase()) return 'wrong_token';
  // the network the platform receives on: for crypto to crypto the order's own network is the
  // one it pays out on, not the one the customer sends on
  const network =
    detail.send.kind === 'crypto' ? await depositNetworkOf(tx, detail) : detail.network;
  if (payment.network && network && network.code !== payment.network) {
    return 'wrong_token';
  }
  const payerDocument = digitsOf(payment.payerDocument);
  const customerDocument = digitsOf(detail.customer.cpf);
  if (payerDocument && customerDocument && payerDocument !== customerDocument) {
    return 'payer_not_customer';
  }
  return null;
}

export function createIncomingPayments({ db, mover, now, log, decided }: IncomingPaymentsDeps) {
  async function audit(
    tx: Tx,
    payment: IncomingPaymentRow,
    action: string,
    after: Record<string, unknown>,
  ): Promise<void> {
    await writeAudit(tx, {
      actorType: 'system',
      actorId: null,
      action,
      entityType: 'incoming_payment',
      entityId: payment.id,
      after: {
        provider: payment.provider,
        externalId: payment.externalId,
        amount: normalize(payment.amount),
        token: payment.tokenCode,
        ...after,
      },
    });
  }

  async function park(
    tx: Tx,
    payment: IncomingPaymentRow,
    reason: PaymentReason,
    orderId: string | null,
  ): Promise<ReceiveOutcome> {
    const row = await updatePayment(tx, payment.id, { status: 'unmatched', reason, orderId });
    await audit(tx, row, 'payment.unmatched', { reason, orderId });
    return { kind: 'unmatched', payment: row, reason };
  }

  /** Whether the payment may be for this order at all (what arrived is what the order sends). */
  function mismatch(
    tx: Tx,
    payment: ReportedPayment,
    detail: OrderDetailRow,
  ): Promise<PaymentReason | null> {
    return paymentMismatch(
      tx,
      {
        tokenCode: payment.tokenCode,
        network: payment.network ?? null,
        payerDocument: payment.payer?.document ?? null,
      },
      detail,
    );
  }

  /**
   * The system's moves that confirm the order's funds with the payment, in a savepoint: a move
   * the state machine refuses (the stock cannot cover an over-payment, an admin moved first)
   * leaves the order as it was, and the payment goes to the inbox instead.
   */
  async function confirmFunds(
    tx: Tx,
    move: TransactionMove,
    detail: OrderDetailRow,
    payment: IncomingPaymentRow,
  ): Promise<{ refundOnly: boolean } | { refused: AppError }> {
    try {
      return await tx.transaction(async () => {
        const at = now();
        if (detail.order.status === 'pending') {
          await move({ order: detail.order.id, action: 'detect_deposit', actor: SYSTEM, at });
        }
        const moved = await move({
          order: detail.order.id,
          action: 'confirm_funds',
          actor: SYSTEM,
          at,
          amountReceived: normalize(payment.amount),
          // outside the order's limits the funds are recorded and the order can only be refunded
          refundOnly: true,
        });
        return { refundOnly: moved.order.refundOnly };
      });
    } catch (error) {
      if (error instanceof AppError) return { refused: error };
      throw error;
    }
  }

  return {
    /**
     * Records one report of a payment and does what it calls for, in one transaction: see the
     * module comment. Safe to call any number of times, at once, for the same payment.
     */
    async receive(reported: ReportedPayment, match: PaymentMatch): Promise<ReceiveOutcome> {
      if (!dec(reported.amount).gt(0)) throw new Error('a reported payment has a positive amount');
      return mover.transaction(async (tx, move, touched) => {
        const payment = await recordAndLockPayment(tx, {
          provider: reported.provider,
          externalId: reported.externalId,
          tokenCode: reported.tokenCode,
          network: reported.network ?? null,
          amount: normalize(reported.amount),
          payerDocument: reported.payer?.document ?? null,
          payerName: reported.payer?.name ?? null,
          payerAccount: reported.payer?.account ?? null,
          reference: reported.reference ?? null,
          confirmations: reported.confirmations?.seen ?? null,
          requiredConfirmations: reported.confirmations?.required ?? null,
          details: reported.details ?? null,
          occurredAt: reported.occurredAt,
        });
        if (payment.status !== 'seen') return { kind: 'already', payment };

        if (match.kind === 'none') return park(tx, payment, match.reason, null);
        const detail = await findOrderDetail(tx, match.orderId);
        if (!detail) return park(tx, payment, 'no_order', null);
        const orderId = detail.order.id;

        const wrong = await mismatch(tx, reported, detail);
        if (wrong === 'payer_not_customer') {
          const row = await updatePayment(tx, payment.id, {
            status: 'refunding',
            reason: wrong,
            orderId,
          });
          await audit(tx, row, 'payment.refund_decided', { reason: wrong, orderId });
          await decided?.(tx, row, detail.order);
          touched(orderId);
          return { kind: 'refund', payment: row, reason: wrong };
        }
        if (wrong) return park(tx, payment, wrong, orderId);

        const status = detail.order.status;
        if (!CREDITABLE.includes(status)) return park(tx, payment, 'order_not_open', orderId);
        if (status === 'pending' && detail.order.expiresAt < reported.occurredAt) {
          return park(tx, payment, 'order_expired', orderId);
        }

        if (!reported.settled) {
          // Seen, not final: the order shows the deposit (pending -> paid once) and waits.
          const row = await updatePayment(tx, payment.id, { orderId });
          if (status === 'pending') {
            await move({ order: orderId, action: 'detect_deposit', actor: SYSTEM, at: now() });
          } else {
            touched(orderId);
          }
          return { kind: 'seen', payment: row, orderId };
        }

        const confirmed = await confirmFunds(tx, move, detail, payment);
        if ('refused' in confirmed) {
          log.warn(
            { orderId, paymentId: payment.id, code: confirmed.refused.code },
            'a reported payment could not confirm its order: left to the back office',
          );
          // another move came first (an admin confirmed, the customer canceled): not open now
          const reason =
            confirmed.refused.code === 'ORDER_STATE_CONFLICT' ? 'order_not_open' : 'needs_review';
          return park(tx, payment, reason, orderId);
        }
        const row = await updatePayment(tx, payment.id, {
          status: 'credited',
          orderId,
          reason: confirmed.refundOnly ? 'amount_outside_limits' : null,
        });
        await audit(tx, row, 'payment.credited', { orderId, refundOnly: confirmed.refundOnly });
        await decided?.(tx, row, detail.order);
        return { kind: 'credited', payment: row, orderId, refundOnly: confirmed.refundOnly };
      });
    },

    /** A payment by its id (null when there is none). */
    async find(id: string): Promise<IncomingPaymentRow | null> {
      return findPaymentById(db, id);
    },

    /**
     * Payments of `provider` to be returned to their payer in full: the payer was not the
     * customer (`refunding`), or the amount credited its order outside the limits (refund-only)
     * and no refund is recorded yet.
     */
    async toRefund(provider: IncomingProvider, limit?: number): Promise<IncomingPaymentRow[]> {
      return paymentsToRefund(db, provider, limit);
    },

    /**
     * Records that the provider refused to return the payment (its words): the payment stays
     * open for the back office, and no automatic attempt asks again (decision 048). Audited
     * once per refusal.
     */
    async recordRefundRefusal(paymentId: string, refundId: string, why: string): Promise<void> {
      await db.transaction(async (tx) => {
        const payment = await findPaymentById(tx, paymentId, true);
        if (!payment || !awaitsRefund(payment)) return;
        const refusal = why.slice(0, 500);
        if (payment.refundRefusal === refusal) return;
        const row = await updatePayment(tx, payment.id, { refundId, refundRefusal: refusal });
        await audit(tx, row, 'payment.refund_refused', { refundId, refusal });
      });
    },

    /**
     * Records that the provider accepted the payment's refund under `refundId` without a final
     * answer yet (a PIX devolução EM_PROCESSAMENTO): the payment keeps waiting for the refund
     * (nothing is returned yet, a refund-only order stays as it is) and names its refund, so the
     * inbox shows it requested and offers no second one. Idempotent.
     */
    async recordRefundAccepted(paymentId: string, refundId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const payment = await findPaymentById(tx, paymentId, true);
        if (!payment || !awaitsRefund(payment) || payment.refundId === refundId) return;
        await updatePayment(tx, payment.id, { refundId });
      });
    },

    /**
     * Records that the provider returned the payment (its receipt), once: the row is locked and
     * a payment already refunded is left as it is (`false`). A refund-only order the payment
     * credited is refunded by the system in the same transaction (admin_confirmed -> refunded;
     * the provider's receipt is its proof, decision 036), with a note saying why.
     */
    async recordRefund(paymentId: string, receipt: RefundReceipt): Promise<boolean> {
      return mover.transaction(async (tx, move, touched) => {
        const payment = await findPaymentById(tx, paymentId, true);
        if (!payment || !awaitsRefund(payment)) return false;
        const creditedOrder = payment.status === 'credited' ? payment.orderId : null;
        const row = await updatePayment(tx, payment.id, {
          status: 'refunded',
          refundId: receipt.refundId,
          refundReceipt: JSON.stringify(receipt),
        });
        await audit(tx, row, 'payment.refunded', {
          orderId: row.orderId,
          reason: row.reason,
          refundId: receipt.refundId,
          providerId: receipt.providerId,
          providerStatus: receipt.status,
        });
        if (creditedOrder) {
          const detail = await findOrderDetail(tx, creditedOrder);
          if (detail?.order.status === 'admin_confirmed' && detail.order.refundOnly) {
            await move({
              order: creditedOrder,
              action: 'refund',
              actor: SYSTEM,
              at: now(),
              note:
                `${payment.provider} payment ${payment.externalId} outside the order's limits ` +
                `returned to the payer in full (refund ${receipt.providerId})`,
            });
          } else {
            log.warn(
              { orderId: creditedOrder, paymentId, status: detail?.order.status },
              'a refunded payment left its order as it was (no longer refund-only and confirmed)',
            );
          }
        }
        if (row.orderId) touched(row.orderId);
        return true;
      });
    },
  };
}

/** What the provider answered to a refund (kept on the payment as its receipt). */
export interface RefundReceipt {
  /** our id of the refund at the provider (its idempotency key) */
  refundId: string;
  /** the provider's id of the return (PIX: the devolução's rtrId) */
  providerId: string;
  status: string;
  amount: string;
  at: string;
}

/** Whether a payment is to be returned to its payer (see `toRefund`). */
export function awaitsRefund(payment: IncomingPaymentRow): boolean {
  return (
    payment.status === 'refunding' ||
    (payment.status === 'credited' &&
      payment.reason === 'amount_outside_limits' &&
      payment.refundReceipt === null)
  );
}

/**
 * Where a payment's return to its payer stands, read from its row (decisions 041, 048), so every
 * place that asks, shows or refuses a refund reads it the same way:
 * - `returned`: the provider returned it (its receipt), or an admin did by hand;
 * - `none`: nothing is to be returned (see `awaitsRefund`);
 * - `due`: to be returned, not asked yet;
 * - `asked`: asked under its refund id, no final answer yet (looked up, never asked again);
 * - `refused`: the provider refused it (its words kept): a person returns it by hand, and no
 *   automatic attempt asks again.
 */
export type RefundState =
  { state: 'none' | 'due' | 'asked' | 'returned' } | { state: 'refused'; refusal: string };

export function refundState(payment: IncomingPaymentRow): RefundState {
  if (payment.status === 'refunded') return { state: 'returned' };
  if (!awaitsRefund(payment)) return { state: 'none' };
  if (payment.refundRefusal !== null) return { state: 'refused', refusal: payment.refundRefusal };
  return { state: payment.refundId ? 'asked' : 'due' };
}

export type IncomingPayments = ReturnType<typeof createIncomingPayments>;
