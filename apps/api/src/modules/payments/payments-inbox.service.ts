import {
  OPEN_PAYMENT_STATUSES,
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
import { paymentMismatch } from './incoming-payments.service.ts';
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

export interface InboxCaller {
  userId: string;
  ip: string;
  role: AdminRole;
}

/**
 * The seam for returning a payment at its provider (the PIX PSP's devolução, later the
 * exchange's withdrawal): given a payment to return, asks the provider, idempotently under
 * `refundId`, and answers its receipt. Not plugged in yet (decision 036, "The inbox"): until the
 * PIX adapter brings one, admins return payments by hand and record it with `markRefunded`.
 */
export type RefundAtProvider = (
  payment: IncomingPaymentRow,
  refundId: string,
) => Promise<{ receipt: string }>;

/** Statuses of an order a payment may still confirm the funds of. */
const CREDITABLE: readonly OrderStatus[] = AWAITING_FUNDS_STATUSES;

const SYSTEM: MoveActor = { type: 'system', id: null };

export interface PaymentsInboxDeps {
  db: Db;
  mover: OrderMover;
  now: () => Date;
  /** see RefundAtProvider: none until the PIX adapter plugs its own in */
  refundAtProvider?: RefundAtProvider | undefined;
}

function toView(row: InboxPaymentRow, role: AdminRole): AdminPayment {
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
    action: 'payment.attached' | 'payment.refunded',
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

  async function viewOf(id: string, role: AdminRole): Promise<AdminPayment> {
    const row = await findInboxPayment(db, id);
    if (!row) throw notFound('PAYMENT_NOT_FOUND');
    return toView(row, role);
  }

  return {
    async list(caller: Pick<InboxCaller, 'role'>, query: InboxQuery): Promise<AdminPaymentsPage> {
      const after = query.cursor ? parsePaymentCursor(query.cursor) : null;
      if (query.cursor && !after) {
        throw badRequest('CURSOR_INVALID', {}, { cursor: 'cursor.invalid' });
      }
      const rows = await listInboxPayments(db, {
        openOnly: query.status === 'open',
        provider: query.provider,
        after: after ?? undefined,
        limit: query.limit + 1,
      });
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      const open = await countOpenPayments(db);
      return {
        items: page.map((row) => toView(row, caller.role)),
        nextCursor:
          rows.length > query.limit && last
            ? `${last.open ? 1 : 0}_${last.cursorAt}_${last.payment.id}`
            : null,
        open: { total: open.unmatched + open.refunding, ...open },
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
     * Records that an admin returned the payment by hand (a PIX devolução, a withdrawal made
     * outside): unmatched or refunding -> refunded, with the admin's note (audited) and the
     * receipt, if any. Once: a payment no longer waiting is a 409.
     */
    async markRefunded(
      caller: InboxCaller,
      id: string,
      input: RefundedInput,
    ): Promise<AdminPayment> {
      await db.transaction(async (tx) => {
        const payment = stillWaiting(await lockPayment(tx, id), OPEN_PAYMENT_STATUSES);
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
