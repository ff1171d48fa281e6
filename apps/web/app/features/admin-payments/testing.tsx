/** Fixtures for the admin-payments component tests (not shipped). */
import type { AdminPayment } from '@permuta/contracts/payments';

export { apiError, json, renderAt } from '../../../test/render-screen.tsx';

export function incomingPayment(over: Partial<AdminPayment> = {}): AdminPayment {
  return {
    id: '5a1e7c9d-3b2f-4e6a-8c0d-9f8e7d6c5b4a',
    provider: 'pix',
    externalId: 'E18236120202611221305s0123456789',
    status: 'unmatched',
    reason: 'no_order',
    amount: '1234.56',
    token: 'PIX',
    network: null,
    payer: { name: 'Ana Lima', document: '52998224725', account: null },
    reference: 'permutaEX7K2Q9',
    confirmations: null,
    order: null,
    refundReceipt: null,
    refund: null,
    refundAtProvider: false,
    resolvedBy: null,
    occurredAt: '2026-11-22T13:05:00.000Z',
    createdAt: '2026-11-22T13:05:01.000Z',
    ...over,
  };
}
