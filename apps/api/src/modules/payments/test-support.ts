import { and, eq } from 'drizzle-orm';
import { incomingPayments, orders, treasuryEntries, users } from '@permuta/db';
import type { IncomingProvider } from '@permuta/db';
import type { TestApp } from '../../../test/build-test-app.ts';
import { trader } from '../orders/test-support.ts';
import type { Trader } from '../orders/test-support.ts';

/**
 * A customer whose payments come in: a trader with a USDT (TRC20) and a PIX wallet, and the CPF
 * (as stored, and its digits) and name of their KYC.
 */
export async function payingCustomer(
  t: TestApp,
  options: { locale?: 'pt-BR' | 'en-US' } = {},
): Promise<{ customer: Trader; cpf: string; cpfDigits: string; name: string }> {
  const customer = await trader(t.app, {
    locale: options.locale,
    wallets: [['USDT', 'TRC20'], ['PIX']],
  });
  const [row] = await t.app.db
    .select({ cpf: users.cpf, name: users.name })
    .from(users)
    .where(eq(users.id, customer.id));
  const cpf = row!.cpf!;
  return { customer, cpf, cpfDigits: cpf.replace(/\D/g, ''), name: row!.name };
}

/**
 * What the tests of incoming payments read after a payment: the order, its funds_received
 * entries, and the payment `provider` recorded under an external id. `app` is read when a helper
 * runs (a test file sets it in beforeAll).
 */
export function depositTestKit(app: () => TestApp, provider: IncomingProvider) {
  return {
    async orderRow(orderId: string) {
      const [row] = await app().app.db.select().from(orders).where(eq(orders.id, orderId));
      return row!;
    },

    async fundsEntries(orderId: string) {
      return app()
        .app.db.select()
        .from(treasuryEntries)
        .where(
          and(eq(treasuryEntries.orderId, orderId), eq(treasuryEntries.kind, 'funds_received')),
        );
    },

    async paymentOf(externalId: string) {
      const [row] = await app()
        .app.db.select()
        .from(incomingPayments)
        .where(
          and(eq(incomingPayments.provider, provider), eq(incomingPayments.externalId, externalId)),
        );
      return row ?? null;
    },
  };
}
