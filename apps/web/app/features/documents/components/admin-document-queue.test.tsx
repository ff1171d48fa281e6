// @vitest-environment jsdom
import '../../../../test/setup-dom.ts';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { addCatalogue } from '../../../i18n/i18n.ts';
import enUS from '../../../locales/en-US.json';
import ptBR from '../../../locales/pt-BR.json';
import { getQueryClient } from '../../../lib/query-client.tsx';
import { json, renderAt } from '../../../../test/render-screen.tsx';
import { AdminDocumentQueue } from './admin-document-queue.tsx';

const NOW = Date.parse('2026-11-26T12:00:00Z');
const item = (id: string, hoursAgo: number, name: string) => ({
  id,
  type: 'proof_of_address',
  uploadedAt: new Date(NOW - hoursAgo * 3_600_000).toISOString(),
  customer: { id: `c-${id}`, name, email: `${id}@example.com` },
});

let asked: string[];
beforeAll(() => {
  addCatalogue('en-US', enUS);
  addCatalogue('pt-BR', ptBR);
});
beforeEach(() => {
  getQueryClient().clear();
  asked = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      asked.push(url);
      const cursor = new URL(url, 'http://localhost').searchParams.get('cursor');
      return cursor
        ? json(200, { items: [item('d3', 1, 'Caio')], nextCursor: null, total: 3, late: 1 })
        : json(200, {
            items: [item('d1', 30, 'Ana Souza'), item('d2', 3, 'Bia Lima')],
            nextCursor: 'c2',
            total: 3,
            late: 1,
          });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('the documents review queue', { timeout: 20_000 }, () => {
  it('lists the waiting documents oldest first, marks those past 24 h and links to the customer (pt-BR)', async () => {
    renderAt('/admin/documents', <AdminDocumentQueue now={() => NOW} />);
    const late = await screen.findByTestId('document-row-d1');
    expect(within(late).getByText('Mais de 24 h')).toBeTruthy();
    expect(within(late).getByText('Comprovante de residência')).toBeTruthy();
    expect(within(late).getByRole('link').getAttribute('href')).toBe(
      '/admin/manager-customers/c-d1',
    );
    expect(within(screen.getByTestId('document-row-d2')).queryByText('Mais de 24 h')).toBeNull();
    expect(screen.getByTestId('documents-counts').textContent).toBe(
      '3 documentos aguardando revisão, do mais antigo ao mais recente · 1 aguardando há mais de 24 horas',
    );
  });

  it('keeps its page in the URL (en-US)', async () => {
    renderAt('/en-US/admin/documents', <AdminDocumentQueue now={() => NOW} />);
    await screen.findByTestId('document-row-d1');
    expect(screen.getByText('Over 24 h')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByTestId('document-row-d3');
    expect(asked.at(-1)).toBe('/api/v1/admin/documents?cursor=c2');
    expect(screen.getByTestId('location').textContent).toBe('/en-US/admin/documents?after=c2');
  });

  it('says when nothing waits', async () => {
    vi.stubGlobal('fetch', () => json(200, { items: [], nextCursor: null, total: 0, late: 0 }));
    renderAt('/admin/documents', <AdminDocumentQueue />);
    expect((await screen.findByTestId('documents-empty')).textContent).toBe(
      'Nenhum documento aguardando revisão.',
    );
  });
});
