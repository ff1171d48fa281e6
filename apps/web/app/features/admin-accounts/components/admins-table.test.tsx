// @vitest-environment jsdom
import '../../../../test/setup-dom.ts';
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { I18nextProvider } from '../../../i18n/react.tsx';
import { addCatalogue, i18nFor } from '../../../i18n/i18n.ts';
import enUS from '../../../locales/en-US.json';
import ptBR from '../../../locales/pt-BR.json';
import { getQueryClient, QueryProvider } from '../../../lib/query-client.tsx';
import type { Locale } from '../../../lib/locale.ts';
import { englishIn } from '../../../../test/english-on-portuguese.ts';
import { AdminsTable, adminChanges } from './admins-table.tsx';

const admins = [
  {
    id: 'a1',
    username: 'ana',
    name: 'Ana',
    role: 'admin' as const,
    adminRole: 'owner' as const,
    twoFactorEnabled: true,
    createdAt: '2026-11-20T10:00:00Z',
  },
  {
    id: 'a2',
    username: 'bruno',
    name: 'Bruno',
    role: 'admin' as const,
    adminRole: 'operator' as const,
    twoFactorEnabled: false,
    createdAt: '2026-11-21T10:00:00Z',
  },
];

const json = (status: number, body: unknown) =>
  Promise.resolve(
    new Response(status === 204 ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    }),
  );

let fetchMock: ReturnType<typeof vi.fn>;

beforeAll(() => {
  addCatalogue('en-US', enUS);
  addCatalogue('pt-BR', ptBR);
});

beforeEach(() => {
  getQueryClient().clear();
  localStorage.setItem(
    'session',
    JSON.stringify({ role: 'admin', email: 'ana', createdAt: new Date().toISOString() }),
  );
  fetchMock = vi.fn((url: string, init?: RequestInit) => {
    if (url === '/api/v1/admin/admins') return json(200, { items: admins });
    if (url === '/api/v1/admin/admins/a2' && init?.method === 'PATCH') {
      return json(200, { ...admins[1], adminRole: 'finance' });
    }
    if (url === '/api/v1/admin/admins/a2' && init?.method === 'DELETE') {
      return json(409, {
        error: {
          code: 'ADMIN_LAST',
          message: 'The last admin cannot be deleted.',
          requestId: 'r1',
        },
      });
    }
    return json(404, { error: { code: 'NOT_FOUND', message: 'Not found.' } });
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

function renderAt(locale: Locale) {
  return render(
    <MemoryRouter
      initialEntries={[
        locale === 'en-US' ? '/en-US/admin/manager-admins' : '/admin/manager-admins',
      ]}
    >
      <I18nextProvider i18n={i18nFor(locale)}>
        <MantineProvider>
          <QueryProvider>
            <AdminsTable />
          </QueryProvider>
        </MantineProvider>
      </I18nextProvider>
    </MemoryRouter>,
  );
}

describe('admins table', () => {
  it('lists the admins with their role and two-factor state, marks the signed-in one and counts them', async () => {
    renderAt('pt-BR');
    const table = await screen.findByRole('table');
    expect(within(table).getByText('2 administradores')).toBeTruthy();
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByText('Proprietário')).toBeTruthy();
    expect(within(rows[2]!).getByText('Operador')).toBeTruthy();
    expect(within(rows[1]!).getByText('Você')).toBeTruthy();
    expect(within(rows[1]!).getByText('Dois fatores ativado')).toBeTruthy();
    expect(within(rows[2]!).getByText('Dois fatores desativado')).toBeTruthy();
    expect(within(rows[2]!).queryByText('Você')).toBeNull();
  });

  it('edits an admin in Portuguese only, the password toggle included', async () => {
    renderAt('pt-BR');
    fireEvent.click(await screen.findByRole('button', { name: 'Editar bruno' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.querySelector('button[aria-label="Mostrar senha"]')).toBeTruthy();
    expect(englishIn(document.body)).toEqual([]);
  });

  for (const [locale, edit, save, finance] of [
    ['pt-BR', 'Editar bruno', 'Salvar alterações', 'Financeiro'],
    ['en-US', 'Edit bruno', 'Save changes', 'Finance'],
  ] as const) {
    it(`changes an admin's role from the edit dialog (${locale})`, async () => {
      renderAt(locale);
      fireEvent.click(await screen.findByRole('button', { name: edit }));
      const dialog = await screen.findByRole('dialog');
      const select = within(dialog).getByRole('combobox') as HTMLSelectElement;
      expect([...select.options].map((o) => o.textContent)).toContain(finance);
      fireEvent.change(select, { target: { value: 'finance' } });
      fireEvent.click(within(dialog).getByRole('button', { name: save }));
      await waitFor(() =>
        expect(fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH')?.[1]?.body).toBe(
          JSON.stringify({ adminRole: 'finance' }),
        ),
      );
    });
  }

  it("asks for confirmation before deleting and shows the API's refusal", async () => {
    renderAt('en-US');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete bruno' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Delete the admin bruno\?/)).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete admin' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe(
        'The last admin cannot be deleted.',
      ),
    );
  });

  it('offers no delete on the signed-in admin own row', async () => {
    renderAt('en-US');
    await screen.findByRole('button', { name: 'Delete bruno' });
    expect(screen.queryByRole('button', { name: 'Delete ana' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Edit ana' })).toBeTruthy();
  });
});

describe('admin edit', () => {
  const admin = admins[1]!;

  it('sends only what changed, and the password only when typed', () => {
    const same = { username: 'bruno', adminRole: 'operator' as const, password: '' };
    expect(adminChanges(admin, same)).toEqual({});
    expect(adminChanges(admin, { ...same, username: ' bruno.ops ' })).toEqual({
      username: 'bruno.ops',
    });
    expect(adminChanges(admin, { ...same, adminRole: 'finance', password: 'N3w!pass' })).toEqual({
      adminRole: 'finance',
      password: 'N3w!pass',
    });
  });
});
