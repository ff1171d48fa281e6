import { normalize } from '@permuta/contracts';
import { AppError } from '../../lib/app-error.ts';
import { writeAudit } from '../../lib/audit.ts';
import type { MoveHook } from '../orders/order-transition.ts';
import { paymentsOfOrder, updatePayment } from './incoming-payments.repository.ts';
import { refundState } from './incoming-payments.service.ts';
import { refundIdFor } from './pix-deposits.service.ts';

/**
 * An admin's refund of an order by hand (the desk's `refund`) while its money is being returned
 * at the provider (decision 048, "Mended"): exactly one return, the devolução or the desk's.
 * - A refund-only credit whose devolução was asked and has no final answer (`asked`), or a PIX one
 *   still to be asked (`due`: the refund job will ask it): 409 ORDER_REFUND_AT_PROVIDER, the move
 *   rolled back. The PSP's answer refunds the order (DEVOLVIDO) or lets the desk do it
 *   (NAO_REALIZADO).
 * - One the provider refused: the desk's refund is the return, so the payment is recorded
 *   returned by hand in the same transaction (audited with the admin), and nothing asks the PSP
 *   again nor lists it in the inbox.
 * The payment rows are read, not locked: the order's row (locked by the move) orders this against
 * the recording of a DEVOLVIDO, which writes the payment and then moves the order.
 */
export const deskRefundGuard: MoveHook = async (tx, moved) => {
  if (moved.to !== 'refunded' || moved.actor.type !== 'admin') return;
  const credited = await paymentsOfOrder(tx, moved.order.id, ['credited']);
  for (const payment of credited) {
    const refund = refundState(payment);
    if (refund.state === 'asked' || (refund.state === 'due' && payment.provider === 'pix')) {
      throw new AppError('ORDER_REFUND_AT_PROVIDER', 409, {
        refundId: payment.refundId ?? refundIdFor(payment.externalId),
      });
    }
    if (refund.state !== 'refused') continue;
    const row = await updatePayment(tx, payment.id, {
      status: 'refunded',
      resolvedBy: moved.actor.id,
    });
    await writeAudit(tx, {
      actorType: 'admin',
      actorId: moved.actor.id,
      action: 'payment.refunded',
      entityType: 'incoming_payment',
      entityId: payment.id,
      ip: moved.actor.ip ?? null,
      before: { status: payment.status, reason: payment.reason, refusal: refund.refusal },
      after: {
        provider: payment.provider,
        externalId: payment.externalId,
        amount: normalize(payment.amount),
        token: payment.tokenCode,
        status: row.status,
        orderId: moved.order.id,
        order: moved.order.reference,
        by: 'order_refund',
      },
    });
  }
};
