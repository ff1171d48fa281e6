import { and, asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { simulatePaymentParamsSchema, simulatedPaymentSchema } from '@permuta/contracts';
import type { SimulatedPayment } from '@permuta/contracts';
import { users, wallets } from '@permuta/db';
import { toExchangeNetwork } from '../adapters/exchange/exchange.ts';
import { txidForOrder } from '../adapters/pix/pix-psp.ts';
import { apiErrors } from '../lib/api-errors.ts';
import { AppError } from '../lib/app-error.ts';
import { requireCustomer, signedIn } from '../modules/auth/guards.ts';
import type { Services } from '../services.ts';
import type { DemoProviders } from './demo-providers.ts';

const errors = apiErrors(401, 403, 404, 409, 502);

/**
 * The development demo's "simulate payment" (decision 045): registered only while the fake
 * providers run (app.ts). The fake provider pays the customer's own pending order as the
 * customer would; the real webhook, watcher or job credits it, and the payout follows by itself.
 */
export const demoRoutes: FastifyPluginAsyncZod<{
  demo: DemoProviders;
  services: Services;
}> = async (app, { demo, services }) => {
  // orders whose payment was simulated (or is being): a second press is refused
  const simulated = new Set<string>();

  app.post(
    '/api/v1/dev/simulate-payment/:reference',
    {
      onRequest: requireCustomer,
      schema: {
        operationId: 'simulatePayment',
        tags: ['demo'],
        summary: 'Simulate the payment of my order (development demo only)',
        description:
          'Only while the demo providers run (DEMO_PROVIDERS, never in production): the fake PSP, exchange or Deriv pays the caller’s own pending order as the customer would, and the real webhook, deposit watcher or Deriv job credits it. 404 for an order that is not mine; 409 DEMO_PAYMENT_NOT_PENDING, DEMO_PAYMENT_ALREADY_SENT, DEMO_PAYMENT_UNSUPPORTED (bank transfer, boleto).',
        params: simulatePaymentParamsSchema,
        response: { 200: simulatedPaymentSchema, ...errors },
      },
    },
    async (request): Promise<SimulatedPayment> => {
      const userId = signedIn(request).userId;
      const view = await services.orders.page(userId, request.params.reference);
      if (view.status !== 'pending') throw new AppError('DEMO_PAYMENT_NOT_PENDING', 409);
      const payment = view.payment;
      if (
        !payment ||
        (payment.method !== 'pix' && payment.method !== 'crypto' && payment.method !== 'deriv')
      ) {
        throw new AppError('DEMO_PAYMENT_UNSUPPORTED', 409);
      }
      if (simulated.has(view.id)) throw new AppError('DEMO_PAYMENT_ALREADY_SENT', 409);
      simulated.add(view.id);
      const [customer] = await app.db
        .select({ cpf: users.cpf, name: users.name })
        .from(users)
        .where(eq(users.id, userId));
      const name = customer?.name ?? 'Demo';
      try {
        if (payment.method === 'pix') {
          // the charge's job may not have run yet: make it now (once per order)
          await services.pixDeposits.createCharge(view.id);
          await demo.psp.pay({
            txid: txidForOrder(view.id),
            payer: { cpf: (customer?.cpf ?? '').replace(/\D/g, ''), name },
          });
        } else if (payment.method === 'crypto') {
          if (!payment.address) throw new Error('the order has no deposit address');
          const required = Math.max(1, payment.minConfirmations);
          const deposit = demo.exchange.deposit({
            coin: payment.token,
            network: toExchangeNetwork(payment.network),
            amount: payment.amount,
            address: payment.address,
            ...(payment.memo ? { addressTag: payment.memo } : {}),
            confirmations: [0, required],
          });
          demo.exchange.deposit({ id: deposit.id, confirmations: [required, required], status: 1 });
          // the watcher reads the exchange every minute: now, rather than waiting
          await services.cryptoDeposits.run();
        } else {
          const [wallet] = await app.db
            .select({ account: wallets.derivAccount })
            .from(wallets)
            .where(and(eq(wallets.userId, userId), eq(wallets.kind, 'deriv')))
            .orderBy(asc(wallets.createdAt));
          if (!wallet?.account) throw new Error('the customer has no Deriv account registered');
          demo.derivAccount(wallet.account, name);
          demo.deriv.customerSends(wallet.account, payment.amount);
          await services.derivDeposits.run();
        }
      } catch (error) {
        simulated.delete(view.id);
        if (error instanceof AppError) throw error;
        request.log.warn({ err: error, order: view.id }, 'demo payment refused by the fake');
        throw new AppError('DEMO_PAYMENT_FAILED', 502, {
          reason: error instanceof Error ? error.message : String(error),
        });
      }
      return { reference: view.reference, method: payment.method };
    },
  );
};
