import {
  OPEN_PAYMENT_STATUSES,
  REFUND_STALE_MS,
  mayReadPayerDocument,
  maskPayerDocument,
  normalize,
  parsePaymentCursor,
  AWAITING_FUNDS_STATUSES,
} from '@permuta/contracts';
import type {
  AdminPayment,
  AdminPaymentsPage,
  AdminRole,
  OrderStatus,
  PaymentReason,
  adminPaymentsQuerySchema,
  paymentAttachSchema,
  paymentRefundAtProviderSchema,
  paymentRefundedSchema,
} from '@permuta/contracts';
import type { Db, IncomingPaymentRow, Tx } from '@permuta/db';
import type { z } from 'zod';
import { AppError, badRequest, notFound, unprocessable } from '../../lib/app-error.ts';
import { writeAudit } from '../../lib/audit.ts';
import type { OrderMover } from '../orders/order-mover.ts';
import type { MoveActor } from '../orders/order-transition.ts';
import { findOrderDetail } from '../orders/orders.repository.ts';
import { updatePayment } from './incoming-payments.repository.ts';
import { paymentMismatch, refundState } from './incoming-payments.service.ts';
import {
  countOpenPayments,
  findInboxPayment,
  listInboxPayments,
  lockPayment,
} from './payments-inbox.repository.ts';
import type { InboxPaymentRow } from './payments-inbox.repository.ts';

type InboxQuery = z.output<typeof adminPaymentsQuerySchema>;
type AttachInput = z.output<typeof paymentAttachSchema>;
type RefundedInput = z.output<typeof paymentRefundedSchema>;
type RefundAtProviderInput = z.output<typeof paymentRefundAtProviderSchema>;

export interface InboxCaller {
  userId: string;
  ip: string;
  role: AdminRole;
}

/**
 * The seam for returning a payment at its provider (decision 036, wired in decision 048 to the
 * PIX PSP's devolução in the composition root): the same idempotent refund the automatic
 * refunds make (a devolução id derived from the payment, looked up before it is asked).
 */
export interface RefundAtProvider {
  /** whether the provider can be asked to return this kind of payment now */
  available(payment: IncomingPaymentRow): Promise<boolean>;
  /** our idempotent id of the payment's refund at the provider */
  refundIdOf(payment: IncomingPaymentRow): string;
  /**
   * In the transaction that records the admin's request: the refund's job, so that a crash or
   * an unknown outcome after the commit is settled by the job and the reconciliation.
   */
  queue(tx: Tx, paymentId: string): Promise<void>;
  /**
   * one attempt, after the commit: looks the refund up, asks it if absent, records the answer
   * (`processing`: accepted, not final: nothing is returned yet)
   */
  attempt(paymentId: string): Promise<{
    kind: 'returned' | 'refused' | 'waiting' | 'processing' | 'off' | 'not_waiting';
  }>;
}

/** Statuses of an order a payment may still confirm the funds of. */
const CREDITABLE: readonly OrderStatus[] = AWAITING_FUNDS_STATUSES;

const SYSTEM: MoveActor = { type: 'system', id: null };

export interface PaymentsInboxDeps {
  db: Db;
  mover: OrderMover;
  now: () => Date;
  /** see RefundAtProvider: without one, payments are only marked returned by hand */
  refundAtProvider?: RefundAtProvider | undefined;
}

/** The receipt a provider's refund left (JSON, see RefundReceipt); null for an admin's text. */
function providerIdOf(receipt: string | null): string | null {
  if (!receipt?.startsWith('{')) return null;
  try {
    const parsed = JSON.parse(receipt) as { providerId?: unknown };
    return typeof parsed.providerId === 'string' ? parsed.providerId : null;
  } catch {
    return null;
  }
}

function refundOf(p: IncomingPaymentRow, now: Date): AdminPayment['refund'] {
  if (!p.refundId) return null;
  const refund = refundState(p);
  if (refund.state === 'returned') {
    return {
      state: 'returned',
      refundId: p.refundId,
      providerId: providerIdOf(p.refundReceipt),
      refusal: null,
    };
  }
  // refunding, or a refund-only credit (decision 036) whose return was asked (decision 048)
  if (p.status !== 'refunding' && p.status !== 'credited') return null;
  if (refund.state !== 'refused' && refund.state !== 'asked') return null;
  return refund.state === 'refused'
    ? { state: 'refused', refundId: p.refundId, providerId: null, refusal: refund.refusal }
    : {
        // asked (the refund id set) and no final answer since: its last change is the asking
        state: now.getTime() - p.updatedAt.getTime() > REFUND_STALE_MS ? 'stalled' : 'requested',
        refundId: p.refundId,
        providerId: null,
        refusal: null,
      };
}

function toView(
  row: InboxPaymentRow,
  role: AdminRole,
  canRefund: boolean,
  now: Date,
): AdminPayment {
  const p = row.payment;
  const document = p.payerDocument
    ? mayReadPayerDocument(role)
      ? p.payerDocument
      : maskPayerDocument(p.payerDocument)
    : null;
  return {
    id: p.id,
    provider: p.provider,
    externalId: p.externalId,
    status: p.status,
    reason: (p.reason as PaymentReason | null) ?? null,
    amount: normalize(p.amount),
    token: p.tokenCode,
    network: p.network,
    payer: { name: p.payerName, document, account: p.payerAccount },
    reference: p.reference,
    confirmations:
      p.confirmations === null
        ? null
        : { seen: p.confirmations, required: p.requiredConfirmations },
    order: row.order ? { ...row.order, amountSend: normalize(row.order.amountSend) } : null,
    refundReceipt: p.refundReceipt,
    refund: refundOf(p, now),
    refundAtProvider:
      canRefund &&
      p.provider === 'pix' &&
      (OPEN_PAYMENT_STATUSES as readonly string[]).includes(p.status) &&
      !p.refundId &&
      refundState(p).state !== 'refused',
    resolvedBy: p.resolvedBy ? { id: p.resolvedBy, username: row.resolvedByUsername } : null,
    occurredAt: p.occurredAt.toISOString(),
    createdAt: p.createdAt.toISOString(),
  };
}

/** 409 unless the payment still waits for an admin in one of `statuses`. */
function stillWaiting(
  payment: IncomingPaymentRow | null,
  statuses: readonly IncomingPaymentRow['status'][],
): IncomingPaymentRow {
  if (!payment) throw notFound('PAYMENT_NOT_FOUND');
  if (!statuses.includes(payment.status)) {
    throw new AppError('PAYMENT_ALREADY_RESOLVED', 409, { status: payment.status });
  }
  return payment;
}

/**
 * The back office's inbox of incoming payments (decision 036, "The inbox"): what no order took,
 * attached to an order by an admin (its funds confirmed with the payment, once) or recorded as
 * returned to the payer.
 */
export function createPaymentsInboxService(deps: PaymentsInboxDeps) {
  const { db, mover, now } = deps;

  async function audit(
    tx: Tx,
    caller: InboxCaller,
    payment: IncomingPaymentRow,
    action: 'payment.attached' | 'payment.refunded' | 'payment.refund_requested',
    before: Record<string, unknown>,
    after: Record<string, unknown>,
  ): Promise<void> {
    await writeAudit(tx, {
      actorType: 'admin',
      actorId: caller.userId,
      action,
      entityType: 'incoming_payment',
      entityId: payment.id,
      ip: caller.ip,
      before,
      after: {
        provider: payment.provider,
        externalId: payment.externalId,
        amount: normalize(payment.amount),
        token: payment.tokenCode,
        ...after,
      },
    });
  }

  /** whether PIX payments can be returned through the PSP now (one question per answer) */
  async function pixRefunds(sample: IncomingPaymentRow | undefined): Promise<boolean> {
    if (!deps.refundAtProvider || !sample) return false;
    return deps.refundAtProvider.available(sample);
  }

  /** a return asked before this is `stalled` (see REFUND_STALE_MS) */
  const staleBefore = () => new Date(now().getTime() - REFUND_STALE_MS);

  async function viewOf(id: string, role: AdminRole): Promise<AdminPayment> {
    const row = await findInboxPayment(db, id, staleBefore());
    if (!row) throw notFound('PAYMENT_NOT_FOUND');
    return toView(row, role, await pixRefunds(row.payment), now());
  }

  return {
    async list(caller: Pick<InboxCaller, 'role'>, query: InboxQuery): Promise<AdminPaymentsPage> {
      const after = query.cursor ? parsePaymentCursor(query.cursor) : null;
      if (query.cursor && !after) {
        throw badRequest('CURSOR_INVALID', {}, { cursor: 'cursor.invalid' });
      }
      const rows = await listInboxPayments(db, {
        only: query.status === 'all' ? null : query.status,
        staleBefore: staleBefore(),
        provider: query.provider,
        after: after ?? undefined,
        limit: query.limit + 1,
      });
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      const open = await countOpenPayments(db, staleBefore());
      const pix = page.find((row) => row.payment.provider === 'pix')?.payment;
      const canRefund = await pixRefunds(pix);
      return {
        items: page.map((row) => toView(row, caller.role, canRefund, now())),
        nextCursor:
          rows.length > query.limit && last
            ? `${last.open ? 1 : 0}_${last.cursorAt}_${last.payment.id}`
            : null,
        open: { total: open.unmatched + open.refunding + open.refundStuck, ...open },
      };
    },

    /**
     * Attaches an unmatched payment to an order, in one transaction through the order mover: the
     * payment locked and still unmatched (else 409), the order open and paid in that token (else
     * a specific 409/422), the system's `detect_deposit` for a pending order, the admin's
     * `confirm_funds` with the payment's amount (outside the limits: recorded, refund-only), the
     * payment credited with its admin, the audit. Two admins at once: one credit, one 409.
     */
    async attach(caller: InboxCaller, id: string, input: AttachInput): Promise<AdminPayment> {
      await mover.transaction(async (tx, move) => {
        const payment = stillWaiting(await lockPayment(tx, id), ['unmatched']);
        const detail = await findOrderDetail(tx, input.order);
        if (!detail) throw unprocessable('PAYMENT_ORDER_NOT_FOUND', { order: input.order });
        const { order } = detail;
        const wrong = await paymentMismatch(tx, payment, detail);
        if (wrong === 'payer_not_customer') {
          // a third party's money is returned, never credited (the same rule as a report's)
          throw unprocessable('PAYMENT_PAYER_NOT_CUSTOMER', { order: order.reference });
        }
        if (wrong === 'wrong_token') {
          const network = (code: string | null | undefined) => (code ? ` (${code})` : '');
          throw unprocessable('PAYMENT_WRONG_TOKEN', {
            order: order.reference,
            orderToken: `${detail.send.code}${network(detail.network?.code)}`,
            token: `${payment.tokenCode}${network(payment.network)}`,
          });
        }
        if (!CREDITABLE.includes(order.status)) {
          throw new AppError('PAYMENT_ORDER_NOT_OPEN', 409, {
            order: order.reference,
            status: order.status,
          });
        }
        const at = now();
        if (order.status === 'pending') {
          await move({ order: order.id, action: 'detect_deposit', actor: SYSTEM, at });
        }
        const moved = await move({
          order: order.id,
          action: 'confirm_funds',
          actor: { type: 'admin', id: caller.userId, ip: caller.ip },
          at,
          amountReceived: normalize(payment.amount),
          // outside the order's limits the funds are recorded and the order can only be refunded
          refundOnly: true,
        });
        const refundOnly = moved.order.refundOnly;
        const row = await updatePayment(tx, payment.id, {
          status: 'credited',
          orderId: order.id,
          reason: refundOnly ? 'amount_outside_limits' : null,
          resolvedBy: caller.userId,
        });
        await audit(
          tx,
          caller,
          row,
          'payment.attached',
          { status: payment.status, reason: payment.reason, orderId: payment.orderId },
          { status: row.status, orderId: order.id, order: order.reference, refundOnly },
        );
      });
      return viewOf(id, caller.role);
    },

    /**
     * Returns a payment to its payer through its provider (decision 048): the PIX PSP's
     * devolução, under the id the automatic refunds use. In one transaction the payment is
     * locked and still open (else 409), becomes `refunding` with its refund id, the admin and
     * the audit (`payment.refund_requested`, once), and the refund's job is queued; then, after
     * the commit, one attempt: returned (the receipt), refused (the PSP's words), or no answer
     * yet (`requested`: the job and the reconciliation settle it). Two admins at once, or one
     * pressing twice, ask one devolução: the same id, looked up before it is asked.
     */
    async refundAtProvider(
      caller: InboxCaller,
      id: string,
      input: RefundAtProviderInput,
    ): Promise<AdminPayment> {
      const provider = deps.refundAtProvider;
      const found = await findInboxPayment(db, id, staleBefore());
      if (!found) throw notFound('PAYMENT_NOT_FOUND');
      if (!provider || !(await provider.available(found.payment))) {
        throw new AppError('PAYMENT_REFUND_UNAVAILABLE', 409);
      }
      await db.transaction(async (tx) => {
        const payment = stillWaiting(await lockPayment(tx, id), OPEN_PAYMENT_STATUSES);
        const refund = refundState(payment);
        if (refund.state === 'refused') {
          throw new AppError('PAYMENT_REFUND_REFUSED', 409, { reason: refund.refusal });
        }
        // asked already (another admin, a second press): the attempt below only looks it up
        if (payment.refundId) return;
        const refundId = provider.refundIdOf(payment);
        const row = await updatePayment(tx, payment.id, {
          status: 'refunding',
          refundId,
          resolvedBy: caller.userId,
        });
        await provider.queue(tx, payment.id);
        await audit(
          tx,
          caller,
          row,
          'payment.refund_requested',
          { status: payment.status, reason: payment.reason },
          { status: row.status, note: input.note, refundId, by: 'provider' },
        );
      });
      await provider.attempt(id);
      return viewOf(id, caller.role);
    },

    /**
     * Records that an admin returned the payment by hand (a PIX devolução, a withdrawal made
     * outside): unmatched or refunding -> refunded, with the admin's note (audited) and the
     * receipt, if any. Once: a payment no longer waiting is a 409.
     */
    async markRefunded(
      caller: InboxCaller,
      id: string,
      input: RefundedInput,
    ): Promise<AdminPayment> {
      const found = await findInboxPayment(db, id, staleBefore());
      const atProvider = found ? await pixRefunds(found.payment) : false;
      await db.transaction(async (tx) => {
        const payment = stillWaiting(await lockPayment(tx, id), OPEN_PAYMENT_STATUSES);
        // a PIX the PSP can return goes back through it (one devolução, decision 048); by hand
        // only when it refused, or for what no provider returns
        if (atProvider && payment.provider === 'pix' && refundState(payment).state !== 'refused') {
          throw new AppError('PAYMENT_REFUND_AT_PROVIDER', 409);
        }
        const row = await updatePayment(tx, payment.id, {
          status: 'refunded',
          refundReceipt: input.receipt ?? null,
          resolvedBy: caller.userId,
        });
        await audit(
          tx,
          caller,
          row,
          'payment.refunded',
          { status: payment.status, reason: payment.reason },
          { status: row.status, note: input.note, receipt: input.receipt ?? null, by: 'hand' },
        );
      });
      return viewOf(id, caller.role);
    },
  };
}

export type PaymentsInboxService = ReturnType<typeof createPaymentsInboxService>;
