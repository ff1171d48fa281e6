import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { I18nextProvider } from '../../../i18n/react.tsx';
import { addCatalogue, i18nFor } from '../../../i18n/i18n.ts';
import enUS from '../../../locales/en-US.json';
import ptBR from '../../../locales/pt-BR.json';
import { getQueryClient, QueryProvider } from '../../../lib/query-client.tsx';
import type { Locale } from '../../../lib/locale.ts';
import { AdminRoleContext } from '../../../lib/admin-access.tsx';
import type { AdminRole } from '@permuta/contracts/admin-roles';

export function loadCatalogues() {
  addCatalogue('en-US', enUS);
  addCatalogue('pt-BR', ptBR);
}

export const json = (status: number, body: unknown) =>
  Promise.resolve(
    new Response(status === 204 ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    }),
  );

export type Handler = (url: string, init: RequestInit | undefined) => Promise<Response> | undefined;

/** Stubs fetch with `handler`; unknown calls answer 404. Returns the mock to inspect calls. */
export function stubFetch(handler: Handler) {
  const mock = vi.fn(
    (url: string, init?: RequestInit) =>
      handler(url, init) ?? json(404, { error: { code: 'NOT_FOUND', message: 'Not found.' } }),
  );
  vi.stubGlobal('fetch', mock);
  return mock;
}

/** The JSON bodies sent with `method` to `url`. */
export function sentBodies(mock: ReturnType<typeof stubFetch>, method: string, url: string) {
  return mock.mock.calls
    .filter(([u, init]) => u === url && init?.method === method)
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown);
}

/** `ui` as the admin layout shows it to an admin of `role` (an owner unless told otherwise). */
export function renderWith(
  ui: ReactNode,
  locale: Locale,
  path = '/admin',
  role: AdminRole = 'owner',
) {
  getQueryClient().clear();
  localStorage.setItem(
    'session',
    JSON.stringify({ role: 'admin', email: 'ana', createdAt: new Date().toISOString() }),
  );
  return render(
    <MemoryRouter initialEntries={[locale === 'en-US' ? `/en-US${path}` : path]}>
      <I18nextProvider i18n={i18nFor(locale)}>
        <MantineProvider>
          <QueryProvider>
            <AdminRoleContext.Provider value={role}>{ui}</AdminRoleContext.Provider>
          </QueryProvider>
        </MantineProvider>
      </I18nextProvider>
    </MemoryRouter>,
  );
}
