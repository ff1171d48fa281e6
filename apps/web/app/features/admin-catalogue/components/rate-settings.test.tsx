// @vitest-environment jsdom
import '../../../../test/setup-dom.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast.ts';
import { RateSettings } from './rate-settings.tsx';
import { json, loadCatalogues, renderWith, sentBodies, stubFetch } from './test-utils.tsx';

const rules = {
  general: { rate: '5', updatedAt: '2026-11-20T10:00:00Z' },
  pairs: [
    { id: 'r1', send: 'USDT', receive: 'PIX', rate: '3.5', updatedAt: '2026-11-20T10:00:00Z' },
    { id: 'r2', send: 'PIX', receive: 'DERIV', rate: '12', updatedAt: '2026-11-20T10:00:00Z' },
  ],
  band: { min: '3', max: '10' },
};
const tokens = {
  items: [
    { code: 'USDT', name: 'Tether USD' },
    { code: 'PIX', name: 'Real (PIX)' },
  ],
};

function standardApi(extra?: (url: string, init?: RequestInit) => Promise<Response> | undefined) {
  return stubFetch((url, init) => {
    const answer = extra?.(url, init);
    if (answer) return answer;
    if (url === '/api/v1/admin/fee-rules' && !init?.method) return json(200, rules);
    if (url === '/api/v1/admin/fee-rules' && init?.method === 'GET') return json(200, rules);
    if (url === '/api/v1/admin/tokens') return json(200, tokens);
    return undefined;
  });
}

beforeAll(loadCatalogues);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('rate settings', () => {
  it('shows the general rate and the pair rules, flagging a rule outside 3%-10%', async () => {
    standardApi();
    renderWith(<RateSettings />, 'pt-BR', '/admin/rate-setting');
    const table = await screen.findByRole('table');
    expect(within(table).getByText('2 regras por par')).toBeTruthy();
    expect(within(screen.getByTestId('rule-USDT-PIX')).getByText('3,5%')).toBeTruthy();
    expect(within(screen.getByTestId('rule-USDT-PIX')).queryByText('fora de 3%–10%')).toBeNull();
    expect(within(screen.getByTestId('rule-PIX-DERIV')).getByText('fora de 3%–10%')).toBeTruthy();
    const general = screen.getByRole('form', { name: 'Taxa geral' });
    expect((within(general).getByRole('textbox') as HTMLInputElement).value).toBe('5');
  });

  it('warns outside the band while typing, without refusing, and saves with a dot decimal', async () => {
    const success = vi.spyOn(toast, 'success').mockResolvedValue('');
    // once saved, the rules read back carry the new rate (the form is keyed by it)
    const saved = { ...rules, general: { rate: '12.5', updatedAt: rules.general.updatedAt } };
    let current = rules;
    const fetchMock = standardApi((url, init) => {
      if (url === '/api/v1/admin/fee-rules/general' && init?.method === 'PUT') {
        current = saved;
        return json(200, saved);
      }
      if (url === '/api/v1/admin/fee-rules' && (!init?.method || init.method === 'GET')) {
        return json(200, current);
      }
      return undefined;
    });
    renderWith(<RateSettings />, 'pt-BR', '/admin/rate-setting');
    await screen.findByRole('table');
    const general = screen.getByRole('form', { name: 'Taxa geral' });
    const input = within(general).getByRole('textbox');
    expect(screen.queryByTestId('band-warning')).toBeNull();
    fireEvent.change(input, { target: { value: '12,5' } });
    expect(screen.getByTestId('band-warning').textContent).toBe(
      'Esta taxa está fora da faixa de 3% a 10% dos termos de uso.',
    );
    fireEvent.click(within(general).getByRole('button', { name: 'Salvar alterações' }));
    await waitFor(() =>
      expect(sentBodies(fetchMock, 'PUT', '/api/v1/admin/fee-rules/general')).toEqual([
        { rate: '12.5' },
      ]),
    );
    // saved: said so, and the rate reads with a decimal comma again
    await waitFor(() => expect(success).toHaveBeenCalledWith('Taxa geral salva.'));
    await waitFor(() =>
      expect(
        (
          within(screen.getByRole('form', { name: 'Taxa geral' })).getByRole(
            'textbox',
          ) as HTMLInputElement
        ).value,
      ).toBe('12,5'),
    );
  });

  it('refuses a rate of 50% or more before sending', async () => {
    const fetchMock = standardApi();
    renderWith(<RateSettings />, 'en-US', '/admin/rate-setting');
    await screen.findByRole('table');
    const general = screen.getByRole('form', { name: 'General rate' });
    fireEvent.change(within(general).getByRole('textbox'), { target: { value: '50' } });
    fireEvent.click(within(general).getByRole('button', { name: 'Save changes' }));
    expect(
      await within(general).findByText('The rate must be at least 0% and below 50%.'),
    ).toBeTruthy();
    expect(sentBodies(fetchMock, 'PUT', '/api/v1/admin/fee-rules/general')).toEqual([]);
  });

  it("shows the server's field error on its field", async () => {
    standardApi((url, init) =>
      url === '/api/v1/admin/fee-rules/general' && init?.method === 'PUT'
        ? json(400, {
            error: {
              code: 'VALIDATION_ERROR',
              message: 'Please check the form for errors.',
              fields: { rate: 'The rate must be at least 0% and below 50%.' },
            },
          })
        : undefined,
    );
    renderWith(<RateSettings />, 'en-US', '/admin/rate-setting');
    await screen.findByRole('table');
    const general = screen.getByRole('form', { name: 'General rate' });
    const input = within(general).getByRole('textbox');
    fireEvent.change(input, { target: { value: '7' } });
    fireEvent.click(within(general).getByRole('button', { name: 'Save changes' }));
    expect(
      await within(general).findByText('The rate must be at least 0% and below 50%.'),
    ).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });

  it('asks before deleting a rule, then deletes it', async () => {
    const fetchMock = standardApi((url, init) =>
      url === '/api/v1/admin/fee-rules/r2' && init?.method === 'DELETE'
        ? json(204, null)
        : undefined,
    );
    renderWith(<RateSettings />, 'en-US', '/admin/rate-setting');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete rule PIX to DERIV' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/The general rate will apply to this pair/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([url, init]) => url === '/api/v1/admin/fee-rules/r2' && init?.method === 'DELETE',
        ),
      ).toBe(true),
    );
  });

  it('shows the error with a retry when the rules cannot be read', async () => {
    stubFetch(() =>
      json(500, { error: { code: 'INTERNAL_ERROR', message: 'An error occurred.' } }),
    );
    renderWith(<RateSettings />, 'en-US', '/admin/rate-setting');
    expect((await screen.findByRole('alert', {}, { timeout: 4000 })).textContent).toContain(
      'An error occurred.',
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
