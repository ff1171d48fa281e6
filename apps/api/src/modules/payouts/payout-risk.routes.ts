import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminOrderSchema, orderIdParamsSchema } from '@permuta/contracts';
import { defaultAdminRole, requireAdmin, signedIn } from '../auth/guards.ts';
import { apiErrors } from '../../lib/api-errors.ts';
import type { AdminOrdersService } from '../orders/orders.admin.service.ts';
import type { PayoutRisk } from './payout-risk.ts';

const errors = apiErrors(400, 401, 403, 404, 409);

/** The approval of a held automatic payout (decision 043): finance and above. */
export const payoutRiskRoutes: FastifyPluginAsyncZod<{
  risk: PayoutRisk;
  orders: Pick<AdminOrdersService, 'detail'>;
}> = async (app, { risk, orders }) => {
  defaultAdminRole(app, 'finance');

  app.post(
    '/api/v1/admin/orders/:id/payout-approval',
    {
      onRequest: requireAdmin,
      schema: {
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
};
