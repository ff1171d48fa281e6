// @vitest-environment jsdom
import '../../../../test/setup-dom.ts';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { getQueryClient } from '../../../lib/query-client.tsx';
import { HistoryExport } from './history-export.tsx';
import { ReceiptDownload } from './receipt-download.tsx';
import { loadCatalogues, renderScreen } from './test-fixtures.tsx';

configure({ asyncUtilTimeout: 4000 });

let fetchMock: ReturnType<typeof vi.fn>;
const saved = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };

beforeAll(loadCatalogues);

beforeEach(() => {
  getQueryClient().clear();
  fetchMock = vi.fn(() =>
    Promise.resolve(
      new Response(new Blob(['%PDF-1.3']), {
        status: 200,
        headers: { 'content-disposition': 'attachment; filename="comprovante-EX-7K2Q9.pdf"' },
      }),
    ),
  );
  vi.stubGlobal('fetch', fetchMock);
  URL.createObjectURL = vi.fn(() => 'blob:x');
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  vi.unstubAllGlobals();
  URL.createObjectURL = saved.create;
  URL.revokeObjectURL = saved.revoke;
});

const calls = () =>
  fetchMock.mock.calls.map(([url, init]) => ({
    url: String(url),
    language: (init as RequestInit | undefined)?.headers
      ? new Headers((init as RequestInit).headers).get('accept-language')
      : null,
  }));

describe('the receipt of a completed order', () => {
  it.each([
    ['pt-BR', 'Comprovante (PDF)'],
    ['en-US', 'Receipt (PDF)'],
  ] as const)('downloads the PDF in the page language (%s)', async (locale, name) => {
    renderScreen(<ReceiptDownload order={{ reference: 'EX-7K2Q9', status: 'completed' }} />, {
      locale,
      path: '/profile/my-orders/EX-7K2Q9',
    });
    fireEvent.click(screen.getByRole('button', { name }));
    await waitFor(() =>
      expect(calls()).toContainEqual({
        url: '/api/v1/orders/EX-7K2Q9/receipt.pdf',
        language: locale,
      }),
    );
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
  });

  it('is not offered before the order is completed', () => {
    renderScreen(<ReceiptDownload order={{ reference: 'EX-7K2Q9', status: 'admin_paid' }} />, {
      locale: 'pt-BR',
      path: '/profile/my-orders/EX-7K2Q9',
    });
    expect(screen.queryByTestId('download-receipt')).toBeNull();
  });
});

describe('the history export', () => {
  it.each([
    ['pt-BR', 'Exportar histórico (CSV)', 'excel-pt-BR'],
    ['en-US', 'Export history (CSV)', 'standard'],
  ] as const)(
    'asks for the CSV dialect of the page language (%s)',
    async (locale, name, dialect) => {
      renderScreen(<HistoryExport />, { locale, path: '/profile/my-orders' });
      fireEvent.click(screen.getByRole('button', { name }));
      await waitFor(() =>
        expect(calls()).toContainEqual({
          url: `/api/v1/orders/export.csv?dialect=${dialect}`,
          language: locale,
        }),
      );
    },
  );
});
