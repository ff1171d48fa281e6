// @vitest-environment jsdom
import '../../../../test/setup-dom.ts';
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { I18nextProvider } from '../../../i18n/react.tsx';
import { addCatalogue, i18nFor } from '../../../i18n/i18n.ts';
import enUS from '../../../locales/en-US.json';
import ptBR from '../../../locales/pt-BR.json';
import { getQueryClient, QueryProvider } from '../../../lib/query-client.tsx';
import type { Locale } from '../../../lib/locale.ts';
import { toast } from '../../../lib/toast.ts';
import { CustomerDetail } from './customer-detail.tsx';

const customer = {
  id: 'c1',
  role: 'customer' as const,
  username: 'ana',
  name: 'Ana Souza',
  email: 'ana@example.com',
  phone: '+5511987654321',
  cpf: '52998224725',
  birthDate: '1990-01-01',
  locale: 'pt-BR' as const,
  emailVerified: true,
  active: true,
  nationalIdVerified: false,
  documentsVerified: true,
  defaultSendToken: null,
  defaultReceiveToken: null,
  createdAt: '2026-11-20T10:00:00Z',
};

const detail = {
  customer,
  documents: [],
  wallets: [
    {
      id: 'w1',
      kind: 'crypto',
      token: 'USDT',
      network: 'TRC20',
      destination: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
      memo: null,
      createdAt: '2026-11-20T11:00:00Z',
    },
    {
      id: 'w2',
      kind: 'pix',
      token: 'PIX',
      network: null,
      destination: 'ana@example.com',
      memo: null,
      createdAt: '2026-11-20T11:05:00Z',
    },
  ],
  orders: [
    {
      id: 'o-internal-1',
      reference: 'EX-7K2Q9',
      sendToken: 'USDT',
      receiveToken: 'PIX',
      amountSend: '100',
      amountReceive: '512.3',
      status: 'admin_confirmed',
      createdAt: '2026-11-21T12:00:00Z',
    },
  ],
};

const json = (status: number, body: unknown) =>
  Promise.resolve(
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    }),
  );

let fetchMock: ReturnType<typeof vi.fn>;
let posted: unknown[];

beforeAll(() => {
  addCatalogue('en-US', enUS);
  addCatalogue('pt-BR', ptBR);
});

beforeEach(() => {
  getQueryClient().clear();
  posted = [];
  localStorage.setItem(
    'session',
    JSON.stringify({ role: 'admin', email: 'root', createdAt: new Date().toISOString() }),
  );
  fetchMock = vi.fn((url: string, init?: RequestInit) => {
    if (url === '/api/v1/admin/customers/c1/national-id' && init?.method === 'POST') {
      posted.push(JSON.parse(String(init.body)));
      return json(200, {
        message: 'CPF marcado como verificado',
        customer: { ...customer, nationalIdVerified: true },
      });
    }
    if (url === '/api/v1/admin/customers/c1') return json(200, detail);
    return json(404, { error: { code: 'NOT_FOUND', message: 'Not found.' } });
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

function renderAt(locale: Locale) {
  return render(
    <MemoryRouter
      initialEntries={[
        locale === 'en-US' ? '/en-US/admin/manager-customers/c1' : '/admin/manager-customers/c1',
      ]}
    >
      <I18nextProvider i18n={i18nFor(locale)}>
        <MantineProvider>
          <QueryProvider>
            <CustomerDetail id="c1" />
          </QueryProvider>
        </MantineProvider>
      </I18nextProvider>
    </MemoryRouter>,
  );
}

describe('national ID (CPF) verification on the customer page', () => {
  it('asks first, then verifies and says so with the API message', async () => {
    const success = vi.spyOn(toast, 'success').mockResolvedValue('');
    renderAt('pt-BR');
    fireEvent.click(await screen.findByRole('button', { name: 'Verificar CPF' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Marcar o CPF 529\.982\.247-25 de Ana Souza/)).toBeTruthy();
    expect(posted).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Verificar CPF' }));
    await waitFor(() => expect(posted).toEqual([{ verified: true }]));
    await waitFor(() => expect(success).toHaveBeenCalledWith('CPF marcado como verificado'));
  });

  it('cancelling the question changes nothing', async () => {
    renderAt('en-US');
    fireEvent.click(await screen.findByRole('button', { name: 'Verify national ID' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posted).toEqual([]);
  });
});

describe('wallets and orders on the customer page', () => {
  it('shows each wallet and each order by reference, with amounts and the status in words', async () => {
    renderAt('pt-BR');
    const wallets = (await screen.findByRole('heading', { name: 'Carteiras' })).closest('section')!;
    expect(
      within(wallets as HTMLElement).getByText('TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE'),
    ).toBeTruthy();
    expect(within(wallets as HTMLElement).getByText('TRC20')).toBeTruthy();
    expect(within(wallets as HTMLElement).getByText('ana@example.com')).toBeTruthy();
    expect(within(wallets as HTMLElement).queryByText('—')).toBeNull();
    const orders = screen.getByRole('heading', { name: 'Pedidos' }).closest('section')!;
    const link = within(orders as HTMLElement).getByRole('link', { name: 'EX-7K2Q9' });
    expect(link.getAttribute('href')).toBe('/admin/orders/o-internal-1');
    expect(within(orders as HTMLElement).queryByText('o-internal-1')).toBeNull();
    expect(within(orders as HTMLElement).queryByText('admin_confirmed')).toBeNull();
    expect((orders as HTMLElement).textContent).toMatch(/Envia 100\u00a0USDT/);
    expect((orders as HTMLElement).textContent).toMatch(/Recebe R\$\u00a0512,30/);
    expect(within(orders as HTMLElement).getByText('Fundos confirmados')).toBeTruthy();
  });
});
