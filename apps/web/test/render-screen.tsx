/**
 * The render helper, the fetch stub and fake API answers of the web app's component tests (not
 * shipped).
 */
import { MantineProvider, type MantineProviderProps } from '@mantine/core';
import { configure, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { I18nextProvider } from '../app/i18n/react.tsx';
import { addCatalogue, i18nFor } from '../app/i18n/i18n.ts';
import enUS from '../app/locales/en-US.json';
import ptBR from '../app/locales/pt-BR.json';
import { localeFromPath } from '../app/lib/locale.ts';
import { getQueryClient, QueryProvider } from '../app/lib/query-client.tsx';

// dialogs animate and queries refetch: on a busy machine one second is not always enough
configure({ asyncUtilTimeout: 3000 });

export const json = (status: number, body: unknown) =>
  Promise.resolve(
    new Response(status === 204 ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    }),
  );

export const apiError = (status: number, code: string, message: string, fields?: object) =>
  json(status, { error: { code, message, requestId: 'r1', ...(fields ? { fields } : {}) } });

/**
 * The hooks of a test file whose screens call the API: both catalogues loaded; before each test
 * an empty query cache and `fetch` stubbed with the returned mock, its calls forgotten and its
 * answers `answer`'s again; after each test the stub gone.
 */
export function stubFetch(answer: (url: string, init?: RequestInit) => Promise<Response>) {
  const fetchMock = vi.fn();
  beforeAll(() => {
    addCatalogue('en-US', enUS);
    addCatalogue('pt-BR', ptBR);
  });
  beforeEach(() => {
    getQueryClient().clear();
    fetchMock.mockReset();
    fetchMock.mockImplementation(answer);
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());
  return fetchMock;
}

/** Shows where the router is, to check what a screen wrote to the URL. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/**
 * Renders `element` at `url` (its locale from the URL) with the app's providers, for the route
 * `pattern`; `env: 'test'` gives Mantine's test mode (no transitions, no portals).
 */
export function renderAt(
  url: string,
  element: ReactNode,
  { pattern = '*', env }: { pattern?: string; env?: MantineProviderProps['env'] } = {},
) {
  const locale = localeFromPath(url.split('?')[0] ?? '/');
  return render(
    <MemoryRouter initialEntries={[url]}>
      <I18nextProvider i18n={i18nFor(locale)}>
        <MantineProvider env={env}>
          <QueryProvider>
            <Routes>
              <Route
                path={pattern}
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
