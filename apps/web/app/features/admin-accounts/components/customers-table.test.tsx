// @vitest-environment jsdom
import '../../../../test/setup-dom.ts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { addCatalogue } from '../../../i18n/i18n.ts';
import enUS from '../../../locales/en-US.json';
import ptBR from '../../../locales/pt-BR.json';
import { getQueryClient } from '../../../lib/query-client.tsx';
import { json, renderAt } from '../../../../test/render-screen.tsx';
import { CustomersTable, customerFiltersOf } from './customers-table.tsx';

const customer = {
  id: 'c1',
  username: 'ana',
  name: 'Ana Souza',
  email: 'ana@example.com',
  cpf: '52998224725',
  active: true,
  emailVerified: true,
  documentsVerified: true,
  nationalIdVerified: false,
  createdAt: '2026-11-20T10:00:00Z',
};

let asked: string[];

beforeAll(() => {
  addCatalogue('en-US', enUS);
  addCatalogue('pt-BR', ptBR);
});

beforeEach(() => {
  getQueryClient().clear();
  asked = [];
  localStorage.setItem(
    'session',
    JSON.stringify({ role: 'admin', email: 'root', createdAt: new Date().toISOString() }),
  );
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      asked.push(url);
      return json(200, { items: [customer], page: 1, pageSize: 20, total: 41 });
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const location = () => screen.getByTestId('location').textContent;

describe('customer list filters', () => {
  it('reads the search, the filter and the page from the URL, so a reload or a link keeps them', async () => {
    renderAt('/admin/manager-customers?q=ana&status=verified&page=2', <CustomersTable />);
    await screen.findByRole('table');
    expect(asked[0]).toBe('/api/v1/admin/customers?q=ana&status=verified&page=2');
    expect((screen.getByRole('searchbox', { name: 'Buscar' }) as HTMLInputElement).value).toBe(
      'ana',
    );
  });

  it('writes a new search to the URL and starts it from its first page', async () => {
    renderAt('/en-US/admin/manager-customers?status=verified&page=3', <CustomersTable />);
    await screen.findByRole('table');
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'souza' } });
    await waitFor(() =>
      expect(location()).toBe('/en-US/admin/manager-customers?q=souza&status=verified'),
    );
    await waitFor(() =>
      expect(asked.at(-1)).toBe('/api/v1/admin/customers?q=souza&status=verified'),
    );
  });

  it('opening a customer before the search settles is not pulled back to the list', async () => {
    // the list stays on screen while the customer's page loads (here: it stays mounted)
    renderAt('/admin/manager-customers', <CustomersTable />);
    await screen.findByRole('table');
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'ana' } });
    fireEvent.click(screen.getByRole('link', { name: 'Ana Souza' }));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(location()).toBe('/admin/manager-customers/c1');
  });

  it('ignores a filter or page the list does not know', () => {
    expect(customerFiltersOf(new URLSearchParams('status=nope&page=-4&q=%20x%20'))).toEqual({
      q: 'x',
      status: 'all',
      page: 1,
    });
  });
});
