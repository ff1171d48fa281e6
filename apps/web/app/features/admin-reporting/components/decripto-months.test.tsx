// @vitest-environment jsdom
import '../../../../test/setup-dom.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DecriptoMonths } from '@permuta/contracts/decripto';
import {
  adminSession,
  apiError,
  decriptoMonths,
  decriptoReport,
  json,
  renderAt,
  stubFetch,
} from '../testing.tsx';
import { DecriptoMonthsScreen } from './decripto-months.tsx';

let months: DecriptoMonths = decriptoMonths();
let role: 'operator' | 'finance' | 'owner' = 'owner';
let failure: Promise<Response> | null = null;
const fetchMock = stubFetch((url: string, init?: RequestInit) => {
  if (url === '/api/v1/me') return json(200, adminSession(role));
  if (failure) return failure;
  if (url === '/api/v1/admin/decripto') return json(200, months);
  if (init?.method === 'POST' && url.endsWith('/versions')) {
    return json(201, decriptoReport({ month: '2026-09', version: 1 }));
  }
  if (init?.method === 'POST' && url.endsWith('/sent')) {
    return json(200, decriptoReport({ status: 'sent', receipt: '12.34' }));
  }
  return apiError(404, 'NOT_FOUND', 'Not found.');
});

describe('the DeCripto page', () => {
  it('shows the months, their versions in R$ and the layout notice (pt-BR)', async () => {
    months = decriptoMonths();
    role = 'owner';
    failure = null;
    renderAt('/admin/decripto', <DecriptoMonthsScreen />);
    const october = await screen.findByTestId('month-2026-10');
    expect(within(october).getByText('outubro de 2026')).toBeTruthy();
    expect(within(october).getByText('R$ 1.234,56')).toBeTruthy();
    expect(within(october).getByText('R$ 45,60')).toBeTruthy();
    expect(within(october).getByTestId('checksum').textContent).toBe('a'.repeat(64));
    expect(within(october).getByText('rotina mensal')).toBeTruthy();
    expect(screen.getByTestId('layout-notice').textContent).toContain(
      'Leiaute oficial v1.0 do ADE Copes nº 2/2026 não verificado — arquivo para conferência',
    );
    expect(
      within(screen.getByTestId('month-2026-09')).getByText('Nenhuma versão gerada.'),
    ).toBeTruthy();
  });

  it('generates a version and records a receipt as owner (en-US)', async () => {
    months = decriptoMonths();
    role = 'owner';
    failure = null;
    renderAt('/en-US/admin/decripto', <DecriptoMonthsScreen />, { env: 'test' });
    fireEvent.click(
      await screen.findByRole('button', { name: 'Generate a new version of 2026-09' }),
    );
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([url, init]) =>
            url === '/api/v1/admin/decripto/2026-09/versions' &&
            (init as RequestInit | undefined)?.method === 'POST',
        ),
      ).toBe(true),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Mark as sent' }));
    fireEvent.change(screen.getByLabelText(/Receita's receipt number/), {
      target: { value: '12.34' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Record as sent' }));
    await waitFor(() => {
      const sent = fetchMock.mock.calls.find(([url]) =>
        String(url).endsWith('/2026-10/versions/1/sent'),
      );
      expect(JSON.parse(String((sent?.[1] as RequestInit).body))).toEqual({ receipt: '12.34' });
    });
  });

  it('hides "mark as sent" below owner', async () => {
    months = decriptoMonths();
    role = 'finance';
    failure = null;
    renderAt('/en-US/admin/decripto', <DecriptoMonthsScreen />);
    await screen.findByTestId('month-2026-10');
    await waitFor(() => expect(fetchMock.mock.calls.some(([u]) => u === '/api/v1/me')).toBe(true));
    expect(screen.queryByRole('button', { name: 'Mark as sent' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Download version 1 of 2026-10' })).toBeTruthy();
  });

  it('says when there is no month yet', async () => {
    months = decriptoMonths({ months: [] });
    role = 'finance';
    failure = null;
    renderAt('/admin/decripto', <DecriptoMonthsScreen />);
    expect((await screen.findByTestId('decripto-empty')).textContent).toContain('julho de 2026');
  });

  it('shows a failure with a retry (en-US)', async () => {
    role = 'finance';
    failure = apiError(409, 'CONFLICT', 'Something went wrong.');
    renderAt('/en-US/admin/decripto', <DecriptoMonthsScreen />);
    expect(await screen.findByText('Something went wrong.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
