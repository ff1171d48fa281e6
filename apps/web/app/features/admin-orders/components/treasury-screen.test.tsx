// @vitest-environment jsdom
import '../../../../test/setup-dom.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiError, calls, entry, json, renderAt, stubFetch } from '../testing.tsx';
import { checkAdjustment } from './adjustment-form.tsx';
import { TreasuryScreen } from './treasury-screen.tsx';

const balances = [
  {
    token: 'USDT',
    name: 'Tether',
    precision: 2,
    balance: '1500.00',
    reserved: '200.00',
    available: '1300.00',
  },
  {
    token: 'PIX',
    name: 'Real (PIX)',
    precision: 2,
    balance: '50.00',
    reserved: '80.00',
    available: '-30.00',
  },
];

let onEntries: (url: URL) => Promise<Response>;
let onAdjust: (body: unknown) => Promise<Response>;

beforeEach(() => {
  onEntries = () => json(200, { items: [entry()], nextCursor: null });
  onAdjust = (body) =>
    json(201, entry({ id: 9, kind: 'adjustment', orderReference: null, ...(body as object) }));
});

const fetchMock = stubFetch((path, init) => {
  const url = new URL(path, 'http://localhost');
  if (url.pathname === '/api/v1/admin/treasury') return json(200, { balances });
  if (url.pathname === '/api/v1/admin/treasury/entries') return onEntries(url);
  if (url.pathname === '/api/v1/admin/treasury/adjustments' && init?.method === 'POST')
    return onAdjust(JSON.parse(String(init.body)));
  return apiError(404, 'NOT_FOUND', 'Not found.');
});

const entryCalls = () =>
  calls(fetchMock)
    .map((call) => new URL(call.url, 'http://localhost'))
    .filter((url) => url.pathname === '/api/v1/admin/treasury/entries');

describe('treasury screen', () => {
  it('shows balance, reserved and available per token, and says when available is short', async () => {
    renderAt('/en-US/admin/treasury', <TreasuryScreen />);
    const usdt = await screen.findByTestId('balance-USDT');
    expect(within(usdt).getByText('1,500.00')).toBeTruthy();
    expect(within(usdt).getByText('200.00')).toBeTruthy();
    expect(within(usdt).getByText('1,300.00')).toBeTruthy();
    const pix = screen.getByTestId('balance-PIX');
    expect(within(pix).getByText('-30.00')).toBeTruthy();
    expect(within(pix).getByText('Below the reservations')).toBeTruthy();
    expect(within(usdt).queryByText('Below the reservations')).toBeNull();
  });

  it('lists the entries of the token in the URL, linking to their orders, page by page', async () => {
    onEntries = (url) =>
      url.searchParams.get('cursor') === 'e-2'
        ? json(200, {
            items: [
              entry({
                id: 2,
                kind: 'adjustment',
                orderReference: null,
                note: 'Exchange deposit',
                createdBy: 'ana',
              }),
            ],
            nextCursor: null,
          })
        : json(200, { items: [entry()], nextCursor: 'e-2' });
    renderAt('/en-US/admin/treasury?token=USDT', <TreasuryScreen />);
    const link = await screen.findByRole('link', { name: 'EX-7K2Q9' });
    expect(link.getAttribute('href')).toBe('/en-US/admin/orders/EX-7K2Q9');
    expect(entryCalls()[0]?.search).toBe('?token=USDT');
    expect(screen.getByText('Funds received')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Exchange deposit')).toBeTruthy();
    expect(entryCalls().at(-1)?.search).toBe('?token=USDT&cursor=e-2');
    expect(screen.getByText('ana')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    await screen.findByRole('link', { name: 'EX-7K2Q9' });
  });

  it('writes the token filter to the URL', async () => {
    renderAt('/en-US/admin/treasury', <TreasuryScreen />);
    await screen.findByTestId('balance-USDT');
    const filter = screen.getByRole('combobox', { name: 'Filter by token' });
    fireEvent.click(filter);
    fireEvent.click(
      within(document.getElementById(filter.getAttribute('aria-controls') ?? '')!).getByRole(
        'option',
        { name: 'PIX', hidden: true },
      ),
    );
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/en-US/admin/treasury?token=PIX'),
    );
    await waitFor(() => expect(entryCalls().at(-1)?.search).toBe('?token=PIX'));
  });

  it('checks the adjustment before asking to confirm it, then sends it', async () => {
    renderAt('/admin/treasury', <TreasuryScreen />);
    await screen.findByTestId('balance-USDT');
    const form = screen.getByRole('form', { name: 'Ajustar um saldo' });
    fireEvent.click(within(form).getByRole('button', { name: 'Revisar ajuste' }));
    expect(await within(form).findByText('Token obrigatório.')).toBeTruthy();
    expect(
      within(form).getByText('Escreva uma observação com pelo menos 3 caracteres.'),
    ).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();

    const token = within(form).getByRole('combobox', { name: 'Moeda' });
    fireEvent.click(token);
    fireEvent.click(
      within(document.getElementById(token.getAttribute('aria-controls') ?? '')!).getByRole(
        'option',
        { name: 'USDT', hidden: true },
      ),
    );
    fireEvent.click(within(form).getByRole('radio', { name: 'Débito' }));
    fireEvent.change(within(form).getByLabelText(/^Valor/), { target: { value: '1.234,5' } });
    fireEvent.change(within(form).getByLabelText(/^Observação/), {
      target: { value: 'Saque para a conta da corretora' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Revisar ajuste' }));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Retirar 1.234,5 USDT da tesouraria?')).toBeTruthy();
    expect(calls(fetchMock).some((call) => call.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Gravar lançamento' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const post = calls(fetchMock).find((call) => call.method === 'POST');
    expect(JSON.parse(String(post?.body))).toEqual({
      token: 'USDT',
      direction: 'debit',
      amount: '1234.5',
      note: 'Saque para a conta da corretora',
    });
    expect((within(form).getByLabelText(/^Valor/) as HTMLInputElement).value).toBe('');
  });

  it("keeps the dialog open with the API's refusal of a debit below zero", async () => {
    onAdjust = () =>
      apiError(409, 'TREASURY_NEGATIVE', 'The PIX balance cannot go below zero (balance 50.00).');
    renderAt('/en-US/admin/treasury', <TreasuryScreen />);
    await screen.findByTestId('balance-USDT');
    const form = screen.getByRole('form', { name: 'Adjust a balance' });
    const token = within(form).getByRole('combobox', { name: 'Token' });
    fireEvent.click(token);
    fireEvent.click(
      within(document.getElementById(token.getAttribute('aria-controls') ?? '')!).getByRole(
        'option',
        { name: 'PIX', hidden: true },
      ),
    );
    fireEvent.click(within(form).getByRole('radio', { name: 'Debit' }));
    fireEvent.change(within(form).getByLabelText(/^Amount/), { target: { value: '100' } });
    fireEvent.change(within(form).getByLabelText(/^Note/), { target: { value: 'Correction' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Review adjustment' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Write the entry' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'The PIX balance cannot go below zero (balance 50.00).',
    );
  });

  it('asks to confirm a debit into what orders in flight reserve, and sends it confirmed', async () => {
    const bodies: unknown[] = [];
    onAdjust = (body) => {
      bodies.push(body);
      return (body as { belowReserve?: boolean }).belowReserve
        ? json(201, entry({ id: 9, kind: 'adjustment', orderReference: null, ...(body as object) }))
        : apiError(
            422,
            'TREASURY_RESERVED',
            'Orders in flight reserve 80 PIX: at most 0 PIX can be debited now. Confirm the debit below the reserve to record it anyway.',
            { belowReserve: 'Confirm that this debit goes below what orders in flight reserve.' },
          );
    };
    renderAt('/en-US/admin/treasury', <TreasuryScreen />);
    await screen.findByTestId('balance-USDT');
    const form = screen.getByRole('form', { name: 'Adjust a balance' });
    const token = within(form).getByRole('combobox', { name: 'Token' });
    fireEvent.click(token);
    fireEvent.click(
      within(document.getElementById(token.getAttribute('aria-controls') ?? '')!).getByRole(
        'option',
        { name: 'PIX', hidden: true },
      ),
    );
    fireEvent.click(within(form).getByRole('radio', { name: 'Debit' }));
    fireEvent.change(within(form).getByLabelText(/^Amount/), { target: { value: '10' } });
    fireEvent.change(within(form).getByLabelText(/^Note/), { target: { value: 'Bank fee' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Review adjustment' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Write the entry' }));
    expect((await within(dialog).findByTestId('below-reserve')).textContent).toContain(
      'Orders in flight reserve 80 PIX',
    );
    const write = within(dialog).getByRole('button', { name: 'Write the entry' });
    expect(write.hasAttribute('disabled')).toBe(true);
    fireEvent.click(within(dialog).getByLabelText(/^Record it anyway/));
    fireEvent.click(write);
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toMatchObject({ token: 'PIX', direction: 'debit', belowReserve: true });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('adjustment check', () => {
  const valid = { token: 'usdt', direction: 'credit' as const, amount: '10,5', note: 'Deposit' };

  it('reads the amount in the page language and upper-cases the token', () => {
    expect(checkAdjustment(valid, 'pt-BR').input).toEqual({
      token: 'USDT',
      direction: 'credit',
      amount: '10.5',
      note: 'Deposit',
    });
    expect(checkAdjustment({ ...valid, amount: '1,234.5' }, 'en-US').input?.amount).toBe('1234.5');
  });

  it('refuses a missing token, a zero or unreadable amount and a short note', () => {
    expect(checkAdjustment({ ...valid, token: '' }, 'en-US').errors).toEqual({
      token: 'Token required.',
    });
    expect(checkAdjustment({ ...valid, amount: '0' }, 'pt-BR').errors?.amount).toBeTruthy();
    expect(checkAdjustment({ ...valid, amount: 'abc' }, 'pt-BR').errors?.amount).toBeTruthy();
    expect(checkAdjustment({ ...valid, note: ' ok ' }, 'en-US').errors).toEqual({
      note: 'Write a note of at least 3 characters.',
    });
  });
});
