// @vitest-environment jsdom
import '../../../../test/setup-dom.ts';
import type { ReactNode } from 'react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localizePath, type Locale } from '../../../lib/locale.ts';
import { englishIn } from '../../../../test/english-on-portuguese.ts';
import { CreateWalletScreen } from './create-wallet-screen.tsx';
import { EditWalletScreen } from './edit-wallet-screen.tsx';
import { customerApi, json, renderAt, USDT as WALLET } from './test-fixtures.ts';

const toastMock = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('../../../lib/toast.ts', () => ({ toast: toastMock }));

/** A tip an admin typed, in Portuguese: shown on Portuguese pages only. */
const TRON_TIP = 'Envie somente USDT pela rede Tron (TRC20) para este endereço.';

const network = (code: string, name: string, extra: object = {}) => ({
  code,
  name,
  isDefault: false,
  depositEnabled: true,
  withdrawEnabled: true,
  withdrawFee: '0',
  withdrawMin: '0',
  withdrawMax: null,
  minConfirmations: 0,
  estimatedArrivalMinutes: null,
  memoRequired: false,
  tip: null,
  notice: null,
  ...extra,
});

const token = (code: string, name: string, kind: string, networks: object[]) => ({
  code,
  name,
  kind,
  precision: 2,
  priceBrl: '1',
  priceUpdatedAt: null,
  quotable: true,
  receiveMin: null,
  receiveMax: null,
  networks,
});

const CATALOGUE = {
  tokens: [
    token('PIX', 'Real (PIX)', 'pix', [network('BRL', 'PIX (BRL)', { isDefault: true })]),
    token('USDT', 'Tether USD', 'crypto', [
      network('TRC20', 'Tron (TRC20)', { tip: TRON_TIP }),
      network('BEP20', 'BNB Smart Chain (BEP20)'),
    ]),
    token('TON', 'Toncoin', 'crypto', [
      network('TON', 'The Open Network', { isDefault: true, memoRequired: true }),
    ]),
    token('DERIV', 'Deriv (USD)', 'deriv', [network('USD', 'Deriv (USD)', { isDefault: true })]),
  ],
  defaults: { send: 'PIX', receive: 'USDT' },
  whatsapp: { thresholdBrl: '200', phone: null },
};

type Answer = (init: RequestInit | undefined) => Promise<Response>;
let emailVerified: boolean;
let wallets: unknown[];
let onCreate: Answer;
let onUpdate: Answer;
beforeEach(() => {
  emailVerified = true;
  wallets = [];
  onCreate = () => json(500, {});
  onUpdate = () => json(500, {});
});
afterEach(() => toastMock.success.mockClear());

const fetchMock = customerApi(
  (url, init) => {
    if (url === '/api/v1/tokens') return json(200, CATALOGUE);
    if (url === '/api/v1/banks') {
      return json(200, {
        banks: [
          { code: '001', name: 'Banco do Brasil S.A.', commonName: 'Banco do Brasil' },
          { code: '260', name: 'Nu Pagamentos S.A.', commonName: 'Nubank' },
          { code: '341', name: 'Itaú Unibanco S.A.', commonName: 'Itaú' },
        ],
      });
    }
    if (url === '/api/v1/me/wallets' && init?.method === 'POST') return onCreate(init);
    if (url === '/api/v1/me/wallets') return json(200, { wallets });
    if (url.startsWith('/api/v1/me/wallets/') && init?.method === 'PATCH') return onUpdate(init);
    return undefined;
  },
  () => emailVerified,
);

function renderScreen(locale: Locale, screenNode: ReactNode, path: string) {
  return renderAt(localizePath(path, locale), screenNode);
}

/** Opens a Mantine select by its label and picks the option. */
async function choose(label: string | RegExp, option: string | RegExp) {
  const name = typeof label === 'string' ? new RegExp(`^${label}`) : label;
  fireEvent.click(await screen.findByRole('combobox', { name }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

function posted(): Record<string, unknown>[] {
  return fetchMock.mock.calls
    .filter(([url, init]) => url === '/api/v1/me/wallets' && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init.body)) as Record<string, unknown>);
}

describe('create wallet form', () => {
  it('asks for a network and checks the address format before sending (pt-BR)', async () => {
    renderScreen('pt-BR', <CreateWalletScreen />, '/profile/create-wallet');
    await choose('Token', 'Tether USD (USDT)');
    expect(screen.queryByRole('textbox', { name: /Chave PIX/ })).toBeNull();
    // no "Um endereço na rede ." before a network is chosen
    expect(document.body.textContent).not.toContain('na rede .');
    expect(document.body.textContent).toContain('Escolha a rede primeiro');
    fireEvent.change(screen.getByRole('textbox', { name: /Endereço da carteira/ }), {
      target: { value: '0x7065726d7574612d64656d6f2d61646472657373' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Cadastrar carteira' }));
    expect(await screen.findByText('Rede obrigatória.')).toBeTruthy();
    await choose('Rede', 'Tron (TRC20)');
    fireEvent.click(screen.getByRole('button', { name: 'Cadastrar carteira' }));
    expect(
      await screen.findByText('Este endereço não é válido para a rede escolhida.'),
    ).toBeTruthy();
    expect(posted()).toEqual([]);
  });

  it("shows a network's tip only on pages in the language it is written in", async () => {
    const pt = renderScreen('pt-BR', <CreateWalletScreen />, '/profile/create-wallet');
    await choose('Token', 'Tether USD (USDT)');
    await choose('Rede', 'Tron (TRC20)');
    expect(await screen.findByText(TRON_TIP)).toBeTruthy();
    expect(englishIn(document.body)).toEqual([]);
    pt.unmount();

    renderScreen('en-US', <CreateWalletScreen />, '/profile/create-wallet');
    await choose('Token', 'Tether USD (USDT)');
    await choose('Network', 'Tron (TRC20)');
    expect(screen.queryByText(TRON_TIP)).toBeNull();
  });

  it('shows the memo field where the network needs one, and requires it', async () => {
    renderScreen('en-US', <CreateWalletScreen />, '/profile/create-wallet');
    await choose('Token', 'Toncoin (TON)');
    fireEvent.change(screen.getByRole('textbox', { name: /Wallet address/ }), {
      target: { value: `EQ${'A'.repeat(46)}` },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Register wallet' }));
    expect(
      await screen.findByText('This network needs a memo (tag) to credit your account.'),
    ).toBeTruthy();
    expect(posted()).toEqual([]);
  });

  it('sends a PIX wallet and shows the server refusal on the holder field', async () => {
    onCreate = () =>
      json(400, {
        error: {
          code: 'WALLET_HOLDER_NOT_OWN',
          message:
            'The holder CPF must be your own CPF: we only pay into accounts in your name (or a company CNPJ).',
          fields: { holderDocument: 'The holder CPF must be your own CPF.' },
        },
      });
    renderScreen('en-US', <CreateWalletScreen />, '/profile/create-wallet');
    await choose('Token', 'Real (PIX)');
    await choose(/PIX key type/, 'Mobile phone');
    fireEvent.change(screen.getByRole('textbox', { name: /^PIX key/ }), {
      target: { value: '(11) 98888-7777' },
    });
    const bank = screen.getByRole('combobox', { name: /^Bank/ });
    fireEvent.click(bank);
    fireEvent.change(bank, { target: { value: 'nu pag' } });
    fireEvent.click(
      await screen.findByRole('option', { name: '260 – Nubank (Nu Pagamentos S.A.)' }),
    );
    fireEvent.change(screen.getByRole('textbox', { name: /Account holder name/ }), {
      target: { value: 'Ana Souza' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: /Holder CPF or CNPJ/ }), {
      target: { value: '529.982.247-25' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Register wallet' }));
    expect(await screen.findByText('The holder CPF must be your own CPF.')).toBeTruthy();
    expect(screen.getByTestId('wallet-form-failure').textContent).toContain(
      'The holder CPF must be your own CPF: we only pay',
    );
    expect(posted()).toEqual([
      {
        kind: 'pix',
        token: 'PIX',
        pixKeyType: 'phone',
        pixKey: '(11) 98888-7777',
        bankCode: '260',
        holderName: 'Ana Souza',
        holderDocument: '529.982.247-25',
      },
    ]);
  });

  it('starts a PIX wallet with the customer as the holder', async () => {
    renderScreen('pt-BR', <CreateWalletScreen />, '/profile/create-wallet');
    await choose('Token', 'Real (PIX)');
    await waitFor(() =>
      expect(
        (screen.getByRole('textbox', { name: /Nome do titular/ }) as HTMLInputElement).value,
      ).toBe('Ana Souza'),
    );
    expect(
      (screen.getByRole('textbox', { name: /CPF ou CNPJ do titular/ }) as HTMLInputElement).value,
    ).toBe('529.982.247-25');
  });

  it('tells at once that a holder CPF must be the customer own', async () => {
    renderScreen('en-US', <CreateWalletScreen />, '/profile/create-wallet');
    await choose('Token', 'Real (PIX)');
    const document = screen.getByRole('textbox', { name: /Holder CPF or CNPJ/ });
    await waitFor(() => expect((document as HTMLInputElement).value).toBe('529.982.247-25'));
    fireEvent.change(document, { target: { value: '111.444.777-35' } });
    fireEvent.click(screen.getByRole('button', { name: 'Register wallet' }));
    expect(await screen.findByText('The holder CPF must be your own CPF.')).toBeTruthy();
    expect(posted()).toEqual([]);
  });

  it('checks a PIX key against its type', async () => {
    renderScreen('pt-BR', <CreateWalletScreen />, '/profile/create-wallet');
    await choose('Token', 'Real (PIX)');
    await choose(/Tipo de chave PIX/, 'CPF');
    fireEvent.change(screen.getByRole('textbox', { name: /^Chave PIX/ }), {
      target: { value: '123.456.789-00' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Cadastrar carteira' }));
    expect(await screen.findByText('Informe um CPF válido (11 dígitos).')).toBeTruthy();
    expect(screen.getByText('Escolha um banco da lista.')).toBeTruthy();
    expect(posted()).toEqual([]);
  });

  it('refuses a Deriv account without CR, then registers one with the success toast', async () => {
    onCreate = () =>
      json(201, { message: 'Wallet for DERIV registered', wallet: { ...WALLET, id: 'w9' } });
    renderScreen('en-US', <CreateWalletScreen />, '/profile/create-wallet');
    await choose('Token', 'Deriv (USD)');
    const account = screen.getByRole('textbox', { name: /Deriv account number/ });
    fireEvent.change(account, { target: { value: 'VR123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Register wallet' }));
    expect(await screen.findByText('Deriv account number must start with CR.')).toBeTruthy();
    fireEvent.change(account, { target: { value: 'CR123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Register wallet' }));
    await waitFor(() =>
      expect(toastMock.success).toHaveBeenCalledWith('Wallet for DERIV registered'),
    );
    expect(posted()).toEqual([{ kind: 'deriv', token: 'DERIV', derivAccount: 'CR123' }]);
    // what was saved, and the next steps, instead of a half-reset form
    const saved = await screen.findByTestId('wallet-saved');
    expect(saved.textContent).toContain('Wallet USDT (TRC20) registered');
    expect(screen.queryByRole('button', { name: 'Register wallet' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Register another wallet' }));
    const token = await screen.findByRole('combobox', { name: /^Token/ });
    expect((token as HTMLInputElement).value).toBe('');
    expect(screen.queryByTestId('wallet-saved')).toBeNull();
  });

  it('shows the duplicate refusal on the network field', async () => {
    onCreate = () =>
      json(409, {
        error: {
          code: 'WALLET_DUPLICATE',
          message: 'You already have a wallet for USDT on TRC20. Edit that one instead.',
          fields: { network: 'You already have a wallet for this token on this network.' },
        },
      });
    renderScreen('en-US', <CreateWalletScreen />, '/profile/create-wallet');
    await choose('Token to receive', 'Tether USD (USDT)');
    await choose('Network', 'Tron (TRC20)');
    fireEvent.change(screen.getByRole('textbox', { name: /Wallet address/ }), {
      target: { value: 'TLDWDCnJ5o2hD57VjFC71PR7m41vudkA5j' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Register wallet' }));
    expect(
      await screen.findByText('You already have a wallet for this token on this network.'),
    ).toBeTruthy();
  });

  it('starts with the token and network of the exchange screen link', async () => {
    renderScreen(
      'en-US',
      <CreateWalletScreen />,
      '/profile/create-wallet?token=USDT&network=BEP20',
    );
    const network = await screen.findByRole('combobox', { name: /^Network/ });
    expect((network as HTMLInputElement).value).toBe('BNB Smart Chain (BEP20)');
    expect((screen.getByRole('combobox', { name: /^Token/ }) as HTMLInputElement).value).toBe(
      'Tether USD (USDT)',
    );
  });

  it('explains why an unvalidated e-mail cannot add wallets', async () => {
    emailVerified = false;
    renderScreen('en-US', <CreateWalletScreen />, '/profile/create-wallet');
    expect(await screen.findByTestId('wallets-unverified')).toBeTruthy();
    expect(screen.getByText('Validate your e\u2011mail to manage wallets')).toBeTruthy();
    await choose('Token', 'Deriv (USD)');
    expect(
      (screen.getByRole('button', { name: 'Register wallet' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('says when the token list cannot be loaded, and retries', async () => {
    let failing = true;
    const base = fetchMock.getMockImplementation() as (
      url: string,
      init?: RequestInit,
    ) => Promise<Response>;
    fetchMock.mockImplementation((url: string, init?: RequestInit) =>
      url === '/api/v1/tokens' && failing ? json(500, {}) : base(url, init),
    );
    renderScreen('en-US', <CreateWalletScreen />, '/profile/create-wallet');
    const alert = await screen.findByRole('alert', {}, { timeout: 3000 });
    expect(alert.textContent).toContain('Error fetching default data.');
    failing = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('combobox', { name: /^Token/ })).toBeTruthy();
  });
});

describe('edit wallet screen', () => {
  it('offers a link to add one when there is no wallet', async () => {
    renderScreen('pt-BR', <EditWalletScreen />, '/profile/edit-wallet');
    const empty = await screen.findByTestId('wallets-empty');
    expect(
      within(empty).getByRole('link', { name: 'Cadastrar carteira' }).getAttribute('href'),
    ).toBe('/profile/create-wallet');
  });

  it('edits the address of the chosen wallet and toasts the message', async () => {
    wallets = [WALLET];
    onUpdate = (init) =>
      json(200, {
        message: 'Carteira de USDT atualizada',
        wallet: { ...WALLET, ...(JSON.parse(String(init?.body)) as object) },
      });
    renderScreen('pt-BR', <EditWalletScreen />, '/profile/edit-wallet');
    const address = await screen.findByRole('textbox', { name: /Endereço da carteira/ });
    expect((address as HTMLInputElement).value).toBe(WALLET.address);
    expect(screen.getByTestId('wallet-form-token').textContent).toContain('USDT');
    fireEvent.change(address, { target: { value: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar alterações' }));
    await waitFor(() =>
      expect(toastMock.success).toHaveBeenCalledWith('Carteira de USDT atualizada'),
    );
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(patch?.[0]).toBe('/api/v1/me/wallets/w1');
    expect(JSON.parse(String(patch?.[1].body))).toEqual({
      kind: 'crypto',
      address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      memo: '',
    });
  });
});

describe('accessibility', () => {
  it('has no serious or critical axe finding on the PIX form with errors shown', async () => {
    const axe = (await import('axe-core')).default;
    const { container } = renderScreen('pt-BR', <CreateWalletScreen />, '/profile/create-wallet');
    await choose('Token', 'Real (PIX)');
    fireEvent.click(screen.getByRole('button', { name: 'Cadastrar carteira' }));
    await screen.findByText('Escolha um banco da lista.');
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    const serious = results.violations.filter(
      (v) => v.impact === 'serious' || v.impact === 'critical',
    );
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
  });
});
