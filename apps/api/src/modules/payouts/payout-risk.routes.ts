import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminOrderSchema,
  orderIdParamsSchema,
  paidTwiceSettlementSchema,
} from '@permuta/contracts';
import { defaultAdminRole, requireAdmin, signedIn } from '../auth/guards.ts';
import { apiErrors } from '../../lib/api-errors.ts';
import type { AdminOrdersService } from '../orders/orders.admin.service.ts';
import type { PayoutExceptions } from './payout-exceptions.ts';
import type { PayoutRisk } from './payout-risk.ts';

const errors = apiErrors(400, 401, 403, 404, 409);

/** The approval of a held automatic payout (decision 043): finance and above. */
export const payoutRiskRoutes: FastifyPluginAsyncZod<{
  risk: PayoutRisk;
  exceptions: PayoutExceptions;
  orders: Pick<AdminOrdersService, 'detail'>;
}> = async (app, { risk, exceptions, orders }) => {
  defaultAdminRole(app, 'finance');

  app.post(
    '/api/v1/admin/orders/:id/payout-approval',
    {
      onRequest: requireAdmin,
      schema: {
        operationId: 'approvePayout',
        tags: ['admin', 'orders'],
        summary: 'Approve a held automatic payout',
        description:
          "One approval per admin per order; the last approval needed (two different admins above the second-approval limit) queues the payout in the same transaction. 409 PAYOUT_NOT_HELD (nothing waits for an approval), PAYOUT_ALREADY_APPROVED (this admin approved it already), PAYOUT_HOLD_ORDER_MOVED (paid by hand, refunded or canceled meanwhile). Answers the order's admin view.",
        params: orderIdParamsSchema,
        response: { 200: adminOrderSchema, ...errors },
      },
    },
    async (request) => {
      const orderId = await risk.approve(
        { userId: signedIn(request).userId, ip: request.ip },
        request.params.id,
      );
      return orders.detail(orderId);
    },
  );

  app.post(
    '/api/v1/admin/orders/:id/paid-twice',
    {
      onRequest: requireAdmin,
      schema: {
        operationId: 'recordPaidTwice',
        tags: ['admin', 'orders'],
        summary: 'Close an order whose automatic payout was made twice',
        description:
          'For an order in error with deriv_paid_twice only: records what was done about the duplicate (`duplicate_returned`: the customer gave it back, one payout in the ledger; `written_off`: every transfer is a payout) with a note, and moves the order to admin_paid with the first transaction as its receipt, audited. 409 ORDER_NOT_PAID_TWICE; 422 TREASURY_NEGATIVE when the ledger cannot take a written-off duplicate.',
        params: orderIdParamsSchema,
        body: paidTwiceSettlementSchema,
        response: { 200: adminOrderSchema, ...apiErrors(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request) => {
      const orderId = await exceptions.settlePaidTwice(
        { userId: signedIn(request).userId, ip: request.ip },
        request.params.id,
        request.body,
      );
      return orders.detail(orderId);
    },
  );
};
