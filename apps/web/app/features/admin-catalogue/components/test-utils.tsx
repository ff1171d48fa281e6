/** Catalogues, a fetch stub and the render helper of the admin-catalogue component tests. */
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { json, renderAt } from '../../../../test/render-screen.tsx';
import { addCatalogue } from '../../../i18n/i18n.ts';
import enUS from '../../../locales/en-US.json';
import ptBR from '../../../locales/pt-BR.json';
import { getQueryClient } from '../../../lib/query-client.tsx';
import { localizePath, type Locale } from '../../../lib/locale.ts';
import { AdminRoleContext } from '../../../lib/admin-access.tsx';
import type { AdminRole } from '@permuta/contracts/admin-roles';

export { json };

export function loadCatalogues() {
  addCatalogue('en-US', enUS);
  addCatalogue('pt-BR', ptBR);
}

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
  return renderAt(
    localizePath(path, locale),
    <AdminRoleContext.Provider value={role}>{ui}</AdminRoleContext.Provider>,
  );
}
