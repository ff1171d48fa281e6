// @vitest-environment jsdom
import '../../../../test/setup-dom.ts';
import { configure, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderView, PaymentInstructions } from '@permuta/contracts/orders';
import { getQueryClient } from '../../../lib/query-client.tsx';
import { englishIn } from '../../../../test/english-on-portuguese.ts';
import { OrderScreen } from './order-screen.tsx';
import { json, loadCatalogues, order, renderScreen } from './test-fixtures.tsx';

/** The order page with automatic PIX deposits: the PSP's charge, its preparation, a payment returned. */

let current: OrderView;

configure({ asyncUtilTimeout: 4000 });
beforeAll(loadCatalogues);

beforeEach(() => {
  getQueryClient().clear();
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) =>
      url === '/api/v1/orders/EX-7K2Q9'
        ? json(200, current)
        : json(404, { error: { code: 'NOT_FOUND', message: 'Not found.' } }),
    ),
  );
});

afterEach(() => vi.unstubAllGlobals());

const renderOrder = (locale: 'en-US' | 'pt-BR') =>
  renderScreen(<OrderScreen />, {
    locale,
    path: '/profile/my-orders/EX-7K2Q9',
    pattern: '/profile/my-orders/:id',
  });

const CHARGE_CODE =
  '00020101021226830014br.gov.bcb.pix2561qrpix.example.com/qr/v2/cobv/9d36b84fc70b478fb95c12729b90ca255204000053039865802BR5913PERMUTA6009SAO PAULO62070503***6304ABCD';

const pix = (
  over: Partial<Extract<PaymentInstructions, { method: 'pix' }>>,
): PaymentInstructions => ({
  method: 'pix',
  amount: '540.00',
  source: 'static',
  brCode: '',
  qrCode: '',
  pixKey: 'pix@permuta.example',
  merchantName: 'PERMUTA',
  ...over,
});

describe('the PIX instructions with a PSP', () => {
  it.each([
    ['en-US', 'Preparing the PIX code…'],
    ['pt-BR', 'Gerando o código PIX…'],
  ] as const)(
    'say the code is being prepared, showing no code meanwhile (%s)',
    async (locale, text) => {
      current = order({ payment: pix({ source: 'preparing' }) });
      renderOrder(locale);
      const card = await screen.findByTestId('payment-pix');
      expect(within(card).getByTestId('pix-preparing').textContent).toContain(text);
      expect(within(card).queryByTestId('pix-br-code')).toBeNull();
      expect(within(card).queryByRole('img')).toBeNull();
      if (locale === 'pt-BR') expect(englishIn(document.body)).toEqual([]);
    },
  );

  it.each(['en-US', 'pt-BR'] as const)(
    "show the charge's own code and its QR once made (%s)",
    async (locale) => {
      current = order({
        payment: pix({
          source: 'charge',
          brCode: CHARGE_CODE,
          qrCode: 'data:image/svg+xml;base64,PHN2Zz5jaGFyZ2U8L3N2Zz4=',
        }),
      });
      renderOrder(locale);
      const card = await screen.findByTestId('payment-pix');
      expect(within(card).getByTestId('pix-charge')).toBeTruthy();
      expect(within(card).getByTestId('pix-br-code').textContent).toBe(CHARGE_CODE);
      expect(within(card).getByRole('img').getAttribute('src')).toBe(
        'data:image/svg+xml;base64,PHN2Zz5jaGFyZ2U8L3N2Zz4=',
      );
      if (locale === 'pt-BR') expect(englishIn(document.body)).toEqual([]);
    },
  );
});

describe('a payment returned to its payer', () => {
  it.each([
    ['en-US', 'returned', 'The payment of R$540.00 came from someone else and was returned.'],
    ['pt-BR', 'returned', 'O pagamento de R$ 540,00 veio de outra pessoa e foi devolvido.'],
    ['pt-BR', 'returning', 'O pagamento de R$ 540,00 veio de outra pessoa e está sendo devolvido.'],
  ] as const)('says why (%s, %s)', async (locale, status, text) => {
    current = order({
      returnedPayments: [{ amount: '540.00', reason: 'payer_not_customer', status }],
    });
    renderOrder(locale);
    const alert = await screen.findByTestId('payment-returned');
    expect(alert.textContent?.replace(/\s+/g, ' ')).toContain(text);
    if (locale === 'pt-BR') expect(englishIn(document.body)).toEqual([]);
  });
});
