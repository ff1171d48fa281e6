// @vitest-environment jsdom
import '../../../../test/setup-dom.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminPayment } from '@permuta/contracts/payments';
import { addCatalogue } from '../../../i18n/i18n.ts';
import enUS from '../../../locales/en-US.json';
import ptBR from '../../../locales/pt-BR.json';
import { getQueryClient } from '../../../lib/query-client.tsx';
import { adminOrder } from '../../admin-orders/testing.tsx';
import { apiError, incomingPayment, json, renderAt } from '../testing.tsx';
import { PaymentsInbox } from './payments-inbox.tsx';

let fetchMock: ReturnType<typeof vi.fn>;
let answer: (url: URL, init?: RequestInit) => Promise<Response>;
let payments: AdminPayment[];

const id = '5a1e7c9d-3b2f-4e6a-8c0d-9f8e7d6c5b4a';
const order = adminOrder({
  status: 'pending',
  send: { code: 'PIX', name: 'Real (PIX)', kind: 'pix', precision: 2 },
  receive: { code: 'USDT', name: 'Tether', kind: 'crypto', precision: 2 },
  amountSend: '1200.00',
});

const page = (items: AdminPayment[]) => ({
  items,
  nextCursor: null,
  open: {
    total: payments.filter((p) => p.status === 'unmatched' || p.status === 'refunding').length,
    unmatched: payments.filter((p) => p.status === 'unmatched').length,
    refunding: payments.filter((p) => p.status === 'refunding').length,
  },
});

beforeAll(() => {
  addCatalogue('en-US', enUS);
  addCatalogue('pt-BR', ptBR);
});

beforeEach(() => {
  getQueryClient().clear();
  payments = [incomingPayment()];
  answer = (url, init) => {
    if (url.pathname === `/api/v1/admin/orders/${order.reference}`) return json(200, order);
    if (url.pathname.startsWith('/api/v1/admin/orders/')) {
      return apiError(404, 'NOT_FOUND', 'Not found.');
    }
    if (init?.method === 'POST' && url.pathname.endsWith('/attach')) {
      payments = payments.map((p) => ({
        ...p,
        status: 'credited',
        reason: null,
        order: {
          id: order.id,
          reference: order.reference,
          status: 'admin_confirmed',
          amountSend: '1200',
        },
      }));
      return json(200, payments[0]);
    }
    if (init?.method === 'POST' && url.pathname.endsWith('/refunded')) {
      payments = payments.map((p) => ({ ...p, status: 'refunded' }));
      return json(200, payments[0]);
    }
    const status = url.searchParams.get('status');
    return json(
      200,
      page(
        status === 'all'
          ? payments
          : payments.filter((p) => p.status === 'unmatched' || p.status === 'refunding'),
      ),
    );
  };
  fetchMock = vi.fn((url: string, init?: RequestInit) =>
    answer(new URL(url, 'http://localhost'), init),
  );
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => vi.unstubAllGlobals());

function posts() {
  return fetchMock.mock.calls.filter(
    ([, init]) => (init as RequestInit | undefined)?.method === 'POST',
  );
}

describe('admin incoming payments inbox', () => {
  it('lists the waiting payments with money as Brazilians read it and the reason in words', async () => {
    renderAt('/admin/payments', <PaymentsInbox />);
    const row = await screen.findByTestId(`payment-${id}`);
    expect(within(row).getByText('R$ 1.234,56')).toBeTruthy();
    expect(within(row).getByText('Ana Lima')).toBeTruthy();
    expect(within(row).getByText('529.982.247-25')).toBeTruthy();
    expect(within(row).getByText('permutaEX7K2Q9')).toBeTruthy();
    expect(within(row).getByText('Sem pedido')).toBeTruthy();
    expect(within(row).getByText('Nenhum pedido o identifica')).toBeTruthy();
    expect(screen.getByTestId('payments-open-count').textContent).toBe(
      '1 pagamento aguardando um admin',
    );
    const url = new URL(String(fetchMock.mock.calls[0]![0]), 'http://localhost');
    expect(url.pathname).toBe('/api/v1/admin/payments');
    expect(url.searchParams.get('status')).toBe('open');
  });

  it('attaches a payment to an order found by reference, showing both amounts first', async () => {
    renderAt('/en-US/admin/payments', <PaymentsInbox />, { env: 'test' });
    const row = await screen.findByTestId(`payment-${id}`);
    expect(within(row).getByText('R$1,234.56')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Attach to order' }));
    const dialog = await screen.findByRole('dialog');
    const submit = within(dialog).getByRole('button', { name: 'Attach and confirm funds' });
    expect(submit.hasAttribute('disabled')).toBe(true);

    fireEvent.change(within(dialog).getByLabelText('Order reference'), {
      target: { value: 'ex-nope' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Find' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Not found.');

    fireEvent.change(within(dialog).getByLabelText('Order reference'), {
      target: { value: order.reference.toLowerCase() },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Find' }));
    const found = await within(dialog).findByTestId('attach-order');
    expect(within(found).getByTestId('attach-order-amount').textContent).toContain('R$1,200.00');
    expect(within(found).getByTestId('attach-payment-amount').textContent).toContain('R$1,234.56');
    expect(within(found).getByTestId('attach-difference').textContent).toMatch(/more than/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Attach and confirm funds' }));
    await waitFor(() => expect(screen.getByTestId('payments-empty')).toBeTruthy());
    expect(posts()).toHaveLength(1);
    expect(posts()[0]![0]).toBe(`/api/v1/admin/payments/${id}/attach`);
    expect(JSON.parse(String((posts()[0]![1] as RequestInit).body))).toEqual({
      order: order.reference,
    });
  });

  it('shows the server’s refusal of an attachment in the dialog', async () => {
    const inner = answer;
    answer = (url, init) =>
      init?.method === 'POST'
        ? apiError(409, 'PAYMENT_ORDER_NOT_OPEN', 'Order EX-7K2Q9 is no longer waiting.')
        : inner(url, init);
    renderAt('/en-US/admin/payments', <PaymentsInbox />, { env: 'test' });
    fireEvent.click(await screen.findByRole('button', { name: 'Attach to order' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Order reference'), {
      target: { value: order.reference },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Find' }));
    await within(dialog).findByTestId('attach-order');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Attach and confirm funds' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Order EX-7K2Q9 is no longer waiting.',
    );
  });

  it('marks a payment as returned only with a note', async () => {
    renderAt('/en-US/admin/payments', <PaymentsInbox />, { env: 'test' });
    fireEvent.click(await screen.findByRole('button', { name: 'Mark as returned' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark as returned' }));
    expect(await within(dialog).findByText('Write a note of at least 3 characters.')).toBeTruthy();
    expect(posts()).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText(/Note/), {
      target: { value: 'Devolução PIX feita no banco' },
    });
    fireEvent.change(within(dialog).getByLabelText('Receipt'), { target: { value: 'D123' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark as returned' }));
    await waitFor(() => expect(screen.getByTestId('payments-empty')).toBeTruthy());
    expect(JSON.parse(String((posts()[0]![1] as RequestInit).body))).toEqual({
      note: 'Devolução PIX feita no banco',
      receipt: 'D123',
    });
  });

  it('filters by provider and shows every payment with its order link', async () => {
    payments = [
      incomingPayment({
        status: 'credited',
        reason: null,
        order: {
          id: order.id,
          reference: 'EX-7K2Q9',
          status: 'admin_confirmed',
          amountSend: '1200',
        },
      }),
    ];
    renderAt('/en-US/admin/payments?status=all&provider=pix', <PaymentsInbox />);
    const row = await screen.findByTestId(`payment-${id}`);
    const link = within(row).getByRole('link', { name: 'EX-7K2Q9' });
    expect(link.getAttribute('href')).toBe('/en-US/admin/orders/EX-7K2Q9');
    expect(within(row).queryByRole('button')).toBeNull();
    const url = new URL(String(fetchMock.mock.calls[0]![0]), 'http://localhost');
    expect(url.searchParams.get('status')).toBe('all');
    expect(url.searchParams.get('provider')).toBe('pix');
  });

  it('says so while loading, when nothing waits, and shows an error with a retry', async () => {
    let release: (value: Response) => void = () => {};
    answer = () => new Promise((resolve) => (release = resolve));
    const view = renderAt('/en-US/admin/payments', <PaymentsInbox />);
    const statuses = await screen.findAllByRole('status');
    expect(statuses.some((s) => s.textContent?.includes('Loading'))).toBe(true);
    payments = [];
    release(await json(200, page([])));
    expect((await screen.findByTestId('payments-empty')).textContent).toBe(
      'No payment is waiting for an admin.',
    );
    view.unmount();

    getQueryClient().clear();
    answer = () => apiError(500, 'INTERNAL_ERROR', 'Ocorreu um erro. Tente novamente.');
    renderAt('/admin/payments', <PaymentsInbox />);
    const alert = await screen.findByRole('alert', {}, { timeout: 4000 });
    expect(within(alert).getByText('Ocorreu um erro. Tente novamente.')).toBeTruthy();
    payments = [incomingPayment()];
    answer = () => json(200, page(payments));
    fireEvent.click(within(alert).getByRole('button', { name: 'Tentar de novo' }));
    await screen.findByTestId(`payment-${id}`);
  });
});
