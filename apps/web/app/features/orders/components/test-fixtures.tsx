import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { CustomerProfile } from '@permuta/contracts/accounts';
import type { CatalogueResponse, PublicNetwork, PublicToken } from '@permuta/contracts/catalogue';
import type { OrderView } from '@permuta/contracts/orders';
import type { WalletView } from '@permuta/contracts/wallets';
import { I18nextProvider } from '../../../i18n/react.tsx';
import { addCatalogue, i18nFor } from '../../../i18n/i18n.ts';
import enUS from '../../../locales/en-US.json';
import ptBR from '../../../locales/pt-BR.json';
import type { Locale } from '../../../lib/locale.ts';
import { QueryProvider } from '../../../lib/query-client.tsx';

/** Test data and a render helper shared by the order screens' component tests. */

export function loadCatalogues() {
  addCatalogue('en-US', enUS);
  addCatalogue('pt-BR', ptBR);
}

export const json = (status: number, body: unknown) =>
  Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );

export function network(over: Partial<PublicNetwork>): PublicNetwork {
  return {
    code: 'TRC20',
    name: 'Tron (TRC20)',
    isDefault: true,
    depositEnabled: true,
    withdrawEnabled: true,
    withdrawFee: '1',
    withdrawMin: '10',
    withdrawMax: '100000',
    minConfirmations: 1,
    estimatedArrivalMinutes: 2,
    memoRequired: false,
    tip: null,
    notice: null,
    ...over,
  };
}

export function token(over: Partial<PublicToken>): PublicToken {
  return {
    code: 'USDT',
    name: 'Tether USD',
    kind: 'crypto',
    precision: 6,
    priceBrl: '5.4',
    priceUpdatedAt: null,
    quotable: true,
    receiveMin: null,
    receiveMax: null,
    networks: [],
    ...over,
  };
}

export const catalogue: CatalogueResponse = {
  tokens: [
    token({
      networks: [
        network({}),
        network({ code: 'BEP20', name: 'BNB Smart Chain (BEP20)', isDefault: false }),
      ],
    }),
    token({
      code: 'PIX',
      name: 'Real (PIX)',
      kind: 'pix',
      precision: 2,
      priceBrl: '1',
      receiveMin: '50',
      receiveMax: '50000',
    }),
  ],
  defaults: { send: null, receive: null },
  whatsapp: { thresholdBrl: '200', phone: null },
};

export function profile(over: Partial<CustomerProfile> = {}): CustomerProfile {
  return {
    id: 'c1',
    role: 'customer',
    username: 'maria',
    name: 'Maria Silva',
    email: 'maria@example.com',
    phone: '+5511988887777',
    cpf: '12345678909',
    birthDate: '1990-05-20',
    locale: 'pt-BR',
    emailVerified: true,
    active: true,
    nationalIdVerified: true,
    documentsVerified: true,
    defaultSendToken: null,
    defaultReceiveToken: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...over,
  };
}

export const meAnswer = (user: CustomerProfile) => ({
  session: {
    role: 'customer',
    email: user.email,
    createdAt: '2026-11-23T10:00:00.000Z',
    expiresAt: '2026-11-23T22:00:00.000Z',
  },
  user,
});

export function wallet(over: Partial<WalletView>): WalletView {
  return {
    id: 'w1',
    kind: 'crypto',
    token: { code: 'USDT', name: 'Tether USD', kind: 'crypto' },
    network: { code: 'TRC20', name: 'Tron (TRC20)' },
    address: 'TJRyWwFs9wTFGZg3JbrVriFbNfCug5tDeC',
    memo: null,
    pixKeyType: null,
    pixKey: null,
    bankCode: null,
    bankName: null,
    holderName: null,
    holderDocument: null,
    derivAccount: null,
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
    ...over,
  };
}

export const pixWallet = wallet({
  id: 'w-pix',
  kind: 'pix',
  token: { code: 'PIX', name: 'Real (PIX)', kind: 'pix' },
  network: { code: 'BRL', name: 'BRL' },
  address: null,
  pixKeyType: 'email',
  pixKey: 'maria@example.com',
  bankCode: '260',
  bankName: 'Nu Pagamentos S.A.',
  holderName: 'Maria Silva',
  holderDocument: '12345678909',
});

export function order(over: Partial<OrderView> = {}): OrderView {
  return {
    id: '6f1c9a7e-0000-4000-8000-000000000001',
    reference: 'EX-7K2Q9',
    status: 'pending',
    summary: 'not_paid_yet',
    send: { code: 'PIX', name: 'Real (PIX)', kind: 'pix', precision: 2 },
    receive: { code: 'USDT', name: 'Tether USD', kind: 'crypto', precision: 6 },
    network: { code: 'TRC20', name: 'Tron (TRC20)' },
    amountSend: '540.00',
    amountReceive: '95.500000',
    amountReceived: null,
    refundOnly: false,
    rate: '0.185185',
    priceSendBrl: '1',
    priceReceiveBrl: '5.4',
    feePercent: '3.5',
    networkFee: '1.000000',
    extraFee: '0.00',
    paymentMethod: 'pix',
    addressToReceive: 'TJRyWwFs9wTFGZg3JbrVriFbNfCug5tDeC',
    memoToReceive: null,
    refundAddress: null,
    txHash: null,
    payoutTxId: null,
    files: { proof: false, payment_proof: false, refund_proof: false, boleto: false },
    quoteLockedUntil: '2099-01-01T00:15:00.000Z',
    expiresAt: '2099-01-01T00:30:00.000Z',
    createdAt: '2026-11-23T10:00:00.000Z',
    updatedAt: '2026-11-23T10:00:00.000Z',
    actions: ['confirm_payment', 'cancel'],
    events: [
      {
        from: null,
        to: 'pending',
        actor: 'customer',
        note: null,
        createdAt: '2026-11-23T10:00:00.000Z',
      },
    ],
    payment: {
      method: 'pix',
      amount: '540.00',
      source: 'static',
      brCode: '00020126580014br.gov.bcb.pix0136permuta-key5204000053039865406540.005802BR',
      qrCode: 'data:image/svg+xml;base64,PHN2Zy8+',
      pixKey: 'pix@permuta.example',
      merchantName: 'PERMUTA',
    },
    completesAt: null,
    processingFrom: null,
    deposit: null,
    returnedPayments: [],
    ...over,
  };
}

function Elsewhere() {
  return <div data-testid="elsewhere">{useLocation().pathname}</div>;
}

/**
 * Renders `ui` at `path` (unprefixed; `/en-US` is added for English) for the route `pattern`
 * (the path without its query by default); any other location renders its pathname in
 * `data-testid="elsewhere"`, to check where a screen navigated.
 */
export function renderScreen(
  ui: ReactNode,
  { locale, path, pattern }: { locale: Locale; path: string; pattern?: string },
) {
  const prefix = locale === 'en-US' ? '/en-US' : '';
  return render(
    <MemoryRouter initialEntries={[`${prefix}${path}`]}>
      <I18nextProvider i18n={i18nFor(locale)}>
        <MantineProvider>
          <QueryProvider>
            <Routes>
              <Route path={`${prefix}${pattern ?? path.split('?')[0]}`} element={ui} />
              <Route path="*" element={<Elsewhere />} />
            </Routes>
          </QueryProvider>
        </MantineProvider>
      </I18nextProvider>
    </MemoryRouter>,
  );
}
