// @vitest-environment jsdom
import '../../../../test/setup-dom.ts';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DeleteWalletScreen } from './delete-wallet-screen.tsx';
import { MyWalletsScreen } from './my-wallets-screen.tsx';
import { customerApi, json, meAnswer, PIX, renderAt, USDT } from './test-fixtures.ts';

const toastMock = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('../../../lib/toast.ts', () => ({ toast: toastMock }));

let wallets: unknown[];
beforeEach(() => {
  wallets = [USDT, PIX];
});
afterEach(() => toastMock.success.mockClear());

const fetchMock = customerApi((url) =>
  url === '/api/v1/me/wallets' ? json(200, { wallets }) : undefined,
);
const deletes = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE');

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
    const statuses = screen.getAllByRole('status');
    expect(statuses.some((status) => status.textContent?.includes('Carregando'))).toBe(true);
    const empty = await screen.findByTestId('wallets-empty');
    expect(within(empty).getByText('Você ainda não tem carteiras')).toBeTruthy();
    expect(
      within(empty).getByRole('link', { name: 'Cadastrar carteira' }).getAttribute('href'),
    ).toBe('/profile/create-wallet');
  });

  it('says when the wallets cannot be loaded, and retries', async () => {
    let fail = true;
    fetchMock.mockImplementation((url: string) =>
      url === '/api/v1/me/wallets' ? (fail ? json(500, {}) : json(200, { wallets })) : meAnswer(),
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
