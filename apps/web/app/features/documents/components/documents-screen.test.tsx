// @vitest-environment jsdom
import '../../../../test/setup-dom.ts';
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { I18nextProvider } from '../../../i18n/react.tsx';
import { addCatalogue, i18nFor } from '../../../i18n/i18n.ts';
import enUS from '../../../locales/en-US.json';
import ptBR from '../../../locales/pt-BR.json';
import { getQueryClient, QueryProvider } from '../../../lib/query-client.tsx';
import type { Locale } from '../../../lib/locale.ts';
import { DocumentsScreen } from './documents-screen.tsx';

const document = (over: Record<string, unknown>) => ({
  id: 'd1',
  type: 'national_id',
  status: 'uploaded',
  originalName: 'rg.png',
  mimeType: 'image/png',
  sizeBytes: 120_000,
  rejectionReason: null,
  uploadedAt: '2026-11-22T10:00:00Z',
  reviewedAt: null,
  ...over,
});

const json = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status }));

let answer: () => Promise<Response>;

beforeAll(() => {
  addCatalogue('en-US', enUS);
  addCatalogue('pt-BR', ptBR);
});

beforeEach(() => {
  getQueryClient().clear();
  vi.stubGlobal(
    'fetch',
    vi.fn(() => answer()),
  );
});

afterEach(() => vi.unstubAllGlobals());

function renderAt(locale: Locale) {
  return render(
    <MemoryRouter
      initialEntries={[locale === 'en-US' ? '/en-US/profile/documents' : '/profile/documents']}
    >
      <I18nextProvider i18n={i18nFor(locale)}>
        <MantineProvider>
          <QueryProvider>
            <DocumentsScreen />
          </QueryProvider>
        </MantineProvider>
      </I18nextProvider>
    </MemoryRouter>,
  );
}

describe('documents screen', () => {
  it('shows each document with its state and the reason of a rejection', async () => {
    answer = () =>
      json(200, {
        verified: false,
        business: false,
        documents: [
          document({ status: 'rejected', rejectionReason: 'A foto está desfocada.' }),
          document({ id: 'd2', type: 'proof_of_address', status: 'approved' }),
        ],
      });
    renderAt('pt-BR');
    const id = await screen.findByTestId('document-card-national_id');
    expect(within(id).getByTestId('document-status').textContent).toBe('Rejeitado');
    expect(within(id).getByTestId('rejection-reason').textContent).toBe('A foto está desfocada.');
    expect(within(id).getByRole('button', { name: 'Enviar outro arquivo' })).toBeTruthy();
    const address = screen.getByTestId('document-card-proof_of_address');
    expect(within(address).getByTestId('document-status').textContent).toBe('Aprovado');
    // an approved document is not replaced
    expect(within(address).queryByRole('button', { name: /Enviar|Escolher/ })).toBeNull();
    const selfie = screen.getByTestId('document-card-selfie_with_id');
    expect(within(selfie).getByTestId('document-status').textContent).toBe('Não enviado');
  });

  it('refuses a file over 5MB before uploading it, with the message of the server', async () => {
    answer = () => json(200, { verified: false, business: false, documents: [] });
    renderAt('en-US');
    const card = await screen.findByTestId('document-card-selfie_with_id');
    const input = card.querySelector('input[type="file"]') as HTMLInputElement;
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'selfie.jpg', {
      type: 'image/jpeg',
    });
    fireEvent.change(input, { target: { files: [big] } });
    expect((await within(card).findByRole('alert')).textContent).toBe(
      'The file is larger than 5MB.',
    );
    // only the reads of the screen: nothing was uploaded
    const uploads = vi.mocked(fetch).mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(uploads).toEqual([]);
  });

  it('shows the company documents to a business only, without asking for the business', async () => {
    let isBusiness = true;
    answer = () => json(200, { verified: false, business: isBusiness, documents: [] });
    const view = renderAt('pt-BR');
    expect(await screen.findByTestId('document-card-articles_of_association')).toBeTruthy();
    expect(screen.getByTestId('document-card-representative_id').textContent).toContain(
      'Documento do representante legal',
    );
    view.unmount();
    getQueryClient().clear();
    isBusiness = false;
    renderAt('en-US');
    await screen.findByTestId('document-card-national_id');
    expect(screen.queryByTestId('document-card-articles_of_association')).toBeNull();
    // one read only: no probe of /me/business, which answers 404 to everyone else
    const asked = vi.mocked(fetch).mock.calls.map(([input]) => String(input));
    expect(asked.filter((url) => url.includes('/business'))).toEqual([]);
  });

  it('says so when the state of the documents cannot be fetched, and retries', async () => {
    answer = () => json(500, { error: { code: 'INTERNAL_ERROR', message: 'x' } });
    renderAt('en-US');
    expect(
      await screen.findByText(
        'An error occurred while fetching document status',
        {},
        { timeout: 4000 },
      ),
    ).toBeTruthy();
    answer = () => json(200, { verified: true, business: false, documents: [] });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Your documents are verified')).toBeTruthy();
  });
});
