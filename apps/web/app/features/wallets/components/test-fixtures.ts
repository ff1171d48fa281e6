/** Wallets and the signed-in customer shared by the wallet screens' component tests (not shipped). */
import type { ReactNode } from 'react';
import { afterEach, beforeEach } from 'vitest';
import type { WalletView } from '@permuta/contracts/wallets';
import { json, renderAt as renderScreen, stubFetch } from '../../../../test/render-screen.tsx';

export { json };

/** Renders a wallet screen at `url` with the app's providers, Mantine in its test mode. */
export const renderAt = (url: string, element: ReactNode) =>
  renderScreen(url, element, { env: 'test' });

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
 * The hooks of a wallet screen's test file (stubFetch's), with Ana signed in: her session in
 * localStorage for each test, and the returned fetch mock answering `/api/v1/me` with her
 * (`emailVerified()` read at each call), the screen's own calls with `answer` (undefined for one
 * it does not know) and anything else 404.
 */
export function customerApi(answer: Answer, emailVerified: () => boolean = () => true) {
  beforeEach(() => {
    localStorage.setItem(
      'session',
      JSON.stringify({
        role: 'customer',
        email: 'ana@example.com',
        createdAt: new Date().toISOString(),
      }),
    );
  });
  afterEach(() => localStorage.clear());
  return stubFetch((url, init) => {
    if (url === '/api/v1/me') return meAnswer(emailVerified());
    return answer(url, init) ?? json(404, { error: { code: 'NOT_FOUND', message: 'Not found.' } });
  });
}
