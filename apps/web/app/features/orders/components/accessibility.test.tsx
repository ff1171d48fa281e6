// @vitest-environment jsdom
import '../../../../test/setup-dom.ts';
import { configure, screen } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { getQueryClient } from '../../../lib/query-client.tsx';
import { forgetSession, login } from '../../../lib/session.ts';
import { ExchangeNowScreen } from './exchange-now-screen.tsx';
import { OrderScreen } from './order-screen.tsx';
import { OrdersListScreen } from './orders-list-screen.tsx';
import {
  catalogue,
  json,
  loadCatalogues,
  meAnswer,
  order,
  profile,
  renderScreen,
  wallet,
} from './test-fixtures.tsx';

configure({ asyncUtilTimeout: 4000 });
beforeAll(loadCatalogues);
beforeEach(() => {
  getQueryClient().clear();
  login({ role: 'customer', email: 'maria@example.com' });
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      const path = url.split('?')[0];
      if (path === '/api/v1/tokens') return json(200, catalogue);
      if (path === '/api/v1/me') return json(200, meAnswer(profile({ documentsVerified: false })));
      if (path === '/api/v1/me/wallets') return json(200, { wallets: [wallet({})] });
      if (path === '/api/v1/orders/quote')
        return json(422, { error: { code: 'AMOUNT_BELOW_MINIMUM', message: 'min' } });
      if (path === '/api/v1/orders/EX-7K2Q9')
        return json(
          200,
          order({
            events: [
              order().events[0]!,
              {
                from: 'pending',
                to: 'user_confirmed',
                actor: 'customer',
                note: 'x',
                createdAt: '2026-11-23T10:01:00.000Z',
              },
            ],
          }),
        );
      if (path === '/api/v1/orders')
        return json(200, {
          items: [
            {
              id: 'o1',
              reference: 'EX-1',
              status: 'pending',
              summary: 'not_paid_yet',
              sendToken: 'USDT',
              receiveToken: 'PIX',
              amountSend: '1',
              amountReceive: '5',
              createdAt: '2026-11-23T10:00:00.000Z',
            },
          ],
          page: 1,
          pageSize: 20,
          total: 1,
        });
      return json(404, { error: { code: 'NOT_FOUND', message: 'x' } });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  forgetSession();
});

/** axe on the screen as rendered (contrast needs a real browser: the e2e scan checks it). */
async function check(container: HTMLElement) {
  const result = await axe.run(container, {
    rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
  });
  const bad = result.violations.map(
    (v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.html.slice(0, 160)).join(' | ')}`,
  );
  expect(bad).toEqual([]);
}

it('exchange now has no accessibility violations', async () => {
  const { container } = renderScreen(<ExchangeNowScreen />, {
    locale: 'en-US',
    path: '/profile/exchange-now?send=PIX&receive=USDT&amount=1',
  });
  await screen.findByTestId('quote-error');
  await check(container);
});
it('the order page has no accessibility violations', async () => {
  const { container } = renderScreen(<OrderScreen />, {
    locale: 'en-US',
    path: '/profile/my-orders/EX-7K2Q9',
    pattern: '/profile/my-orders/:id',
  });
  await screen.findByTestId('payment-pix');
  await check(container);
});
it('my orders has no accessibility violations', async () => {
  const { container } = renderScreen(<OrdersListScreen />, {
    locale: 'en-US',
    path: '/profile/my-orders',
  });
  await screen.findByTestId('orders-table');
  await check(container);
});
