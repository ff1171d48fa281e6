// @vitest-environment jsdom
import '../../../../test/setup-dom.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminToken } from '@permuta/contracts/catalogue-admin';
import { TokenDetail } from './token-detail.tsx';
import { TokensTable } from './tokens-table.tsx';
import { json, loadCatalogues, renderWith, sentBodies, stubFetch } from './test-utils.tsx';

const NOW = new Date('2026-11-23T12:00:00Z');

const network = {
  id: 'n1',
  code: 'TRC20',
  name: 'Tron (TRC20)',
  enabled: true,
  isDefault: false,
  contractAddress: null,
  minConfirmations: 20,
  depositEnabled: true,
  withdrawEnabled: true,
  withdrawFee: '1',
  withdrawMin: '10',
  withdrawMax: '100000',
  estimatedArrivalMinutes: 5,
  tip: null,
  notice: null,
  addressRegex: null,
  memoRegex: null,
  memoRequired: false,
  depositAddress: 'TLDWDCnJ5o2hD57VjFC71PR7m41vudkA5j',
  depositMemo: null,
  syncedAt: null,
};

const usdt: AdminToken = {
  id: 't1',
  code: 'USDT',
  name: 'Tether USD',
  kind: 'crypto',
  precision: 6,
  enabled: true,
  isLegalMoney: false,
  trading: true,
  sortOrder: 2,
  priceSource: 'exchange',
  exchangeSymbol: 'USDTBRL',
  balances: {
    free: '100',
    locked: null,
    freeze: null,
    withdrawing: null,
    ipoable: null,
    ipoing: null,
    storage: null,
  },
  syncedAt: null,
  price: { priceBrl: '5.4', source: 'exchange', createdAt: '2026-11-23T11:55:00Z' },
  networks: [network, { ...network, id: 'n2', code: 'ERC20', name: 'Ethereum', enabled: false }],
};
const btc: AdminToken = {
  ...usdt,
  id: 't2',
  code: 'BTC',
  name: 'Bitcoin',
  enabled: false,
  price: null,
  networks: [],
};

beforeAll(loadCatalogues);
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('tokens table', () => {
  it('lists the tokens with price, source, age and networks count', async () => {
    stubFetch((url) =>
      url === '/api/v1/admin/tokens' ? json(200, { items: [usdt, btc] }) : undefined,
    );
    renderWith(<TokensTable now={() => NOW} />, 'en-US', '/admin/manager-tokens');
    const row = await screen.findByTestId('token-row-USDT');
    expect(within(row).getByText('R$5.40')).toBeTruthy();
    expect(within(row).getByText('Exchange')).toBeTruthy();
    expect(within(row).getByText('5 min. ago')).toBeTruthy();
    expect(within(row).getByText('2 (1 enabled)')).toBeTruthy();
    expect(within(screen.getByTestId('token-row-BTC')).getByText('No price')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add token' }).getAttribute('href')).toBe(
      '/en-US/admin/add-token',
    );
  });

  it('shows prices in reais the Brazilian way', async () => {
    stubFetch((url) =>
      url === '/api/v1/admin/tokens'
        ? json(200, {
            items: [usdt, { ...btc, price: { ...usdt.price!, priceBrl: '520000' } }],
          })
        : undefined,
    );
    renderWith(<TokensTable now={() => NOW} />, 'pt-BR', '/admin/manager-tokens');
    const row = await screen.findByTestId('token-row-USDT');
    // the exact text: a no-break space after R$ (the matcher would fold it into a space)
    expect(within(row).getByText(/^R\$/).textContent).toBe('R$\u00a05,40');
    expect(within(screen.getByTestId('token-row-BTC')).getByText(/^R\$/).textContent).toBe(
      'R$\u00a0520.000,00',
    );
  });

  it('enables a token with its toggle once the dialog saying what changes is confirmed', async () => {
    const fetchMock = stubFetch((url, init) => {
      if (url === '/api/v1/admin/tokens') return json(200, { items: [usdt, btc] });
      if (url === '/api/v1/admin/tokens/BTC/enabled' && init?.method === 'PUT') {
        return json(200, { ...btc, enabled: true });
      }
      return undefined;
    });
    renderWith(<TokensTable now={() => NOW} />, 'pt-BR', '/admin/manager-tokens');
    fireEvent.click(await screen.findByRole('switch', { name: 'Ativar BTC' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ativar BTC?' });
    expect(dialog.textContent).toContain(
      'Os clientes passam a ver BTC na calculadora e podem criar pedidos com ele.',
    );
    expect(sentBodies(fetchMock, 'PUT', '/api/v1/admin/tokens/BTC/enabled')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ativar' }));
    await waitFor(() =>
      expect(sentBodies(fetchMock, 'PUT', '/api/v1/admin/tokens/BTC/enabled')).toEqual([
        { enabled: true },
      ]),
    );
  });

  it('turns nothing off when the dialog is cancelled', async () => {
    const fetchMock = stubFetch((url) =>
      url === '/api/v1/admin/tokens' ? json(200, { items: [usdt, btc] }) : undefined,
    );
    renderWith(<TokensTable now={() => NOW} />, 'en-US', '/admin/manager-tokens');
    fireEvent.click(await screen.findByRole('switch', { name: 'Enable USDT' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn USDT off?' });
    expect(dialog.textContent).toContain(
      'Customers will no longer see USDT in the calculator and cannot place new orders with it.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sentBodies(fetchMock, 'PUT', '/api/v1/admin/tokens/USDT/enabled')).toEqual([]);
    expect((screen.getByRole('switch', { name: 'Enable USDT' }) as HTMLInputElement).checked).toBe(
      true,
    );
  });

  it('shows an empty state', async () => {
    stubFetch((url) => (url === '/api/v1/admin/tokens' ? json(200, { items: [] }) : undefined));
    renderWith(<TokensTable />, 'pt-BR', '/admin/manager-tokens');
    expect(
      await screen.findByText('Nenhum token ainda. Adicione um ou sincronize com a corretora.'),
    ).toBeTruthy();
  });
});

describe('token page', () => {
  const api = (extra?: (url: string, init?: RequestInit) => Promise<Response> | undefined) =>
    stubFetch((url, init) => {
      const answer = extra?.(url, init);
      if (answer) return answer;
      if (url === '/api/v1/admin/tokens/USDT' && init?.method === 'GET') return json(200, usdt);
      if (url.startsWith('/api/v1/admin/tokens/USDT/prices')) {
        return json(200, {
          items: [{ id: 1, priceBrl: '5.4', source: 'exchange', createdAt: usdt.price!.createdAt }],
          page: 1,
          pageSize: 10,
          total: 1,
        });
      }
      return undefined;
    });

  it('writes every price of the history with as many decimals as the most precise one', async () => {
    api((url) =>
      url.startsWith('/api/v1/admin/tokens/USDT/prices')
        ? json(200, {
            items: [
              { id: 1, priceBrl: '5.533', source: 'exchange', createdAt: usdt.price!.createdAt },
              { id: 2, priceBrl: '5.5369', source: 'manual', createdAt: usdt.price!.createdAt },
              { id: 3, priceBrl: '5.5', source: 'exchange', createdAt: usdt.price!.createdAt },
            ],
            page: 1,
            pageSize: 10,
            total: 3,
          })
        : undefined,
    );
    renderWith(<TokenDetail code="USDT" now={() => NOW} />, 'pt-BR', '/admin/manager-tokens/USDT');
    const prices = await Promise.all(
      [1, 2, 3].map(async (id) =>
        within(await screen.findByTestId(`price-history-row-${id}`)).getByTestId('history-price'),
      ),
    );
    expect(prices.map((cell) => cell.textContent?.replace(/\u00a0/g, ' '))).toEqual([
      'R$ 5,5330',
      'R$ 5,5369',
      'R$ 5,5000',
    ]);
  });

  it('shows the fields, the price with its history, and every network', async () => {
    api();
    renderWith(<TokenDetail code="USDT" now={() => NOW} />, 'en-US', '/admin/manager-tokens/USDT');
    expect(await screen.findByRole('heading', { name: 'USDT · Tether USD' })).toBeTruthy();
    expect(screen.getByTestId('current-price').textContent).toBe('R$5.40');
    expect(await screen.findByTestId('price-history-row-1')).toHaveProperty(
      'textContent',
      expect.stringContaining('R$5.40'),
    );
    expect(await screen.findByText('Price history')).toBeTruthy();
    const trc20 = screen.getByTestId('network-row-TRC20');
    expect(within(trc20).getByText('TLDWDCnJ5o2hD57VjFC71PR7m41vudkA5j')).toBeTruthy();
    expect(within(trc20).getByText('20 confirmations')).toBeTruthy();
    expect(
      (screen.getByRole('switch', { name: 'Network ERC20 enabled' }) as HTMLInputElement).checked,
    ).toBe(false);
  });

  it('sets a manual price typed in the page style', async () => {
    const fetchMock = api((url, init) =>
      url === '/api/v1/admin/tokens/USDT/price' && init?.method === 'PUT'
        ? json(200, { ...usdt, priceSource: 'manual' })
        : undefined,
    );
    renderWith(<TokenDetail code="USDT" now={() => NOW} />, 'pt-BR', '/admin/manager-tokens/USDT');
    const form = await screen.findByRole('form', { name: 'Cotação manual' });
    fireEvent.change(within(form).getByRole('textbox'), { target: { value: '5,55' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Salvar cotação' }));
    await waitFor(() =>
      expect(sentBodies(fetchMock, 'PUT', '/api/v1/admin/tokens/USDT/price')).toEqual([
        { priceBrl: '5.55' },
      ]),
    );
  });

  it('asks before turning the token off on its page (pt-BR)', async () => {
    const fetchMock = api((url, init) =>
      url === '/api/v1/admin/tokens/USDT/enabled' && init?.method === 'PUT'
        ? json(200, { ...usdt, enabled: false })
        : undefined,
    );
    renderWith(<TokenDetail code="USDT" now={() => NOW} />, 'pt-BR', '/admin/manager-tokens/USDT');
    expect((await screen.findByTestId('current-price')).textContent).toBe('R$\u00a05,40');
    fireEvent.click(screen.getByRole('switch', { name: 'Ativo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Desativar USDT?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Desativar' }));
    await waitFor(() =>
      expect(sentBodies(fetchMock, 'PUT', '/api/v1/admin/tokens/USDT/enabled')).toEqual([
        { enabled: false },
      ]),
    );
  });

  it('switches deposits of a network off with its toggle, after saying what changes', async () => {
    const fetchMock = api((url, init) =>
      url === '/api/v1/admin/tokens/USDT/networks/TRC20' && init?.method === 'PATCH'
        ? json(200, { ...network, depositEnabled: false })
        : undefined,
    );
    renderWith(<TokenDetail code="USDT" now={() => NOW} />, 'en-US', '/admin/manager-tokens/USDT');
    fireEvent.click(await screen.findByRole('switch', { name: 'Deposits on TRC20' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn deposits on TRC20 off?' });
    expect(dialog.textContent).toContain(
      'Customers can no longer send USDT to us on the TRC20 network',
    );
    expect(sentBodies(fetchMock, 'PATCH', '/api/v1/admin/tokens/USDT/networks/TRC20')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    await waitFor(() =>
      expect(sentBodies(fetchMock, 'PATCH', '/api/v1/admin/tokens/USDT/networks/TRC20')).toEqual([
        { depositEnabled: false },
      ]),
    );
  });

  it("edits a network's fields and shows the server's refusal of the deposit address on its field", async () => {
    const fetchMock = api((url, init) =>
      url === '/api/v1/admin/tokens/USDT/networks/TRC20' && init?.method === 'PATCH'
        ? json(400, {
            error: {
              code: 'DEPOSIT_ADDRESS_INVALID',
              message: 'The deposit address is not valid for the TRC20 network.',
              fields: { depositAddress: 'This address is not valid for this network.' },
            },
          })
        : undefined,
    );
    renderWith(<TokenDetail code="USDT" now={() => NOW} />, 'en-US', '/admin/manager-tokens/USDT');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit network TRC20' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Withdraw fee/), { target: { value: '1.5' } });
    fireEvent.change(within(dialog).getByLabelText(/^Deposit address/), {
      target: { value: '0xabc' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(
      await within(dialog).findByText('This address is not valid for this network.'),
    ).toBeTruthy();
    const [body] = sentBodies(fetchMock, 'PATCH', '/api/v1/admin/tokens/USDT/networks/TRC20');
    expect(body).toMatchObject({
      withdrawFee: '1.5',
      depositAddress: '0xabc',
      minConfirmations: 20,
    });
    expect(body).not.toHaveProperty('code');
  });

  it('says when the token does not exist', async () => {
    stubFetch(() => json(404, { error: { code: 'NOT_FOUND', message: 'Not found.' } }));
    renderWith(<TokenDetail code="NOPE" />, 'en-US', '/admin/manager-tokens/NOPE');
    expect((await screen.findByRole('alert', {}, { timeout: 4000 })).textContent).toContain(
      'There is no token NOPE.',
    );
  });
});
