// @vitest-environment jsdom
import '../../../../test/setup-dom.ts';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { boletoLineOfBarcode } from '@permuta/contracts/boleto-line';
import type { OrderView, PaymentInstructions } from '@permuta/contracts/orders';
import { getQueryClient } from '../../../lib/query-client.tsx';
import { englishIn } from '../../../../test/english-on-portuguese.ts';
import { OrderScreen } from './order-screen.tsx';
import { json, loadCatalogues, order, renderScreen } from './test-fixtures.tsx';

/** The order page's crypto deposit box, the proof kept, the payout's destination and its transaction, the boleto's line. */

let current: OrderView;
let fetchMock: ReturnType<typeof vi.fn>;

configure({ asyncUtilTimeout: 4000 });
beforeAll(loadCatalogues);

beforeEach(() => {
  getQueryClient().clear();
  fetchMock = vi.fn((url: string) => {
    if (url === '/api/v1/orders/EX-7K2Q9') return json(200, current);
    if (url.startsWith('/api/v1/orders/EX-7K2Q9/files/')) {
      return Promise.resolve(
        new Response(new Blob(['%PDF']), {
          status: 200,
          headers: { 'content-disposition': 'attachment; filename="EX-7K2Q9-proof.pdf"' },
        }),
      );
    }
    return json(404, { error: { code: 'NOT_FOUND', message: 'Not found.' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  URL.createObjectURL = vi.fn(() => 'blob:x');
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => vi.unstubAllGlobals());

const renderOrder = (locale: 'en-US' | 'pt-BR') =>
  renderScreen(<OrderScreen />, {
    locale,
    path: '/profile/my-orders/EX-7K2Q9',
    pattern: '/profile/my-orders/:id',
  });

const ADDRESS = 'TXYZpD1sLJh1nNp8aY5s6N9s1aJvSx7PZr';
const cryptoPayment: PaymentInstructions = {
  method: 'crypto',
  amount: '100.000000',
  token: 'USDT',
  network: 'TRC20',
  networkName: 'Tron (TRC20)',
  address: ADDRESS,
  qrCode: 'data:image/svg+xml;base64,PHN2Zz5hZGRyZXNzPC9zdmc+',
  memo: null,
  minConfirmations: 20,
  tip: null,
  notice: null,
};

/** USDT sent, reais received by PIX on the customer's key. */
const usdtToPix = (over: Partial<OrderView> = {}) =>
  order({
    send: { code: 'USDT', name: 'Tether USD', kind: 'crypto', precision: 6 },
    receive: { code: 'PIX', name: 'Real (PIX)', kind: 'pix', precision: 2 },
    network: { code: 'TRC20', name: 'Tron (TRC20)' },
    priceSendBrl: '5.4',
    priceReceiveBrl: '1',
    amountSend: '100.000000',
    amountReceive: '521.10',
    paymentMethod: 'crypto',
    addressToReceive: '12345678909',
    payment: cryptoPayment,
    ...over,
  });

const paid: Partial<OrderView> = {
  status: 'admin_paid',
  summary: 'closed',
  actions: ['complete'],
  payment: null,
  completesAt: '2026-11-26T13:00:00.000Z',
};

const text = (element: Element) => element.textContent?.replace(/\s+/g, ' ').trim();

describe('the crypto deposit box', () => {
  it.each([
    ['en-US', 'QR code of our deposit address', 'Send exactly the amount above'],
    ['pt-BR', 'QR code do nosso endereço de depósito', 'Envie exatamente o valor acima'],
  ] as const)(
    'shows a QR code of the deposit address and says to send exactly the amount above (%s)',
    async (locale, alt, exactly) => {
      current = usdtToPix();
      renderOrder(locale);
      const card = await screen.findByTestId('payment-crypto');
      const qr = within(card).getByRole('img', { name: new RegExp(alt) });
      expect(qr.getAttribute('src')).toBe(cryptoPayment.qrCode);
      expect(qr.getAttribute('alt')).toContain(ADDRESS);
      // the line sits right under the amount it speaks of
      const amount = within(card).getByTestId('payment-amount');
      const line = within(card).getByTestId('send-exactly');
      expect(line.textContent).toContain(exactly);
      expect(amount.compareDocumentPosition(line) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      if (locale === 'pt-BR') expect(englishIn(document.body)).toEqual([]);
    },
  );
});

describe('the deposit seen at the exchange', () => {
  const TX = `${'ab'.repeat(32)}`;
  const seen = (over: Partial<NonNullable<OrderView['deposit']>> = {}) =>
    usdtToPix({
      status: 'paid',
      summary: 'waiting_deposit_confirmation',
      actions: [],
      payment: null,
      deposit: {
        amount: '100',
        confirmations: 3,
        requiredConfirmations: 12,
        txId: TX,
        network: 'TRC20',
        seenAt: '2026-11-28T12:00:00.000Z',
        final: false,
        ...over,
      },
    });

  it.each([
    ['en-US', 'Deposit seen, 3 of 12 confirmations'],
    ['pt-BR', 'Depósito visto, 3 de 12 confirmações'],
  ] as const)(
    'says how many confirmations of how many, with the transaction on its explorer (%s)',
    async (locale, title) => {
      current = seen();
      renderOrder(locale);
      const box = await screen.findByTestId('deposit-seen');
      expect(text(box)).toContain(title);
      expect(text(box)).toContain('100');
      const link = within(box).getByRole('link');
      expect(link.getAttribute('href')).toBe(`https://tronscan.org/#/transaction/${TX}`);
      expect(link.getAttribute('target')).toBe('_blank');
      if (locale === 'pt-BR') expect(englishIn(document.body)).toEqual([]);
    },
  );

  it('says only that it was seen when the provider counts no confirmations', async () => {
    current = seen({ confirmations: null, requiredConfirmations: null, txId: null });
    renderOrder('en-US');
    const box = await screen.findByTestId('deposit-seen');
    expect(text(box)).toContain('Deposit seen');
    expect(text(box)).not.toContain('confirmations');
    expect(within(box).queryByRole('link')).toBeNull();
  });

  it('is not shown once the funds are confirmed', async () => {
    current = {
      ...seen({ final: true }),
      status: 'admin_confirmed',
      summary: 'waiting_admin_confirmation',
    };
    renderOrder('en-US');
    await screen.findByTestId('order-status');
    expect(screen.queryByTestId('deposit-seen')).toBeNull();
  });
});

describe("the customer's own proof", () => {
  it.each([
    ['en-US', 'Download my proof'],
    ['pt-BR', 'Baixar meu comprovante'],
  ] as const)(
    'stays downloadable once the order is confirmed and after it completes (%s)',
    async (locale, name) => {
      current = usdtToPix({
        status: 'admin_confirmed',
        summary: 'waiting_admin_confirmation',
        actions: [],
        payment: null,
        files: { proof: true, payment_proof: false, refund_proof: false, boleto: false },
      });
      const first = renderOrder(locale);
      fireEvent.click(await screen.findByRole('button', { name }));
      await waitFor(() =>
        expect(fetchMock.mock.calls.map(([url]) => url)).toContain(
          '/api/v1/orders/EX-7K2Q9/files/proof',
        ),
      );
      first.unmount();
      getQueryClient().clear();

      current = usdtToPix({
        status: 'completed',
        summary: 'closed',
        actions: [],
        payment: null,
        files: { proof: true, payment_proof: true, refund_proof: false, boleto: false },
      });
      renderOrder(locale);
      expect(await screen.findByRole('button', { name })).toBeTruthy();
    },
  );
});

describe('where the payout goes', () => {
  it.each([
    ['en-US', 'Paid to', 'Payout to'],
    ['pt-BR', 'Pago para', 'Pagamento para'],
  ] as const)(
    'says "paid to" only once the payout is made (%s)',
    async (locale, paidTo, payoutTo) => {
      current = usdtToPix();
      const pending = renderOrder(locale);
      await screen.findByTestId('payment-crypto');
      expect(screen.queryByText(paidTo)).toBeNull();
      expect(screen.getByText(payoutTo)).toBeTruthy();
      pending.unmount();
      getQueryClient().clear();

      current = usdtToPix({ ...paid });
      renderOrder(locale);
      expect(await screen.findByText(paidTo)).toBeTruthy();
      expect(screen.queryByText(payoutTo)).toBeNull();
    },
  );

  it.each([
    ['12345678909', '123.456.789-09'],
    ['12345678000190', '12.345.678/0001-90'],
    ['+5511987654321', '+55 (11) 98765-4321'],
    ['maria@example.com', 'maria@example.com'],
    ['123e4567-e89b-42d3-a456-426614174000', '123e4567-e89b-42d3-a456-426614174000'],
  ])('shows the PIX key %s as %s', async (key, shown) => {
    current = usdtToPix({ addressToReceive: key });
    renderOrder('pt-BR');
    await screen.findByTestId('payment-crypto');
    expect(text(screen.getByTestId('destination'))).toBe(shown);
  });

  it('shows a crypto address as it is', async () => {
    current = order();
    renderOrder('en-US');
    await screen.findByTestId('payment-pix');
    expect(text(screen.getByTestId('destination'))).toBe('TJRyWwFs9wTFGZg3JbrVriFbNfCug5tDeC');
  });

  it.each([
    ['en-US', 'on tronscan.org'],
    ['pt-BR', 'no tronscan.org'],
  ] as const)(
    "links the payout's transaction to the network's explorer in a new tab (%s)",
    async (locale, where) => {
      const tx = 'ab'.repeat(32);
      current = order({ ...paid, payoutTxId: tx });
      renderOrder(locale);
      const link = await screen.findByRole('link', { name: new RegExp(tx) });
      expect(link.getAttribute('href')).toBe(`https://tronscan.org/#/transaction/${tx}`);
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
      expect(link.getAttribute('aria-label') ?? link.textContent).toContain(where);
    },
  );

  it('shows a payout id typed by hand, or of a PIX payout, as text', async () => {
    current = usdtToPix({ ...paid, payoutTxId: 'E12345678202611261000abcdefghijk' });
    renderOrder('en-US');
    expect(await screen.findByText('E12345678202611261000abcdefghijk')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /E12345678/ })).toBeNull();
  });
});

describe('the bank transfer details', () => {
  it('shows the account holder CNPJ formatted', async () => {
    current = order({
      paymentMethod: 'bank_transfer',
      payment: {
        method: 'bank_transfer',
        amount: '540.00',
        reference: 'EX-7K2Q9',
        bankAccount: {
          bank: '341',
          branch: '0001',
          account: '12345-6',
          holder: 'Permuta Ltda',
          document: '12345678000190',
        },
      },
    });
    renderOrder('pt-BR');
    const bank = await screen.findByTestId('bank-account');
    expect(bank.textContent).toContain('12.345.678/0001-90');
  });
});

describe("the boleto's linha digitável", () => {
  const line = boletoLineOfBarcode('23791100000000543503381260000000000300000004');
  const boleto: PaymentInstructions = {
    method: 'boleto',
    amount: '543.50',
    extraFee: '3.50',
    businessDays: 3,
    boletoAvailable: true,
    boletoLine: line,
    issueBy: null,
    dueDate: '2026-03-09',
    issueHours: {
      timeZone: 'America/Sao_Paulo',
      days: [1, 2, 3, 4, 5],
      open: '10:00',
      close: '18:00',
    },
  };

  it.each([
    ['en-US', 'Boleto number (linha digitável)', 'Copy the boleto number', 'Download the boleto'],
    ['pt-BR', 'Linha digitável', 'Copiar linha digitável', 'Baixar o boleto'],
  ] as const)(
    'shows the line in its groups with a labelled copy button beside the download (%s)',
    async (locale, label, copy, download) => {
      current = order({
        paymentMethod: 'boleto',
        extraFee: '3.50',
        payment: boleto,
        files: { proof: false, payment_proof: false, refund_proof: false, boleto: true },
      });
      renderOrder(locale);
      const card = await screen.findByTestId('payment-boleto');
      expect(card.textContent).toContain(label);
      expect(within(card).getByTestId('boleto-line').textContent).toMatch(
        /^\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}$/,
      );
      const button = within(card).getByRole('button', { name: copy });
      expect(button.textContent).toBe(copy);
      expect(within(card).getByRole('button', { name: download })).toBeTruthy();
    },
  );

  it('shows only the download when the admin gave no line', async () => {
    current = order({
      paymentMethod: 'boleto',
      payment: { ...boleto, boletoLine: null } as PaymentInstructions,
      files: { proof: false, payment_proof: false, refund_proof: false, boleto: true },
    });
    renderOrder('en-US');
    const card = await screen.findByTestId('payment-boleto');
    expect(within(card).queryByTestId('boleto-line')).toBeNull();
    expect(within(card).getByRole('button', { name: 'Download the boleto' })).toBeTruthy();
  });
});
