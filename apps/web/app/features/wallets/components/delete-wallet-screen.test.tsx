// @vitest-environment jsdom
import '../../../../test/setup-dom.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localizePath, type Locale } from '../../../lib/locale.ts';
import { DeleteWalletScreen } from './delete-wallet-screen.tsx';
import {
  customerApi,
  json,
  meAnswer,
  PIX,
  renderAt as renderScreen,
  USDT,
} from './test-fixtures.ts';

const toastMock = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('../../../lib/toast.ts', () => ({ toast: toastMock }));

let wallets: unknown[];
let onDelete: (url: string) => Promise<Response>;
beforeEach(() => {
  wallets = [USDT, PIX];
});
afterEach(() => toastMock.success.mockClear());

const fetchMock = customerApi((url, init) => {
  if (url === '/api/v1/me/wallets') return json(200, { wallets });
  if (init?.method === 'DELETE') return onDelete(url);
  return undefined;
});

const renderAt = (locale: Locale) =>
  renderScreen(localizePath('/profile/delete-wallet', locale), <DeleteWalletScreen />);

const deletes = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE');

describe('delete wallet screen', () => {
  it('lists the wallets with where each pays', async () => {
    renderAt('pt-BR');
    const usdt = await screen.findByTestId('wallet-w1');
    expect(within(usdt).getByText('Tron (TRC20)')).toBeTruthy();
    expect(within(usdt).getByText(USDT.address)).toBeTruthy();
    const pix = screen.getByTestId('wallet-w2');
    expect(within(pix).getByText('E-mail: ana@example.com')).toBeTruthy();
    expect(within(pix).getByText(/260 – Nu Pagamentos S\.A\./)).toBeTruthy();
  });

  it('deletes only after confirmation and toasts the message', async () => {
    onDelete = () => {
      wallets = [PIX];
      return json(200, { message: 'Wallet for USDT deleted' });
    };
    renderAt('en-US');
    fireEvent.click(
      await screen.findByRole('button', { name: 'Delete the wallet for USDT (TRC20)' }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/The wallet for USDT \(TRC20\) will be removed/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(deletes()).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Delete the wallet for USDT (TRC20)' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete wallet' }),
    );
    await waitFor(() => expect(toastMock.success).toHaveBeenCalledWith('Wallet for USDT deleted'));
    expect(deletes()[0]?.[0]).toBe('/api/v1/me/wallets/w1');
    await waitFor(() => expect(screen.queryByTestId('wallet-w1')).toBeNull());
  });

  it('shows why a wallet used by an open order is kept', async () => {
    onDelete = () =>
      json(409, {
        error: {
          code: 'WALLET_IN_USE',
          message:
            'Esta carteira está sendo usada pelo pedido EX-7K2Q9, que ainda está em aberto. Você poderá excluí-la quando o pedido for encerrado.',
        },
      });
    renderAt('pt-BR');
    fireEvent.click(await screen.findByRole('button', { name: 'Excluir a carteira de PIX' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Excluir carteira' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toContain('pedido EX-7K2Q9'),
    );
    expect(toastMock.success).not.toHaveBeenCalled();
  });

  it('offers to add a wallet when there is none', async () => {
    wallets = [];
    renderAt('en-US');
    const empty = await screen.findByTestId('wallets-empty');
    expect(within(empty).getByText('You have no wallets yet')).toBeTruthy();
    expect(within(empty).getByRole('link', { name: 'Add a wallet' }).getAttribute('href')).toBe(
      '/en-US/profile/create-wallet',
    );
  });

  it('says when the wallets cannot be loaded', async () => {
    fetchMock.mockImplementation((url: string) =>
      url === '/api/v1/me/wallets' ? json(500, {}) : meAnswer(),
    );
    renderAt('en-US');
    expect((await screen.findByRole('alert', {}, { timeout: 3000 })).textContent).toContain(
      'Your wallets could not be loaded.',
    );
  });
});
