/** Fixtures and a render helper for the admin-contact component tests (not shipped). */
import { MantineProvider } from '@mantine/core';
import { configure, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { AdminContactMessage } from '@permuta/contracts/contact';
import { I18nextProvider } from '../../i18n/react.tsx';
import { i18nFor } from '../../i18n/i18n.ts';
import { localeFromPath } from '../../lib/locale.ts';
import { QueryProvider } from '../../lib/query-client.tsx';

configure({ asyncUtilTimeout: 3000 });

export const json = (status: number, body: unknown) =>
  Promise.resolve(
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    }),
  );

export const apiError = (status: number, code: string, message: string) =>
  json(status, { error: { code, message, requestId: 'r1' } });

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** Renders `element` at `url` (its locale from the URL) with the app's providers. */
export function renderAt(url: string, element: ReactNode) {
  const locale = localeFromPath(url.split('?')[0] ?? '/');
  return render(
    <MemoryRouter initialEntries={[url]}>
      <I18nextProvider i18n={i18nFor(locale)}>
        <MantineProvider>
          <QueryProvider>
            <Routes>
              <Route
                path="*"
                element={
                  <>
                    {element}
                    <LocationProbe />
                  </>
                }
              />
            </Routes>
          </QueryProvider>
        </MantineProvider>
      </I18nextProvider>
    </MemoryRouter>,
  );
}

export function contactMessage(over: Partial<AdminContactMessage> = {}): AdminContactMessage {
  return {
    id: '6c3f0a52-8f7e-4d55-9a43-2b1c0d9e8f71',
    name: 'Ana Lima',
    email: 'ana@example.com',
    message: 'Olá! Meu pedido EX-7K2Q9 ainda não chegou.',
    locale: 'pt-BR',
    createdAt: '2026-11-22T13:05:00.000Z',
    answeredAt: null,
    answeredBy: null,
    ...over,
  };
}
