// @vitest-environment jsdom
import '../../../../test/setup-dom.ts';
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { I18nextProvider } from '../../../i18n/react.tsx';
import { addCatalogue, i18nFor } from '../../../i18n/i18n.ts';
import enUS from '../../../locales/en-US.json';
import ptBR from '../../../locales/pt-BR.json';
import { getQueryClient, QueryProvider } from '../../../lib/query-client.tsx';
import type { Locale } from '../../../lib/locale.ts';
import { DeleteWalletScreen } from './delete-wallet-screen.tsx';
import { MyWalletsScreen } from './my-wallets-screen.tsx';

const toastMock = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('../../../lib/toast.ts', () => ({ toast: toastMock }));

const base = {
  memo: null,
  address: null,
  pixKeyType: null,
  pixKey: null,
  bankCode: null,
  bankName: null,
  holderName: null,
  holderDocument: null,
  derivAccount: null,
  createdAt: '2026-11-20T10:00:00Z',
  updatedAt: '2026-11-20T10:00:00Z',
};
const USDT = {
  ...base,
  id: 'w1',
  kind: 'crypto',
  token: { code: 'USDT', name: 'Tether USD', kind: 'crypto' },
  network: { code: 'TRC20', name: 'Tron (TRC20)' },
  address: 'TLDWDCnJ5o2hD57VjFC71PR7m41vudkA5j',
};
const PIX = {
  ...base,
  id: 'w2',
  kind: 'pix',
  token: { code: 'PIX', name: 'Real (PIX)', kind: 'pix' },
  network: { code: 'BRL', name: 'PIX (BRL)' },
  pixKeyType: 'email',
  pixKey: 'ana@example.com',
  bankCode: '260',
  bankName: 'Nu Pagamentos S.A.',
  holderName: 'Ana Souza',
  holderDocument: '52998224725',
};

const json = (status: number, body: unknown) =>
  Promise.resolve(
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    }),
  );

let wallets: unknown[];
let fetchMock: ReturnType<typeof vi.fn>;

beforeAll(() => {
  addCatalogue('en-US', enUS);
  addCatalogue('pt-BR', ptBR);
});

beforeEach(() => {
  getQueryClient().clear();
  wallets = [USDT, PIX];
  localStorage.setItem(
    'session',
    JSON.stringify({
      role: 'customer',
      email: 'ana@example.com',
      createdAt: new Date().toISOString(),
    }),
  );
  fetchMock = vi.fn((url: string) => {
    if (url === '/api/v1/me') {
      return json(200, {
        user: { role: 'customer', name: 'Ana', cpf: '52998224725', emailVerified: true },
      });
    }
    if (url === '/api/v1/me/wallets') return json(200, { wallets });
    return json(404, { error: { code: 'NOT_FOUND', message: 'Not found.' } });
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  toastMock.success.mockClear();
});

const deletes = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE');

function renderAt(url: string, screenElement: ReactNode) {
  const locale: Locale = url.startsWith('/en-US') ? 'en-US' : 'pt-BR';
  return render(
    <MemoryRouter initialEntries={[url]}>
      <I18nextProvider i18n={i18nFor(locale)}>
        <MantineProvider env="test">
          <QueryProvider>{screenElement}</QueryProvider>
        </MantineProvider>
      </I18nextProvider>
    </MemoryRouter>,
  );
}

describe('my wallets', () => {
  it.each([
    [
      '/profile/my-wallets',
      'Minhas carteiras',
      'Editar a carteira de USDT (TRC20)',
      'Excluir a carteira de PIX',
      'Cadastrar carteira',
      'Chave PIX',
      '',
    ],
    [
      '/en-US/profile/my-wallets',
      'My wallets',
      'Edit the USDT (TRC20) wallet',
      'Delete the wallet for PIX',
      'Add a wallet',
      'PIX key',
      '/en-US',
    ],
  ] as const)(
    'lists every wallet with where it pays, and links to edit, delete and add (%s)',
    async (url, title, editName, deleteName, addName, pixLabel, prefix) => {
      renderAt(url, <MyWalletsScreen />);
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(title);
      const usdt = await screen.findByTestId('wallet-w1');
      expect(within(usdt).getByText('Tron (TRC20)')).toBeTruthy();
      expect(within(usdt).getByText(USDT.address)).toBeTruthy();
      const pix = screen.getByTestId('wallet-w2');
      expect(within(pix).getByText(pixLabel)).toBeTruthy();
      expect(within(pix).getByText(/ana@example\.com/)).toBeTruthy();
      expect(within(pix).getByText(/260 – Nu Pagamentos S\.A\./)).toBeTruthy();
      expect(screen.getByRole('link', { name: editName }).getAttribute('href')).toBe(
        `${prefix}/profile/edit-wallet?id=w1`,
      );
      expect(screen.getByRole('link', { name: deleteName }).getAttribute('href')).toBe(
        `${prefix}/profile/delete-wallet?id=w2`,
      );
      expect(screen.getByRole('link', { name: addName }).getAttribute('href')).toBe(
        `${prefix}/profile/create-wallet`,
      );
    },
  );

  it('says it is loading, then offers to add a wallet when there is none', async () => {
    wallets = [];
    renderAt('/profile/my-wallets', <MyWalletsScreen />);
    expect(screen.getByRole('status')).toBeTruthy();
    const empty = await screen.findByTestId('wallets-empty');
    expect(within(empty).getByText('Você ainda não tem carteiras')).toBeTruthy();
    expect(
      within(empty).getByRole('link', { name: 'Cadastrar carteira' }).getAttribute('href'),
    ).toBe('/profile/create-wallet');
  });

  it('says when the wallets cannot be loaded, and retries', async () => {
    let fail = true;
    fetchMock.mockImplementation((url: string) =>
      url === '/api/v1/me/wallets'
        ? fail
          ? json(500, {})
          : json(200, { wallets })
        : json(200, {
            user: { role: 'customer', name: 'Ana', cpf: '52998224725', emailVerified: true },
          }),
    );
    renderAt('/en-US/profile/my-wallets', <MyWalletsScreen />);
    expect((await screen.findByRole('alert', {}, { timeout: 3000 })).textContent).toContain(
      'Your wallets could not be loaded.',
    );
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('wallet-w1')).toBeTruthy();
  });

  it('the delete screen opened from it asks about that wallet at once', async () => {
    renderAt('/profile/delete-wallet?id=w2', <DeleteWalletScreen />);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/A carteira de PIX será excluída/)).toBeTruthy();
    expect(deletes()).toHaveLength(0);
  });
});
