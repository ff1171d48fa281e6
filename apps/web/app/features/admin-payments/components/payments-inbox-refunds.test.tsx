// @vitest-environment jsdom
import '../../../../test/setup-dom.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminPayment } from '@permuta/contracts/payments';
import { addCatalogue } from '../../../i18n/i18n.ts';
import enUS from '../../../locales/en-US.json';
import ptBR from '../../../locales/pt-BR.json';
import { getQueryClient } from '../../../lib/query-client.tsx';
import { incomingPayment, json, renderAt } from '../testing.tsx';
import { PaymentsInbox } from './payments-inbox.tsx';

/** The inbox's refunds through the PSP (decision 048): the button, the state, the receipt. */

let fetchMock: ReturnType<typeof vi.fn>;
let payments: AdminPayment[];
let afterRefund: Partial<AdminPayment>;
const id = '5a1e7c9d-3b2f-4e6a-8c0d-9f8e7d6c5b4a';

beforeAll(() => {
  addCatalogue('en-US', enUS);
  addCatalogue('pt-BR', ptBR);
});

beforeEach(() => {
  getQueryClient().clear();
  payments = [incomingPayment({ refundAtProvider: true })];
  afterRefund = {};
  fetchMock = vi.fn((raw: string, init?: RequestInit) => {
    const url = new URL(raw, 'http://localhost');
    if (init?.method === 'POST' && url.pathname.endsWith('/refund')) {
      payments = payments.map((p) => ({ ...p, refundAtProvider: false, ...afterRefund }));
      return json(200, payments[0]);
    }
    return json(200, {
      items: payments,
      nextCursor: null,
      open: { total: payments.length, unmatched: payments.length, refunding: 0 },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => vi.unstubAllGlobals());

const posts = () =>
  fetchMock.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'POST');

describe('returning a payment through the PSP', () => {
  it('offers the PSP instead of marking by hand, asks with a note, and shows "waiting for the PSP"', async () => {
    afterRefund = {
      status: 'refunding',
      refund: { state: 'requested', refundId: 'RE1', providerId: null, refusal: null },
    };
    renderAt('/en-US/admin/payments', <PaymentsInbox />, { env: 'test' });
    const row = await screen.findByTestId(`payment-${id}`);
    expect(within(row).queryByRole('button', { name: 'Mark as returned' })).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: 'Return through the PSP' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ask for the refund' }));
    expect(await within(dialog).findByText('Write a note of at least 3 characters.')).toBeTruthy();
    expect(posts()).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText(/Note/), {
      target: { value: 'Nobody ordered this' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ask for the refund' }));
    await waitFor(() =>
      expect(screen.getByTestId('payment-refund-state').textContent).toBe(
        'Refund requested, waiting for the PSP',
      ),
    );
    expect(JSON.parse(String((posts()[0]![1] as RequestInit).body))).toEqual({
      note: 'Nobody ordered this',
    });
  });

  it('shows the receipt in Portuguese, and a refusal with the mark-by-hand button back', async () => {
    payments = [
      incomingPayment({
        status: 'refunding',
        refund: {
          state: 'refused',
          refundId: 'RE1',
          providerId: null,
          refusal: 'Pix fora do prazo',
        },
      }),
      incomingPayment({
        id: '6b2f8d0e-4c3a-4f7b-9d1e-0a9f8e7d6c5b',
        status: 'refunded',
        refund: {
          state: 'returned',
          refundId: 'RE2',
          providerId: 'D0908935620261129',
          refusal: null,
        },
      }),
    ];
    renderAt('/admin/payments', <PaymentsInbox />);
    const refused = await screen.findByTestId(`payment-${id}`);
    expect(within(refused).getByText('O PSP recusou a devolução: Pix fora do prazo')).toBeTruthy();
    expect(within(refused).getByRole('button', { name: 'Marcar como devolvido' })).toBeTruthy();
    expect(within(refused).queryByRole('button', { name: 'Devolver pelo PSP' })).toBeNull();
    expect(screen.getByText('Devolvido pelo PSP (comprovante D0908935620261129)')).toBeTruthy();
  });

  it('says a refund still not final after hours is stalled, with no button to return it again', async () => {
    payments = [
      incomingPayment({
        status: 'refunding',
        refund: { state: 'stalled', refundId: 'RE1', providerId: null, refusal: null },
      }),
    ];
    renderAt('/admin/payments', <PaymentsInbox />);
    const row = await screen.findByTestId(`payment-${id}`);
    expect(within(row).getByTestId('payment-refund-state').textContent).toBe(
      'Devolução ainda sem resposta final do PSP após horas: consulte o PSP (ela não é pedida de novo)',
    );
    expect(within(row).queryByRole('button', { name: 'Marcar como devolvido' })).toBeNull();
    expect(within(row).queryByRole('button', { name: 'Devolver pelo PSP' })).toBeNull();
  });
});

describe('the row actions', () => {
  /**
   * The labels of every button wrap anywhere (styles.css, for long labels at 390 px); in the
   * table's narrow last column that broke them mid-word ("Devol / ver pelo PSP", "Vincul / ar a
   * pedid / o" at 1366 px). The row's actions stack, each on one line.
   */
  it('keeps each action on one line, stacked', async () => {
    payments = [
      incomingPayment({ refundAtProvider: true }),
      incomingPayment({
        id: '6b2f8d0e-4c3a-4f7b-9d1e-0a9f8e7d6c5b',
        status: 'refunding',
        refund: { state: 'refused', refundId: 'RE1', providerId: null, refusal: 'Não' },
      }),
    ];
    renderAt('/admin/payments', <PaymentsInbox />);
    const row = await screen.findByTestId(`payment-${id}`);
    const labels = ['Vincular a pedido', 'Devolver pelo PSP'].map((name) =>
      within(row).getByRole('button', { name }).querySelector('.mantine-Button-label')!,
    );
    const refused = screen.getByTestId('payment-6b2f8d0e-4c3a-4f7b-9d1e-0a9f8e7d6c5b');
    labels.push(
      within(refused)
        .getByRole('button', { name: 'Marcar como devolvido' })
        .querySelector('.mantine-Button-label')!,
    );
    for (const label of labels) {
      expect(getComputedStyle(label).whiteSpace).toBe('nowrap');
      expect(getComputedStyle(label).overflowWrap).toBe('normal');
    }
    const actions = labels[0]!.closest('button')!.parentElement!;
    expect(actions.classList.contains('mantine-Stack-root')).toBe(true);
  });
});
