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
import { adminOrder, calls, json, stubFetch } from '../testing.tsx';
import { PaidTwicePanel } from './paid-twice.tsx';
import { PayoutHoldPanel } from './payout-hold.tsx';

/** The admin order page's panels of decision 048: a payout made twice, a hold ended by hand. */

let order: AdminOrderView;
beforeEach(() => {
  order = adminOrder({
    status: 'error',
    payoutError: { code: 'deriv_paid_twice', params: { transactions: ['101', '102'] } },
  });
});
const fetchMock = stubFetch(() => json(200, { ...order, status: 'admin_paid' }));
const posts = () => calls(fetchMock).filter((c) => c.method === 'POST');

function renderWith(locale: Locale, role: AdminRole | null, panel: 'twice' | 'hold' = 'twice') {
  render(
    <MemoryRouter initialEntries={[localizePath('/admin/orders', locale)]}>
      <I18nextProvider i18n={i18nFor(locale)}>
        <MantineProvider>
          <QueryProvider>
            <AdminRoleContext.Provider value={role}>
              {panel === 'twice' ? (
                <PaidTwicePanel order={order} id="EX-7K2Q9" />
              ) : (
                <PayoutHoldPanel order={order} id="EX-7K2Q9" />
              )}
            </AdminRoleContext.Provider>
          </QueryProvider>
        </MantineProvider>
      </I18nextProvider>
    </MemoryRouter>,
  );
}

describe('a payout made twice', () => {
  it('finance records what was done, with a note, and the order is closed (en-US)', async () => {
    renderWith('en-US', 'finance');
    const panel = screen.getByTestId('paid-twice');
    fireEvent.click(within(panel).getByRole('button', { name: 'Close as paid' }));
    expect(await within(panel).findByText('Write a note of at least 3 characters.')).toBeTruthy();
    expect(posts()).toHaveLength(0);
    fireEvent.click(within(panel).getByLabelText('The customer returned the extra transfer'));
    fireEvent.change(within(panel).getByLabelText(/Note/), {
      target: { value: 'Sent back on the 28th' },
    });
    fireEvent.click(within(panel).getByRole('button', { name: 'Close as paid' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    const [post] = posts();
    expect(post!.url).toContain('/api/v1/admin/orders/EX-7K2Q9/paid-twice');
    expect(JSON.parse(String(post!.body))).toEqual({
      outcome: 'duplicate_returned',
      note: 'Sent back on the 28th',
    });
  });

  it('below finance only says why it waits (pt-BR); other orders show nothing', () => {
    renderWith('pt-BR', 'operator');
    const panel = screen.getByTestId('paid-twice');
    expect(
      within(panel).getByText('O financeiro resolve pagamentos feitos duas vezes.'),
    ).toBeTruthy();
    expect(within(panel).queryByRole('button')).toBeNull();
  });

  it('a hold ended by hand says so, with when', () => {
    const hold: PayoutHoldView = {
      reasons: ['order_over_limit'],
      approvalsNeeded: 1,
      valueBrl: '6000',
      heldAt: '2026-11-28T15:00:00Z',
      releaseAt: null,
      state: 'paid_by_hand',
      endedAt: '2026-11-28T16:00:00Z',
      approvals: [],
    };
    order = adminOrder({ status: 'admin_paid', payoutHold: hold });
    renderWith('en-US', 'finance', 'hold');
    const panel = screen.getByTestId('payout-hold');
    expect(within(panel).getByText('Hold ended: the order was paid by hand')).toBeTruthy();
    expect(within(panel).getByTestId('payout-hold-ended').textContent).toMatch(/^Ended on /);
    expect(screen.queryByTestId('paid-twice')).toBeNull();
  });
});
