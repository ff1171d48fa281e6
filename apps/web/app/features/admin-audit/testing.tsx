/** Fixtures and a render helper for the admin-audit component tests (not shipped). */
import { MantineProvider } from '@mantine/core';
import { configure, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { AuditEntry } from '@permuta/contracts/audit';
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

export function auditEntry(over: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: 41,
    createdAt: '2026-11-22T13:05:00.000Z',
    actorType: 'admin',
    actor: { id: 'adm-1', username: 'joana' },
    action: 'order.status_changed',
    entityType: 'order',
    entityId: '0b8f1f9e-2c55-4c7c-9d0e-1a2b3c4d5e6f',
    entityLabel: 'EX-7K2Q9',
    ip: '127.0.0.1',
    before: { reference: 'EX-7K2Q9', status: 'user_confirmed' },
    after: { reference: 'EX-7K2Q9', status: 'admin_confirmed', amountReceived: '100' },
    ...over,
  };
}
