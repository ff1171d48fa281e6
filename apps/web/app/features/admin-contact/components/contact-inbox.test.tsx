// @vitest-environment jsdom
import '../../../../test/setup-dom.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminContactMessage } from '@permuta/contracts/contact';
import { addCatalogue } from '../../../i18n/i18n.ts';
import enUS from '../../../locales/en-US.json';
import ptBR from '../../../locales/pt-BR.json';
import { getQueryClient } from '../../../lib/query-client.tsx';
import { apiError, contactMessage, json, renderAt } from '../testing.tsx';
import { ContactInbox } from './contact-inbox.tsx';

let fetchMock: ReturnType<typeof vi.fn>;
let answer: (url: URL, init?: RequestInit) => Promise<Response>;
let messages: AdminContactMessage[];

beforeAll(() => {
  addCatalogue('en-US', enUS);
  addCatalogue('pt-BR', ptBR);
});

beforeEach(() => {
  getQueryClient().clear();
  messages = [contactMessage()];
  answer = (url, init) => {
    if (init?.method === 'POST') {
      messages = messages.map((m) => ({
        ...m,
        answeredAt: '2026-11-22T14:00:00.000Z',
        answeredBy: { id: 'adm-1', username: 'joana' },
      }));
      return json(200, messages[0]);
    }
    const show = url.searchParams.get('show');
    return json(200, {
      items: show === 'all' ? messages : messages.filter((m) => !m.answeredAt),
      nextCursor: null,
    });
  };
  fetchMock = vi.fn((url: string, init?: RequestInit) =>
    answer(new URL(url, 'http://localhost'), init),
  );
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => vi.unstubAllGlobals());

const id = '6c3f0a52-8f7e-4d55-9a43-2b1c0d9e8f71';

describe('admin contact inbox', () => {
  it('lists the messages waiting for an answer with a mailto reply link (Portuguese)', async () => {
    renderAt('/admin/contact-messages', <ContactInbox />);
    const card = await screen.findByTestId(`contact-message-${id}`);
    expect(within(card).getByText('De Ana Lima')).toBeTruthy();
    expect(within(card).getByText('Olá! Meu pedido EX-7K2Q9 ainda não chegou.')).toBeTruthy();
    expect(within(card).getByText('Aguardando resposta')).toBeTruthy();
    const reply = within(card).getByRole('link', { name: 'Responder por e-mail' });
    expect(reply.getAttribute('href')).toBe(
      `mailto:ana@example.com?subject=${encodeURIComponent('Re: sua mensagem para Permuta')}`,
    );
    const url = new URL(String(fetchMock.mock.calls[0]![0]), 'http://localhost');
    expect(url.pathname).toBe('/api/v1/admin/contact-messages');
    expect(url.searchParams.get('show')).toBe('unanswered');
  });

  it('marks a message answered, then it leaves the waiting list; all messages show who and when', async () => {
    renderAt('/en-US/admin/contact-messages', <ContactInbox />);
    const card = await screen.findByTestId(`contact-message-${id}`);
    fireEvent.click(within(card).getByRole('button', { name: 'Mark as answered' }));
    await waitFor(() =>
      expect(screen.getByTestId('contact-empty').textContent).toBe(
        'No message is waiting for an answer.',
      ),
    );
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(post?.[0]).toBe(`/api/v1/admin/contact-messages/${id}/answered`);

    fireEvent.click(screen.getByRole('combobox', { name: 'Messages to show' }));
    fireEvent.click(await screen.findByRole('option', { name: 'All messages', hidden: true }));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(
        '/en-US/admin/contact-messages?show=all',
      ),
    );
    const answered = await screen.findByTestId(`contact-message-${id}`);
    expect(within(answered).getByText(/^Answered by joana, /)).toBeTruthy();
    expect(within(answered).queryByRole('button', { name: 'Mark as answered' })).toBeNull();
  });

  it('says so while loading and when no message was ever sent', async () => {
    let release: (value: Response) => void = () => {};
    answer = () => new Promise((resolve) => (release = resolve));
    renderAt('/en-US/admin/contact-messages?show=all', <ContactInbox />);
    const statuses = await screen.findAllByRole('status');
    expect(statuses.some((s) => s.textContent?.includes('Loading'))).toBe(true);
    release(await json(200, { items: [], nextCursor: null }));
    expect((await screen.findByTestId('contact-empty')).textContent).toBe(
      'No message has been sent through the contact form yet.',
    );
  });

  it("shows the API's error with a retry", async () => {
    answer = () => apiError(500, 'INTERNAL_ERROR', 'Ocorreu um erro. Tente novamente.');
    renderAt('/admin/contact-messages', <ContactInbox />);
    const alert = await screen.findByRole('alert', {}, { timeout: 4000 });
    expect(within(alert).getByText('Ocorreu um erro. Tente novamente.')).toBeTruthy();
    answer = () => json(200, { items: [contactMessage()], nextCursor: null });
    fireEvent.click(within(alert).getByRole('button', { name: 'Tentar de novo' }));
    await screen.findByTestId(`contact-message-${id}`);
  });
});
