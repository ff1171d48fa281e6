// @vitest-environment jsdom
import '../../../../test/setup-dom.ts';
import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import {
  cleanup,
  configure,
  fireEvent,
  render,
  screen,
  waitFor,
  within,
} from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminReview, PublicReviewPage, ReviewableOrder } from '@permuta/contracts/reviews';
import { I18nextProvider } from '../../../i18n/react.tsx';
import { addCatalogue, i18nFor } from '../../../i18n/i18n.ts';
import enUS from '../../../locales/en-US.json';
import ptBR from '../../../locales/pt-BR.json';
import type { Locale } from '../../../lib/locale.ts';
import { getQueryClient, QueryProvider } from '../../../lib/query-client.tsx';
import { AdminReviewsScreen } from './admin-reviews-screen.tsx';
import TestimonialsScreen from './testimonials-screen.tsx';
import { WriteReviewScreen } from './write-review-screen.tsx';

configure({ asyncUtilTimeout: 4000 });

const ORDER: ReviewableOrder = {
  id: '0b5f4a8e-3c1d-4f6a-9b2e-7d8c9a0b1c2d',
  reference: 'EX-7K2Q9',
  sendToken: 'USDT',
  receiveToken: 'PIX',
  amountSend: '100',
  amountReceive: '521.1',
  createdAt: '2026-03-02T13:00:00.000Z',
};
const OTHER: ReviewableOrder = {
  ...ORDER,
  id: '1c6f4a8e-3c1d-4f6a-9b2e-7d8c9a0b1c2d',
  reference: 'EX-AB2CD',
};

const json = (status: number, body: unknown) =>
  Promise.resolve(
    new Response(status === 204 ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    }),
  );

type Handler = (url: string, init: RequestInit | undefined) => Promise<Response> | undefined;
let fetchMock: ReturnType<typeof vi.fn>;
function stubFetch(handler: Handler) {
  fetchMock = vi.fn(
    (url: string, init?: RequestInit) =>
      handler(url, init) ?? json(404, { error: { code: 'NOT_FOUND', message: 'Not found.' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
}
const sent = (method: string, path: string) =>
  fetchMock.mock.calls
    .filter(([url, init]) => String(url).startsWith(path) && init?.method === method)
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown);

function Elsewhere() {
  return <div data-testid="elsewhere">{useLocation().pathname}</div>;
}

function renderAt(ui: ReactNode, locale: Locale, path: string) {
  const prefix = locale === 'en-US' ? '/en-US' : '';
  return render(
    <MemoryRouter initialEntries={[`${prefix}${path}`]}>
      <I18nextProvider i18n={i18nFor(locale)}>
        <MantineProvider>
          <QueryProvider>
            <Routes>
              <Route path={`${prefix}${path.split('?')[0]}`} element={ui} />
              <Route path="*" element={<Elsewhere />} />
            </Routes>
          </QueryProvider>
        </MantineProvider>
      </I18nextProvider>
    </MemoryRouter>,
  );
}

beforeAll(() => {
  addCatalogue('en-US', enUS);
  addCatalogue('pt-BR', ptBR);
});
beforeEach(() => {
  getQueryClient().clear();
  localStorage.setItem(
    'session',
    JSON.stringify({
      role: 'customer',
      email: 'maria@example.com',
      createdAt: new Date().toISOString(),
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('writing a review', () => {
  it('checks the form with the API rules in the page language before sending anything', async () => {
    stubFetch((url) =>
      url.startsWith('/api/v1/me/reviewable-orders')
        ? json(200, { items: [ORDER, OTHER] })
        : undefined,
    );
    renderAt(<WriteReviewScreen />, 'pt-BR', '/profile/reviews');
    const form = await screen.findByRole('form', { name: 'Escrever uma avaliação' });
    fireEvent.click(within(form).getByRole('button', { name: 'Publicar avaliação' }));
    expect(await within(form).findByText('Nota obrigatória.')).toBeTruthy();
    expect(within(form).getByText('Escolha o pedido que você está avaliando.')).toBeTruthy();
    expect(within(form).getByText('Escreva a sua avaliação.')).toBeTruthy();
    expect(sent('POST', '/api/v1/me/reviews')).toEqual([]);

    // the counter follows the trimmed text, the message follows the text
    const text = within(form).getByRole('textbox', { name: /Sua avaliação/ });
    fireEvent.change(text, { target: { value: '  Rápido  ' } });
    expect(within(form).getByTestId('text-counter').textContent).toBe(
      '6 de 1000 caracteres (mínimo de 10)',
    );
    expect(within(form).getByText('Escreva pelo menos 10 caracteres.')).toBeTruthy();
    fireEvent.click(within(form).getByRole('radio', { name: '4 estrelas' }));
    expect(within(form).queryByText('Nota obrigatória.')).toBeNull();
    expect(within(form).getByText('Muito boa')).toBeTruthy();
  });

  it('preselects the order of the link, sends the review and goes to my reviews', async () => {
    stubFetch((url, init) => {
      if (url.startsWith('/api/v1/me/reviewable-orders'))
        return json(200, { items: [ORDER, OTHER] });
      if (url === '/api/v1/me/reviews' && init?.method === 'POST')
        return json(201, {
          id: 'r1',
          orderId: OTHER.id,
          orderReference: OTHER.reference,
          rating: 5,
          text: 'x',
          visible: true,
          createdAt: ORDER.createdAt,
        });
      return undefined;
    });
    renderAt(<WriteReviewScreen />, 'en-US', `/profile/reviews?order=${OTHER.id}`);
    const form = await screen.findByRole('form', { name: 'Write a review' });
    // the order of the link is the one chosen
    expect(within(form).getByDisplayValue(/^EX-AB2CD · /)).toBeTruthy();
    const group = within(form).getByRole('group', { name: 'Rating' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('aria-label')),
    ).toEqual(['1 star', '2 stars', '3 stars', '4 stars', '5 stars']);
    fireEvent.click(within(group).getByRole('radio', { name: '5 stars' }));
    fireEvent.change(within(form).getByRole('textbox', { name: /Your review/ }), {
      target: { value: '  Quick and clear exchange.  ' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Publish review' }));
    expect((await screen.findByTestId('elsewhere')).textContent).toBe('/en-US/profile/my-reviews');
    expect(sent('POST', '/api/v1/me/reviews')).toEqual([
      { orderId: OTHER.id, rating: 5, text: '  Quick and clear exchange.  ' },
    ]);
  });

  it("shows the API's answer when the order was reviewed meanwhile", async () => {
    stubFetch((url, init) => {
      if (url.startsWith('/api/v1/me/reviewable-orders')) return json(200, { items: [ORDER] });
      if (init?.method === 'POST')
        return json(409, {
          error: {
            code: 'REVIEW_EXISTS',
            message: 'You have already reviewed order EX-7K2Q9.',
            fields: { orderId: 'You have already reviewed this order.' },
          },
        });
      return undefined;
    });
    renderAt(<WriteReviewScreen />, 'en-US', '/profile/reviews');
    const form = await screen.findByRole('form', { name: 'Write a review' });
    fireEvent.click(within(form).getByRole('radio', { name: '3 stars' }));
    fireEvent.change(within(form).getByRole('textbox', { name: /Your review/ }), {
      target: { value: 'Good, a bit slow.' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Publish review' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'You have already reviewed order EX-7K2Q9.',
    );
    expect(within(form).getByText('You have already reviewed this order.')).toBeTruthy();
  });

  it('says so when no completed order waits for a review, and when the linked one cannot be reviewed', async () => {
    stubFetch((url) =>
      url.startsWith('/api/v1/me/reviewable-orders') ? json(200, { items: [] }) : undefined,
    );
    renderAt(<WriteReviewScreen />, 'en-US', '/profile/reviews');
    expect(await screen.findByTestId('no-reviewable-orders')).toBeTruthy();
    cleanup();

    getQueryClient().clear();
    stubFetch((url) =>
      url.startsWith('/api/v1/me/reviewable-orders') ? json(200, { items: [ORDER] }) : undefined,
    );
    renderAt(<WriteReviewScreen />, 'en-US', '/profile/reviews?order=EX-ZZZZZ');
    expect((await screen.findByTestId('order-unavailable')).textContent).toContain(
      'The order in the link cannot be reviewed',
    );
  });
});

describe('testimonials', () => {
  const page = (over: Partial<PublicReviewPage> = {}): PublicReviewPage => ({
    items: [
      {
        id: 'a',
        rating: 5,
        text: 'Excellent.',
        author: 'Maria S.',
        createdAt: '2026-03-02T13:00:00.000Z',
      },
      {
        id: 'b',
        rating: 4,
        text: 'Good.',
        author: 'João P.',
        createdAt: '2026-03-01T13:00:00.000Z',
      },
    ],
    page: 1,
    limit: 10,
    total: 4,
    summary: { average: 4.3, count: 4, distribution: { 1: 0, 2: 0, 3: 0, 4: 3, 5: 1 } },
    ...over,
  });

  it('shows the average, the distribution as text and the reviews newest first', async () => {
    stubFetch((url) => (url.startsWith('/api/v1/reviews') ? json(200, page()) : undefined));
    renderAt(<TestimonialsScreen />, 'pt-BR', '/testimonials');
    const average = await screen.findByTestId('review-average');
    expect(within(average).getByRole('img').getAttribute('aria-label')).toBe('4,3 de 5');
    expect(within(average).getByText('Com base em 4 avaliações')).toBeTruthy();
    const distribution = screen.getByRole('list', { name: 'Avaliações por número de estrelas' });
    const rows = within(distribution)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(rows).toEqual([
      '5 estrelas1 (25%)',
      '4 estrelas3 (75%)',
      '3 estrelas0 (0%)',
      '2 estrelas0 (0%)',
      '1 estrela0 (0%)',
    ]);
    const list = screen.getByTestId('testimonials-list');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('data-review-id')),
    ).toEqual(['a', 'b']);
    expect(within(list).getByText(/^Maria S\. em /)).toBeTruthy();
  });

  it('invites the first review when nothing is published, and offers a retry on failure', async () => {
    stubFetch((url) =>
      url.startsWith('/api/v1/reviews')
        ? json(
            200,
            page({
              items: [],
              total: 0,
              summary: { average: null, count: 0, distribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } },
            }),
          )
        : undefined,
    );
    renderAt(<TestimonialsScreen />, 'en-US', '/testimonials');
    expect(await screen.findByTestId('testimonials-empty')).toBeTruthy();

    getQueryClient().clear();
    stubFetch(() => json(500, { error: { code: 'INTERNAL_ERROR', message: 'x' } }));
    renderAt(<TestimonialsScreen />, 'en-US', '/testimonials');
    expect((await screen.findByRole('alert')).textContent).toContain(
      'We could not load the reviews.',
    );
  });
});

describe('back office', () => {
  const review: AdminReview = {
    id: '2a5f4a8e-3c1d-4f6a-9b2e-7d8c9a0b1c2d',
    rating: 2,
    text: 'Slow answer.',
    visible: true,
    createdAt: '2026-03-02T13:00:00.000Z',
    updatedAt: '2026-03-02T13:00:00.000Z',
    order: { id: ORDER.id, reference: ORDER.reference },
    customer: { id: 'u1', name: 'Bruno Costa', email: 'bruno@example.com' },
  };

  it('hides a review with its switch and deletes one only after the confirmation', async () => {
    let current = { ...review };
    stubFetch((url, init) => {
      if (url.startsWith('/api/v1/admin/reviews?') || url === '/api/v1/admin/reviews')
        return json(200, { items: current ? [current] : [], page: 1, pageSize: 20, total: 1 });
      if (url.endsWith('/visible') && init?.method === 'PUT') {
        current = {
          ...current,
          visible: (JSON.parse(String(init.body)) as { visible: boolean }).visible,
        };
        return json(200, current);
      }
      if (init?.method === 'DELETE') return json(204, null);
      return undefined;
    });
    renderAt(<AdminReviewsScreen />, 'en-US', '/admin/manager-reviews');
    const row = await screen.findByTestId('review-row-EX-7K2Q9');
    fireEvent.click(
      within(row).getByRole('switch', { name: 'Show the review of Bruno Costa on the site' }),
    );
    await waitFor(() =>
      expect(sent('PUT', `/api/v1/admin/reviews/${review.id}/visible`)).toEqual([
        { visible: false },
      ]),
    );

    fireEvent.click(within(row).getByRole('button', { name: 'Delete the review of Bruno Costa' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this review?' });
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete review' }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE').map(([url]) => url),
      ).toEqual([`/api/v1/admin/reviews/${review.id}`]),
    );
  });

  it('sends the filters to the API', async () => {
    stubFetch((url) =>
      url.startsWith('/api/v1/admin/reviews')
        ? json(200, { items: [], page: 1, pageSize: 20, total: 0 })
        : undefined,
    );
    renderAt(<AdminReviewsScreen />, 'en-US', '/admin/manager-reviews');
    expect(await screen.findByTestId('admin-reviews-empty')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Written from'), { target: { value: '2026-01-10' } });
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain(
        '/api/v1/admin/reviews?from=2026-01-10&pageSize=20',
      ),
    );
    expect(await screen.findByText('No review matches these filters.')).toBeTruthy();
  });
});
