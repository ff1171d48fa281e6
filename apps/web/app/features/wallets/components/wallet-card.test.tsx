// @vitest-environment jsdom
import '../../../../test/setup-dom.ts';
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { WalletView } from '@permuta/contracts/wallets';
import { I18nextProvider } from '../../../i18n/react.tsx';
import { addCatalogue, i18nFor } from '../../../i18n/i18n.ts';
import enUS from '../../../locales/en-US.json';
import ptBR from '../../../locales/pt-BR.json';
import { WalletCard } from './wallet-card.tsx';

beforeAll(() => {
  addCatalogue('en-US', enUS);
  addCatalogue('pt-BR', ptBR);
});

const pix = (pixKeyType: WalletView['pixKeyType'], pixKey: string): WalletView => ({
  id: 'w1',
  kind: 'pix',
  token: { code: 'PIX', name: 'Real (PIX)', kind: 'pix' },
  network: { code: 'BRL', name: 'PIX (BRL)' },
  address: null,
  memo: null,
  pixKeyType,
  pixKey,
  bankCode: '260',
  bankName: 'Nu Pagamentos S.A.',
  holderName: 'Ana Souza',
  holderDocument: '52998224725',
  derivAccount: null,
  createdAt: '2026-11-20T10:00:00Z',
  updatedAt: '2026-11-20T10:00:00Z',
});

describe('a PIX wallet', () => {
  it.each([
    ['pt-BR', 'cpf', '52998224725', 'CPF: 529.982.247-25'],
    ['pt-BR', 'cnpj', '12345678000190', 'CNPJ: 12.345.678/0001-90'],
    ['en-US', 'phone', '+5511987654321', '+55 (11) 98765-4321'],
    ['en-US', 'email', 'ana@example.com', 'ana@example.com'],
  ] as const)('shows its key formatted (%s, %s)', (locale, type, key, shown) => {
    render(
      <I18nextProvider i18n={i18nFor(locale)}>
        <MantineProvider>
          <WalletCard wallet={pix(type, key)} />
        </MantineProvider>
      </I18nextProvider>,
    );
    expect(screen.getByTestId('wallet-w1').textContent?.replace(/\s+/g, ' ')).toContain(shown);
  });
});
