/** Fixtures and a render helper for the admin-orders component tests (not shipped). */
import { screen } from '@testing-library/react';
import type { AdminOrderView } from '@permuta/contracts/orders';
import type { Locale } from '../../lib/locale.ts';
import { localizePath } from '../../lib/locale.ts';
import { renderAt } from '../../../test/render-screen.tsx';
import type { AdminOrderListItem, TreasuryEntry } from './api/types.ts';
import { OrderDetail } from './components/order-detail.tsx';

export { apiError, json, renderAt, stubFetch } from '../../../test/render-screen.tsx';

/** Renders the back office's page of order EX-7K2Q9 and waits for its heading. */
export async function renderOrderPage(locale: Locale = 'en-US') {
  renderAt(localizePath('/admin/orders/EX-7K2Q9', locale), <OrderDetail id="EX-7K2Q9" />);
  return screen.findByRole('heading', { level: 1 });
}

export function listItem(over: Partial<AdminOrderListItem> = {}): AdminOrderListItem {
  return {
    id: '0b8f1f9e-2c55-4c7c-9d0e-1a2b3c4d5e6f',
    reference: 'EX-7K2Q9',
    status: 'user_confirmed',
    summary: 'waiting_deposit_confirmation',
    sendToken: 'USDT',
    receiveToken: 'PIX',
    amountSend: '100.00',
    amountReceive: '523.45',
    createdAt: '2026-11-22T10:00:00Z',
    customer: { id: 'c1', name: 'Maria Souza', email: 'maria@example.com' },
    network: 'TRX',
    paymentMethod: 'crypto',
    txHash: null,
    valueBrl: '540',
    statusChangedAt: '2026-11-22T10:05:00Z',
    ...over,
  };
}

export function adminOrder(over: Partial<AdminOrderView> = {}): AdminOrderView {
  return {
    id: '0b8f1f9e-2c55-4c7c-9d0e-1a2b3c4d5e6f',
    reference: 'EX-7K2Q9',
    status: 'user_confirmed',
    summary: 'waiting_deposit_confirmation',
    send: { code: 'USDT', name: 'Tether', kind: 'crypto', precision: 2 },
    receive: { code: 'PIX', name: 'Real (PIX)', kind: 'pix', precision: 2 },
    network: { code: 'TRX', name: 'Tron (TRC20)' },
    amountSend: '100.00',
    amountReceive: '523.45',
    amountReceived: null,
    refundOnly: false,
    rate: '5.51',
    feePercent: '5',
    networkFee: '0',
    extraFee: '0',
    paymentMethod: 'crypto',
    addressToReceive: '12345678909',
    memoToReceive: null,
    refundAddress: 'TXYZabc123',
    txHash: 'abc123',
    payoutTxId: null,
    files: { proof: true, payment_proof: false, refund_proof: false, boleto: false },
    quoteLockedUntil: '2026-11-22T10:15:00Z',
    expiresAt: '2026-11-22T10:30:00Z',
    createdAt: '2026-11-22T10:00:00Z',
    updatedAt: '2026-11-22T10:05:00Z',
    actions: ['confirm_funds', 'cancel'],
    events: [
      {
        from: null,
        to: 'pending',
        actor: 'customer',
        actorName: null,
        note: null,
        createdAt: '2026-11-22T10:00:00Z',
      },
      {
        from: 'pending',
        to: 'user_confirmed',
        actor: 'customer',
        actorName: null,
        note: null,
        createdAt: '2026-11-22T10:05:00Z',
      },
    ],
    payment: null,
    completesAt: null,
    processingFrom: null,
    deposit: null,
    returnedPayments: [],
    customer: {
      id: 'c1',
      name: 'Maria Souza',
      email: 'maria@example.com',
      cpf: '12345678909',
      phone: '+5511988887777',
    },
    wallet: {
      id: 'w1',
      kind: 'pix',
      destination: '12345678909',
      bankCode: '260',
      holderName: 'Maria Souza',
      holderDocument: '12345678909',
    },
    priceSendBrl: '5.80',
    priceReceiveBrl: '1',
    withdrawId: null,
    payoutAttempts: 0,
    payoutError: null,
    autoPayout: false,
    payoutPlan: { kind: 'manual', reason: 'pix' },
    payoutHold: null,
    ...over,
  };
}

/** A pending PIX -> USDT order to be paid by boleto, only cancellable, with `over` on top. */
export function pendingBoletoOrder(over: Partial<AdminOrderView> = {}): AdminOrderView {
  return adminOrder({
    status: 'pending',
    summary: 'not_paid_yet',
    paymentMethod: 'boleto',
    send: { code: 'PIX', name: 'Real (PIX)', kind: 'pix', precision: 2 },
    receive: { code: 'USDT', name: 'Tether', kind: 'crypto', precision: 6 },
    actions: ['cancel'],
    ...over,
  });
}

export function entry(over: Partial<TreasuryEntry> = {}): TreasuryEntry {
  return {
    id: 1,
    token: 'USDT',
    direction: 'credit',
    amount: '100',
    kind: 'funds_received',
    orderReference: 'EX-7K2Q9',
    note: null,
    createdBy: null,
    createdAt: '2026-11-22T10:00:00Z',
    ...over,
  };
}

/** The calls a fetch stub received, as [url, init] with the method defaulted to GET. */
export function calls(fetchMock: { mock: { calls: unknown[][] } }) {
  return fetchMock.mock.calls.map(([url, init]) => ({
    url: String(url),
    method: ((init as RequestInit | undefined)?.method ?? 'GET').toUpperCase(),
    body: (init as RequestInit | undefined)?.body,
  }));
}
