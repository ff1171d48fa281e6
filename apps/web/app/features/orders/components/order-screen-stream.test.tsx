// @vitest-environment jsdom
import '../../../../test/setup-dom.ts';
import type { ReactNode } from 'react';
import { act, configure, fireEvent, renderHook, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderView } from '@permuta/contracts/orders';
import { getQueryClient, QueryProvider } from '../../../lib/query-client.tsx';
import { toast } from '../../../lib/toast.ts';
import { orderKeys } from '../api/keys.ts';
import { keepNewerOrder, orderQueryOptions, ORDER_POLL_MS } from '../api/get-order.ts';
import {
  parseOrderView,
  STREAM_REOPEN_MS,
  STREAM_SILENCE_MS,
  useOrderStream,
} from '../api/order-stream.ts';
import { OrderScreen } from './order-screen.tsx';
import { json, loadCatalogues, order, renderScreen } from './test-fixtures.tsx';

/**
 * The browser's EventSource as the order page uses it: the test opens the stream, pushes
 * `order` events and makes it fail, the way the server and the browser would.
 */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];

  readonly url: string;
  readyState = FakeEventSource.CONNECTING;
  closed = false;
  readonly #listeners = new Map<string, Set<(event: Event) => void>>();

  constructor(url: string | URL) {
    this.url = String(url);
    FakeEventSource.instances.push(this);
  }

  addEventListener(type: string, listener: (event: Event) => void) {
    if (!this.#listeners.has(type)) this.#listeners.set(type, new Set());
    this.#listeners.get(type)?.add(listener);
  }

  removeEventListener(type: string, listener: (event: Event) => void) {
    this.#listeners.get(type)?.delete(listener);
  }

  close() {
    this.readyState = FakeEventSource.CLOSED;
    this.closed = true;
  }

  #dispatch(event: Event) {
    if (this.closed) return;
    for (const listener of this.#listeners.get(event.type) ?? []) listener(event);
  }

  /** the server answered with its event stream */
  open() {
    this.readyState = FakeEventSource.OPEN;
    act(() => this.#dispatch(new Event('open')));
  }

  /** an `event: order` with `data` (a view, or anything as raw text) */
  push(data: OrderView | string) {
    const text = typeof data === 'string' ? data : JSON.stringify(data);
    act(() => this.#dispatch(new MessageEvent('order', { data: text })));
  }

  /** the stream dropped (the browser reconnects) or was refused (401/404/429: it gives up) */
  fail(then: 'reconnecting' | 'closed') {
    this.readyState = then === 'closed' ? FakeEventSource.CLOSED : FakeEventSource.CONNECTING;
    act(() => this.#dispatch(new Event('error')));
  }
}

/** the order after the customer said they paid: one more move on its timeline */
const paymentSent = order({
  status: 'user_confirmed',
  summary: 'waiting_admin_confirmation',
  actions: [],
  events: [
    ...order().events,
    {
      from: 'pending',
      to: 'user_confirmed',
      actor: 'customer',
      note: null,
      createdAt: '2026-11-23T10:05:00.000Z',
    },
  ],
});

const UUID = '6f1c9a7e-0000-4000-8000-000000000001';
let current: OrderView;
let fetchMock: ReturnType<typeof vi.fn>;

configure({ asyncUtilTimeout: 4000 });

beforeAll(loadCatalogues);

beforeEach(() => {
  getQueryClient().clear();
  current = order();
  FakeEventSource.instances = [];
  fetchMock = vi.fn((url: string) => {
    if (url === '/api/v1/orders/EX-7K2Q9' || url === `/api/v1/orders/${UUID}`)
      return json(200, current);
    return json(404, { error: { code: 'NOT_FOUND', message: 'Not found.' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('EventSource', FakeEventSource);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderOrder(locale: 'en-US' | 'pt-BR' = 'en-US', id = 'EX-7K2Q9') {
  return renderScreen(<OrderScreen />, {
    locale,
    path: `/profile/my-orders/${id}`,
    pattern: '/profile/my-orders/:id',
  });
}

/** The one stream open now (the test fails if none or several are). */
async function openStream(): Promise<FakeEventSource> {
  await waitFor(() => expect(FakeEventSource.instances.filter((s) => !s.closed)).toHaveLength(1));
  return FakeEventSource.instances.find((s) => !s.closed) as FakeEventSource;
}

const statusText = () => screen.getByTestId('order-status').textContent;

function useFakeClock() {
  // the clock still moves by itself, so Testing Library's waiting works; the test jumps ahead
  vi.useFakeTimers({
    shouldAdvanceTime: true,
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
  });
}

const later = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('the order page pushed by server-sent events', () => {
  it('opens the order stream once the order is known, and a pushed change shows without fetching', async () => {
    renderOrder('en-US');
    await waitFor(() => expect(statusText()).toBe('Waiting for your payment'));
    const stream = await openStream();
    expect(stream.url).toBe('/api/v1/orders/EX-7K2Q9/events');
    expect(fetchMock).toHaveBeenCalledTimes(1);

    stream.open();
    stream.push(current);
    stream.push(
      order({ status: 'user_confirmed', summary: 'waiting_admin_confirmation', actions: [] }),
    );
    await waitFor(() => expect(statusText()).toBe('Payment sent: we are confirming it'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['en-US', 'Payment confirmed: we are paying you'],
    ['pt-BR', 'Pagamento confirmado: estamos pagando você'],
  ] as const)('shows a pushed status in %s', async (locale, text) => {
    renderOrder(locale);
    const stream = await openStream();
    stream.open();
    stream.push(
      order({
        status: 'admin_confirmed',
        summary: 'waiting_admin_confirmation',
        actions: [],
        payment: null,
      }),
    );
    await waitFor(() => expect(statusText()).toBe(text));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('does not poll while the stream is live, and polls again once it drops', async () => {
    useFakeClock();
    renderOrder('en-US');
    const stream = await openStream();
    stream.open();
    // open, but no view yet: still polled
    await later(ORDER_POLL_MS);
    expect(fetchMock).toHaveBeenCalledTimes(2);

    stream.push(current);
    await later(ORDER_POLL_MS * 4);
    expect(fetchMock).toHaveBeenCalledTimes(2);

    // the server ended it: the browser reconnects after `retry`, and meanwhile the page polls
    stream.fail('reconnecting');
    await later(ORDER_POLL_MS);
    expect(fetchMock).toHaveBeenCalledTimes(3);

    // back: the new connection's first view stops the polling again
    stream.open();
    stream.push(current);
    await later(ORDER_POLL_MS * 4);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('polls when the stream is refused, and opens it again after a wait', async () => {
    useFakeClock();
    renderOrder('en-US');
    const refused = await openStream();
    // 429: too many streams; the browser gives up on this one
    refused.fail('closed');
    await later(ORDER_POLL_MS);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(FakeEventSource.instances).toHaveLength(1);

    await later(STREAM_REOPEN_MS - ORDER_POLL_MS);
    const again = await openStream();
    expect(again).not.toBe(refused);
    again.open();
    again.push(current);
    const calls = fetchMock.mock.calls.length;
    await later(ORDER_POLL_MS * 4);
    expect(fetchMock).toHaveBeenCalledTimes(calls);
  });

  it('reopens a stream that went silent for longer than the server keeps one', async () => {
    useFakeClock();
    renderOrder('en-US');
    const silent = await openStream();
    silent.open();
    silent.push(current);
    await later(STREAM_SILENCE_MS);
    expect(silent.closed).toBe(true);
    const fresh = await openStream();
    expect(fresh.url).toBe('/api/v1/orders/EX-7K2Q9/events');
  });

  it('closes the stream when a final status arrives, and nothing polls after it', async () => {
    useFakeClock();
    renderOrder('en-US');
    const stream = await openStream();
    stream.open();
    stream.push(current);
    stream.push(order({ status: 'completed', summary: 'closed', actions: [], payment: null }));
    await waitFor(() => expect(statusText()).toBe('Completed'));
    expect(stream.closed).toBe(true);
    await later(STREAM_SILENCE_MS + STREAM_REOPEN_MS);
    expect(FakeEventSource.instances).toHaveLength(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('closes the stream when a poll brings a final status', async () => {
    useFakeClock();
    renderOrder('en-US');
    const stream = await openStream();
    current = order({ status: 'canceled', summary: 'closed', actions: [], payment: null });
    await later(ORDER_POLL_MS);
    await waitFor(() => expect(statusText()).toBe('Canceled'));
    expect(stream.closed).toBe(true);
    expect(FakeEventSource.instances).toHaveLength(1);
  });

  it('opens no stream for a final order or a missing one', async () => {
    current = order({ status: 'completed', summary: 'closed', actions: [], payment: null });
    const { unmount } = renderOrder('en-US');
    await waitFor(() => expect(statusText()).toBe('Completed'));
    unmount();
    renderOrder('en-US', 'EX-NOPE1');
    expect(await screen.findByRole('heading', { name: 'Order not found' })).toBeTruthy();
    expect(FakeEventSource.instances).toHaveLength(0);
  });

  it('closes the stream when the page goes away', async () => {
    const { unmount } = renderOrder('en-US');
    const stream = await openStream();
    stream.open();
    stream.push(current);
    unmount();
    expect(stream.closed).toBe(true);
  });

  it('follows an order opened by its uuid under that same id', async () => {
    renderOrder('en-US', UUID);
    const stream = await openStream();
    expect(stream.url).toBe(`/api/v1/orders/${UUID}/events`);
    stream.open();
    stream.push(order({ status: 'paid', summary: 'waiting_deposit_confirmation', actions: [] }));
    await waitFor(() => expect(statusText()).toBe('Deposit detected: we are confirming it'));
    expect(getQueryClient().getQueryData<OrderView>(orderKeys.detail(null, UUID))?.status).toBe(
      'paid',
    );
  });

  it('keeps a pushed change when an older answer arrives after it', async () => {
    renderOrder('en-US');
    const stream = await openStream();
    stream.open();
    stream.push(current);
    stream.push(paymentSent);
    await waitFor(() => expect(statusText()).toBe('Payment sent: we are confirming it'));
    // an answer the API gave before that change (the fetch still answers the pending order)
    await act(() =>
      getQueryClient().refetchQueries({ queryKey: orderKeys.detail(null, 'EX-7K2Q9') }),
    );
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(statusText()).toBe('Payment sent: we are confirming it');
  });

  it('says the payment was confirmed even when the stream brought the new status before the answer', async () => {
    const success = vi.spyOn(toast, 'success').mockResolvedValue('');
    current = order({
      files: { proof: true, payment_proof: false, refund_proof: false, boleto: false },
    });
    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockImplementation((url: string, init?: RequestInit) => {
      if (init?.method === 'POST') return new Promise<Response>((resolve) => (answer = resolve));
      return json(200, current);
    });
    renderOrder('en-US');
    const stream = await openStream();
    stream.open();
    stream.push(current);
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm payment' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([, i]) => i?.method === 'POST')).toBe(true),
    );
    // the server commits, its stream tells the page first: the pending card goes away
    stream.push(paymentSent);
    await waitFor(() => expect(statusText()).toBe('Payment sent: we are confirming it'));
    // then the answer of the confirmation arrives
    await act(async () => answer(await json(200, paymentSent)));
    await waitFor(() =>
      expect(success).toHaveBeenCalledWith(
        'Payment confirmed. We will check the funds and let you know by e-mail.',
      ),
    );
  });

  it('takes a message that is not a view for no view: the page keeps polling', async () => {
    useFakeClock();
    renderOrder('en-US');
    const stream = await openStream();
    stream.open();
    stream.push('not json');
    stream.push('{"status":"completed"}');
    await later(ORDER_POLL_MS);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(statusText()).toBe('Waiting for your payment');
  });
});

describe('useOrderStream', () => {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryProvider>{children}</QueryProvider>
  );

  it('closes the old stream and opens one for the new id when the id changes', () => {
    const { result, rerender } = renderHook(({ id }) => useOrderStream(id, true), {
      wrapper,
      initialProps: { id: 'EX-7K2Q9' },
    });
    expect(result.current).toBe('connecting');
    const first = FakeEventSource.instances[0] as FakeEventSource;
    first.open();
    first.push(current);
    expect(result.current).toBe('live');

    rerender({ id: 'EX-ABC12' });
    expect(first.closed).toBe(true);
    expect(FakeEventSource.instances.map((s) => s.url)).toEqual([
      '/api/v1/orders/EX-7K2Q9/events',
      '/api/v1/orders/EX-ABC12/events',
    ]);
    expect(result.current).toBe('connecting');
  });

  it('reports each state of the stream', () => {
    const { result } = renderHook(() => useOrderStream('EX-7K2Q9', true), { wrapper });
    const stream = FakeEventSource.instances[0] as FakeEventSource;
    expect(result.current).toBe('connecting');
    stream.open();
    expect(result.current).toBe('connecting');
    stream.push(current);
    expect(result.current).toBe('live');
    stream.fail('reconnecting');
    expect(result.current).toBe('connecting');
    stream.fail('closed');
    expect(result.current).toBe('closed');
  });

  it('stays off without EventSource (the server render) or while not enabled', () => {
    const off = renderHook(() => useOrderStream('EX-7K2Q9', false), { wrapper });
    expect(off.result.current).toBe('off');
    vi.stubGlobal('EventSource', undefined);
    const server = renderHook(() => useOrderStream('EX-7K2Q9', true), { wrapper });
    expect(server.result.current).toBe('off');
    expect(FakeEventSource.instances).toHaveLength(0);
  });
});

describe('the order query', () => {
  const interval = (live: boolean, view: OrderView) => {
    const options = orderQueryOptions(null, 'EX-7K2Q9', 'en-US', live);
    const resolve = options.refetchInterval as (query: unknown) => number | false;
    return resolve({ state: { data: view, error: null } });
  };

  it('polls only while no live stream brings the changes, and never a final order', () => {
    expect(interval(false, order({ status: 'pending' }))).toBe(ORDER_POLL_MS);
    expect(interval(true, order({ status: 'pending' }))).toBe(false);
    expect(interval(false, order({ status: 'completed' }))).toBe(false);
    expect(orderQueryOptions(null, 'EX-7K2Q9', 'en-US', true).refetchOnWindowFocus).toBe(false);
    expect(orderQueryOptions(null, 'EX-7K2Q9', 'en-US', false).refetchOnWindowFocus).toBe(true);
  });

  it('keeps the view that knows more of the order when an older one arrives', () => {
    expect(keepNewerOrder(paymentSent, current)).toBe(paymentSent);
    expect(keepNewerOrder(current, paymentSent)).toEqual(paymentSent);
    // the same moves: the answer wins (files, actions and deadlines change without a move)
    const withProof = order({ files: { ...current.files, proof: true } });
    expect(keepNewerOrder(current, withProof)).toEqual(withProof);
    expect(keepNewerOrder(undefined, current)).toEqual(current);
    const other = order({ id: 'another', events: [] });
    expect(keepNewerOrder(current, other)).toEqual(other);
  });

  it('reads an order event as a view only when it is one', () => {
    expect(parseOrderView(JSON.stringify(current))).toEqual(current);
    expect(parseOrderView('not json')).toBeNull();
    expect(parseOrderView('null')).toBeNull();
    expect(parseOrderView(JSON.stringify({ ...current, status: 'lost' }))).toBeNull();
    expect(parseOrderView(undefined)).toBeNull();
  });
});
