// @vitest-environment jsdom
import '../../../../test/setup-dom.ts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AdminRole } from '@permuta/contracts/admin-roles';
import type { AdminOrderView, PayoutHoldView } from '@permuta/contracts';
import { I18nextProvider } from '../../../i18n/react.tsx';
import { i18nFor } from '../../../i18n/i18n.ts';
import { AdminRoleContext } from '../../../lib/admin-access.tsx';
import { QueryProvider } from '../../../lib/query-client.tsx';
import { localizePath } from '../../../lib/locale.ts';
import type { Locale } from '../../../lib/locale.ts';
import { adminOrder, apiError, calls, json, stubFetch } from '../testing.tsx';
import { PayoutHoldPanel } from './payout-hold.tsx';

/** The admin order page's panel of a payout held by the risk limits (decision 043). */

const HELD: PayoutHoldView = {
  reasons: ['order_over_limit', 'new_wallet'],
  approvalsNeeded: 2,
  valueBrl: '60000.5',
  heldAt: '2026-11-28T15:00:00Z',
  releaseAt: null,
  state: 'held',
  endedAt: null,
  approvals: [{ admin: 'ana.finance', at: '2026-11-28T15:10:00Z' }],
};

let order: AdminOrderView;
let answer: () => Promise<Response>;
beforeEach(() => {
  order = adminOrder({ status: 'admin_confirmed', payoutHold: HELD });
  answer = () => json(200, order);
});
const fetchMock = stubFetch(() => answer());

function renderPanel(locale: Locale, role: AdminRole | null) {
  render(
    <MemoryRouter initialEntries={[localizePath('/admin/orders', locale)]}>
      <I18nextProvider i18n={i18nFor(locale)}>
        <MantineProvider>
          <QueryProvider>
            <AdminRoleContext.Provider value={role}>
              <PayoutHoldPanel order={order} id="EX-7K2Q9" />
            </AdminRoleContext.Provider>
          </QueryProvider>
        </MantineProvider>
      </I18nextProvider>
    </MemoryRouter>,
  );
  return screen.queryByTestId('payout-hold') as HTMLElement;
}

describe('payout hold panel', () => {
  it.each([
    [
      'en-US',
      'Automatic payout waiting for approval',
      'The order is above the limit per order.',
      'Approvals: 1 of 2',
      'Approve payout',
    ],
    [
      'pt-BR',
      'Pagamento automático aguardando aprovação',
      'O pedido está acima do limite por pedido.',
      'Aprovações: 1 de 2',
      'Aprovar pagamento',
    ],
  ] as const)(
    'says why it waits and who approved, in words (%s)',
    (locale, title, reason, count, button) => {
      const panel = renderPanel(locale, 'finance');
      expect(within(panel).getByText(title)).toBeTruthy();
      expect(within(panel).getByText(reason)).toBeTruthy();
      expect(within(panel).getByText(count)).toBeTruthy();
      expect(within(panel).getByText(/ana\.finance/)).toBeTruthy();
      expect(within(panel).getByRole('button', { name: button })).toBeTruthy();
      expect(panel.textContent).toMatch(/60[.,]000[.,]50/);
    },
  );

  it('offers no button to an operator, nor once the hold ended', () => {
    const panel = renderPanel('en-US', 'operator');
    expect(within(panel).queryByRole('button')).toBeNull();
    expect(within(panel).getByText('Finance approves held payouts.')).toBeTruthy();
  });

  it.each(['finance', 'operator'] as const)(
    "words its notes in the alert's own colour, not the dimmed grey that fades on its yellow (%s)",
    (role) => {
      const panel = renderPanel('en-US', role);
      const note = within(panel).getByText(
        role === 'finance'
          ? 'Above the second-approval limit: two different admins approve.'
          : 'Finance approves held payouts.',
      );
      expect(note.getAttribute('style') ?? '').not.toContain('--mantine-color-dimmed');
      expect(panel.querySelectorAll('[style*="--mantine-color-dimmed"]')).toHaveLength(0);
    },
  );

  it('shows nothing for a payout never held', () => {
    order = adminOrder({ payoutHold: null });
    renderPanel('en-US', 'owner');
    expect(screen.queryByTestId('payout-hold')).toBeNull();
  });

  it("approves with one POST, and shows the API's refusal of a second approval", async () => {
    answer = () =>
      apiError(
        409,
        'PAYOUT_ALREADY_APPROVED',
        'You have already approved this payout. It needs the approval of another admin.',
      );
    const panel = renderPanel('en-US', 'finance');
    fireEvent.click(within(panel).getByRole('button', { name: 'Approve payout' }));
    await waitFor(() =>
      expect(screen.getByTestId('approve-payout-error').textContent).toBe(
        'You have already approved this payout. It needs the approval of another admin.',
      ),
    );
    expect(calls(fetchMock).filter((c) => c.method === 'POST')).toEqual([
      expect.objectContaining({ url: '/api/v1/admin/orders/EX-7K2Q9/payout-approval' }),
    ]);
  });

  it('shows an ended hold without a button', () => {
    order = adminOrder({
      status: 'processing',
      payoutHold: {
        ...HELD,
        state: 'approved',
        approvals: [...HELD.approvals, HELD.approvals[0]!],
      },
    });
    const panel = renderPanel('en-US', 'owner');
    expect(panel.getAttribute('data-state')).toBe('approved');
    expect(within(panel).queryByRole('button')).toBeNull();
  });
});
