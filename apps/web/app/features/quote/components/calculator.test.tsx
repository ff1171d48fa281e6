// @vitest-environment jsdom
import '../../../../test/setup-dom.ts';
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from '../../../i18n/react.tsx';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CatalogueResponse } from '@permuta/contracts/catalogue';
import type { QuoteResponse } from '@permuta/contracts/quote';
import { addCatalogue, i18nFor } from '../../../i18n/i18n.ts';
import enUS from '../../../locales/en-US.json';
import ptBR from '../../../locales/pt-BR.json';
import { getQueryClient } from '../../../lib/query-client.tsx';
import type { Locale } from '../../../lib/locale.ts';
import type { PublicSettings } from '@permuta/contracts/settings';
import { SETTINGS } from '../../public-site/testing.ts';
import { DEFAULT_HOURS } from '../../public-site/site-facts.ts';
import Calculator from './calculator.tsx';

const catalogue: CatalogueResponse = {
  tokens: [
    {
      code: 'USDT',
      name: 'Tether USD',
      kind: 'crypto',
      precision: 6,
      priceBrl: '5.4',
      priceUpdatedAt: null,
      quotable: true,
      receiveMin: null,
      receiveMax: null,
      networks: [
        {
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
        },
      ],
    },
    {
      code: 'PIX',
      name: 'Real (PIX)',
      kind: 'pix',
      precision: 2,
      priceBrl: '1',
      priceUpdatedAt: null,
      quotable: true,
      receiveMin: '50',
      receiveMax: '50000',
      networks: [],
    },
  ],
  defaults: { send: null, receive: null },
  whatsapp: { thresholdBrl: '200', phone: '5511999990000' },
};

function quote(over: Partial<QuoteResponse>): QuoteResponse {
  return {
    send: 'USDT',
    receive: 'PIX',
    network: 'TRC20',
    side: 'send',
    amountSend: '100.000000',
    amountReceive: '1521.10',
    rate: '5.4',
    feePercent: '3.5',
    feeAmount: '18.90',
    networkFee: '0.00',
    valueBrl: '540.00',
    limits: { min: '50', max: '50000', token: 'BRL' },
    prices: { sendBrl: '5.4', receiveBrl: '1', sendAt: '', receiveAt: '' },
    quotedAt: '',
    lockMinutes: 15,
    ...over,
  };
}

const json = (status: number, body: unknown) =>
  Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );

let fetchMock: ReturnType<typeof vi.fn>;
let settings: PublicSettings;
beforeEach(() => {
  settings = { ...SETTINGS, operatingHours: DEFAULT_HOURS };
});

/** What a quote request asked: its query string. */
function asked(url: string) {
  return Object.fromEntries(new URL(url, 'http://localhost').searchParams) as {
    side: 'send' | 'receive';
    amount: string;
  };
}

beforeAll(() => {
  addCatalogue('en-US', enUS);
  addCatalogue('pt-BR', ptBR);
});

beforeEach(() => {
  getQueryClient().clear();
  fetchMock = vi.fn((url: string) => {
    if (url === '/api/v1/tokens') return json(200, catalogue);
    if (url === '/api/v1/settings') return json(200, settings);
    const body = asked(url);
    if (body.amount === '5') {
      return json(422, {
        error: {
          code: 'AMOUNT_BELOW_MINIMUM',
          message: 'O mínimo para receber é 50 BRL.',
          requestId: 'r1',
        },
      });
    }
    return json(
      200,
      body.side === 'send'
        ? quote({ amountSend: body.amount })
        : quote({ side: 'receive', amountReceive: body.amount, amountSend: '2.345600' }),
    );
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function renderAt(locale: Locale) {
  return render(
    <MemoryRouter initialEntries={[locale === 'en-US' ? '/en-US' : '/']}>
      <I18nextProvider i18n={i18nFor(locale)}>
        <MantineProvider>
          <Calculator />
        </MantineProvider>
      </I18nextProvider>
    </MemoryRouter>,
  );
}

const quoteCalls = () =>
  fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/v1/quotes?'));

describe('exchange calculator', () => {
  it('quotes the default amount and shows the amount to receive in the page language', async () => {
    renderAt('pt-BR');
    const receive = await screen.findByLabelText('Valor a receber', {}, { timeout: 5000 });
    await waitFor(() => expect(receive).toHaveProperty('value', '1.521,10'));
    const [url, init] = quoteCalls()[0] ?? [];
    expect((init?.headers as Record<string, string>)['accept-language']).toBe('pt-BR');
    expect(init?.method ?? 'GET').toBe('GET');
    expect(asked(String(url))).toEqual({
      send: 'USDT',
      receive: 'PIX',
      network: 'TRC20',
      side: 'send',
      amount: '100',
    });
    expect(screen.getByText('1 USDT = R$ 5,40')).toBeTruthy();
  });

  it('prices the amount to receive when the visitor types it, sending a dot decimal', async () => {
    renderAt('en-US');
    const receive = await screen.findByLabelText('Amount to receive', {}, { timeout: 5000 });
    fireEvent.change(receive, { target: { value: '1,234.5' } });
    const send = screen.getByLabelText('Amount to send');
    await waitFor(() => expect(send).toHaveProperty('value', '2.3456'));
    const last = quoteCalls().at(-1);
    expect(asked(String(last?.[0]))).toMatchObject({
      side: 'receive',
      amount: '1234.5',
    });
  });

  it("shows the server's message when the amount is out of limits", async () => {
    renderAt('pt-BR');
    const send = await screen.findByLabelText('Valor a enviar', {}, { timeout: 5000 });
    fireEvent.change(send, { target: { value: '5' } });
    const alert = await screen.findByText('O mínimo para receber é 50 BRL.');
    expect(alert.closest('[aria-live]')).toBeTruthy();
  });

  it('offers a retry when the catalogue cannot be loaded', async () => {
    fetchMock.mockImplementationOnce(() =>
      json(500, { error: { code: 'INTERNAL_ERROR', message: 'x' } }),
    );
    fetchMock.mockImplementationOnce(() =>
      json(500, { error: { code: 'INTERNAL_ERROR', message: 'x' } }),
    );
    renderAt('en-US');
    expect(
      await screen.findByText('Error fetching default data.', {}, { timeout: 3000 }),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Amount to send')).toBeTruthy();
  });

  it('keeps what the visitor typed for the exchange form (not the untouched default)', async () => {
    localStorage.removeItem('pendingExchange');
    renderAt('pt-BR');
    const receive = await screen.findByLabelText('Valor a receber', {}, { timeout: 5000 });
    await waitFor(() => expect(receive).toHaveProperty('value', '1.521,10'));
    expect(localStorage.getItem('pendingExchange')).toBeNull();
    fireEvent.change(screen.getByLabelText('Valor a enviar'), { target: { value: '1.234,5' } });
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem('pendingExchange') ?? 'null')).toMatchObject({
        send: 'USDT',
        receive: 'PIX',
        network: 'TRC20',
        side: 'send',
        amount: '1234.5',
      }),
    );
    localStorage.removeItem('pendingExchange');
  });

  describe('outside the operating hours', () => {
    /** São Paulo wall-clock time (-03:00); only Date is faked, timers stay real. */
    const at = (local: string) => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date(`${local}-03:00`));
    };
    const cases = [
      // Wednesday 07:30: today
      ['pt-BR', '2026-03-04T07:30:00', 'Fechado agora — processamos a partir das 10h.'],
      ['en-US', '2026-03-04T07:30:00', 'Closed now — we process from 10 am.'],
      // Wednesday 18:00 sharp: tomorrow
      ['pt-BR', '2026-03-04T18:00:00', 'Fechado agora — processamos a partir de amanhã, às 10h.'],
      ['en-US', '2026-03-04T18:00:00', 'Closed now — we process from tomorrow at 10 am.'],
      // Saturday: Monday
      [
        'pt-BR',
        '2026-03-07T12:00:00',
        'Fechado agora — processamos a partir de segunda-feira, às 10h.',
      ],
      ['en-US', '2026-03-07T12:00:00', 'Closed now — we process from Monday at 10 am.'],
    ] as const;
    for (const [locale, local, text] of cases) {
      it(`says so and when orders are processed (${locale}, ${local})`, async () => {
        at(local);
        renderAt(locale);
        const notice = await screen.findByTestId('calculator-closed', {}, { timeout: 5000 });
        expect(notice.textContent).toBe(text);
      });
    }

    it('says a half-hour opening the way each language reads it', async () => {
      settings = { ...settings, operatingHours: { ...DEFAULT_HOURS, open: '09:30' } };
      at('2026-03-04T08:00:00');
      renderAt('pt-BR');
      expect(
        (await screen.findByTestId('calculator-closed', {}, { timeout: 5000 })).textContent,
      ).toBe('Fechado agora — processamos a partir das 9h30.');
    });

    it('says nothing of it while the desk is open', async () => {
      at('2026-03-04T10:00:00');
      renderAt('pt-BR');
      await screen.findByLabelText('Valor a receber', {}, { timeout: 5000 });
      await waitFor(() =>
        expect(fetchMock.mock.calls.some(([url]) => url === '/api/v1/settings')).toBe(true),
      );
      // the settings answer has been rendered: the quote (asked after them) is shown
      await screen.findByText('1 USDT = R$ 5,40', {}, { timeout: 5000 });
      expect(screen.queryByTestId('calculator-closed')).toBeNull();
    });
  });
});
