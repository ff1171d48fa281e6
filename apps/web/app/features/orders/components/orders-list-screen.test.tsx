// @vitest-environment jsdom
import '../../../../test/setup-dom.ts';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderListItem } from '@permuta/contracts/orders';
import { getQueryClient } from '../../../lib/query-client.tsx';
import { OrdersListScreen } from './orders-list-screen.tsx';
import { json, loadCatalogues, renderScreen } from './test-fixtures.tsx';

function item(n: number, over: Partial<OrderListItem> = {}): OrderListItem {
  return {
    id: `o${n}`,
    reference: `EX-${String(n).padStart(5, '0')}`,
    status: 'pending',
    summary: 'not_paid_yet',
    sendToken: 'USDT',
    receiveToken: 'PIX',
    amountSend: '100.000000',
    amountReceive: '521.10',
    createdAt: `2026-11-${String(20 - (n % 10)).padStart(2, '0')}T10:00:00.000Z`,
    ...over,
  };
}

const completed = item(3, { status: 'completed', summary: 'closed' });
let fetchMock: ReturnType<typeof vi.fn>;
let fail = false;

// the first render loads the screen's modules: give a busy machine time
configure({ asyncUtilTimeout: 4000 });

beforeAll(loadCatalogues);

beforeEach(() => {
  getQueryClient().clear();
  fail = false;
  fetchMock = vi.fn((url: string) => {
    if (fail) return json(500, { error: { code: 'INTERNAL_ERROR', message: 'x' } });
    const query = new URL(url, 'http://x').searchParams;
    const status = query.get('status');
    const page = Number(query.get('page') ?? '1');
    if (status === 'completed')
      return json(200, { items: [completed], page, pageSize: 20, total: 1 });
    if (status) return json(200, { items: [], page, pageSize: 20, total: 0 });
    const items = Array.from({ length: page === 1 ? 20 : 5 }, (_, i) =>
      item((page - 1) * 20 + i + 1),
    );
    return json(200, { items, page, pageSize: 20, total: 25 });
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => vi.unstubAllGlobals());

const render = (locale: 'en-US' | 'pt-BR' = 'en-US') =>
  renderScreen(<OrdersListScreen />, { locale, path: '/profile/my-orders' });

const requested = () => fetchMock.mock.calls.map(([url]) => String(url));

async function chooseStatus(label: string, option: string) {
  fireEvent.click(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
}

describe('my orders', () => {
  it('lists the orders newest first, each linking to its page, with the status in words', async () => {
    render('en-US');
    const table = await screen.findByTestId('orders-table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(20);
    const link = within(rows[0] as HTMLElement).getByRole('link', { name: 'EX-00001' });
    expect(link.getAttribute('href')).toBe('/en-US/profile/my-orders/EX-00001');
    expect(rows[0]?.textContent).toContain('100\u00a0USDT');
    expect(rows[0]?.textContent).toContain('Waiting for your payment');
    expect(requested()[0]).toBe('/api/v1/orders?pageSize=20');
  });

  it.each([
    ['en-US', ['Order', 'Date', 'You send', 'You receive', 'Status']],
    ['pt-BR', ['Pedido', 'Data', 'Você envia', 'Você recebe', 'Situação']],
  ] as const)(
    'names every cell of a row (%s), so a phone shows each field as a labelled card line',
    async (locale, labels) => {
      render(locale);
      const table = await screen.findByTestId('orders-table');
      expect(table.closest('.mantine-ScrollArea-root')).toBeNull();
      const row = within(table).getAllByRole('row')[1] as HTMLElement;
      const cells = within(row).getAllByRole('cell');
      expect(cells.map((cell) => cell.getAttribute('data-label'))).toEqual([...labels]);
      expect(cells[3]?.textContent).toMatch(/R\$\u00a0?521[.,]10/);
      expect(cells[4]?.textContent).not.toBe('');
    },
  );

  it('filters by status, All included, and starts the filter on its first page', async () => {
    render('en-US');
    await screen.findByTestId('orders-table');
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(requested()).toContain('/api/v1/orders?page=2&pageSize=20'));

    await chooseStatus('Status', 'Completed');
    await waitFor(() =>
      expect(requested()).toContain('/api/v1/orders?status=completed&pageSize=20'),
    );
    const table = await screen.findByTestId('orders-table');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(within(table).getByRole('link', { name: 'EX-00003' })).toBeTruthy();
    expect(table.textContent).toContain('Completed');

    await chooseStatus('Status', 'All');
    await waitFor(() =>
      expect(within(screen.getByTestId('orders-table')).getAllByRole('row')).toHaveLength(21),
    );
  });

  it('says when no order has the status, and offers to exchange', async () => {
    render('pt-BR');
    await screen.findByTestId('orders-table');
    await chooseStatus('Situação', 'Reembolsado');
    const empty = await screen.findByTestId('orders-empty');
    expect(empty.textContent).toContain('Nenhum pedido com este status.');
    expect(within(empty).getByRole('link', { name: 'Trocar agora' }).getAttribute('href')).toBe(
      '/profile/exchange-now',
    );
  });

  it('says so when the orders cannot be loaded, and retries', async () => {
    fail = true;
    render('en-US');
    expect(await screen.findByText('We could not load your orders.')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('orders-table')).toBeTruthy();
  });
});
