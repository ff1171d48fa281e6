// @vitest-environment jsdom
import '../../../../test/setup-dom.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { IntegrationView } from '@permuta/contracts/integrations';
import { addCatalogue } from '../../../i18n/i18n.ts';
import enUS from '../../../locales/en-US.json';
import ptBR from '../../../locales/pt-BR.json';
import { getQueryClient } from '../../../lib/query-client.tsx';
import { apiError, json, renderAt } from '../../../../test/render-screen.tsx';
import { IntegrationsScreen } from './integrations-screen.tsx';

let fetchMock: ReturnType<typeof vi.fn>;
let answer: (url: URL, init?: RequestInit) => Promise<Response>;
let stored: IntegrationView[];

function integration(over: Partial<IntegrationView>): IntegrationView {
  return {
    provider: 'pix',
    config: {},
    secretsSet: {},
    configured: false,
    deposits: false,
    payouts: false,
    updatedAt: null,
    updatedBy: null,
    problem: null,
    ...over,
  };
}

beforeAll(() => {
  addCatalogue('en-US', enUS);
  addCatalogue('pt-BR', ptBR);
});

beforeEach(() => {
  getQueryClient().clear();
  stored = [
    integration({
      provider: 'pix',
      config: { apiUrl: 'https://pix.example.com.br', clientId: 'permuta' },
      secretsSet: {
        clientSecret: true,
        certificate: false,
        privateKey: false,
        webhookSecret: false,
      },
      configured: true,
      deposits: true,
      updatedAt: '2026-11-28T12:00:00.000Z',
      updatedBy: 'Joana',
    }),
    integration({ provider: 'deriv', secretsSet: { token: false } }),
  ];
  answer = async (url, init) => {
    if (init?.method === 'PUT') {
      const provider = url.pathname.split('/').at(-1)!;
      const body = JSON.parse(String(init.body)) as { secrets?: Record<string, string> };
      if (body.secrets?.token === 'refused-by-server') {
        return apiError(422, 'VALIDATION_ERROR', 'Please check the form for errors.', {
          'secrets.token': 'Enter the API token as Deriv shows it.',
        });
      }
      const saved = { ...stored.find((i) => i.provider === provider)!, configured: true };
      return json(200, saved);
    }
    if (init?.method === 'POST') {
      return json(200, { ok: true, result: 'connected', detail: null, account: 'CR900001' });
    }
    return json(200, { integrations: stored });
  };
  fetchMock = vi.fn((url: string, init?: RequestInit) =>
    answer(new URL(url, 'http://localhost'), init),
  );
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => vi.unstubAllGlobals());

describe('the integrations screen', () => {
  it('shows each provider with what is set, never a credential, in Portuguese', async () => {
    renderAt('/admin/integrations', <IntegrationsScreen />);
    const pix = await screen.findByTestId('integration-pix');
    expect(within(pix).getByText('Configurada')).toBeTruthy();
    expect(
      (within(pix).getByLabelText('Endereço do PSP', { exact: false }) as HTMLInputElement).value,
    ).toBe('https://pix.example.com.br');
    const secret = within(pix).getByLabelText('Segredo do cliente (client_secret)', {
      exact: false,
    }) as HTMLInputElement;
    expect(secret.value).toBe('');
    expect(secret.placeholder).toBe('Guardada — deixe em branco para manter');
    expect(within(pix).getByRole('button', { name: /Remover Segredo do cliente/ })).toBeTruthy();
    // PIX payouts through the PSP (decision 044): the switch can be used
    expect(within(pix).getByText('Pagamentos PIX automáticos')).toBeTruthy();
    const payouts = pix.querySelector<HTMLInputElement>('input[role="switch"][name="payouts"]')!;
    expect(payouts.disabled).toBe(false);
    expect(within(pix).getByText(/PIX enviados aos clientes pelo PSP/)).toBeTruthy();
    expect(within(pix).queryByText(/Ainda não disponível/)).toBeNull();
    const deriv = screen.getByTestId('integration-deriv');
    expect(within(deriv).getByText('Não configurada')).toBeTruthy();
    expect(within(deriv).getByText('Nunca salva.')).toBeTruthy();
  });

  it('sends only what was filled in, and shows the API’s field message (English)', async () => {
    renderAt('/en-US/admin/integrations', <IntegrationsScreen />);
    const deriv = await screen.findByTestId('integration-deriv');
    fireEvent.change(within(deriv).getByLabelText('App ID', { exact: false }), {
      target: { value: '12345' },
    });
    fireEvent.change(within(deriv).getByLabelText('Agent API token', { exact: false }), {
      target: { value: 'refused-by-server' },
    });
    fireEvent.click(within(deriv).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(within(deriv).getByText('Enter the API token as Deriv shows it.')).toBeTruthy(),
    );
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(put?.[0]).toBe('/api/v1/admin/integrations/deriv');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({
      config: { appId: '12345' },
      secrets: { token: 'refused-by-server' },
      deposits: false,
      payouts: false,
    });
  });

  it('checks a field in the page before sending anything', async () => {
    renderAt('/en-US/admin/integrations', <IntegrationsScreen />);
    const deriv = await screen.findByTestId('integration-deriv');
    fireEvent.change(within(deriv).getByLabelText('Agent API token', { exact: false }), {
      target: { value: 'short' },
    });
    fireEvent.click(within(deriv).getByRole('button', { name: 'Save' }));
    expect(
      await within(deriv).findByText(
        'Enter the API token as Deriv shows it (8 to 128 letters, digits, - or _).',
      ),
    ).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
  });

  it('tests the connection and says what the provider answered', async () => {
    renderAt('/en-US/admin/integrations', <IntegrationsScreen />);
    const pix = await screen.findByTestId('integration-pix');
    fireEvent.click(within(pix).getByRole('button', { name: 'Test connection' }));
    const result = await within(pix).findByTestId('integration-test-result');
    expect(result.textContent).toContain('Connected: the provider accepted the credentials.');
    expect(result.textContent).toContain('Account: CR900001');
  });

  it.each([
    ['en-US', 'Test connection', 'Missing: PSP address, Client ID, Client secret.'],
    [
      'pt-BR',
      'Testar conexão',
      'Faltam: Endereço do PSP, ID do cliente (client_id), Segredo do cliente (client_secret).',
    ],
  ] as const)(
    'names the missing fields of an incomplete provider by their labels, not their keys (%s)',
    async (locale, button, missing) => {
      answer = async (_url, init) =>
        init?.method === 'POST'
          ? json(200, {
              ok: false,
              result: 'incomplete',
              detail: 'config.apiUrl, config.clientId, secrets.clientSecret',
              account: null,
            })
          : json(200, { integrations: stored });
      renderAt(`/${locale}/admin/integrations`, <IntegrationsScreen />);
      const pix = await screen.findByTestId('integration-pix');
      fireEvent.click(within(pix).getByRole('button', { name: button }));
      const result = await within(pix).findByTestId('integration-test-result');
      expect(within(result).getByText(missing)).toBeTruthy();
      expect(result.textContent).not.toMatch(/config\.|secrets\./);
    },
  );

  it('offers a retry when the page cannot load', async () => {
    answer = async () => apiError(503, 'SERVICE_UNAVAILABLE', 'The service is unavailable.');
    renderAt('/en-US/admin/integrations', <IntegrationsScreen />);
    expect(await screen.findByText('The service is unavailable.')).toBeTruthy();
    expect(screen.getByRole('button', { name: /retry|try again/i })).toBeTruthy();
  });
});

describe('a problem the provider reported (decision 048)', () => {
  const refused = (detail: string | null) =>
    integration({
      provider: 'deriv',
      secretsSet: { token: true },
      configured: true,
      payouts: true,
      problem: { code: 'token_refused', detail, at: '2026-11-28T12:00:00.000Z' },
    });

  it('quotes the provider’s words, which end a sentence of their own (Portuguese)', async () => {
    stored = [refused('InvalidToken: The token is invalid.')];
    renderAt('/admin/integrations', <IntegrationsScreen />);
    const alert = await screen.findByTestId('integration-deriv-problem');
    expect(alert.textContent).toContain(
      'A Deriv recusou o token de API: os pagamentos automáticos estão parados',
    );
    expect(alert.textContent).toContain(
      'Resposta do provedor: “InvalidToken: The token is invalid.”. Salve um token válido',
    );
    expect(alert.textContent).not.toContain('..');
  });

  it('says nothing of the provider’s words when there are none (English)', async () => {
    stored = [refused(null)];
    renderAt('/en-US/admin/integrations', <IntegrationsScreen />, { env: 'test' });
    const alert = await screen.findByTestId('integration-deriv-problem');
    expect(alert.textContent).toContain('Deriv refused the API token');
    expect(alert.textContent).toMatch(/^.*Since .+\. Save a valid token or test the connection\.$/);
    expect(alert.textContent).not.toContain('said');
  });
});
