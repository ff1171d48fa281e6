// @vitest-environment jsdom
import '../../../../test/setup-dom.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminToken } from '@permuta/contracts/catalogue-admin';
import { TokenDetail } from './token-detail.tsx';
import { json, loadCatalogues, renderWith, sentBodies, stubFetch } from './test-utils.tsx';

const NOW = new Date('2026-11-23T12:00:00Z');
const PRICE_URL = '/api/v1/admin/tokens/USDT/price';

const usdt: AdminToken = {
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
    free: null,
    locked: null,
    freeze: null,
    withdrawing: null,
    ipoable: null,
    ipoing: null,
    storage: null,
  },
  syncedAt: null,
  price: { priceBrl: '5.45', source: 'manual', createdAt: '2026-11-23T11:55:00Z' },
  networks: [],
};

/** What the API answers to 5.45 -> 54.5 without a confirmation. */
const unconfirmed = {
  error: {
    code: 'PRICE_CHANGE_UNCONFIRMED',
    message: 'The new price of USDT (R$ 54.5) is 900% away from the current one (R$ 5.45).',
    params: {
      token: 'USDT',
      oldPriceBrl: '5.45',
      newPriceBrl: '54.5',
      changePercent: '900',
      thresholdPercent: 10,
      sampleUnits: '100',
      sampleBrlBefore: '545',
      sampleBrlAfter: '5450',
      sampleBrl: '1000',
      sampleUnitsBefore: '183.486238',
      sampleUnitsAfter: '18.348623',
    },
  },
};

/** The API: the token, its history, and the price route refusing until confirmed. */
function api() {
  return stubFetch((url, init) => {
    if (url === '/api/v1/admin/tokens/USDT' && init?.method === 'GET') return json(200, usdt);
    if (url.startsWith('/api/v1/admin/tokens/USDT/prices')) {
      return json(200, { items: [], page: 1, pageSize: 10, total: 0 });
    }
    if (url === PRICE_URL && init?.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as { priceBrl: string; confirm?: boolean };
      if (!body.confirm) return json(409, unconfirmed);
      return json(200, {
        ...usdt,
        price: { ...usdt.price!, priceBrl: body.priceBrl, createdAt: NOW.toISOString() },
      });
    }
    return undefined;
  });
}

beforeAll(loadCatalogues);
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const cases = [
  {
    locale: 'pt-BR' as const,
    typed: '54,5',
    form: 'Cotação manual',
    save: 'Salvar cotação',
    title: 'Confirme a nova cotação de USDT',
    warning: 'Esta cotação está 900% distante da atual, além dos 10% que podem ser salvos',
    rows: [
      ['1 USDT', 'R$\u00a05,45', 'R$\u00a054,50'],
      ['100 USDT valem', 'R$\u00a0545,00', 'R$\u00a05.450,00'],
      ['R$\u00a01.000,00 compram', '183,486238 USDT', '18,348623 USDT'],
    ],
    cancel: 'Voltar e corrigir',
    confirm: 'Aplicar R$\u00a054,50',
  },
  {
    locale: 'en-US' as const,
    typed: '54.5',
    form: 'Manual price',
    save: 'Save price',
    title: 'Confirm the new price of USDT',
    warning: 'This price is 900% away from the current one, beyond the 10% that can be saved',
    rows: [
      ['1 USDT', 'R$5.45', 'R$54.50'],
      ['100 USDT are worth', 'R$545.00', 'R$5,450.00'],
      ['R$1,000.00 buys', '183.486238 USDT', '18.348623 USDT'],
    ],
    cancel: 'Go back and correct',
    confirm: 'Apply R$54.50',
  },
];

describe('a manual price far from the current one', () => {
  for (const c of cases) {
    it(`asks a second, confirming step showing old and new price and a sample (${c.locale})`, async () => {
      const fetchMock = api();
      renderWith(
        <TokenDetail code="USDT" now={() => NOW} />,
        c.locale,
        '/admin/manager-tokens/USDT',
      );
      const form = await screen.findByRole('form', { name: c.form });
      fireEvent.change(within(form).getByRole('textbox'), { target: { value: c.typed } });
      fireEvent.click(within(form).getByRole('button', { name: c.save }));

      const dialog = await screen.findByRole('dialog', { name: c.title });
      expect(within(dialog).getByText(new RegExp(`^${c.warning}`))).toBeTruthy();
      const rows = within(within(dialog).getByTestId('price-confirm-table'))
        .getAllByRole('row')
        .slice(1)
        .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
      expect(rows).toEqual(c.rows);
      // the first attempt did not confirm
      expect(sentBodies(fetchMock, 'PUT', PRICE_URL)).toEqual([{ priceBrl: '54.5' }]);

      // going back saves nothing
      fireEvent.click(within(dialog).getByRole('button', { name: c.cancel }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(sentBodies(fetchMock, 'PUT', PRICE_URL)).toHaveLength(1);

      // asked again, and confirmed this time
      fireEvent.click(within(form).getByRole('button', { name: c.save }));
      const again = await screen.findByRole('dialog', { name: c.title });
      fireEvent.click(within(again).getByRole('button', { name: c.confirm }));
      await waitFor(() =>
        expect(sentBodies(fetchMock, 'PUT', PRICE_URL)).toEqual([
          { priceBrl: '54.5' },
          { priceBrl: '54.5' },
          { priceBrl: '54.5', confirm: true },
        ]),
      );
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      // a whole screen rendered twice with a dialog: more than the default 5 s on a busy machine
    }, 20_000);
  }
});
