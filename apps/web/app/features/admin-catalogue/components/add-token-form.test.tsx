// @vitest-environment jsdom
import '../../../../test/setup-dom.ts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { vi } from 'vitest';
import { AddTokenForm } from './add-token-form.tsx';
import { json, loadCatalogues, renderWith, sentBodies, stubFetch } from './test-utils.tsx';

beforeAll(loadCatalogues);
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

function fill(label: string | RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('add token form', () => {
  it('asks to select at least one network and sends nothing', async () => {
    const fetchMock = stubFetch(() => undefined);
    renderWith(<AddTokenForm />, 'en-US', '/admin/add-token');
    fill(/^Code/, 'LTC');
    fill(/^Name/, 'Litecoin');
    fireEvent.click(screen.getByRole('button', { name: 'Remove network 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add token' }));
    expect((await screen.findByTestId('networks-error')).textContent).toBe(
      'Select at least one network.',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says it in Portuguese too', async () => {
    stubFetch(() => undefined);
    renderWith(<AddTokenForm />, 'pt-BR', '/admin/add-token');
    fireEvent.click(screen.getByRole('button', { name: 'Remover rede 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar token' }));
    expect((await screen.findByTestId('networks-error')).textContent).toBe(
      'Selecione pelo menos uma rede.',
    );
  });

  it('sends the token with its network, amounts in the page style read as decimals', async () => {
    const fetchMock = stubFetch((url, init) =>
      url === '/api/v1/admin/tokens' && init?.method === 'POST'
        ? json(201, { code: 'LTC' })
        : undefined,
    );
    renderWith(<AddTokenForm />, 'pt-BR', '/admin/add-token');
    fill(/^Código\s*\*?$/, 'ltc');
    fill(/^Nome\s*\*?$/, 'Litecoin');
    fill(/^Cotação manual/, '1.234,5');
    fill(/^Código da rede/, 'ltc');
    fill(/^Nome da rede/, 'Litecoin');
    fill(/^Taxa de saque/, '0,001');
    fill(/^Saque máximo/, '100');
    fill(/^Confirmações mínimas/, '6');
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar token' }));
    await waitFor(() =>
      expect(sentBodies(fetchMock, 'POST', '/api/v1/admin/tokens')).toHaveLength(1),
    );
    const [body] = sentBodies(fetchMock, 'POST', '/api/v1/admin/tokens');
    expect(body).toMatchObject({
      code: 'ltc',
      name: 'Litecoin',
      kind: 'crypto',
      precision: 8,
      priceBrl: '1234.5',
      networks: [
        {
          code: 'ltc',
          name: 'Litecoin',
          withdrawFee: '0.001',
          withdrawMax: '100',
          minConfirmations: 6,
          depositAddress: null,
          estimatedArrivalMinutes: null,
        },
      ],
    });
  });

  it("shows the server's field errors on their fields", async () => {
    stubFetch((url, init) =>
      url === '/api/v1/admin/tokens' && init?.method === 'POST'
        ? json(400, {
            error: {
              code: 'DEPOSIT_ADDRESS_INVALID',
              message: 'The deposit address is not valid for the LTC network.',
              fields: {
                'networks.0.depositAddress': 'This address is not valid for this network.',
              },
            },
          })
        : undefined,
    );
    renderWith(<AddTokenForm />, 'en-US', '/admin/add-token');
    fill(/^Code/, 'LTC');
    fill(/^Name/, 'Litecoin');
    fill(/^Network code/, 'LTC');
    fill(/^Network name/, 'Litecoin');
    fill(/^Deposit address/, 'nonsense');
    fireEvent.click(screen.getByRole('button', { name: 'Add token' }));
    const input = screen.getByLabelText(/^Deposit address/);
    await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('This address is not valid for this network.')).toBeTruthy();
  });

  it('checks the fields before sending', async () => {
    const fetchMock = stubFetch(() => undefined);
    renderWith(<AddTokenForm />, 'en-US', '/admin/add-token');
    fill(/^Code/, 'LTC');
    fill(/^Name/, 'Litecoin');
    fill(/^Network code/, 'LTC');
    fill(/^Network name/, 'Litecoin');
    fill(/^Withdraw minimum/, '10');
    fill(/^Withdraw maximum/, '5');
    fill(/^Decimal places/, '30');
    fireEvent.click(screen.getByRole('button', { name: 'Add token' }));
    expect(await screen.findByText('The maximum must not be below the minimum.')).toBeTruthy();
    expect(screen.getByText('Enter a whole number from 0 to 18.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
