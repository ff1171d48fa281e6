// @vitest-environment jsdom
import '../../../../test/setup-dom.ts';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminPayment } from '@permuta/contracts/payments';
import { addCatalogue } from '../../../i18n/i18n.ts';
import enUS from '../../../locales/en-US.json';
import ptBR from '../../../locales/pt-BR.json';
import { getQueryClient } from '../../../lib/query-client.tsx';
import { incomingPayment, json, renderAt } from '../testing.tsx';
import { PaymentsInbox } from './payments-inbox.tsx';

/**
 * A refund-only credit whose devolução the PSP refused or left stalled (decision 048, "Mended"):
 * listed with the PSP's words and what to do about its order, and its own filter.
 */

let fetchMock: ReturnType<typeof vi.fn>;
let payments: AdminPayment[];
const id = '5a1e7c9d-3b2f-4e6a-8c0d-9f8e7d6c5b4a';
const order = { id: 'o-1', reference: 'EX-7K2Q9', status: 'admin_confirmed', amountSend: '500.00' };

const credited = (refund: AdminPayment['refund']) =>
  incomingPayment({
    status: 'credited',
    reason: 'amount_outside_limits',
    amount: '2.00',
    order,
    refund,
  });

beforeAll(() => {
  addCatalogue('en-US', enUS);
  addCatalogue('pt-BR', ptBR);
});

beforeEach(() => {
  getQueryClient().clear();
  payments = [];
  fetchMock = vi.fn(() =>
    json(200, {
      items: payments,
      nextCursor: null,
      open: { total: payments.length, unmatched: 0, refunding: 0, refundStuck: payments.length },
    }),
  );
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => vi.unstubAllGlobals());

const requested = () =>
  fetchMock.mock.calls.map(([raw]) => new URL(String(raw), 'http://localhost').searchParams);

describe('a stuck refund of a refund-only order', () => {
  it('refused: the PSP words, and the desk returns it by hand; nothing to press here', async () => {
    payments = [
      credited({
        state: 'refused',
        refundId: 'RE1',
        providerId: null,
        refusal: 'Devolução não realizada',
      }),
    ];
    renderAt('/en-US/admin/payments', <PaymentsInbox />, { env: 'test' });
    const row = await screen.findByTestId(`payment-${id}`);
    expect(within(row).getByTestId('payment-refund-state').textContent).toContain(
      'The PSP refused the refund: Devolução não realizada',
    );
    expect(within(row).getByTestId('payment-refund-todo').textContent).toContain(
      'Return it by hand (from the bank account), then refund order EX-7K2Q9 on its page',
    );
    expect(within(row).getByRole('link', { name: 'EX-7K2Q9' })).toBeTruthy();
    expect(within(row).queryAllByRole('button')).toHaveLength(0);
    expect(screen.getByTestId('payments-open-count').textContent).toContain('1');
  });

  it('stalled, in Portuguese: ask the PSP about the devolução, the order is not refunded by hand', async () => {
    payments = [credited({ state: 'stalled', refundId: 'RE2', providerId: null, refusal: null })];
    renderAt('/admin/payments', <PaymentsInbox />, { env: 'test' });
    const row = await screen.findByTestId(`payment-${id}`);
    expect(within(row).getByTestId('payment-refund-state').getAttribute('data-state')).toBe(
      'stalled',
    );
    expect(within(row).getByTestId('payment-refund-todo').textContent).toContain(
      'Consulte o PSP sobre a devolução RE2. O pedido EX-7K2Q9 não pode ser estornado manualmente',
    );
    expect(within(row).queryAllByRole('button')).toHaveLength(0);
  });

  it('an inbox payment still refunding says no more than before (no order to refund)', async () => {
    payments = [
      incomingPayment({
        status: 'refunding',
        refund: { state: 'stalled', refundId: 'RE3', providerId: null, refusal: null },
      }),
    ];
    renderAt('/en-US/admin/payments', <PaymentsInbox />, { env: 'test' });
    const row = await screen.findByTestId(`payment-${id}`);
    expect(within(row).getByTestId('payment-refund-state')).toBeTruthy();
    expect(within(row).queryByTestId('payment-refund-todo')).toBeNull();
  });

  it('the filter of stuck refunds asks for them alone, and says when there are none', async () => {
    renderAt('/en-US/admin/payments?status=refunds', <PaymentsInbox />, { env: 'test' });
    expect((await screen.findByTestId('payments-empty')).textContent).toContain(
      'No refund is refused or stalled at the PSP.',
    );
    expect(requested().some((query) => query.get('status') === 'refunds')).toBe(true);
    expect(
      (screen.getByRole('combobox', { name: 'Payments to show' }) as HTMLInputElement).value,
    ).toBe('Refunds stuck at the PSP');
  });

  it('choosing the filter from the open list shows the stuck refunds', async () => {
    renderAt('/en-US/admin/payments', <PaymentsInbox />, { env: 'test' });
    expect((await screen.findByTestId('payments-empty')).textContent).toContain(
      'No payment is waiting for an admin.',
    );
    fireEvent.click(screen.getByRole('combobox', { name: 'Payments to show' }));
    fireEvent.click(
      await screen.findByRole('option', { name: 'Refunds stuck at the PSP', hidden: true }),
    );
    expect(await screen.findByText('No refund is refused or stalled at the PSP.')).toBeTruthy();
    expect(requested().at(-1)?.get('status')).toBe('refunds');
  });
});
