// @vitest-environment jsdom
import '../../../../test/setup-dom.ts';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CustomerProfile } from '@permuta/contracts/accounts';
import type { LockedQuote } from '@permuta/contracts/orders';
import type { PublicSettings } from '@permuta/contracts/settings';
import type { WalletView } from '@permuta/contracts/wallets';
import { getQueryClient } from '../../../lib/query-client.tsx';
import { forgetSession, login } from '../../../lib/session.ts';
import { englishIn } from '../../../../test/english-on-portuguese.ts';
import { savePendingExchange } from '../../../lib/pending-exchange.ts';
import { ExchangeNowScreen } from './exchange-now-screen.tsx';
import {
  catalogue,
  json,
  loadCatalogues,
  meAnswer,
  order,
  pixWallet,
  profile,
  renderScreen,
  wallet,
} from './test-fixtures.tsx';

function locked(body: { side: 'send' | 'receive'; amount: string; network?: string }): LockedQuote {
  return {
    send: 'PIX',
    receive: 'USDT',
    network: body.network ?? 'TRC20',
    side: body.side,
    amountSend: body.side === 'send' ? body.amount : '540.00',
    amountReceive: body.side === 'receive' ? body.amount : '95.500000',
    rate: '0.185185',
    feePercent: '3.5',
    feeAmount: '3.500000',
    networkFee: '1.000000',
    valueBrl: '540.00',
    limits: { min: '10', max: '100000', token: 'USDT' },
    prices: { sendBrl: '1', receiveBrl: '5.4', sendAt: '', receiveAt: '' },
    quotedAt: new Date().toISOString(),
    lockMinutes: 15,
    quoteToken: `qt-${body.amount}-${body.network ?? 'TRC20'}`,
    lockedUntil: new Date(Date.now() + 15 * 60_000).toISOString(),
  };
}

const SETTINGS: PublicSettings = {
  defaultSendToken: 'PIX',
  defaultReceiveToken: 'USDT',
  instagramUrl: null,
  telegramUrl: null,
  youtubeUrl: null,
  youtubeTutorialUrl: null,
  supportEmail: null,
  supportPhone: null,
  whatsappUrl: null,
  operatingHours: {
    timeZone: 'America/Sao_Paulo',
    days: [1, 2, 3, 4, 5],
    open: '10:00',
    close: '18:00',
  },
  deskOpenNow: true,
  nextOpeningAt: null,
  boletoFee: '3.5',
  pixMinReceive: '50',
  pixMaxReceive: '50000',
  derivMinReceive: '10',
  derivMaxReceive: '5000',
  whatsappThresholdBrl: '200',
};

let me: CustomerProfile;
let wallets: WalletView[];
let createAnswers: (() => Promise<Response>)[];
let lockAnswer: (() => Promise<Response>) | null;
let limitsAnswer: () => Promise<Response>;
let fetchMock: ReturnType<typeof vi.fn>;

const calls = (path: string) =>
  fetchMock.mock.calls.filter(([url]) => String(url).split('?')[0] === path);
const header = (init: RequestInit | undefined, name: string) =>
  (init?.headers as Record<string, string> | undefined)?.[name];

/** The options of a Mantine Select (its list is rendered, hidden, next to it). */
function optionsOf(select: HTMLElement): string[] {
  const list = screen
    .getAllByRole('listbox', { hidden: true })
    .find((l) => l.getAttribute('aria-labelledby') === `${select.id}-label`);
  return within(list as HTMLElement)
    .queryAllByRole('option', { hidden: true })
    .map((o) => o.textContent ?? '');
}

// the first render loads the screen's modules: give a busy machine time
configure({ asyncUtilTimeout: 4000 });

beforeAll(loadCatalogues);

beforeEach(() => {
  getQueryClient().clear();
  login({ role: 'customer', email: 'maria@example.com' });
  me = profile();
  wallets = [];
  createAnswers = [];
  lockAnswer = null;
  limitsAnswer = () =>
    json(200, {
      openOrders: 1,
      maxOpenOrders: 2,
      maxOrderBrl: '20000',
      maxDailyBrl: '50000',
      usedTodayBrl: '1459.50',
      remainingTodayBrl: '48540.50',
    });
  fetchMock = vi.fn((url: string, init?: RequestInit) => {
    const path = url.split('?')[0];
    if (path === '/api/v1/tokens') return json(200, catalogue);
    if (path === '/api/v1/me') return json(200, meAnswer(me));
    if (path === '/api/v1/me/wallets') return json(200, { wallets });
    if (path === '/api/v1/orders/limits') return limitsAnswer();
    if (path === '/api/v1/settings') return json(200, SETTINGS);
    if (path === '/api/v1/orders/quote')
      return lockAnswer ? lockAnswer() : json(200, locked(JSON.parse(String(init?.body))));
    if (path === '/api/v1/quotes') {
      const {
        quoteToken: _token,
        lockedUntil: _until,
        ...quote
      } = locked(
        Object.fromEntries(new URL(url, 'http://localhost').searchParams) as Parameters<
          typeof locked
        >[0],
      );
      return json(200, quote);
    }
    if (path === '/api/v1/orders' && init?.method === 'POST') {
      const next = createAnswers.shift();
      return next ? next() : json(201, order());
    }
    return json(404, { error: { code: 'NOT_FOUND', message: 'Not found.' } });
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  forgetSession();
});

describe('exchange now', () => {
  it('starts from the amount and pair the visitor priced on the home calculator before signing in', async () => {
    wallets = [wallet({ id: 'w-trc' })];
    savePendingExchange({
      send: 'PIX',
      receive: 'USDT',
      network: 'TRC20',
      side: 'send',
      amount: '1234.5',
    });
    renderScreen(<ExchangeNowScreen />, { locale: 'pt-BR', path: '/profile/exchange-now' });
    expect(await screen.findByLabelText('Valor a enviar', {}, { timeout: 5000 })).toHaveProperty(
      'value',
      '1.234,5',
    );
    localStorage.removeItem('pendingExchange');
  });

  it('prefers the link of the calculator to the pending exchange', async () => {
    wallets = [wallet({ id: 'w-trc' })];
    savePendingExchange({
      send: 'PIX',
      receive: 'USDT',
      network: 'TRC20',
      side: 'send',
      amount: '999',
    });
    renderScreen(<ExchangeNowScreen />, {
      locale: 'en-US',
      path: '/profile/exchange-now?send=PIX&receive=USDT&network=TRC20&side=send&amount=540',
    });
    expect(await screen.findByLabelText('Amount to send', {}, { timeout: 5000 })).toHaveProperty(
      'value',
      '540',
    );
    localStorage.removeItem('pendingExchange');
  });

  it('shows what the customer can still exchange today and the orders waiting for payment', async () => {
    wallets = [pixWallet];
    renderScreen(<ExchangeNowScreen />, { locale: 'en-US', path: '/profile/exchange-now' });
    await waitFor(() =>
      expect(screen.getByTestId('order-limits').textContent).toBe(
        'You can still exchange R$48,540.50 today (up to R$20,000.00 per order). Orders waiting for payment: 1 of 2. My limits',
      ),
    );
  });

  it('shows the remaining limit in Portuguese, and says so when it cannot be loaded', async () => {
    wallets = [pixWallet];
    const first = renderScreen(<ExchangeNowScreen />, {
      locale: 'pt-BR',
      path: '/profile/exchange-now',
    });
    await waitFor(() =>
      expect(screen.getByTestId('order-limits').textContent).toBe(
        'Você ainda pode trocar R$\u00a048.540,50 hoje (até R$\u00a020.000,00 por pedido). Pedidos aguardando pagamento: 1 de 2. Meus limites',
      ),
    );
    first.unmount();
    getQueryClient().clear();
    limitsAnswer = () => json(503, { error: { code: 'SERVICE_UNAVAILABLE', message: 'x' } });
    renderScreen(<ExchangeNowScreen />, { locale: 'pt-BR', path: '/profile/exchange-now' });
    await waitFor(
      () =>
        expect(screen.getByTestId('order-limits').textContent).toBe(
          'Não foi possível carregar seus limites.',
        ),
      { timeout: 15_000 },
    );
  });

  it.each([
    ['pt-BR', 'R$ 540,00', '95,5 USDT', '1 USDT = R$ 5,40'],
    ['en-US', 'R$540.00', '95.5 USDT', '1 USDT = R$5.40'],
  ] as const)(
    'reads reais with R$ and the rate as the price of USDT in reais (%s)',
    async (locale, pay, receive, rate) => {
      wallets = [wallet({ id: 'w-trc' })];
      renderScreen(<ExchangeNowScreen />, {
        locale,
        path: '/profile/exchange-now?send=PIX&receive=USDT&network=TRC20&side=send&amount=540',
      });
      const details = await screen.findByTestId('quote-details');
      const text = (testId: string) =>
        within(details).getByTestId(testId).textContent?.replace(/\s+/g, ' ');
      await waitFor(() => expect(text('quote-rate')).toBe(rate));
      expect(text('quote-send')).toBe(pay);
      expect(text('quote-receive')).toBe(receive);
      expect(details.textContent).not.toMatch(/\d PIX/);
      if (locale === 'pt-BR') expect(englishIn(document.body)).toEqual([]);
    },
  );

  it('offers only the wallets of the token received on the chosen network', async () => {
    wallets = [
      wallet({ id: 'w-trc', address: 'TJRyWwFs9wTFGZg3JbrVriFbNfCug5tDeC' }),
      wallet({
        id: 'w-bep',
        network: { code: 'BEP20', name: 'BNB Smart Chain (BEP20)' },
        address: '0x52908400098527886E0F7030069857D2E4169EE7',
      }),
      pixWallet,
    ];
    renderScreen(<ExchangeNowScreen />, {
      locale: 'en-US',
      path: '/profile/exchange-now?send=PIX&receive=USDT&network=TRC20&amount=540',
    });
    const select = await screen.findByRole('combobox', { name: 'Wallet that will receive' });
    expect(select).toHaveProperty('value', 'TJRyWwFs9wTFGZg3JbrVriFbNfCug5tDeC');
    expect(optionsOf(select)).toEqual(['TJRyWwFs9wTFGZg3JbrVriFbNfCug5tDeC']);

    // another network: only the wallet on that network
    const networkSelect = screen.getByRole('combobox', { name: 'Network' });
    fireEvent.click(networkSelect);
    fireEvent.click(await screen.findByRole('option', { name: /BEP20/, hidden: true }));
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Wallet that will receive' })).toHaveProperty(
        'value',
        '0x52908400098527886E0F7030069857D2E4169EE7',
      ),
    );
    expect(optionsOf(screen.getByRole('combobox', { name: 'Wallet that will receive' }))).toEqual([
      '0x52908400098527886E0F7030069857D2E4169EE7',
    ]);
    expect(screen.queryByTestId('wallet-required')).toBeNull();
  });

  it.each(['en-US', 'pt-BR'] as const)(
    'starts on the network where the customer has a wallet for the token received (%s)',
    async (locale) => {
      wallets = [
        wallet({
          id: 'w-bep',
          network: { code: 'BEP20', name: 'BNB Smart Chain (BEP20)' },
          address: '0x52908400098527886E0F7030069857D2E4169EE7',
        }),
        pixWallet,
      ];
      renderScreen(<ExchangeNowScreen />, {
        locale,
        path: '/profile/exchange-now?send=PIX&receive=USDT&amount=540',
      });
      const walletLabel =
        locale === 'en-US' ? 'Wallet that will receive' : 'Carteira que vai receber';
      const network = locale === 'en-US' ? 'Network' : 'Rede';
      await waitFor(() =>
        expect(screen.getByRole('combobox', { name: walletLabel })).toHaveProperty(
          'value',
          '0x52908400098527886E0F7030069857D2E4169EE7',
        ),
      );
      expect(screen.getByRole('combobox', { name: network })).toHaveProperty(
        'value',
        'BNB Smart Chain (BEP20)',
      );
      expect(screen.queryByTestId('wallet-required')).toBeNull();
      await waitFor(() =>
        expect(
          calls('/api/v1/orders/quote').some(
            ([, init]) => JSON.parse(String((init as RequestInit).body)).network === 'BEP20',
          ),
        ).toBe(true),
      );
    },
  );

  it('asks for a wallet when none can receive, with a link to create one, and does not confirm', async () => {
    wallets = [pixWallet];
    renderScreen(<ExchangeNowScreen />, {
      locale: 'en-US',
      path: '/profile/exchange-now?send=PIX&receive=USDT&amount=540',
    });
    const required = await screen.findByTestId('wallet-required');
    expect(
      within(required).getByText(
        'You need to create a wallet for the token on the network to proceed with the exchange.',
      ),
    ).toBeTruthy();
    expect(
      within(required).getByRole('link', { name: 'Create a wallet' }).getAttribute('href'),
    ).toBe('/en-US/profile/create-wallet?token=USDT&network=TRC20');
    await screen.findByTestId('lock-countdown');
    expect(screen.getByTestId('confirm-exchange')).toHaveProperty('disabled', true);
  });

  it('says it in Portuguese too', async () => {
    wallets = [];
    me = profile({ defaultSendToken: 'USDT', defaultReceiveToken: 'PIX' });
    renderScreen(<ExchangeNowScreen />, { locale: 'pt-BR', path: '/profile/exchange-now' });
    const required = await screen.findByTestId('wallet-required');
    expect(required.textContent).toContain(
      'Você precisa cadastrar uma carteira para o token na rede para continuar com a troca.',
    );
    // the customer's default tokens: USDT sent, PIX received
    expect(screen.getByRole('combobox', { name: 'Você envia' })).toHaveProperty(
      'value',
      'USDT · Tether USD',
    );
    expect(
      within(required).getByRole('link', { name: 'Cadastrar uma carteira' }).getAttribute('href'),
    ).toBe('/profile/create-wallet?token=PIX');
  });

  it('creates the order with one Idempotency-Key per attempt, kept on a retry, then opens it', async () => {
    wallets = [wallet({ id: 'w-trc' })];
    createAnswers = [() => json(503, { error: { code: 'SERVICE_UNAVAILABLE', message: 'x' } })];
    renderScreen(<ExchangeNowScreen />, {
      locale: 'en-US',
      path: '/profile/exchange-now?send=PIX&receive=USDT&network=TRC20',
    });
    const send = await screen.findByLabelText('Amount to send');
    fireEvent.change(send, { target: { value: '540' } });
    const receive = screen.getByLabelText('Amount to receive');
    await waitFor(() => expect(receive).toHaveProperty('value', '95.50'));
    expect(JSON.parse(String(calls('/api/v1/orders/quote').at(-1)?.[1]?.body))).toEqual({
      send: 'PIX',
      receive: 'USDT',
      network: 'TRC20',
      side: 'send',
      amount: '540',
    });
    expect((await screen.findByTestId('lock-countdown')).textContent).toMatch(
      /^Rate locked for 1[45]:\d\d$/,
    );

    const confirm = screen.getByTestId('confirm-exchange');
    await waitFor(() => expect(confirm).toHaveProperty('disabled', false));
    fireEvent.click(confirm);
    expect(await screen.findByTestId('elsewhere', {}, { timeout: 4000 })).toHaveProperty(
      'textContent',
      '/en-US/profile/my-orders/EX-7K2Q9',
    );
    const creates = calls('/api/v1/orders').filter(([, init]) => init?.method === 'POST');
    expect(creates).toHaveLength(2);
    const [first, second] = creates.map(([, init]) => header(init, 'idempotency-key'));
    expect(first).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(second).toBe(first);
    expect(JSON.parse(String(creates[0]?.[1]?.body))).toEqual({
      quoteToken: 'qt-540-TRC20',
      walletId: 'w-trc',
      paymentMethod: 'pix',
    });
  });

  it('starts a new attempt with a new key after a refusal, and shows why', async () => {
    wallets = [wallet({ id: 'w-trc' })];
    createAnswers = [
      () =>
        json(422, {
          error: {
            code: 'INSUFFICIENT_STOCK',
            message: 'We do not have enough USDT available right now.',
          },
        }),
    ];
    renderScreen(<ExchangeNowScreen />, {
      locale: 'en-US',
      path: '/profile/exchange-now?send=PIX&receive=USDT&amount=540',
    });
    const confirm = await screen.findByTestId('confirm-exchange');
    await waitFor(() => expect(confirm).toHaveProperty('disabled', false));
    fireEvent.click(confirm);
    expect((await screen.findByTestId('create-error')).textContent).toContain(
      'We do not have enough USDT available right now.',
    );
    fireEvent.click(confirm);
    await screen.findByTestId('elsewhere');
    const keys = calls('/api/v1/orders')
      .filter(([, init]) => init?.method === 'POST')
      .map(([, init]) => header(init, 'idempotency-key'));
    expect(keys).toHaveLength(2);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('shows the payment methods for PIX money, with the boleto fee and delay', async () => {
    wallets = [wallet({ id: 'w-trc' })];
    renderScreen(<ExchangeNowScreen />, {
      locale: 'en-US',
      path: '/profile/exchange-now?send=PIX&receive=USDT&amount=540',
    });
    const group = await screen.findByRole('radiogroup', { name: 'How you will pay' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['pix', 'bank_transfer', 'boleto']);
    fireEvent.click(within(group).getByRole('radio', { name: 'Boleto (bank slip)' }));
    expect((await screen.findByTestId('boleto-note')).textContent).toBe(
      'A boleto has an extra fee and its payment takes up to three business days to be confirmed.',
    );
  });

  it.each([
    ['en-US', 'Boleto (bank slip)', 'Boleto fee', 'R$3.50', 'Total to pay', 'R$1,237.50'],
    [
      'pt-BR',
      'Boleto bancário',
      'Taxa do boleto',
      'R$\u00a03,50',
      'Total a pagar',
      'R$\u00a01.237,50',
    ],
  ] as const)(
    'shows the boleto fee and the total to pay in the quote before confirming (%s)',
    async (locale, method, feeLabel, fee, totalLabel, total) => {
      wallets = [wallet({ id: 'w-trc' })];
      renderScreen(<ExchangeNowScreen />, {
        locale,
        path: '/profile/exchange-now?send=PIX&receive=USDT&amount=1234',
      });
      const group = await screen.findByRole('radiogroup');
      // PIX costs nothing extra: no fee in the quote
      expect(screen.queryByTestId('quote-boleto-fee')).toBeNull();
      fireEvent.click(within(group).getByRole('radio', { name: method }));
      await waitFor(() => expect(screen.getByTestId('quote-boleto-fee').textContent).toBe(fee));
      expect(screen.getByTestId('quote-total').textContent).toBe(total);
      const details = screen.getByTestId('quote-details');
      expect(within(details).getByText(feeLabel)).toBeTruthy();
      expect(within(details).getByText(totalLabel)).toBeTruthy();
      expect(screen.getByTestId('confirm-exchange')).toBeTruthy();
    },
  );

  it('shows what is missing before the customer can exchange', async () => {
    me = profile({ emailVerified: false, documentsVerified: false });
    renderScreen(<ExchangeNowScreen />, {
      locale: 'en-US',
      path: '/profile/exchange-now?send=PIX&receive=USDT&amount=540',
    });
    expect((await screen.findByTestId('precondition-email')).textContent).toBe(
      'Please confirm your e-mail address first. We sent you a link.',
    );
    const documents = screen.getByTestId('precondition-documents');
    expect(
      within(documents).getByRole('link', { name: 'Go to my documents' }).getAttribute('href'),
    ).toBe('/en-US/profile/documents');
    // no locked quote without a confirmed e-mail: an indicative one, and no confirmation
    await waitFor(() => expect(calls('/api/v1/quotes').length).toBeGreaterThan(0));
    expect(calls('/api/v1/orders/quote')).toHaveLength(0);
    expect(screen.getByTestId('confirm-exchange')).toHaveProperty('disabled', true);
  });

  it('shows an indicative quote and the documents step when the server will not lock one', async () => {
    wallets = [wallet({ id: 'w-trc' })];
    me = profile({ documentsVerified: false });
    lockAnswer = () =>
      json(403, {
        error: { code: 'DOCUMENTS_REQUIRED', message: 'Your documents must be approved.' },
      });
    renderScreen(<ExchangeNowScreen />, {
      locale: 'en-US',
      path: '/profile/exchange-now?send=PIX&receive=USDT&amount=540',
    });
    await waitFor(() =>
      expect(screen.getByLabelText('Amount to receive')).toHaveProperty('value', '95.50'),
    );
    expect(screen.getByTestId('precondition-documents')).toBeTruthy();
    expect(screen.getByTestId('quote-status').textContent).toBe(
      'Indicative quote: your rate is locked once the steps above are done.',
    );
    expect(screen.queryByTestId('quote-error')).toBeNull();
    expect(screen.getByTestId('confirm-exchange')).toHaveProperty('disabled', true);
    // no new lock per keystroke once refused
    fireEvent.change(screen.getByLabelText('Amount to send'), { target: { value: '600' } });
    await waitFor(() =>
      expect(calls('/api/v1/quotes').some(([url]) => String(url).includes('amount=600'))).toBe(
        true,
      ),
    );
    expect(calls('/api/v1/orders/quote')).toHaveLength(1);
  });

  it('drops the documents step when the settings do not require documents', async () => {
    wallets = [wallet({ id: 'w-trc' })];
    me = profile({ documentsVerified: false });
    renderScreen(<ExchangeNowScreen />, {
      locale: 'en-US',
      path: '/profile/exchange-now?send=PIX&receive=USDT&amount=540',
    });
    await screen.findByTestId('lock-countdown');
    expect(screen.queryByTestId('precondition-documents')).toBeNull();
    await waitFor(() =>
      expect(screen.getByTestId('confirm-exchange')).toHaveProperty('disabled', false),
    );
  });
});
