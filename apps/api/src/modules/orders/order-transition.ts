import {
  LOCALE_PREFIX,
  ORDER_TRANSITIONS,
  targetOf,
  blockedByFlags,
  dec,
  exceedsPrecision,
  findTransition,
  floorTo,
  normalize,
  quoteForSend,
  receiveLimits,
  toAmount,
  unitOf,
} from '@permuta/contracts';
import type { Locale, OrderAction, OrderActor, OrderStatus } from '@permuta/contracts';
import type { Settings, Tx } from '@permuta/db';
import { AppError, badRequest, notFound, unprocessable } from '../../lib/app-error.ts';
import { writeAudit } from '../../lib/audit.ts';
import type { EmailAmount, EmailTemplate } from '../../lib/emails.ts';
import { appendLedgerEntry, availableStock, lockStocks } from '../treasury/treasury.service.ts';
import {
  compareAndSetStatus,
  findOrderDetail,
  findOrderRow,
  insertEvent,
  readSettings,
} from './orders.repository.ts';
import type { OrderColumnsSet, OrderDetailRow, OrderRow, TokenRef } from './orders.repository.ts';

/**
 * The one way an order changes status (PRODUCT.md section 3), for customers, admins and the
 * system alike. In the caller's transaction:
 *   1. compare-and-set: `UPDATE orders ... WHERE id AND status IN (sources of this move for this
 *      actor)`; no row means the move is not (or no longer) allowed: 409 ORDER_STATE_CONFLICT;
 *   2. an order_events row and an audit entry;
 *   3. the treasury entries of the move (funds received, payout, refund), never taking a token
 *      below zero;
 *   4. the customer's e-mail, enqueued in the same transaction, in the customer's language.
 * If anything fails, the transaction rolls back and nothing of the move remains.
 */

/** Enqueues an e-mail in the transaction (app.enqueueEmail). */
export type EnqueueEmail = (
  tx: Tx,
  to: string,
  template: EmailTemplate,
  locale: Locale,
) => Promise<unknown>;

/** Work of a move in its transaction, after the move's own rows (see order-mover.ts). */
export type MoveHook = (tx: Tx, moved: MoveResult) => Promise<void>;

export interface MoveDeps {
  enqueueEmail: EnqueueEmail;
  publicUrl: string;
  /** extra work of a move in its transaction (e.g. queueing an automatic payout) */
  afterMove?: MoveHook;
  /**
   * Whether the customer wants the status e-mails (their notification channels, decision 060);
   * absent: always
   */
  wantsStatusEmail?: (tx: Tx, userId: string) => Promise<boolean>;
}

export interface MoveActor {
  type: OrderActor;
  /** users.id; null for the system */
  id: string | null;
  ip?: string | null;
}

export interface MoveRequest {
  /** id or reference */
  order: string;
  action: OrderAction;
  actor: MoveActor;
  at: Date;
  /** the admin's note (required to cancel after payment and to refund) */
  note?: string | null;
  /** columns written with the status (proof keys, tx hash, payout tx id, payout error...) */
  set?: OrderColumnsSet;
  /** confirm_funds: what actually arrived, in the token sent */
  amountReceived?: string;
  /** confirm_funds: record an amount outside the limits; the order can then only be refunded */
  refundOnly?: boolean;
  /** customer moves: only this customer's order (someone else's is a 404) */
  ownerId?: string;
}

export interface MoveResult {
  order: OrderRow;
  from: OrderStatus;
  to: OrderStatus;
  /** confirm_funds with a different amount: the amount to receive was recomputed */
  adjusted: boolean;
  /** who moved it */
  actor: MoveActor;
  /** the order_events row of the move (one per status change) */
  eventId: number;
}

/** The language of e-mails to the back office (the support address). */
export const OPERATORS_LOCALE: Locale = 'pt-BR';

/**
 * A payout going wrong (into `error`) or retried (`error` -> `processing`): internal work the
 * customer is not told about; the customer hears when the order is paid or refunded.
 */
export function isPayoutRetryMove(from: OrderStatus, to: OrderStatus): boolean {
  return to === 'error' || (from === 'error' && to === 'processing');
}

export function orderLink(publicUrl: string, locale: Locale, reference: string): string {
  return `${publicUrl}${LOCALE_PREFIX[locale]}/profile/my-orders/${reference}`;
}

const PROOF_COLUMN: Partial<Record<OrderAction, keyof OrderColumnsSet>> = {
  pay: 'paymentProofStorageKey',
  refund: 'refundProofStorageKey',
};

/**
 * The amount to receive for what actually arrived (under- or over-payment), at the order's
 * locked prices, fee and network fee, with the quote arithmetic of the contracts. When the
 * result is outside the limits: 422, unless `refundOnly`, where the order keeps its amount to
 * receive and is marked refund-only (PRODUCT.md: "an amount below the minimum can only be
 * refunded"; above the maximum the admin may also record less and return the rest by hand).
 */
function recomputeReceive(
  detail: OrderDetailRow,
  amountReceived: string,
  settings: Settings,
  refundOnly: boolean,
): { amountReceive: string; adjusted: boolean; refundOnly: boolean } {
  const { order, send, receive } = detail;
  if (exceedsPrecision(amountReceived, send.precision)) {
    throw badRequest(
      'AMOUNT_PRECISION',
      { token: send.code, precision: send.precision },
      { amountReceived: 'amount.invalid' },
    );
  }
  const expected = dec(order.amountSend).plus(order.extraFee);
  if (dec(amountReceived).eq(expected)) {
    return { amountReceive: order.amountReceive, adjusted: false, refundOnly: false };
  }
  const outside = { amountReceive: order.amountReceive, adjusted: false, refundOnly: true };
  const amountText = `${normalize(amountReceived)} ${unitOf(send)}`;
  const effective = floorTo(dec(amountReceived).minus(order.extraFee), send.precision);
  const limits = receiveLimits(detail.receive.kind, detail.network, settings);
  const amounts = effective.gt(0)
    ? quoteForSend(toAmount(effective), {
        send: { precision: send.precision, priceBrl: order.priceSendBrl },
        receive: { precision: receive.precision, priceBrl: order.priceReceiveBrl },
        feePercent: normalize(order.feeRate),
        networkFee: order.networkFee,
      })
    : null;
  if (
    !amounts ||
    dec(amounts.amountReceive).lte(0) ||
    (limits.min !== null && dec(amounts.amountReceive).lt(limits.min))
  ) {
    if (refundOnly) return outside;
    throw unprocessable('AMOUNT_RECEIVED_BELOW_MINIMUM', { amount: amountText });
  }
  if (limits.max !== null && dec(amounts.amountReceive).gt(limits.max)) {
    if (refundOnly) return outside;
    throw unprocessable('AMOUNT_RECEIVED_ABOVE_MAXIMUM', {
      amount: amountText,
      max: normalize(limits.max),
      token: unitOf(receive),
    });
  }
  return {
    amountReceive: amounts.amountReceive,
    adjusted: !dec(amounts.amountReceive).eq(order.amountReceive),
    refundOnly: false,
  };
}

function conflict(status: OrderStatus): AppError {
  return new AppError('ORDER_STATE_CONFLICT', 409, { status });
}

function amountOf(amount: string, token: TokenRef): EmailAmount {
  return { amount: toAmount(dec(amount), token.precision), unit: unitOf(token) };
}

/**
 * Makes one move of the state machine in `tx`; see the module comment. Callers go through the
 * order mover (order-mover.ts), which adds the side effects every move has.
 */
export async function moveOrder(tx: Tx, deps: MoveDeps, request: MoveRequest): Promise<MoveResult> {
  const detail = await findOrderDetail(tx, request.order, request.ownerId);
  if (!detail) throw notFound();
  const { order } = detail;
  const actor = request.actor;
  const note = request.note?.trim() ? request.note.trim() : null;
  const moves = ORDER_TRANSITIONS.filter(
    (t) => t.action === request.action && t.actors.includes(actor.type),
  );
  // one target per action, whatever the source: the table refuses anything else when it loads
  const to = targetOf(request.action);
  // Early answer from what was just read; the compare-and-set below is what decides.
  const fromHere = findTransition(order.status, request.action, actor.type);
  if (!to || !fromHere) throw conflict(order.status);
  const flags = {
    refundOnly: order.refundOnly,
    paidTwice: order.payoutFailure?.code === 'deriv_paid_twice',
  };
  if (request.action === 'settle_paid_twice' && blockedByFlags(request.action, flags)) {
    throw new AppError('ORDER_NOT_PAID_TWICE', 409);
  }
  if (blockedByFlags(request.action, flags)) throw new AppError('ORDER_REFUND_ONLY', 409);
  if (
    request.action === 'confirm_payment' &&
    order.status === 'pending' &&
    order.expiresAt.getTime() <= request.at.getTime()
  ) {
    throw new AppError('ORDER_EXPIRED', 409);
  }
  if (fromHere.noteRequired && !note)
    throw unprocessable('ORDER_NOTE_REQUIRED', {}, { note: 'note.required' });

  const set: OrderColumnsSet = { ...request.set };
  const proofColumn = PROOF_COLUMN[request.action];
  if (fromHere.proofRequired && proofColumn && !set[proofColumn]) {
    throw unprocessable('ORDER_PROOF_REQUIRED');
  }

  let adjusted = false;
  if (request.action === 'confirm_funds') {
    if (!request.amountReceived) {
      throw badRequest('VALIDATION_ERROR', {}, { amountReceived: 'amount.invalid' });
    }
    const recomputed = recomputeReceive(
      detail,
      request.amountReceived,
      await readSettings(tx),
      request.refundOnly === true,
    );
    adjusted = recomputed.adjusted;
    set.amountReceived = normalize(request.amountReceived);
    set.amountReceive = recomputed.amountReceive;
    set.refundOnly = recomputed.refundOnly;
  }

  const sources = moves.filter((t) => !t.noteRequired || note).map((t) => t.from);
  const from = await compareAndSetStatus(tx, {
    id: order.id,
    sources,
    to,
    at: request.at,
    set,
    // a refund-only flag set by a concurrent confirm_funds rules out a payout
    notRefundOnly: blockedByFlags(request.action, { refundOnly: true }),
  });
  if (!from) {
    const currentRow = await findOrderRow(tx, order.id);
    if (currentRow && blockedByFlags(request.action, currentRow)) {
      throw new AppError('ORDER_REFUND_ONLY', 409);
    }
    const current = currentRow?.status ?? order.status;
    const possible = findTransition(current, request.action, actor.type);
    if (possible?.noteRequired && !note) {
      throw unprocessable('ORDER_NOTE_REQUIRED', {}, { note: 'note.required' });
    }
    throw conflict(current);
  }
  const moved = await findOrderRow(tx, order.id);
  if (!moved) throw new Error(`order ${order.id} vanished during its move`);

  const event = await insertEvent(tx, {
    orderId: order.id,
    fromStatus: from,
    toStatus: to,
    actorType: actor.type,
    actorId: actor.id,
    note,
    createdAt: request.at,
  });
  await writeAudit(tx, {
    actorType: actor.type,
    actorId: actor.id,
    action: 'order.status_changed',
    entityType: 'order',
    entityId: order.id,
    ip: actor.ip ?? null,
    before: { reference: order.reference, status: from, amountReceive: order.amountReceive },
    after: {
      reference: order.reference,
      status: to,
      action: request.action,
      note,
      ...(request.action === 'confirm_funds'
        ? {
            amountReceived: set.amountReceived,
            amountReceive: set.amountReceive,
            refundOnly: set.refundOnly,
          }
        : {}),
      ...(set.payoutTxId ? { payoutTxId: set.payoutTxId } : {}),
      ...(set.txHash ? { txHash: set.txHash } : {}),
    },
  });

  await recordLedger(tx, request, detail, moved);

  const customer = detail.customer;
  if (isPayoutRetryMove(from, to)) {
    // The customer hears of outcomes; a payout problem and its retries are the operators' work.
    const support = (await readSettings(tx)).supportEmail?.trim();
    if (support) {
      await deps.enqueueEmail(
        tx,
        support,
        {
          kind: 'payout-problem',
          reference: order.reference,
          status: to === 'error' ? 'error' : 'processing',
          error: moved.payoutFailure,
          attempts: moved.payoutAttempts,
          link: `${deps.publicUrl}/admin/orders/${order.id}`,
        },
        OPERATORS_LOCALE,
      );
    }
  } else if (!deps.wantsStatusEmail || (await deps.wantsStatusEmail(tx, customer.id))) {
    await deps.enqueueEmail(
      tx,
      customer.email,
      {
        kind: 'order-status',
        name: customer.name,
        reference: order.reference,
        status: to,
        note,
        adjusted:
          request.action === 'confirm_funds' && moved.amountReceived && adjusted
            ? {
                received: amountOf(moved.amountReceived, detail.send),
                receive: amountOf(moved.amountReceive, detail.receive),
              }
            : null,
        refundOnly:
          request.action === 'confirm_funds' && moved.refundOnly && moved.amountReceived
            ? { received: amountOf(moved.amountReceived, detail.send) }
            : null,
        receive: amountOf(moved.amountReceive, detail.receive),
        payoutTxId: moved.payoutTxId,
        reason:
          actor.type !== 'system'
            ? null
            : to === 'canceled'
              ? 'payment_time_over'
              : to === 'completed'
                ? 'auto_completed'
                : null,
        link: orderLink(deps.publicUrl, customer.locale, order.reference),
      },
      customer.locale,
    );
  }

  const result: MoveResult = { order: moved, from, to, adjusted, actor, eventId: event.id };
  if (deps.afterMove) await deps.afterMove(tx, result);
  return result;
}

/** The treasury side of a move (PRODUCT.md section 2). */
async function recordLedger(
  tx: Tx,
  request: MoveRequest,
  detail: OrderDetailRow,
  moved: OrderRow,
): Promise<void> {
  const createdBy = request.actor.type === 'admin' ? request.actor.id : null;
  switch (request.action) {
    case 'confirm_funds': {
      // More to pay than the order reserved (over-payment): the stock must cover the difference.
      if (!moved.refundOnly && dec(moved.amountReceive).gt(detail.order.amountReceive)) {
        // the credit below takes the sent token's lock (its running balance): both in id order,
        // or an over-payment of the opposite pair could take them crosswise
        await lockStocks(tx, [detail.receive.id, detail.send.id]);
        const available = await availableStock(tx, detail.receive.id, moved.id);
        if (dec(available).lt(moved.amountReceive)) {
          throw unprocessable('INSUFFICIENT_STOCK', {
            token: unitOf(detail.receive),
            available: toAmount(
              floorTo(dec(available).lt(0) ? dec(0) : dec(available), detail.receive.precision),
            ),
          });
        }
      }
      await appendLedgerEntry(tx, {
        tokenId: detail.send.id,
        tokenCode: detail.send.code,
        direction: 'credit',
        amount: moved.amountReceived ?? moved.amountSend,
        kind: 'funds_received',
        orderId: moved.id,
        createdBy,
      });
      return;
    }
    // settle_paid_twice: the payout the order owed (a written-off duplicate is its own entry)
    case 'pay':
    case 'payout_done':
    case 'settle_paid_twice':
      await appendLedgerEntry(tx, {
        tokenId: detail.receive.id,
        tokenCode: detail.receive.code,
        direction: 'debit',
        amount: moved.amountReceive,
        kind: 'payout',
        orderId: moved.id,
        createdBy,
      });
      return;
    case 'refund':
      await appendLedgerEntry(tx, {
        tokenId: detail.send.id,
        tokenCode: detail.send.code,
        direction: 'debit',
        amount: moved.amountReceived ?? moved.amountSend,
        kind: 'refund',
        orderId: moved.id,
        note: request.note ?? null,
        createdBy,
      });
      return;
    default:
      return;
  }
}
