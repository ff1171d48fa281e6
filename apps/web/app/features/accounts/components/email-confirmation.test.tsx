// @vitest-environment jsdom
import '../../../../test/setup-dom.ts';
import { MantineProvider } from '@mantine/core';
import { configure, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { I18nextProvider } from '../../../i18n/react.tsx';
import { addCatalogue, i18nFor } from '../../../i18n/i18n.ts';
import enUS from '../../../locales/en-US.json';
import ptBR from '../../../locales/pt-BR.json';
import type { Locale } from '../../../lib/locale.ts';
import { EmailConfirmation } from './email-confirmation.tsx';

const json = (status: number, body: unknown) =>
  Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );

let fetchMock: ReturnType<typeof vi.fn>;

beforeAll(() => {
  // rendering Mantine forms in jsdom is slow on a busy machine
  configure({ asyncUtilTimeout: 5000 });
  addCatalogue('en-US', enUS);
  addCatalogue('pt-BR', ptBR);
});

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

function renderAt(locale: Locale, search: string, answer: (url?: string) => Promise<Response>) {
  fetchMock = vi.fn(answer);
  vi.stubGlobal('fetch', fetchMock);
  const path = locale === 'en-US' ? '/en-US/validate-email' : '/validate-email';
  return render(
    <MemoryRouter initialEntries={[`${path}${search}`]}>
      <I18nextProvider i18n={i18nFor(locale)}>
        <MantineProvider>
          <EmailConfirmation />
        </MantineProvider>
      </I18nextProvider>
    </MemoryRouter>,
  );
}

describe('e-mail confirmation page', () => {
  it('confirms with the token of the link and offers to sign in', async () => {
    renderAt('en-US', '?token=tok-confirm-0123456789', () => json(200, { message: 'ok' }));
    expect(await screen.findByText('E-mail confirmed')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/en-US/login');
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/v1/auth/verify-email');
    expect(JSON.parse(String(init.body))).toEqual({ token: 'tok-confirm-0123456789' });
  });

  it('explains an invalid or expired link in the page language', async () => {
    renderAt('pt-BR', '?token=tok-expired-0123456789', () =>
      json(400, {
        error: {
          code: 'VERIFICATION_LINK_INVALID',
          message: 'Este link de confirmação é inválido',
        },
      }),
    );
    expect(
      await screen.findByText('Este link de confirmação é inválido ou expirou. Peça um novo.'),
    ).toBeTruthy();
  });

  it('tells a signed-in customer whose e-mail is confirmed that a used link changes nothing', async () => {
    localStorage.setItem(
      'session',
      JSON.stringify({
        role: 'customer',
        email: 'ana@example.com',
        createdAt: new Date().toISOString(),
      }),
    );
    renderAt('pt-BR', '?token=tok-used-0123456789', (url?: string) =>
      url === '/api/v1/me'
        ? json(200, {
            session: { role: 'customer' },
            user: { role: 'customer', email: 'ana@example.com', emailVerified: true },
          })
        : json(400, {
            error: { code: 'VERIFICATION_LINK_INVALID', message: 'Este link é inválido' },
          }),
    );
    expect(await screen.findByText('Seu e-mail já está confirmado')).toBeTruthy();
    expect(screen.queryByText(/inválido/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Ir para minha conta' })).toBeTruthy();
  });

  it('does not call the API for a link without a token', async () => {
    renderAt('en-US', '', () => json(500, {}));
    expect(await screen.findByText(/This confirmation link is invalid/)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
