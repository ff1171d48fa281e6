/**
 * Payments the providers "reported" and no order took, for the inbox's browser test
 * (tests/admin-payments.spec.ts): one PIX payment of R$ 250,00 per language, unmatched, named
 * by its reference `e2e-inbox-<locale>`. Kept as they are on a data folder that has them.
 */
import { LOCALES } from '@permuta/contracts';
import { incomingPayments } from '@permuta/db';
import type { Db } from '@permuta/db';

export const inboxReference = (locale: string) => `e2e-inbox-${locale}`;

export async function seedInbox(db: Db): Promise<void> {
  await db
    .insert(incomingPayments)
    .values(
      LOCALES.map((locale) => ({
        provider: 'pix' as const,
        externalId: `E2E${locale.replace('-', '')}INBOX`,
        tokenCode: 'PIX',
        amount: '250',
        payerName: 'Pagador Sem Pedido',
        reference: inboxReference(locale),
        status: 'unmatched' as const,
        reason: 'no_order',
        occurredAt: new Date(),
      })),
    )
    .onConflictDoNothing();
}
