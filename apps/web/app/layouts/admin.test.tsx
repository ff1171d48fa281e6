// @vitest-environment jsdom
import '../../test/setup-dom.ts';
import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminRole } from '@permuta/contracts/admin-roles';
import { I18nextProvider } from '../i18n/react.tsx';
import { addCatalogue, i18nFor } from '../i18n/i18n.ts';
import enUS from '../locales/en-US.json';
import ptBR from '../locales/pt-BR.json';
import type { Locale } from '../lib/locale.ts';
import { getQueryClient, QueryProvider } from '../lib/query-client.tsx';
import { englishIn } from '../../test/english-on-portuguese.ts';
import { json } from '../../test/render-screen.tsx';
import AdminLayout from './admin.tsx';

beforeAll(() => {
  addCatalogue('en-US', enUS);
  addCatalogue('pt-BR', ptBR);
});

let role: AdminRole = 'operator';
beforeEach(() => {
  getQueryClient().clear();
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) =>
      url === '/api/v1/me'
        ? json(200, {
            session: { role: 'admin', email: 'ana', createdAt: '', expiresAt: '' },
            user: {
              id: 'a1',
              role: 'admin',
              adminRole: role,
              username: 'ana',
              name: 'Ana',
              twoFactorEnabled: false,
              createdAt: '2026-11-20T10:00:00Z',
            },
          })
        : json(404, { error: { code: 'NOT_FOUND', message: 'Not found.' } }),
    ),
  );
});
afterEach(() => vi.unstubAllGlobals());

/** The admin layout at `page` (a route id of contracts/routes.ts), as the app's router nests it. */
function renderPage(locale: Locale, page: string, path: string) {
  const prefix = locale === 'en-US' ? '/en-US' : '';
  const router = createMemoryRouter(
    [
      {
        id: `${locale}.layout-admin`,
        element: <AdminLayout />,
        children: [
          { id: `${locale}.${page}`, path: `${prefix}${path}`, element: <p>page {page}</p> },
        ],
      },
    ],
    { initialEntries: [`${prefix}${path}`] },
  );
  return render(
    <I18nextProvider i18n={i18nFor(locale)}>
      <MantineProvider>
        <QueryProvider>
          <RouterProvider router={router} />
        </QueryProvider>
      </MantineProvider>
    </I18nextProvider>,
  );
}

const sidebarLinks = () =>
  within(screen.getByRole('navigation'))
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('the back office by role', () => {
  it("lists an operator's pages only, and says an owner's page is not allowed (pt-BR)", async () => {
    role = 'operator';
    renderPage('pt-BR', 'adminGeneralSettings', '/admin/general-settings');
    expect(await screen.findByRole('heading', { name: 'Acesso não permitido' })).toBeTruthy();
    expect(screen.getByTestId('not-allowed').textContent).toContain(
      'O seu papel (Operador) não permite abrir esta página. Ela é para: Proprietário.',
    );
    expect(screen.queryByText('page adminGeneralSettings')).toBeNull();
    const links = sidebarLinks();
    expect(links).toContain('Pedidos');
    expect(links).toContain('Minha conta · Segurança');
    for (const hidden of ['Configurações gerais', 'Tesouraria', 'Administradores']) {
      expect(links.join('|')).not.toContain(hidden);
    }
    expect(screen.getByRole('link', { name: 'Minha conta' }).getAttribute('href')).toBe(
      '/admin/account/security',
    );
    expect(englishIn(document.body)).toEqual([]);
  });

  it('opens a finance page for finance, and lists treasury and prices but not settings (en-US)', async () => {
    role = 'finance';
    renderPage('en-US', 'adminTreasury', '/admin/treasury');
    expect(await screen.findByText('page adminTreasury')).toBeTruthy();
    const links = sidebarLinks();
    expect(links).toContain('Treasury');
    expect(links.join('|')).not.toContain('General settings');
    expect(screen.queryByTestId('not-allowed')).toBeNull();
  });

  it('tells finance in English that the admins page is for owners', async () => {
    role = 'finance';
    renderPage('en-US', 'adminManagerAdmins', '/admin/manager-admins');
    expect(await screen.findByRole('heading', { name: 'Not allowed' })).toBeTruthy();
    expect(screen.getByTestId('not-allowed').textContent).toContain(
      'Your role (Finance) does not allow opening this page. It is for: Owner.',
    );
  });

  it('lets an owner open every page', async () => {
    role = 'owner';
    renderPage('pt-BR', 'adminGeneralSettings', '/admin/general-settings');
    expect(await screen.findByText('page adminGeneralSettings')).toBeTruthy();
    expect(sidebarLinks().join('|')).toContain('Administradores');
  });
});

describe('the incoming payments link', () => {
  it('shows how many payments wait for an admin, in words for screen readers', async () => {
    role = 'operator';
    const me = vi.mocked(fetch);
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init?: RequestInit) =>
        url.startsWith('/api/v1/admin/payments?')
          ? json(200, {
              items: [],
              nextCursor: null,
              open: { total: 3, unmatched: 2, refunding: 1 },
            })
          : me(url, init),
      ),
    );
    renderPage('pt-BR', 'adminOrders', '/admin/orders');
    const badge = await screen.findByTestId('nav-payments-badge');
    expect(badge.textContent).toBe('3');
    expect(badge.getAttribute('aria-label')).toBe('3 aguardando');
    const link = screen.getByRole('link', { name: /Pagamentos recebidos/ });
    expect(link.getAttribute('href')).toBe('/admin/payments');
  });
});
