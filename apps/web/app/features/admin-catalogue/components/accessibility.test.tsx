// @vitest-environment jsdom
import '../../../../test/setup-dom.ts';
import { screen } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { AddTokenForm } from './add-token-form.tsx';
import { RateSettings } from './rate-settings.tsx';
import { TokenDetail } from './token-detail.tsx';
import { TokensTable } from './tokens-table.tsx';
import { json, loadCatalogues, renderWith, stubFetch } from './test-utils.tsx';

const network = {
  id: 'n1',
  code: 'TRC20',
  name: 'Tron (TRC20)',
  enabled: true,
  isDefault: true,
  contractAddress: null,
  minConfirmations: 20,
  depositEnabled: true,
  withdrawEnabled: true,
  withdrawFee: '1',
  withdrawMin: '10',
  withdrawMax: null,
  estimatedArrivalMinutes: 5,
  tip: null,
  notice: null,
  addressRegex: null,
  memoRegex: null,
  memoRequired: false,
  depositAddress: 'TLDWDCnJ5o2hD57VjFC71PR7m41vudkA5j',
  depositMemo: 'memo',
  syncedAt: null,
};
const token = {
  id: 't1',
  code: 'USDT',
  name: 'Tether USD',
  kind: 'crypto',
  precision: 6,
  enabled: true,
  isLegalMoney: false,
  trading: true,
  sortOrder: 2,
  priceSource: 'manual',
  exchangeSymbol: 'USDTBRL',
  balances: {
    free: '1',
    locked: '0',
    freeze: null,
    withdrawing: null,
    ipoable: null,
    ipoing: null,
    storage: null,
  },
  syncedAt: '2026-11-23T11:00:00Z',
  price: { priceBrl: '5.4', source: 'manual', createdAt: '2026-11-23T11:00:00Z' },
  networks: [network],
};
const rules = {
  general: { rate: '5', updatedAt: '2026-11-20T10:00:00Z' },
  pairs: [
    { id: 'r1', send: 'USDT', receive: 'PIX', rate: '12', updatedAt: '2026-11-20T10:00:00Z' },
  ],
  band: { min: '3', max: '10' },
};

beforeAll(loadCatalogues);
beforeEach(() => {
  stubFetch((url) => {
    const path = url.split('?')[0];
    if (path === '/api/v1/admin/tokens') return json(200, { items: [token] });
    if (path === '/api/v1/admin/tokens/USDT') return json(200, token);
    if (path === '/api/v1/admin/tokens/USDT/prices') {
      return json(200, {
        items: [{ id: 1, priceBrl: '5.4', source: 'manual', createdAt: token.price.createdAt }],
        page: 1,
        pageSize: 10,
        total: 1,
      });
    }
    if (path === '/api/v1/admin/fee-rules') return json(200, rules);
    return undefined;
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
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

it('the tokens list has no accessibility violations', async () => {
  const { container } = renderWith(<TokensTable />, 'en-US', '/admin/manager-tokens');
  await screen.findByTestId('token-row-USDT');
  await check(container);
});

it('the token page has no accessibility violations', async () => {
  const { container } = renderWith(
    <TokenDetail code="USDT" />,
    'pt-BR',
    '/admin/manager-tokens/USDT',
  );
  await screen.findByTestId('network-row-TRC20');
  await screen.findByText('Histórico de cotações');
  await check(container);
});

it('the add-token form has no accessibility violations', async () => {
  const { container } = renderWith(<AddTokenForm />, 'en-US', '/admin/add-token');
  await check(container);
});

it('the rates screen has no accessibility violations', async () => {
  const { container } = renderWith(<RateSettings />, 'pt-BR', '/admin/rate-setting');
  await screen.findByTestId('rule-USDT-PIX');
  await check(container);
});
