// @vitest-environment jsdom
import '../../../../test/setup-dom.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { AdminOrderListItem } from '../api/types.ts';
import { apiError, calls, json, listItem, renderAt, stubFetch } from '../testing.tsx';
import { OrdersDesk } from './orders-desk.tsx';

let answer: (url: URL) => Promise<Response>;
beforeEach(() => {
  answer = () => json(200, { items: [listItem()], nextCursor: null, total: 1 });
});

const fetchMock = stubFetch((url) => answer(new URL(url, 'http://localhost')));

/** URL.createObjectURL and revokeObjectURL faked for this test's download; the first is returned. */
function fakeObjectUrls() {
  const createObjectURL = vi.fn(() => 'blob:orders');
  const saved = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = vi.fn();
  onTestFinished(() => {
    URL.createObjectURL = saved.create;
    URL.revokeObjectURL = saved.revoke;
  });
  return createObjectURL;
}

/** Fake timers (still advancing by themselves) for this test, to jump to the next refresh. */
function fakeTimers() {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  onTestFinished(() => {
    vi.useRealTimers();
  });
}

/**
 * The API's answers with waiting work: `documents` documents waiting, `paid()` orders paid (the
 * counts ask with limit=5), and `items()` as the desk's own list.
 */
const withWork =
  (documents: number, paid: () => number, items: () => AdminOrderListItem[]) => (url: URL) => {
    if (url.pathname === '/api/v1/admin/documents')
      return json(200, { items: [], nextCursor: null, total: documents, late: 0 });
    if (url.searchParams.get('limit') === '5')
      return json(200, {
        items: [],
        nextCursor: null,
        total: url.searchParams.get('status') === 'paid' ? paid() : 0,
      });
    const list = items();
    return json(200, { items: list, nextCursor: null, total: list.length });
  };

// the desk's own list (the waiting-work counts ask with limit=5)
const listCalls = () =>
  calls(fetchMock)
    .filter((call) => call.url.startsWith('/api/v1/admin/orders') && !call.url.includes('limit='))
    .map((call) => new URL(call.url, 'http://localhost'));

describe('admin order desk', { timeout: 20_000 }, () => {
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

  it('says "more than 10,000" when the count stopped at its cap, in both languages', async () => {
    answer = () =>
      json(200, { items: [listItem()], nextCursor: null, total: 10_000, totalCapped: true });
    const en = renderAt('/en-US/admin/orders', <OrdersDesk />);
    await waitFor(() =>
      expect(screen.getByTestId('orders-total').textContent).toContain(
        'more than 10,000 orders match',
      ),
    );
    en.unmount();
    renderAt('/pt-BR/admin/orders', <OrdersDesk />);
    await waitFor(() =>
      expect(screen.getByTestId('orders-total').textContent).toContain(
        'mais de 10.000 pedidos encontrados',
      ),
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
      if (!cursor) return json(200, { items: [listItem()], nextCursor: 'c-2', total: 1 });
      if (cursor === 'c-2')
        return json(200, {
          items: [listItem({ id: 'o2', reference: 'EX-2' })],
          nextCursor: 'c-3',
          total: 1,
        });
      return json(200, {
        items: [listItem({ id: 'o3', reference: 'EX-3' })],
        nextCursor: null,
        total: 1,
      });
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
    answer = () => json(200, { items: [], nextCursor: null, total: 1 });
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
    answer = () => json(200, { items: [listItem()], nextCursor: null, total: 1 });
    fireEvent.click(within(alert).getByRole('button', { name: 'Tentar de novo' }));
    await screen.findByRole('table');
  });

  it('exports the filtered list as CSV', async () => {
    const createObjectURL = fakeObjectUrls();
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
        : json(200, { items: [listItem()], nextCursor: null, total: 1 });
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

  it('opening an order before the search settles opens the order', async () => {
    // the desk stays on screen while the order's page loads (here: it stays mounted)
    renderAt('/en-US/admin/orders', <OrdersDesk />);
    await screen.findByRole('table');
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'maria' } });
    fireEvent.click(screen.getByRole('link', { name: 'EX-7K2Q9' }));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(screen.getByTestId('location').textContent).toBe('/en-US/admin/orders/EX-7K2Q9');
  });

  it('keeps the page in the URL: a link opens it, previous and next write it', async () => {
    answer = (url) => {
      const cursor = url.searchParams.get('cursor');
      if (cursor === 'c-3')
        return json(200, {
          items: [listItem({ id: 'o3', reference: 'EX-3' })],
          nextCursor: 'c-4',
          total: 1,
        });
      if (cursor === 'c-4')
        return json(200, {
          items: [listItem({ id: 'o4', reference: 'EX-4' })],
          nextCursor: null,
          total: 1,
        });
      return json(200, {
        items: [listItem({ id: 'o2', reference: 'EX-2' })],
        nextCursor: 'c-3',
        total: 1,
      });
    };
    renderAt('/en-US/admin/orders?status=pending&after=c-2.c-3', <OrdersDesk />);
    await screen.findByTestId('order-row-EX-3');
    expect(listCalls()[0]?.search).toBe('?status=pending&cursor=c-3');
    expect(screen.getByText('Page 3')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByTestId('order-row-EX-4');
    expect(screen.getByTestId('location').textContent).toBe(
      '/en-US/admin/orders?status=pending&after=c-2.c-3.c-4',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Previous page' }));
    await screen.findByTestId('order-row-EX-2');
    expect(screen.getByTestId('location').textContent).toBe(
      '/en-US/admin/orders?status=pending&after=c-2',
    );
    // a new filter starts again from the first page
    fireEvent.change(screen.getByLabelText('Created from'), { target: { value: '2026-11-01' } });
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(
        '/en-US/admin/orders?status=pending&from=2026-11-01',
      ),
    );
  });

  it('refreshes by itself every 15 s: a newly paid order appears and the title counts the work', async () => {
    fakeTimers();
    document.title = 'Pedidos · Permuta';
    let paid = [listItem()];
    answer = withWork(
      2,
      () => paid.length,
      () => paid,
    );
    const view = renderAt('/admin/orders', <OrdersDesk />);
    await screen.findByTestId('order-row-EX-7K2Q9');
    await waitFor(() => expect(document.title).toBe('(3) Pedidos · Permuta'));
    expect(screen.getByTestId('orders-total').textContent).toContain('1 pedido encontrado');

    paid = [listItem({ id: 'o-new', reference: 'EX-NEW1', status: 'paid' }), listItem()];
    await vi.advanceTimersByTimeAsync(15_000);
    await screen.findByTestId('order-row-EX-NEW1');
    await waitFor(() => expect(document.title).toBe('(4) Pedidos · Permuta'));
    expect(screen.getByTestId('orders-total').textContent).toContain('2 pedidos encontrados');
    view.unmount();
    expect(document.title).toBe('Pedidos · Permuta');
  });

  it('beeps and notifies on new work only once the admin turns it on, asking permission on that click', async () => {
    fakeTimers();
    window.localStorage.removeItem('permuta.desk.alerts');
    const shown: string[] = [];
    const requestPermission = vi.fn(() => Promise.resolve('granted'));
    class FakeNotification {
      static permission = 'default';
      static requestPermission = requestPermission;
      constructor(title: string, options: { body: string }) {
        shown.push(`${title}: ${options.body}`);
      }
    }
    vi.stubGlobal('Notification', FakeNotification);
    let waiting = 1;
    answer = withWork(
      0,
      () => waiting,
      () => [listItem()],
    );
    renderAt('/en-US/admin/orders', <OrdersDesk />);
    await screen.findByTestId('order-row-EX-7K2Q9');
    const toggle = screen.getByRole('switch', { name: /Sound and notification on new work/ });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    expect(requestPermission).not.toHaveBeenCalled();

    waiting = 2; // off: nothing announced
    await vi.advanceTimersByTimeAsync(15_000);
    await waitFor(() => expect(document.title).toMatch(/^\(2\) /));
    expect(shown).toEqual([]);

    fireEvent.click(toggle);
    expect(requestPermission).toHaveBeenCalledTimes(1);
    expect(window.localStorage.getItem('permuta.desk.alerts')).toBe('on');
    FakeNotification.permission = 'granted';
    waiting = 3;
    await vi.advanceTimersByTimeAsync(15_000);
    await waitFor(() => expect(shown).toEqual(['Permuta back office: 3 items of work waiting']));
  });

  it('sorts on the server by waiting time, kept in the URL', async () => {
    renderAt('/en-US/admin/orders', <OrdersDesk />);
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('combobox', { name: 'Order by' }));
    fireEvent.click(
      await screen.findByRole('option', { name: 'Waiting longest first', hidden: true }),
    );
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/en-US/admin/orders?sort=waiting'),
    );
    await waitFor(() => expect(listCalls().at(-1)?.search).toBe('?sort=waiting'));
    expect(await screen.findByText('In this status since')).toBeTruthy();
  });

  it('confirms the ticked orders together after asking with their count and total, and says what happened to each', async () => {
    const a = listItem({
      id: 'a1',
      reference: 'EX-AAA',
      status: 'paid',
      sendToken: 'PIX',
      amountSend: '1000.50',
    });
    const b = listItem({
      id: 'b2',
      reference: 'EX-BBB',
      status: 'paid',
      sendToken: 'PIX',
      amountSend: '234.06',
    });
    let posted: unknown = null;
    answer = (url) => {
      if (url.pathname === '/api/v1/admin/orders/confirm-funds')
        return json(200, {
          results: [
            { id: 'a1', reference: 'EX-AAA', outcome: 'confirmed', status: 'admin_confirmed' },
            {
              id: 'b2',
              reference: 'EX-BBB',
              outcome: 'refused',
              code: 'ORDER_STATE_CONFLICT',
              message: 'O pedido mudou de situação.',
            },
          ],
        });
      return json(200, { items: [a, b], nextCursor: null, total: 2 });
    };
    fetchMock.mockImplementation((url: string, init?: RequestInit) => {
      if (init?.method === 'POST') posted = JSON.parse(String(init.body));
      return answer(new URL(url, 'http://localhost'));
    });
    renderAt('/admin/orders', <OrdersDesk />);
    await screen.findByTestId('order-row-EX-AAA');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Marcar todos os pedidos desta página' }));
    expect(screen.getByText('2 pedidos marcados')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar fundos (2)' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Confirmar os fundos de 2 pedidos?')).toBeTruthy();
    expect(within(dialog).getByTestId('bulk-totals').textContent).toBe('R$\u00a01.234,56');
    expect(posted).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmar 2 pedidos' }));
    await within(dialog).findByText('1 confirmados, 1 não confirmados');
    expect(posted).toEqual({ ids: ['a1', 'b2'] });
    const results = within(dialog).getByTestId('bulk-results').textContent ?? '';
    expect(results).toContain('EX-AAA: fundos confirmados');
    expect(results).toContain('EX-BBB: não confirmado. O pedido mudou de situação.');
    // the dialog's own close button and the one under the results
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Fechar' }).at(-1)!);
    await waitFor(() => expect(screen.queryByText('2 pedidos marcados')).toBeNull());
  });

  it('exports only the ticked orders', async () => {
    const createObjectURL = fakeObjectUrls();
    answer = (url) =>
      url.pathname.endsWith('export.csv')
        ? Promise.resolve(new Response('reference\n', { status: 200 }))
        : json(200, {
            items: [
              listItem({ id: 'a1', reference: 'EX-AAA' }),
              listItem({ id: 'b2', reference: 'EX-BBB' }),
            ],
            nextCursor: null,
            total: 2,
          });
    renderAt('/en-US/admin/orders?status=paid', <OrdersDesk />);
    await screen.findByTestId('order-row-EX-BBB');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Tick EX-BBB' }));
    fireEvent.click(screen.getByRole('button', { name: 'Export 1 ticked for Excel (pt-BR)' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    const exported = calls(fetchMock).find((call) => call.url.includes('export.csv'));
    expect(exported?.url).toBe(
      '/api/v1/admin/orders/export.csv?status=paid&dialect=excel-pt-BR&ids=b2',
    );
  });
});
