// @vitest-environment jsdom
import '../../../../test/setup-dom.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { addCatalogue } from '../../../i18n/i18n.ts';
import enUS from '../../../locales/en-US.json';
import ptBR from '../../../locales/pt-BR.json';
import { getQueryClient } from '../../../lib/query-client.tsx';
import { apiError, calls, json, listItem, renderAt } from '../testing.tsx';
import { OrdersDesk } from './orders-desk.tsx';

let fetchMock: ReturnType<typeof vi.fn>;
let answer: (url: URL) => Promise<Response>;

beforeAll(() => {
  addCatalogue('en-US', enUS);
  addCatalogue('pt-BR', ptBR);
});

beforeEach(() => {
  getQueryClient().clear();
  answer = () => json(200, { items: [listItem()], nextCursor: null });
  fetchMock = vi.fn((url: string) => answer(new URL(url, 'http://localhost')));
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => vi.unstubAllGlobals());

const listCalls = () =>
  calls(fetchMock)
    .filter((call) => call.url.startsWith('/api/v1/admin/orders'))
    .map((call) => new URL(call.url, 'http://localhost'));

describe('admin order desk', () => {
  it('lists the orders with their status in words and links to each order', async () => {
    renderAt('/en-US/admin/orders', <OrdersDesk />);
    const table = await screen.findByRole('table');
    const row = within(table).getByTestId('order-row-EX-7K2Q9');
    expect(within(row).getByText('Confirmed by customer')).toBeTruthy();
    expect(within(row).getByText('Maria Souza')).toBeTruthy();
    expect(within(row).getByText('USDT to PIX')).toBeTruthy();
    expect(within(row).getByText('Sends 100 USDT')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'EX-7K2Q9' }).getAttribute('href')).toBe(
      '/en-US/admin/orders/EX-7K2Q9',
    );
  });

  it('reads its filters from the URL and sends them to the API', async () => {
    renderAt('/admin/orders?status=refunded&q=maria&from=2026-11-01&to=2026-11-30', <OrdersDesk />);
    await screen.findByRole('table');
    const url = listCalls()[0]!;
    expect(Object.fromEntries(url.searchParams)).toEqual({
      status: 'refunded',
      q: 'maria',
      from: '2026-11-01',
      to: '2026-11-30',
    });
    expect((screen.getByLabelText('Buscar') as HTMLInputElement).value).toBe('maria');
  });

  it('writes a new search, status and date range to the URL', async () => {
    renderAt('/en-US/admin/orders', <OrdersDesk />);
    await screen.findByRole('table');
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'EX-7K2Q9' } });
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/en-US/admin/orders?q=EX-7K2Q9'),
    );
    fireEvent.change(screen.getByLabelText('Created from'), { target: { value: '2026-11-01' } });
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(
        '/en-US/admin/orders?q=EX-7K2Q9&from=2026-11-01',
      ),
    );
    fireEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Payout error', hidden: true }));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(
        '/en-US/admin/orders?status=error&q=EX-7K2Q9&from=2026-11-01',
      ),
    );
    await waitFor(() =>
      expect(listCalls().at(-1)?.search).toBe('?status=error&q=EX-7K2Q9&from=2026-11-01'),
    );
  });

  it('walks the keyset pages forwards with the cursor and back with the stack', async () => {
    answer = (url) => {
      const cursor = url.searchParams.get('cursor');
      if (!cursor) return json(200, { items: [listItem()], nextCursor: 'c-2' });
      if (cursor === 'c-2')
        return json(200, { items: [listItem({ id: 'o2', reference: 'EX-2' })], nextCursor: 'c-3' });
      return json(200, { items: [listItem({ id: 'o3', reference: 'EX-3' })], nextCursor: null });
    };
    renderAt('/en-US/admin/orders?status=pending', <OrdersDesk />);
    await screen.findByTestId('order-row-EX-7K2Q9');
    expect(screen.getByRole('button', { name: 'Previous page' }).hasAttribute('disabled')).toBe(
      true,
    );

    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByTestId('order-row-EX-2');
    expect(listCalls().at(-1)?.search).toBe('?status=pending&cursor=c-2');

    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByTestId('order-row-EX-3');
    expect(listCalls().at(-1)?.search).toBe('?status=pending&cursor=c-3');
    expect(screen.getByRole('button', { name: 'Next page' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('Page 3')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    await screen.findByTestId('order-row-EX-2');
    expect(screen.getByText('Page 2')).toBeTruthy();
  });

  it('says when nothing matches the filters', async () => {
    answer = () => json(200, { items: [], nextCursor: null });
    renderAt('/admin/orders?status=canceled', <OrdersDesk />);
    expect((await screen.findByTestId('orders-empty')).textContent).toBe(
      'Nenhum pedido corresponde a estes filtros.',
    );
  });

  it("shows the API's error with a retry when the list cannot load", async () => {
    answer = () => apiError(500, 'INTERNAL_ERROR', 'Ocorreu um erro. Tente novamente.');
    renderAt('/admin/orders', <OrdersDesk />);
    const alert = await screen.findByRole('alert', {}, { timeout: 4000 });
    expect(within(alert).getByText('Ocorreu um erro. Tente novamente.')).toBeTruthy();
    answer = () => json(200, { items: [listItem()], nextCursor: null });
    fireEvent.click(within(alert).getByRole('button', { name: 'Tentar de novo' }));
    await screen.findByRole('table');
  });

  it('exports the filtered list as CSV', async () => {
    const createObjectURL = vi.fn(() => 'blob:orders');
    const saved = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = vi.fn();
    onTestFinished(() => {
      URL.createObjectURL = saved.create;
      URL.revokeObjectURL = saved.revoke;
    });
    answer = (url) =>
      url.pathname.endsWith('export.csv')
        ? Promise.resolve(
            new Response('reference\nEX-7K2Q9\n', {
              status: 200,
              headers: {
                'content-type': 'text/csv',
                'content-disposition': 'attachment; filename="orders.csv"',
              },
            }),
          )
        : json(200, { items: [listItem()], nextCursor: null });
    renderAt('/en-US/admin/orders?status=completed&q=maria', <OrdersDesk />);
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    const exported = calls(fetchMock).find((call) => call.url.includes('export.csv'));
    expect(exported?.url).toBe('/api/v1/admin/orders/export.csv?status=completed&q=maria');

    fireEvent.click(screen.getByRole('button', { name: 'Export for Excel (pt-BR)' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(2));
    const excel = calls(fetchMock).filter((call) => call.url.includes('export.csv'))[1];
    expect(excel?.url).toBe(
      '/api/v1/admin/orders/export.csv?status=completed&q=maria&dialect=excel-pt-BR',
    );
  });
});
