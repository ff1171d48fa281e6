/** Wallets and the signed-in customer shared by the wallet screens' component tests (not shipped). */
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import type { WalletView } from '@permuta/contracts/wallets';
import { addCatalogue } from '../../../i18n/i18n.ts';
import enUS from '../../../locales/en-US.json';
import ptBR from '../../../locales/pt-BR.json';
import { getQueryClient } from '../../../lib/query-client.tsx';
import { json, renderAt as renderScreen } from '../../../../test/render-screen.tsx';

export { json };

/** Renders a wallet screen at `url` with the app's providers, Mantine in its test mode. */
export const renderAt = (url: string, element: ReactNode) =>
  renderScreen(url, element, { env: 'test' });

function loadCatalogues() {
  addCatalogue('en-US', enUS);
  addCatalogue('pt-BR', ptBR);
}

const empty = {
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

/** The customer's USDT wallet on Tron (w1). */
export const USDT = {
  ...empty,
  id: 'w1',
  kind: 'crypto',
  token: { code: 'USDT', name: 'Tether USD', kind: 'crypto' },
  network: { code: 'TRC20', name: 'Tron (TRC20)' },
  address: 'TLDWDCnJ5o2hD57VjFC71PR7m41vudkA5j',
} satisfies WalletView;

/** The customer's PIX wallet, an e-mail key at Nubank (w2). */
export const PIX = {
  ...empty,
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
} satisfies WalletView;

/** The answer of `/api/v1/me` for Ana, the signed-in customer. */
export const meAnswer = (emailVerified = true) =>
  json(200, {
    session: { role: 'customer' },
    user: {
      role: 'customer',
      email: 'ana@example.com',
      name: 'Ana Souza',
      cpf: '52998224725',
      emailVerified,
    },
  });

type Answer = (url: string, init?: RequestInit) => Promise<Response> | undefined;

/**
 * The hooks of a wallet screen's test file, with Ana, a signed-in customer: the catalogues loaded;
 * before each test an empty query cache, her session in localStorage and `fetch` stubbed with the
 * returned mock (its calls and implementation reset): `/api/v1/me` answers Ana (`emailVerified()`
 * read at each call), `answer` the screen's own calls (undefined for one it does not know),
 * anything else 404; after each test the stubs and the session gone.
 */
export function customerApi(answer: Answer, emailVerified: () => boolean = () => true) {
  const fetchMock = vi.fn();
  beforeAll(loadCatalogues);
  beforeEach(() => {
    getQueryClient().clear();
    localStorage.setItem(
      'session',
      JSON.stringify({
        role: 'customer',
        email: 'ana@example.com',
        createdAt: new Date().toISOString(),
      }),
    );
    fetchMock.mockReset();
    fetchMock.mockImplementation((url: string, init?: RequestInit) => {
      if (url === '/api/v1/me') return meAnswer(emailVerified());
      return (
        answer(url, init) ?? json(404, { error: { code: 'NOT_FOUND', message: 'Not found.' } })
      );
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });
  return fetchMock;
}
