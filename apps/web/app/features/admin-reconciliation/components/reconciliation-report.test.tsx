// @vitest-environment jsdom
import '../../../../test/setup-dom.ts';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { addDays } from '@permuta/contracts/dashboard';
import { reconciliationToday } from '@permuta/contracts/reconciliation';
import type { ReconciliationReport as Report } from '@permuta/contracts/reconciliation';
import {
  apiError,
  json,
  reconciliationAccount,
  reconciliationReport,
  renderAt,
  stubFetch,
} from '../testing.tsx';
import { ReconciliationReport } from './reconciliation-report.tsx';

let report: Report = reconciliationReport();
let failure: Promise<Response> | null = null;
const fetchMock = stubFetch((url: string) => {
  if (failure) return failure;
  const day = new URL(url, 'http://localhost').searchParams.get('day') ?? '';
  return json(200, { ...report, day });
});

function askedDays(): string[] {
  return fetchMock.mock.calls.map(
    ([url]) => new URL(String(url), 'http://localhost').searchParams.get('day') ?? '',
  );
}

const full = () =>
  reconciliationReport({
    accounts: [
      reconciliationAccount({
        differences: [
          {
            reason: 'amount_differs',
            paymentId: '5a1e7c9d-3b2f-4e6a-8c0d-9f8e7d6c5b4a',
            externalId: 'E18236120202611221305s0123456789',
            orderId: '7d0c2a7e-7a1b-4c5e-9d3f-2b1a0c9d8e7f',
            orderReference: 'EX-7K2Q9',
            amount: '539.99',
            creditedAmount: '540',
            at: '2026-11-27T13:05:00.000Z',
            otherDay: null,
            payerName: null,
          },
          {
            reason: 'confirmed_by_hand',
            paymentId: null,
            externalId: null,
            orderId: '8d0c2a7e-7a1b-4c5e-9d3f-2b1a0c9d8e7f',
            orderReference: 'EX-AB123',
            amount: '1000',
            creditedAmount: null,
            at: '2026-11-27T14:00:00.000Z',
            otherDay: null,
            payerName: null,
          },
        ],
      }),
      reconciliationAccount({
        key: 'crypto:USDT:TRC20',
        provider: 'crypto',
        token: 'USDT',
        network: 'TRC20',
        received: { count: 1, sum: '12.345678' },
        refunded: { count: 0, sum: '0' },
        credited: { count: 0, sum: '0' },
        paidOut: { count: 0, sum: '0' },
      }),
    ],
  });

describe('the daily reconciliation page', () => {
  it('shows a card per account with money the Brazilian way and the differences linked', async () => {
    report = full();
    failure = null;
    renderAt('/admin/reconciliation?day=2026-11-27', <ReconciliationReport />);
    const pix = await screen.findByTestId('account-pix:PIX');
    expect(within(pix).getByRole('heading', { name: 'PIX (reais)' })).toBeTruthy();
    expect(
      within(within(pix).getByTestId('figure-received')).getByText('R$ 1.234,56'),
    ).toBeTruthy();
    expect(
      within(within(pix).getByTestId('figure-received')).getByText('3 lançamentos'),
    ).toBeTruthy();
    expect(within(within(pix).getByTestId('figure-paid-out')).getByText('R$ 521,10')).toBeTruthy();
    expect(within(pix).getByText('1 diferença para conferir')).toBeTruthy();
    const differs = within(pix).getByTestId('difference-amount_differs');
    expect(within(differs).getByText('R$ 539,99')).toBeTruthy();
    expect(within(differs).getByText('creditado como R$ 540,00')).toBeTruthy();
    // Brasília time, the calendar of the report's days (13:05 UTC)
    expect(within(differs).getByText('27/11/2026, 10:05')).toBeTruthy();
    expect(screen.getByTestId('reconciliation-day').textContent).toBe(
      'sexta-feira, 27 de novembro de 2026',
    );
    expect(within(differs).getByRole('link', { name: 'EX-7K2Q9' }).getAttribute('href')).toBe(
      '/admin/orders/EX-7K2Q9',
    );
    expect(
      within(differs)
        .getByRole('link', { name: 'Abrir na caixa de pagamentos' })
        .getAttribute('href'),
    ).toBe('/admin/payments?status=all&provider=pix');
    expect(within(pix).getByTestId('difference-confirmed_by_hand').textContent).toContain(
      'Confirmado à mão',
    );
    const usdt = screen.getByTestId('account-crypto:USDT:TRC20');
    expect(within(usdt).getByRole('heading', { name: 'USDT na rede TRC20' })).toBeTruthy();
    expect(within(usdt).getByText('12,345678 USDT')).toBeTruthy();
    expect(askedDays()).toEqual(['2026-11-27']);
  });

  it('moves a day back and forth, never beyond today, in English', async () => {
    report = reconciliationReport();
    failure = null;
    const today = reconciliationToday(new Date());
    const yesterday = addDays(today, -1);
    renderAt('/en-US/admin/reconciliation', <ReconciliationReport />, { env: 'test' });
    expect(await screen.findByTestId('reconciliation-empty')).toBeTruthy();
    expect(screen.getByTestId('reconciliation-empty').textContent).toMatch(
      /^Nothing was received or sent on /,
    );
    expect(askedDays()).toEqual([yesterday]);
    fireEvent.click(screen.getByRole('button', { name: 'Next day' }));
    await screen.findByText(/Nothing was received/);
    expect(screen.getByTestId('location').textContent).toBe(
      `/en-US/admin/reconciliation?day=${today}`,
    );
    expect(screen.getByRole('button', { name: 'Next day' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Previous day' }));
    expect(screen.getByTestId('location').textContent).toBe(
      `/en-US/admin/reconciliation?day=${yesterday}`,
    );
  });

  it('says why a day cannot be shown', async () => {
    failure = apiError(
      422,
      'RECONCILIATION_DAY_FUTURE',
      'O dia 2999-01-01 ainda não chegou no Brasil.',
    );
    renderAt('/admin/reconciliation?day=2999-01-01', <ReconciliationReport />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('ainda não chegou');
    // nothing to retry: the way to a day that can be shown instead
    expect(within(alert).queryByRole('button')).toBeNull();
    failure = null;
    fireEvent.click(screen.getByRole('button', { name: 'Ver hoje' }));
    expect(screen.getByTestId('location').textContent).toBe(
      `/admin/reconciliation?day=${reconciliationToday(new Date())}`,
    );
  });

  it('downloads an account’s CSV in the dialect of the page’s language', async () => {
    report = full();
    failure = null;
    const created = vi.fn(() => 'blob:x');
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }),
    );
    fetchMock.mockImplementation((url: string) =>
      url.includes('.csv')
        ? Promise.resolve(
            new Response('linha;código\r\n', {
              status: 200,
              headers: { 'content-disposition': 'attachment; filename="r.csv"' },
            }),
          )
        : json(200, report),
    );
    renderAt('/admin/reconciliation?day=2026-11-27', <ReconciliationReport />);
    const pix = await screen.findByTestId('account-pix:PIX');
    fireEvent.click(within(pix).getByRole('button', { name: 'Baixar CSV de PIX (reais)' }));
    await vi.waitFor(() => expect(created).toHaveBeenCalled());
    const csv = fetchMock.mock.calls
      .map(([url]) => String(url))
      .find((url) => url.includes('.csv'));
    expect(csv).toBe(
      '/api/v1/admin/reconciliation.csv?day=2026-11-27&provider=pix%3APIX&dialect=excel-pt-BR',
    );
  });
});
