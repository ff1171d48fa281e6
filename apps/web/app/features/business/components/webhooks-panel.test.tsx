// @vitest-environment jsdom
import '../../../../test/setup-dom.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ApiKeyView } from '@permuta/contracts/partners';
import type { WebhookDeliveryView, WebhookEndpointView } from '@permuta/contracts/webhooks';
import { apiError, json, renderAt, stubFetch } from '../../../../test/render-screen.tsx';
import { WebhooksPanel } from './webhooks-panel.tsx';

const KEY: ApiKeyView = {
  id: '7d4e1c5a-0b8f-4c1e-9a2d-3e4f5a6b7c8d',
  name: 'ERP',
  prefix: 'pmt_live_ab12cd34',
  scopes: ['quotes:read', 'orders:write', 'webhooks:manage'],
  rateLimitPerMinute: 60,
  lastUsedAt: null,
  revokedAt: null,
  createdAt: '2026-11-20T10:00:00.000Z',
};
const ENDPOINT: WebhookEndpointView = {
  id: '2a1b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  apiKeyId: KEY.id,
  url: 'https://erp.example.com/permuta',
  events: ['order.created', 'order.status_changed'],
  state: 'failing',
  failingSince: '2026-11-28T09:00:00.000Z',
  consecutiveFailures: 6,
  previousSecretExpiresAt: null,
  createdAt: '2026-11-21T10:00:00.000Z',
};
const DELIVERY: WebhookDeliveryView = {
  id: '9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a',
  eventId: '4b0e0f0a-1b2c-4d3e-8f4a-5b6c7d8e9f0a',
  eventType: 'order.created',
  attempt: 6,
  replay: false,
  outcome: 'failed',
  httpStatus: 500,
  error: null,
  answer: 'upstream exploded',
  durationMs: 84,
  startedAt: '2026-11-28T10:00:00.000Z',
  nextAttemptAt: '2026-11-28T10:32:00.000Z',
  gaveUp: false,
  payload: {
    id: '4b0e0f0a-1b2c-4d3e-8f4a-5b6c7d8e9f0a',
    type: 'order.created',
    created: '2026-11-28T08:00:00.000Z',
    data: {
      id: '0b8f1f9e-2c55-4c7c-9d0e-1a2b3c4d5e6f',
      reference: 'EX-7K2Q9',
      status: 'pending',
      summary: 'not_paid_yet',
      sendToken: 'USDT',
      receiveToken: 'PIX',
      amountSend: '100',
      amountReceive: '512.3',
      createdAt: '2026-11-28T08:00:00.000Z',
    },
  },
};

let endpoints: WebhookEndpointView[] = [ENDPOINT];
let listFails = false;
const fetchMock = stubFetch((url, init) => {
  const path = new URL(url, 'http://localhost').pathname;
  const method = init?.method ?? 'GET';
  const base = `/api/v1/me/api-keys/${KEY.id}/webhooks`;
  if (path === base && method === 'GET') {
    return listFails
      ? apiError(500, 'INTERNAL_ERROR', 'boom')
      : json(200, { items: endpoints, max: 5 });
  }
  if (path === base && method === 'POST') {
    const body = JSON.parse(String(init?.body)) as { url: string };
    if (body.url.startsWith('http://')) {
      return apiError(422, 'WEBHOOK_URL_REFUSED', 'Use an https address with a host name.', {
        url: 'Use https and a host name.',
      });
    }
    return json(201, {
      ...ENDPOINT,
      id: 'new',
      url: body.url,
      state: 'active',
      secret: 'whsec_abc',
    });
  }
  if (path === `${base}/${ENDPOINT.id}/deliveries`) return json(200, { items: [DELIVERY] });
  if (path === `${base}/${ENDPOINT.id}/deliveries/${DELIVERY.id}/replay`) {
    return json(200, {
      ...DELIVERY,
      id: 'r1',
      replay: true,
      outcome: 'delivered',
      httpStatus: 204,
    });
  }
  if (path === `${base}/${ENDPOINT.id}/rotate`) {
    return json(200, { ...ENDPOINT, secret: 'whsec_rotated' });
  }
  if (path === `${base}/${ENDPOINT.id}` && method === 'DELETE') return json(204, null);
  return apiError(404, 'NOT_FOUND', 'Not found.');
});

function show(locale: 'en-US' | 'pt-BR' = 'en-US') {
  return renderAt(
    locale === 'en-US' ? '/en-US/profile/api-keys' : '/profile/api-keys',
    <WebhooksPanel apiKey={KEY} onClose={() => {}} />,
    { env: 'test' },
  );
}

describe('the webhooks of a key', () => {
  it('flags a failing endpoint and shows its log with payload, answer and replay (English)', async () => {
    endpoints = [ENDPOINT];
    listFails = false;
    show();
    const card = await screen.findByTestId('webhook-endpoint');
    expect(within(card).getByTestId('webhook-state').textContent).toBe('Failing');
    expect(within(card).getByText(/the last 6 deliveries failed/)).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: `Delivery log ${ENDPOINT.url}` }));
    const row = await screen.findByTestId('webhook-delivery');
    expect(within(row).getByTestId('webhook-delivery-result').textContent).toBe('Failed (500)');
    expect(within(row).getByText('84 ms')).toBeTruthy();
    expect(within(row).getByText(/^Next attempt/)).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Details' }));
    const details = await screen.findByTestId('webhook-delivery-details');
    expect(details.textContent).toContain('"reference": "EX-7K2Q9"');
    expect(details.textContent).toContain('upstream exploded');
    fireEvent.click(within(row).getByRole('button', { name: 'Send again' }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([url]) => String(url).endsWith(`${DELIVERY.id}/replay`)),
      ).toBe(true),
    );
  });

  it('adds an endpoint and shows its secret once; a refused URL says why (Portuguese)', async () => {
    endpoints = [];
    listFails = false;
    show('pt-BR');
    expect(await screen.findByTestId('webhooks-empty')).toBeTruthy();
    const url = screen.getByRole('textbox', { name: /URL/ });
    fireEvent.change(url, { target: { value: 'http://10.0.0.1/h' } });
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar endpoint' }));
    expect((await screen.findByRole('alert')).textContent).toContain('https');
    fireEvent.change(url, { target: { value: 'https://erp.example.com/novo' } });
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar endpoint' }));
    expect((await screen.findByTestId('webhook-secret')).textContent).toBe('whsec_abc');
    expect(screen.getByText(/não será mostrado de novo/)).toBeTruthy();
    fireEvent.click(screen.getByTestId('webhook-secret-done'));
    await waitFor(() => expect(screen.queryByTestId('webhook-secret')).toBeNull());
  });

  it('rotates (the new secret shown) and deletes after a confirmation', async () => {
    endpoints = [{ ...ENDPOINT, state: 'active', failingSince: null, consecutiveFailures: 0 }];
    listFails = false;
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    show();
    const card = await screen.findByTestId('webhook-endpoint');
    expect(within(card).getByTestId('webhook-state').textContent).toBe('Active');
    fireEvent.click(within(card).getByRole('button', { name: `Rotate secret ${ENDPOINT.url}` }));
    expect((await screen.findByTestId('webhook-secret')).textContent).toBe('whsec_rotated');
    fireEvent.click(within(card).getByRole('button', { name: `Delete ${ENDPOINT.url}` }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([url, init]) =>
            String(url).endsWith(ENDPOINT.id) && (init as RequestInit)?.method === 'DELETE',
        ),
      ).toBe(true),
    );
    expect(confirm).toHaveBeenCalledTimes(2);
    confirm.mockRestore();
  });

  it('says when the list cannot be loaded', async () => {
    listFails = true;
    show();
    expect(await screen.findByText('Could not load the webhooks.')).toBeTruthy();
  });
});
