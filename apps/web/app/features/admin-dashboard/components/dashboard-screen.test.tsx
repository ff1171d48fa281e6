// @vitest-environment jsdom
import '../../../../test/setup-dom.ts';
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Dashboard } from '@permuta/contracts/dashboard';
import { ORDER_STATUSES } from '@permuta/contracts/order-state';
import { I18nextProvider } from '../../../i18n/react.tsx';
import { addCatalogue, i18nFor } from '../../../i18n/i18n.ts';
import enUS from '../../../locales/en-US.json';
import ptBR from '../../../locales/pt-BR.json';
import { localeFromPath } from '../../../lib/locale.ts';
import { getQueryClient, QueryProvider } from '../../../lib/query-client.tsx';
import { AdminRoleContext } from '../../../lib/admin-access.tsx';
import type { AdminRole } from '@permuta/contracts/admin-roles';
import { DashboardScreen } from './dashboard-screen.tsx';

const json = (status: number, body: unknown) =>
  Promise.resolve(
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    }),
  );

const zero = () =>
  Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as Dashboard['ordersPerDay'][0]['counts'];

function emptyDashboard(): Dashboard {
  const days = ['2026-03-19', '2026-03-20'];
  return {
    generatedAt: '2026-03-20T15:00:00.000Z',
    timeZone: 'America/Sao_Paulo',
    queues: {
      awaitingConfirmation: {
        count: 0,
        byStatus: [
          { status: 'user_confirmed', count: 0 },
          { status: 'paid', count: 0 },
        ],
        oldest: [],
      },
      awaitingPayout: {
        count: 0,
        byStatus: [
          { status: 'admin_confirmed', count: 0 },
          { status: 'processing', count: 0 },
        ],
        oldest: [],
      },
      awaitingRefund: { count: 0, byStatus: [{ status: 'admin_confirmed', count: 0 }], oldest: [] },
      inError: { count: 0, byStatus: [{ status: 'error', count: 0 }], oldest: [] },
      documents: { count: 0, overdue: 0, oldest: [] },
    },
    ordersPerDay: days.map((date) => ({ date, counts: zero(), total: 0 })),
    volumePerPair: [],
    newCustomersPerWeek: [{ weekStart: '2026-03-16', count: 0 }],
    prices: [
      {
        token: 'USDT',
        name: 'Tether USD',
        days: days.map((date) => ({ date, priceBrl: null })),
      },
    ],
  };
}

function busyDashboard(): Dashboard {
  const base = emptyDashboard();
  return {
    ...base,
    queues: {
      ...base.queues,
      awaitingConfirmation: {
        count: 1234,
        byStatus: [
          { status: 'user_confirmed', count: 1230 },
          { status: 'paid', count: 4 },
        ],
        oldest: [
          {
            id: 'o1',
            reference: 'EX-7K2Q9',
            status: 'paid',
            sendToken: 'USDT',
            receiveToken: 'PIX',
            amountSend: '1500.5',
            customer: { id: 'c1', name: 'Maria Souza' },
            waitingSince: '2026-03-18T13:55:00.000Z',
            ageMinutes: 2 * 1440 + 65,
          },
        ],
      },
      documents: {
        count: 2,
        overdue: 1,
        oldest: [
          {
            id: 'd1',
            type: 'national_id',
            customer: { id: 'c2', name: 'João Lima' },
            uploadedAt: '2026-03-19T10:00:00.000Z',
            ageMinutes: 1740,
            overdue: true,
          },
          {
            id: 'd2',
            type: 'selfie_with_id',
            customer: { id: 'c3', name: 'Ana Reis' },
            uploadedAt: '2026-03-20T13:00:00.000Z',
            ageMinutes: 120,
            overdue: false,
          },
        ],
      },
    },
    ordersPerDay: [
      { date: '2026-03-19', counts: { ...zero(), completed: 3, error: 1 }, total: 4 },
      { date: '2026-03-20', counts: zero(), total: 0 },
    ],
    volumePerPair: [
      {
        send: 'USDT',
        receive: 'PIX',
        orders: 3,
        amountSend: '1234.5',
        amountBrl: '6666.30',
        days: [
          { date: '2026-03-19', orders: 3, amountSend: '1234.5', amountBrl: '6666.30' },
          { date: '2026-03-20', orders: 0, amountSend: '0', amountBrl: '0.00' },
        ],
      },
    ],
    newCustomersPerWeek: [{ weekStart: '2026-03-16', count: 2 }],
    prices: [
      {
        token: 'USDT',
        name: 'Tether USD',
        days: [
          { date: '2026-03-19', priceBrl: '5.4' },
          { date: '2026-03-20', priceBrl: '5.61' },
        ],
      },
    ],
  };
}

let answer: () => Promise<Response>;
let holds: () => Promise<Response>;
let decide: (path: string, init?: RequestInit) => Promise<Response> = () =>
  json(409, { error: { code: 'PRICE_HOLD_GONE', message: 'Gone.', requestId: 'r' } });
let fetchMock: ReturnType<typeof vi.fn>;

beforeAll(() => {
  addCatalogue('en-US', enUS);
  addCatalogue('pt-BR', ptBR);
});
beforeEach(() => {
  getQueryClient().clear();
  holds = () => json(200, { items: [] });
  fetchMock = vi.fn((path: string, init?: RequestInit) => {
    if (path === '/api/v1/admin/dashboard') return answer();
    if (path === '/api/v1/admin/price-holds') return holds();
    if (path.startsWith('/api/v1/admin/price-holds/')) return decide(path, init);
    return json(404, { error: { code: 'NOT_FOUND', message: 'Not found.', requestId: 'r' } });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function renderAt(url: string, role: AdminRole = 'finance') {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <I18nextProvider i18n={i18nFor(localeFromPath(url))}>
        <MantineProvider>
          <QueryProvider>
            <AdminRoleContext.Provider value={role}>
              <DashboardScreen />
            </AdminRoleContext.Provider>
          </QueryProvider>
        </MantineProvider>
      </I18nextProvider>
    </MemoryRouter>,
  );
}

const textOf = (element: Element | null | undefined) => element?.textContent ?? '';

describe('the admin dashboard screen', () => {
  it('shows each queue with its count, links to the filtered order list, and overdue documents', async () => {
    answer = () => json(200, busyDashboard());
    renderAt('/admin');
    const confirmation = await screen.findByTestId('queue-awaitingConfirmation');
    expect(textOf(within(confirmation).getByTestId('queue-awaitingConfirmation-count'))).toBe(
      '1.234',
    );
    const link = within(confirmation).getByRole('link', { name: 'Confirmado pelo cliente: 1.230' });
    expect(link.getAttribute('href')).toBe('/admin/orders?status=user_confirmed');
    expect(within(confirmation).getByRole('link', { name: 'EX-7K2Q9' }).getAttribute('href')).toBe(
      '/admin/orders/EX-7K2Q9',
    );
    expect(textOf(confirmation)).toContain('aguardando há 2 d 1 h');
    expect(textOf(confirmation)).toContain('1.500,5\u00a0USDT para PIX, Maria Souza');

    const documents = screen.getByTestId('queue-documents');
    expect(textOf(within(documents).getByTestId('documents-overdue'))).toBe(
      '1 aguardando há mais de 24 h',
    );
    const items = within(documents).getAllByRole('listitem');
    expect(items[0]?.getAttribute('data-overdue')).toBe('true');
    expect(textOf(items[0])).toContain('Mais de 24 h');
    expect(within(items[0]!).getByRole('link').getAttribute('href')).toBe(
      '/admin/manager-customers/c2',
    );
    expect(items[1]?.getAttribute('data-overdue')).toBe('false');
    expect(textOf(items[1])).not.toContain('Mais de 24 h');
  });

  it('offers every chart as a table with localized numbers and dates', async () => {
    answer = () => json(200, busyDashboard());
    renderAt('/en-US/admin');
    // the charts load lazily after the queues and the held prices: give them time on a busy machine
    const orders = await screen.findByTestId('chart-orders-table', {}, { timeout: 5000 });
    const table = within(orders).getByRole('table', {
      name: 'Orders created per day by status, last 30 days',
    });
    const row = within(table).getByRole('row', { name: /03\/19\/2026/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['3', '1', '4']);
    expect(textOf(within(screen.getByTestId('chart-volume-table')).getByRole('table'))).toContain(
      '6,666.30',
    );
    expect(textOf(within(screen.getByTestId('chart-prices-table')).getByRole('table'))).toContain(
      '5.61',
    );
    // hidden from sight until asked for, always there for screen readers
    expect(orders.className).not.toBe('');
    const toggle = within(screen.getByTestId('chart-orders')).getByRole('button', {
      name: 'Show as table',
    });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(textOf(toggle)).toBe('Hide table');
    expect(orders.className).toBe('');
  });

  it('names each price series once: "Tether USD (USDT)", "Deriv (USD)"', async () => {
    const dashboard = busyDashboard();
    dashboard.prices.push({
      token: 'DERIV',
      name: 'Deriv (USD)',
      days: [{ date: '2026-03-20', priceBrl: '5.5' }],
    });
    answer = () => json(200, dashboard);
    renderAt('/en-US/admin');
    const prices = await screen.findByTestId('chart-prices', {}, { timeout: 5000 });
    expect(within(prices).getByText('Tether USD (USDT)')).toBeTruthy();
    expect(within(prices).getByText('Deriv (USD)')).toBeTruthy();
    expect(within(prices).queryByText(/DERIV \(Deriv/)).toBeNull();
  });

  it('says there are no orders yet instead of drawing empty charts', async () => {
    answer = () => json(200, emptyDashboard());
    renderAt('/en-US/admin');
    expect(textOf(await screen.findByTestId('chart-orders-empty'))).toContain(
      'No orders yet in the last 30 days.',
    );
    expect(screen.getByTestId('chart-volume-empty')).toBeTruthy();
    expect(screen.getByTestId('chart-customers-empty')).toBeTruthy();
    expect(screen.getByTestId('chart-prices-empty')).toBeTruthy();
    expect(screen.queryByTestId('chart-orders-table')).toBeNull();
    expect(textOf(screen.getByTestId('queue-inError'))).toContain('Nothing waiting.');
    expect(textOf(screen.getByTestId('documents-overdue'))).toBe('None waiting longer than 24 h');
  });

  it('shows why the dashboard failed to load and tries again on request', async () => {
    answer = () =>
      json(503, {
        error: { code: 'SERVICE_UNAVAILABLE', message: 'Try again later.', requestId: 'r' },
      });
    renderAt('/en-US/admin');
    // one retry, a second later, before the failure shows
    expect(textOf(await screen.findByRole('alert', {}, { timeout: 4000 }))).toContain(
      'Try again later.',
    );
    answer = () => json(200, emptyDashboard());
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByTestId('dashboard')).toBeTruthy());
  });

  it('announces the loading state while the data is on its way', () => {
    answer = () => new Promise<Response>(() => undefined);
    renderAt('/admin');
    expect(textOf(screen.getByRole('status'))).toContain('Carregando');
  });
});

describe('the held prices on the admin dashboard', () => {
  const btcHold = {
    tokenCode: 'BTC',
    tokenName: 'Bitcoin',
    previousPriceBrl: '530000',
    priceBrl: '700000',
    changePercent: '32.08',
    heldAt: '2026-03-20T14:00:00Z',
    updatedAt: '2026-03-20T14:05:00Z',
  };

  it('lists each held price and applies the one the admin accepts (pt-BR)', async () => {
    answer = () => json(200, emptyDashboard());
    let items = [btcHold];
    holds = () => json(200, { items });
    const decided: { path: string; body: unknown }[] = [];
    decide = (path, init) => {
      decided.push({ path, body: JSON.parse(String(init?.body)) });
      items = [];
      return json(200, { items });
    };
    renderAt('/admin');
    const row = await screen.findByTestId('held-price-BTC');
    expect([...row.querySelectorAll('th, td')].slice(0, 4).map((c) => c.textContent)).toEqual([
      'BTC · Bitcoin',
      'R$ 530.000,00',
      'R$ 700.000,00',
      '+32,08%',
    ]);
    fireEvent.click(within(row).getByRole('button', { name: 'Aceitar R$ 700.000,00 para BTC' }));
    await waitFor(() => expect(screen.queryByTestId('held-price-BTC')).toBeNull());
    expect(decided).toEqual([
      { path: '/api/v1/admin/price-holds/BTC/accept', body: { priceBrl: '700000' } },
    ]);
    expect(await screen.findByText('Nenhuma cotação retida.')).toBeTruthy();
  });

  it('rejects a held price and keeps the accepted one (en-US)', async () => {
    answer = () => json(200, emptyDashboard());
    let items = [btcHold];
    holds = () => json(200, { items });
    const decided: string[] = [];
    decide = (path) => {
      decided.push(path);
      items = [];
      return json(200, { items });
    };
    renderAt('/en-US/admin');
    const row = await screen.findByTestId('held-price-BTC');
    expect(textOf(row)).toContain('R$530,000.00');
    fireEvent.click(
      within(row).getByRole('button', {
        name: 'Reject the held price of BTC and keep R$530,000.00',
      }),
    );
    await waitFor(() => expect(screen.queryByTestId('held-price-BTC')).toBeNull());
    expect(decided).toEqual(['/api/v1/admin/price-holds/BTC/reject']);
    expect(await screen.findByText('No price is held.')).toBeTruthy();
  });

  it('leaves the held prices out for an operator, who may not decide them, and asks nothing', async () => {
    answer = () => json(200, emptyDashboard());
    holds = () => json(200, { items: [btcHold] });
    renderAt('/admin', 'operator');
    await screen.findByTestId('dashboard');
    expect(screen.queryByTestId('held-price-BTC')).toBeNull();
    expect(fetchMock.mock.calls.some(([path]) => String(path).includes('price-holds'))).toBe(false);
  });
});
