// @vitest-environment jsdom
import '../../../../test/setup-dom.ts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AdminOrderView } from '@permuta/contracts/orders';
import {
  PAYOUT_ERROR_CODES,
  payoutErrorText,
  type PayoutError,
} from '@permuta/contracts/payout-errors';
import { getQueryClient } from '../../../lib/query-client.tsx';
import {
  adminOrder,
  apiError,
  calls,
  json,
  pendingBoletoOrder,
  renderAt,
  renderOrderPage as renderOrder,
  stubFetch,
} from '../testing.tsx';
import { OrderDetail } from './order-detail.tsx';

let order: AdminOrderView;
let onPost: (url: string, init: RequestInit) => Promise<Response>;

beforeEach(() => {
  order = adminOrder();
  onPost = () => json(200, order);
});

const fetchMock = stubFetch((url, init) =>
  init?.method === 'POST' ? onPost(url, init) : json(200, order),
);

const ALL_BUTTONS = [
  'Confirm funds received',
  'Pay with proof',
  'Retry payout',
  'Complete order',
  'Refund',
  'Cancel order',
  'Upload boleto PDF',
];

function offered(): string[] {
  const group = screen.queryByTestId('order-actions');
  if (!group) return [];
  return within(group)
    .getAllByRole('button')
    .map((button) => button.textContent ?? '');
}

const posts = () => calls(fetchMock).filter((call) => call.method === 'POST');

describe('admin order page', () => {
  it('shows the order, its customer with a link, the wallet, the files and the timeline', async () => {
    const heading = await renderOrder();
    expect(heading.textContent).toBe('Order EX-7K2Q9');
    expect(screen.getAllByText('Confirmed by customer').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Maria Souza' }).getAttribute('href')).toBe(
      '/en-US/admin/manager-customers/c1',
    );
    expect(screen.getByText('Tron (TRC20) (TRX)')).toBeTruthy();
    expect(screen.getByText('1 USDT = R$5.80')).toBeTruthy();
    expect(
      screen.getByRole('button', { name: "Download Customer's proof of sending" }),
    ).toBeTruthy();
    expect(screen.getAllByText('Not sent')).toHaveLength(3);
    const timeline = screen.getByRole('region', { name: 'Status history' });
    expect(within(timeline).getByText('From Pending to Confirmed by customer')).toBeTruthy();
  });

  it('names the admin who moved the order in the timeline, in both languages', async () => {
    const moved = {
      from: 'user_confirmed' as const,
      to: 'admin_confirmed' as const,
      actor: 'admin' as const,
      actorName: 'joana',
      note: null,
      createdAt: '2026-11-22T10:10:00Z',
    };
    order = adminOrder({ status: 'admin_confirmed', events: [...adminOrder().events, moved] });
    await renderOrder();
    const timeline = screen.getByRole('region', { name: 'Status history' });
    expect(within(timeline).getByText(/^By joana \(admin\), /)).toBeTruthy();
    cleanup();
    getQueryClient().clear();
    await renderOrder('pt-BR');
    const historico = screen.getByRole('region', { name: 'Histórico de situações' });
    expect(within(historico).getByText(/^Por joana \(administrador\), /)).toBeTruthy();
  });

  it('an order the system paid out says "paid out", not by whom, and "by the system" in its history', async () => {
    const bySystem = (
      from: AdminOrderView['status'],
      to: AdminOrderView['status'],
      minute: number,
    ) => ({
      from,
      to,
      actor: 'system' as const,
      actorName: null,
      note: null,
      createdAt: `2026-11-22T10:${String(minute).padStart(2, '0')}:00Z`,
    });
    order = adminOrder({
      status: 'admin_paid',
      summary: 'closed',
      actions: ['complete'],
      autoPayout: true,
      payoutTxId: 'a'.repeat(64),
      events: [
        adminOrder().events[0]!,
        bySystem('pending', 'paid', 1),
        bySystem('paid', 'admin_confirmed', 2),
        bySystem('admin_confirmed', 'processing', 3),
        bySystem('processing', 'admin_paid', 4),
      ],
    });
    const heading = await renderOrder();
    const badge = heading.parentElement!.querySelector('[data-status]')!;
    expect(badge.textContent).toBe('Paid out');
    expect(document.body.textContent).not.toMatch(/by admin/i);
    const timeline = screen.getByRole('region', { name: 'Status history' });
    expect(within(timeline).getByText('From Processing payout to Paid out')).toBeTruthy();
    expect(within(timeline).getAllByText(/^By the system, /)).toHaveLength(4);
    cleanup();
    getQueryClient().clear();
    const titulo = await renderOrder('pt-BR');
    const selo = titulo.parentElement!.querySelector('[data-status]')!;
    expect(selo.textContent).toBe('Pago ao cliente');
    expect(document.body.textContent).not.toMatch(/pelo administrador/i);
    const historico = screen.getByRole('region', { name: 'Histórico de situações' });
    expect(
      within(historico).getByText('De Processando pagamento para Pago ao cliente'),
    ).toBeTruthy();
    expect(within(historico).getAllByText(/^Pelo sistema, /)).toHaveLength(4);
  });

  it('offers exactly the actions the order allows', async () => {
    await renderOrder();
    expect(offered()).toEqual(['Confirm funds received', 'Cancel order']);
  });

  it('offers the payout retry, manual payment and refund from an error, with the payout error', async () => {
    order = adminOrder({
      status: 'error',
      summary: 'waiting_admin_confirmation',
      actions: ['submit_payout', 'pay', 'refund'],
      payoutError: { code: 'exchange_not_configured', params: {} },
      payoutAttempts: 2,
    });
    await renderOrder();
    expect(offered()).toEqual(['Pay with proof', 'Retry payout', 'Refund']);
    fireEvent.click(screen.getByRole('button', { name: 'Retry payout' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(
        'The exchange API key and secret are not configured. Nothing was sent.',
      ),
    ).toBeTruthy();
    expect(within(dialog).getByText(/Attempts so far: 2/)).toBeTruthy();
    onPost = () => {
      order = { ...order, status: 'processing', actions: [] };
      return json(200, order);
    };
    fireEvent.click(within(dialog).getByRole('button', { name: 'Retry payout' }));
    await waitFor(() => expect(screen.getByTestId('no-actions')).toBeTruthy());
    expect(JSON.parse(String(posts()[0]?.body))).toEqual({ action: 'submit_payout' });
  });

  it('words every payout error code in the page language, pt-BR without English', async () => {
    const errors: PayoutError[] = [
      { code: 'exchange_not_configured', params: {} },
      { code: 'no_network', params: {} },
      { code: 'treasury_short', params: { available: '12.5', needed: '1500', unit: 'USDT' } },
      {
        code: 'exchange_refused',
        params: { message: 'Insufficient balance', exchangeCode: -4026 },
      },
      { code: 'withdrawal_failed', params: { withdrawId: 'w-9', outcome: 'rejected', info: null } },
      { code: 'no_final_answer', params: { checks: 200 } },
      { code: 'too_many_withdrawals', params: { withdrawals: 10 } },
      {
        code: 'paid_not_in_ledger',
        params: { withdrawId: 'w-9', txId: '0xabc', amount: '1500', unit: 'USDT' },
      },
      { code: 'deriv_not_configured', params: {} },
      {
        code: 'deriv_name_mismatch',
        params: { account: 'CR765432', derivName: 'Joana Souza', kycName: 'Maria da Silva' },
      },
      {
        code: 'deriv_token_refused',
        params: { message: 'The token is invalid.', derivCode: 'InvalidToken' },
      },
      {
        code: 'deriv_refused',
        params: { account: 'CR765432', message: 'Login ID (CR765432) inválido.', derivCode: 'X' },
      },
      { code: 'deriv_paid_twice', params: { transactions: ['10000001', '10000002'] } },
      { code: 'pix_not_configured', params: {} },
      { code: 'pix_no_cpf', params: {} },
      {
        code: 'pix_holder_mismatch',
        params: {
          key: 'maria@example.com',
          message: 'O cpf do favorecido é diferente do documento em posse da chave',
        },
      },
      {
        code: 'pix_refused',
        params: { key: 'maria@example.com', message: 'Saldo insuficiente', pspCode: 'saldo' },
      },
      {
        code: 'pix_not_made',
        params: {
          key: 'maria@example.com',
          e2eid: 'E09089356202611282300abcdef012345',
          reason: null,
        },
      },
    ];
    expect(errors.map((error) => error.code)).toEqual(
      PAYOUT_ERROR_CODES.filter((code) => code !== 'legacy'),
    );
    for (const payoutError of errors) {
      for (const locale of ['pt-BR', 'en-US'] as const) {
        getQueryClient().clear();
        order = adminOrder({ status: 'error', actions: ['submit_payout'], payoutError });
        await renderOrder(locale);
        const alert = screen.getByTestId('payout-error');
        const shown = alert.textContent ?? '';
        expect(shown).toContain(payoutErrorText(payoutError, locale));
        const other = payoutErrorText(payoutError, locale === 'pt-BR' ? 'en-US' : 'pt-BR');
        expect(shown).not.toContain(other);
        if (locale === 'pt-BR') {
          // no English words of the catalogue's sentence on the Portuguese page
          expect(shown).not.toMatch(/\b(the|exchange refused|was|Nothing|sent|treasury)\b/);
        }
        cleanup();
      }
    }
    expect(payoutErrorText(errors[2]!, 'pt-BR')).toBe(
      'Saldo insuficiente de USDT na tesouraria: 12,5\u00a0USDT disponíveis, o pagamento precisa de 1.500\u00a0USDT. Nada foi enviado à exchange.',
    );
  }, 30_000);

  it("previews the customer's proof inside the page: an image inline, a PDF in a frame", async () => {
    const url = '/api/v1/admin/orders/EX-7K2Q9/files/proof/preview';
    const cases = [
      ['image/png', 'en-US', "Preview: Customer's proof of sending"],
      ['application/pdf', 'pt-BR', 'Visualização: Comprovante de envio do cliente'],
      [null, 'pt-BR', 'Este arquivo não pode ser mostrado aqui'],
      [null, 'en-US', 'This file cannot be shown here'],
    ] as const;
    for (const [type, locale, text] of cases) {
      getQueryClient().clear();
      fetchMock.mockImplementation((requested: string, init?: RequestInit) =>
        init?.method === 'HEAD'
          ? Promise.resolve(
              type
                ? new Response(null, { status: 200, headers: { 'content-type': type } })
                : new Response(null, { status: 415 }),
            )
          : json(200, order),
      );
      await renderOrder(locale);
      const preview = await screen.findByTestId('preview-proof');
      if (type === 'image/png') {
        const image = await within(preview).findByRole('img', { name: text });
        expect(image.getAttribute('src')).toBe(url);
      } else if (type === 'application/pdf') {
        const frame = await within(preview).findByTitle(text);
        expect(frame.tagName).toBe('IFRAME');
        expect(frame.getAttribute('src')).toBe(url);
      } else {
        expect(await within(preview).findByText(new RegExp(`^${text}`))).toBeTruthy();
        expect(within(preview).queryByRole('img')).toBeNull();
        expect(preview.querySelector('iframe')).toBeNull();
      }
      const heads = calls(fetchMock).filter((call) => call.method === 'HEAD');
      expect(heads.map((call) => call.url)).toEqual([url]);
      fetchMock.mockClear();
      cleanup();
    }
  }, 30_000);

  it('offers nothing on a final order', async () => {
    order = adminOrder({ status: 'completed', summary: 'closed', actions: [] });
    await renderOrder();
    expect(offered()).toEqual([]);
    expect(screen.getByTestId('no-actions').textContent).toBe(
      'No action is possible from this status.',
    );
    for (const name of ALL_BUTTONS) expect(screen.queryByRole('button', { name })).toBeNull();
  });

  it('offers the boleto upload only on a pending boleto order', async () => {
    order = pendingBoletoOrder();
    await renderOrder();
    expect(offered()).toEqual(['Cancel order', 'Upload boleto PDF']);
  });

  it('confirms the funds with the amount actually received, read in the page language', async () => {
    onPost = () => {
      order = {
        ...order,
        status: 'admin_confirmed',
        amountReceived: '1234.56',
        actions: ['pay', 'refund'],
      };
      return json(200, order);
    };
    await renderOrder('pt-BR');
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar recebimento' }));
    const dialog = await screen.findByRole('dialog');
    const amount = within(dialog).getByLabelText(/Valor efetivamente recebido \(USDT\)/);
    expect((amount as HTMLInputElement).value).toBe('100,00');
    expect(within(dialog).queryByTestId('amount-differs')).toBeNull();
    expect(within(dialog).getByText(/recalcula o que o cliente recebe/)).toBeTruthy();

    fireEvent.change(amount, { target: { value: '1.234,56' } });
    expect(within(dialog).getByTestId('amount-differs').textContent).toMatch(
      /Mais que os 100\sUSDT do pedido/,
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmar fundos' }));

    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]?.url).toBe('/api/v1/admin/orders/EX-7K2Q9/transition');
    expect(JSON.parse(String(posts()[0]?.body))).toEqual({
      action: 'confirm_funds',
      amountReceived: '1234.56',
    });
    await waitFor(() => expect(offered()).toEqual(['Pagar com comprovante', 'Reembolsar']));
  });

  it('says in the confirm-funds dialog when the payout will go out, in both languages', async () => {
    const usdt = { code: 'USDT', name: 'Tether', kind: 'crypto', precision: 6 } as const;
    const brl = { code: 'BRL', name: 'Real', kind: 'crypto', precision: 2 } as const;
    const deriv = { code: 'DERIV', name: 'Deriv (USD)', kind: 'deriv', precision: 2 } as const;
    const cases: [Partial<AdminOrderView>, string, string][] = [
      [
        { send: brl, receive: usdt, amountReceive: '18.5', payoutPlan: { kind: 'automatic' } },
        'Automatic: 18.5\u00a0USDT is asked of the exchange as soon as you confirm, at any hour. The customer is told when it is paid.',
        'Automático: 18,5\u00a0USDT é pedido à exchange assim que você confirmar, a qualquer hora. O cliente é avisado quando for pago.',
      ],
      [
        {
          send: brl,
          receive: usdt,
          payoutPlan: { kind: 'held', reason: 'treasury_short', available: '3.25', needed: '18.5' },
        },
        'Automatic, but on hold: the treasury has 3.25\u00a0USDT available and the payout needs 18.5\u00a0USDT.',
        'Automático, mas retido: a tesouraria tem 3,25\u00a0USDT disponíveis e o pagamento precisa de 18,5\u00a0USDT.',
      ],
      [
        { amountReceive: '580', payoutPlan: { kind: 'manual', reason: 'pix' } },
        'By hand: automatic PIX payouts are off in the PIX integration. An admin pays R$580.00 by PIX',
        'Manual: os pagamentos PIX automáticos estão desligados na integração PIX. Um administrador paga R$\u00a0580,00 por PIX',
      ],
      [
        { amountReceive: '580', payoutPlan: { kind: 'automatic' } },
        "Automatic: R$580.00 is sent by PIX through the PSP to the customer's PIX key as soon as you confirm, at any hour, only if the key is held by the customer's CPF.",
        'Automático: R$\u00a0580,00 é enviado por PIX pelo PSP para a chave PIX do cliente assim que você confirmar, a qualquer hora, só se a chave pertencer ao CPF do cliente.',
      ],
      [
        {
          amountReceive: '580',
          payoutPlan: { kind: 'held', reason: 'treasury_short', available: '100', needed: '580' },
        },
        'the payout stops with an error before any PIX is sent',
        'o pagamento para com erro antes de qualquer envio de PIX',
      ],
      [
        { receive: deriv, amountReceive: '100', payoutPlan: { kind: 'manual', reason: 'deriv' } },
        'By hand: automatic Deriv payouts are off in the Deriv integration. An admin transfers $100.00',
        'Manual: os pagamentos automáticos da Deriv estão desligados na integração Deriv. Um administrador transfere US$\u00a0100,00',
      ],
      [
        { receive: deriv, amountReceive: '100', payoutPlan: { kind: 'automatic' } },
        "Automatic: $100.00 is transferred to the customer's Deriv account by the payment agent as soon as you confirm",
        'Automático: US$\u00a0100,00 é transferido para a conta Deriv do cliente pelo agente de pagamento',
      ],
      [
        { send: brl, receive: usdt, payoutPlan: { kind: 'manual', reason: 'switch_off' } },
        'By hand: automatic crypto payouts are turned off in the settings.',
        'Manual: os pagamentos automáticos de cripto estão desligados nas configurações.',
      ],
      [
        { send: brl, receive: usdt, payoutPlan: { kind: 'manual', reason: 'network_manual' } },
        'not enabled on the Tron (TRC20) network',
        'não estão habilitados na rede Tron (TRC20)',
      ],
      [
        { payoutPlan: { kind: 'manual', reason: 'refund_only' } },
        'No payout: this order can only be refunded.',
        'Sem pagamento: este pedido só pode ser reembolsado.',
      ],
    ];
    for (const [over, english, portuguese] of cases) {
      for (const locale of ['en-US', 'pt-BR'] as const) {
        getQueryClient().clear();
        order = adminOrder(over);
        await renderOrder(locale);
        const button = locale === 'en-US' ? 'Confirm funds received' : 'Confirmar recebimento';
        fireEvent.click(screen.getByRole('button', { name: button }));
        const dialog = await screen.findByRole('dialog');
        const note = within(dialog).getByTestId('payout-plan').textContent ?? '';
        expect(note).toContain(locale === 'en-US' ? english : portuguese);
        if (locale === 'pt-BR') expect(note).not.toContain(english);
        cleanup();
      }
    }
  }, 30_000);

  it('refuses an empty or zero amount received without calling the API', async () => {
    await renderOrder();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm funds received' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/Amount actually received/), {
      target: { value: '0' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm funds' }));
    expect(
      await within(dialog).findByText('Type the amount received, greater than zero.'),
    ).toBeTruthy();
    expect(posts()).toHaveLength(0);
  });

  it('offers to record an amount outside the limits for a refund, then shows the order as refund only', async () => {
    onPost = (_url, init) => {
      const body = JSON.parse(String(init.body)) as { refundOnly?: boolean };
      if (!body.refundOnly) {
        return apiError(
          422,
          'AMOUNT_RECEIVED_BELOW_MINIMUM',
          'With 5 USDT received the customer would get less than the minimum: the order can only be refunded. Record the amount for a refund to go on.',
        );
      }
      order = adminOrder({
        status: 'admin_confirmed',
        summary: 'waiting_admin_confirmation',
        amountReceived: '5',
        refundOnly: true,
        actions: ['refund'],
      });
      return json(200, order);
    };
    await renderOrder();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm funds received' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByTestId('record-for-refund')).toBeNull();
    fireEvent.change(within(dialog).getByLabelText(/Amount actually received/), {
      target: { value: '5' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm funds' }));
    expect(await within(dialog).findByText(/Record the amount for a refund to go on/)).toBeTruthy();
    fireEvent.click(within(dialog).getByLabelText('Record this amount for a refund'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm funds' }));

    await waitFor(() => expect(posts()).toHaveLength(2));
    expect(JSON.parse(String(posts()[1]?.body))).toEqual({
      action: 'confirm_funds',
      amountReceived: '5',
      refundOnly: true,
    });
    await waitFor(() => expect(offered()).toEqual(['Refund']));
    expect(screen.getByTestId('refund-only').textContent).toContain('Refund only');
  });

  it('on a lost race (409) says so, closes the dialog and reloads the order', async () => {
    onPost = () => {
      order = adminOrder({ status: 'canceled', summary: 'closed', actions: [] });
      return apiError(
        409,
        'ORDER_STATE_CONFLICT',
        'This order is now canceled: the action is no longer possible. Reload the page.',
      );
    };
    await renderOrder();
    const gets = () => calls(fetchMock).filter((call) => call.method === 'GET').length;
    const before = gets();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm funds received' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm funds' }));

    const alert = await screen.findByText(
      'This order is now canceled: the action is no longer possible. Reload the page.',
    );
    expect(alert.closest('[role="alert"]')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(gets()).toBeGreaterThan(before));
    await waitFor(() => expect(screen.getByTestId('no-actions')).toBeTruthy());
  });

  it('requires a note to cancel once the customer says they paid', async () => {
    onPost = () => {
      order = { ...order, status: 'canceled', summary: 'closed', actions: [] };
      return json(200, order);
    };
    await renderOrder();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    expect(await within(dialog).findByText('Write a note of at least 3 characters.')).toBeTruthy();
    expect(posts()).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText(/Note/), {
      target: { value: 'Funds never arrived' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(JSON.parse(String(posts()[0]?.body))).toEqual({
      action: 'cancel',
      note: 'Funds never arrived',
    });
  });

  it('cancels a pending order without a note', async () => {
    order = adminOrder({ status: 'pending', summary: 'not_paid_yet', actions: ['cancel'] });
    onPost = () => {
      order = { ...order, status: 'canceled', summary: 'closed', actions: [] };
      return json(200, order);
    };
    await renderOrder();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(JSON.parse(String(posts()[0]?.body))).toEqual({ action: 'cancel' });
  });

  it('pays with the proof and the payout transaction id as a multipart form', async () => {
    order = adminOrder({
      status: 'admin_confirmed',
      summary: 'waiting_admin_confirmation',
      amountReceived: '100.00',
      actions: ['pay', 'refund'],
    });
    onPost = () => {
      order = { ...order, status: 'admin_paid', summary: 'closed', actions: ['complete'] };
      return json(200, order);
    };
    await renderOrder();
    fireEvent.click(screen.getByRole('button', { name: 'Pay with proof' }));
    const dialog = await screen.findByRole('dialog');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(await within(dialog).findByText('Choose the proof file.')).toBeTruthy();

    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    const proof = new File(['%PDF-1.4'], 'comprovante.pdf', { type: 'application/pdf' });
    fireEvent.change(input, { target: { files: [proof] } });
    fireEvent.change(within(dialog).getByLabelText(/Payout transaction id/), {
      target: { value: 'E1234567820261122' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record payment' }));

    await waitFor(() => expect(posts()).toHaveLength(1));
    const call = posts()[0]!;
    expect(call.url).toBe('/api/v1/admin/orders/EX-7K2Q9/pay');
    const body = call.body as FormData;
    expect(body.get('payoutTxId')).toBe('E1234567820261122');
    expect((body.get('file') as File).name).toBe('comprovante.pdf');
    await waitFor(() => expect(offered()).toEqual(['Complete order']));
  });

  it('refunds only with a proof and a note', async () => {
    order = adminOrder({
      status: 'admin_confirmed',
      summary: 'waiting_admin_confirmation',
      actions: ['pay', 'refund'],
    });
    onPost = () => {
      order = { ...order, status: 'refunded', summary: 'closed', actions: [] };
      return json(200, order);
    };
    await renderOrder();
    fireEvent.click(screen.getByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund order' }));
    expect(await within(dialog).findByText('Choose the proof file.')).toBeTruthy();
    expect(within(dialog).getByText('Write a note of at least 3 characters.')).toBeTruthy();

    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    fireEvent.change(input, {
      target: { files: [new File(['png'], 'estorno.png', { type: 'image/png' })] },
    });
    fireEvent.change(within(dialog).getByLabelText(/Note/), {
      target: { value: 'Amount below the minimum' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund order' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    const body = posts()[0]!.body as FormData;
    expect(posts()[0]!.url).toBe('/api/v1/admin/orders/EX-7K2Q9/refund');
    expect(body.get('note')).toBe('Amount below the minimum');
    expect((body.get('file') as File).name).toBe('estorno.png');
  });

  it('says when the order does not exist', async () => {
    fetchMock.mockImplementation(() => apiError(404, 'NOT_FOUND', 'Not found.'));
    renderAt('/en-US/admin/orders/EX-NOPE', <OrderDetail id="EX-NOPE" />);
    expect((await screen.findByRole('alert')).textContent).toContain('There is no order EX-NOPE.');
  });
});
