// @vitest-environment jsdom
import '../../../../test/setup-dom.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { addCatalogue } from '../../../i18n/i18n.ts';
import enUS from '../../../locales/en-US.json';
import ptBR from '../../../locales/pt-BR.json';
import { getQueryClient } from '../../../lib/query-client.tsx';
import { apiError, auditEntry, json, renderAt } from '../testing.tsx';
import { AuditScreen } from './audit-screen.tsx';

let fetchMock: ReturnType<typeof vi.fn>;
let answer: (url: URL) => Promise<Response>;

beforeAll(() => {
  addCatalogue('en-US', enUS);
  addCatalogue('pt-BR', ptBR);
});

beforeEach(() => {
  getQueryClient().clear();
  answer = () => json(200, { items: [auditEntry()], nextCursor: null });
  fetchMock = vi.fn((url: string) => {
    const parsed = new URL(url, 'http://localhost');
    if (parsed.pathname === '/api/v1/admin/admins') {
      return json(200, {
        items: [
          { id: 'adm-1', username: 'joana', name: 'Joana', role: 'admin' },
          { id: 'adm-2', username: 'pedro', name: 'Pedro', role: 'admin' },
        ],
      });
    }
    return answer(parsed);
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => vi.unstubAllGlobals());

const auditCalls = () =>
  fetchMock.mock.calls
    .map(([url]) => new URL(String(url), 'http://localhost'))
    .filter((url) => url.pathname === '/api/v1/admin/audit');

describe('admin audit log screen', () => {
  it('shows when, who, what in words, a link to the order and what changed (English)', async () => {
    renderAt('/en-US/admin/audit', <AuditScreen />);
    const row = await screen.findByTestId('audit-entry-41');
    expect(within(row).getByText('joana')).toBeTruthy();
    expect(within(row).getByText('Order status changed')).toBeTruthy();
    expect(within(row).getByText('Order')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'EX-7K2Q9' }).getAttribute('href')).toBe(
      '/en-US/admin/orders/EX-7K2Q9',
    );
    expect(within(row).getByText('status: user_confirmed → admin_confirmed')).toBeTruthy();
    expect(within(row).getByText('amountReceived: 100')).toBeTruthy();
    // unchanged fields are left out of the diff
    expect(within(row).queryByText(/^reference:/)).toBeNull();
  });

  it('says the same in Portuguese, with the customer and token pages linked', async () => {
    answer = () =>
      json(200, {
        items: [
          auditEntry({
            id: 7,
            action: 'customer.deactivated',
            entityType: 'customer',
            entityId: 'cust-9',
            entityLabel: 'maria',
            before: { active: true },
            after: { active: false },
          }),
          auditEntry({
            id: 8,
            actorType: 'system',
            actor: null,
            action: 'token.synced_updated',
            entityType: 'token',
            entityId: 'tok-1',
            entityLabel: 'USDT',
            before: null,
            after: null,
          }),
        ],
        nextCursor: null,
      });
    renderAt('/admin/audit', <AuditScreen />);
    const customer = await screen.findByTestId('audit-entry-7');
    expect(within(customer).getByText('Cliente desativado')).toBeTruthy();
    expect(within(customer).getByRole('link', { name: 'maria' }).getAttribute('href')).toBe(
      '/admin/manager-customers/cust-9',
    );
    expect(within(customer).getByText('active: true → false')).toBeTruthy();
    const token = screen.getByTestId('audit-entry-8');
    expect(within(token).getByText('O sistema')).toBeTruthy();
    expect(
      within(token).getByText('Token alterado pela sincronização com a corretora'),
    ).toBeTruthy();
    expect(within(token).getByRole('link', { name: 'USDT' }).getAttribute('href')).toBe(
      '/admin/manager-tokens/USDT',
    );
    expect(within(token).getByText('Nenhum detalhe registrado.')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Antes e depois' })).toBeTruthy();
  });

  it('reads its filters from the URL and sends them to the API', async () => {
    renderAt(
      '/en-US/admin/audit?adminId=adm-2&action=settings.updated&entityType=settings&entityId=general&from=2026-11-01&to=2026-11-30',
      <AuditScreen />,
    );
    await screen.findByRole('table');
    expect(Object.fromEntries(auditCalls()[0]!.searchParams)).toEqual({
      adminId: 'adm-2',
      action: 'settings.updated',
      entityType: 'settings',
      entityId: 'general',
      from: '2026-11-01',
      to: '2026-11-30',
    });
    expect((screen.getByLabelText('Entity id or order reference') as HTMLInputElement).value).toBe(
      'general',
    );
  });

  it('writes a chosen admin and a typed entity to the URL', async () => {
    renderAt('/en-US/admin/audit', <AuditScreen />);
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('combobox', { name: 'Admin' }));
    fireEvent.click(await screen.findByRole('option', { name: 'pedro', hidden: true }));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/en-US/admin/audit?adminId=adm-2'),
    );
    fireEvent.change(screen.getByLabelText('Entity id or order reference'), {
      target: { value: 'EX-7K2Q9' },
    });
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(
        '/en-US/admin/audit?adminId=adm-2&entityId=EX-7K2Q9',
      ),
    );
    await waitFor(() =>
      expect(auditCalls().at(-1)?.search).toBe('?adminId=adm-2&entityId=EX-7K2Q9'),
    );
  });

  it('walks the keyset pages forwards with the cursor and back', async () => {
    answer = (url) => {
      const cursor = url.searchParams.get('cursor');
      if (!cursor) return json(200, { items: [auditEntry()], nextCursor: 'c-2' });
      return json(200, { items: [auditEntry({ id: 40 })], nextCursor: null });
    };
    renderAt('/en-US/admin/audit?action=order.status_changed', <AuditScreen />);
    await screen.findByTestId('audit-entry-41');
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByTestId('audit-entry-40');
    expect(auditCalls().at(-1)?.search).toBe('?action=order.status_changed&cursor=c-2');
    expect(screen.getByText('Page 2')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    await screen.findByTestId('audit-entry-41');
  });

  it('says so while loading, when nothing is recorded and when nothing matches', async () => {
    let release: (value: Response) => void = () => {};
    answer = () => new Promise((resolve) => (release = resolve));
    const view = renderAt('/en-US/admin/audit', <AuditScreen />);
    const statuses = await screen.findAllByRole('status');
    expect(statuses.some((status) => status.textContent?.includes('Loading'))).toBe(true);
    release(await json(200, { items: [], nextCursor: null }));
    expect((await screen.findByTestId('audit-empty')).textContent).toBe(
      'Nothing has been recorded yet.',
    );
    view.unmount();
    getQueryClient().clear();
    answer = () => json(200, { items: [], nextCursor: null });
    renderAt('/admin/audit?action=price.set', <AuditScreen />);
    expect((await screen.findByTestId('audit-empty')).textContent).toBe(
      'Nenhum registro corresponde a estes filtros.',
    );
  });

  it("shows the API's error with a retry, in the page's language", async () => {
    answer = () =>
      apiError(400, 'VALIDATION_ERROR', 'Informe uma data entre 01/01/2000 e 31/12/2099.');
    renderAt('/admin/audit', <AuditScreen />);
    const alert = await screen.findByRole('alert', {}, { timeout: 4000 });
    expect(within(alert).getByText('Informe uma data entre 01/01/2000 e 31/12/2099.')).toBeTruthy();
    answer = () => json(200, { items: [auditEntry()], nextCursor: null });
    fireEvent.click(within(alert).getByRole('button', { name: 'Tentar de novo' }));
    await screen.findByRole('table');
  });
});
