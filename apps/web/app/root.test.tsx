// @vitest-environment jsdom
import '../test/setup-dom.ts';
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { createRoutesStub, data } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { I18nextProvider } from './i18n/react.tsx';
import { addCatalogue, i18nFor } from './i18n/i18n.ts';
import enUS from './locales/en-US.json';
import ptBR from './locales/pt-BR.json';
import type { Locale } from './lib/locale.ts';
import { ErrorBoundary } from './root.tsx';

beforeAll(() => {
  addCatalogue('en-US', enUS);
  addCatalogue('pt-BR', ptBR);
});

function renderError(locale: Locale, failure: () => never) {
  const Stub = createRoutesStub([
    {
      path: '/*',
      loader: failure,
      Component: () => null,
      HydrateFallback: () => null,
      ErrorBoundary: ErrorBoundary as never,
    },
  ]);
  return render(
    <I18nextProvider i18n={i18nFor(locale)}>
      <MantineProvider>
        <Stub initialEntries={[locale === 'en-US' ? '/en-US/x' : '/x']} />
      </MantineProvider>
    </I18nextProvider>,
  );
}

describe('error page', () => {
  it('shows 500, "Internal Server Error" and the error message by default', async () => {
    renderError('en-US', () => {
      throw new Error('The database is asleep');
    });
    expect(await screen.findByText('Error 500')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Internal Server Error' })).toBeTruthy();
    expect(screen.getByText('The database is asleep')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the home page' }).getAttribute('href')).toBe(
      '/en-US',
    );
  });

  it('shows the status of an error response, in Portuguese on Portuguese pages', async () => {
    renderError('pt-BR', () => {
      throw data('O pedido EX-1 não existe.', { status: 404 });
    });
    expect(await screen.findByText('Erro 404')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Página não encontrada' })).toBeTruthy();
    expect(screen.getByText('O pedido EX-1 não existe.')).toBeTruthy();
  });
});
