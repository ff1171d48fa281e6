import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminPaymentSchema,
  adminPaymentsPageSchema,
  adminPaymentsQuerySchema,
  paymentAttachSchema,
  paymentIdParamsSchema,
  paymentRefundAtProviderSchema,
  paymentRefundedSchema,
} from '@permuta/contracts';
import type { FastifyRequest } from 'fastify';
import { defaultAdminRole, requireAdmin, signedIn } from '../auth/guards.ts';
import { apiErrors } from '../../lib/api-errors.ts';
import type { InboxCaller, PaymentsInboxService } from './payments-inbox.service.ts';

const errors = apiErrors(400, 401, 403, 404);

function callerOf(request: FastifyRequest): InboxCaller {
  const auth = signedIn(request);
  return { userId: auth.userId, ip: request.ip, role: auth.adminRole ?? 'operator' };
}

/** The back office's inbox of incoming payments (/admin/payments, decision 036). Admins only. */
export const paymentsInboxRoutes: FastifyPluginAsyncZod<{ service: PaymentsInboxService }> = async (
  app,
  { service },
) => {
  app.addHook('onRequest', requireAdmin);
  defaultAdminRole(app, 'operator');
  const tags = ['admin', 'payments'];

  app.get(
    '/api/v1/admin/payments',
    {
      schema: {
        operationId: 'listIncomingPayments',
        tags,
        summary: 'Incoming payments',
        description:
          "Open ones (unmatched, refunding, and a refund-only credit whose return the PSP refused or left stalled) first, then newest first on (occurred_at, id), keyset-paginated: pass the previous page's `nextCursor` as `cursor`. `status=open` (default), `all`, or `refunds` (only the returns refused or stalled at the provider); `provider` filters. `open` counts the payments waiting for an admin (`refundStuck`: the stuck refund-only credits).",
        querystring: adminPaymentsQuerySchema,
        response: { 200: adminPaymentsPageSchema, ...errors },
      },
    },
    async (request) => service.list(callerOf(request), request.query),
  );

  app.post(
    '/api/v1/admin/payments/:id/attach',
    {
      schema: {
        operationId: 'attachIncomingPayment',
        tags,
        summary: 'Attach an unmatched payment to an order',
        description:
          "Confirms the order's funds with the payment's amount (the system's detect_deposit first for a pending order, then the admin's confirm_funds; outside the limits the order becomes refund-only), in one transaction: 409 PAYMENT_ALREADY_RESOLVED when the payment no longer waits, 409 PAYMENT_ORDER_NOT_OPEN, 422 PAYMENT_WRONG_TOKEN or PAYMENT_ORDER_NOT_FOUND.",
        params: paymentIdParamsSchema,
        body: paymentAttachSchema,
        response: { 200: adminPaymentSchema, ...apiErrors(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request) => service.attach(callerOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/v1/admin/payments/:id/refund',
    {
      schema: {
        operationId: 'refundIncomingPayment',
        tags,
        summary: 'Return an incoming payment to its payer through its provider (PIX devolução)',
        description:
          "Asks the PSP for a devolução of the whole payment under the id the automatic refunds use, so two requests at once ask one. Answers the payment: `refund.state` `returned` (with the PSP's rtrId), `refused` (the PSP's words), or `requested` (no final answer yet: the refund job and the reconciliation settle it). 409 PAYMENT_REFUND_UNAVAILABLE (not a PIX, or no PSP configured), PAYMENT_REFUND_REFUSED, PAYMENT_ALREADY_RESOLVED.",
        params: paymentIdParamsSchema,
        body: paymentRefundAtProviderSchema,
        response: { 200: adminPaymentSchema, ...apiErrors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service.refundAtProvider(callerOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/v1/admin/payments/:id/refunded',
    {
      schema: {
        operationId: 'markIncomingPaymentRefunded',
        tags,
        summary: 'Record an incoming payment returned to its payer by hand',
        description:
          'Unmatched or refunding -> refunded, with a note (required, audited) and the receipt, if any. 409 PAYMENT_ALREADY_RESOLVED when the payment no longer waits; 409 PAYMENT_REFUND_AT_PROVIDER for a PIX the PSP can return (unless it refused).',
        params: paymentIdParamsSchema,
        body: paymentRefundedSchema,
        response: { 200: adminPaymentSchema, ...apiErrors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service.markRefunded(callerOf(request), request.params.id, request.body),
  );
};
