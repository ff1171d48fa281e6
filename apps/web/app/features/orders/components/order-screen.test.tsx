// @vitest-environment jsdom
import '../../../../test/setup-dom.ts';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderView, PaymentInstructions } from '@permuta/contracts/orders';
import { getQueryClient } from '../../../lib/query-client.tsx';
import { orderQueryOptions, ORDER_POLL_MS } from '../api/get-order.ts';
import { OrderScreen } from './order-screen.tsx';
import { englishIn } from '../../../../test/english-on-portuguese.ts';
import { json, loadCatalogues, order, renderScreen } from './test-fixtures.tsx';

let current: OrderView | null;
let answers: Record<string, () => Promise<Response>>;
let fetchMock: ReturnType<typeof vi.fn>;

// the first render loads the screen's modules: give a busy machine time
configure({ asyncUtilTimeout: 4000 });

beforeAll(loadCatalogues);

beforeEach(() => {
  getQueryClient().clear();
  current = order();
  answers = {};
  fetchMock = vi.fn((url: string, init?: RequestInit) => {
    const answer = answers[`${init?.method ?? 'GET'} ${url}`];
    if (answer) return answer();
    if (url === '/api/v1/orders/EX-7K2Q9' && current) return json(200, current);
    return json(404, { error: { code: 'NOT_FOUND', message: 'Not found.' } });
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => vi.unstubAllGlobals());

function renderOrder(locale: 'en-US' | 'pt-BR' = 'en-US', reference = 'EX-7K2Q9') {
  return renderScreen(<OrderScreen />, {
    locale,
    path: `/profile/my-orders/${reference}`,
    pattern: '/profile/my-orders/:id',
  });
}

const instructions: Record<PaymentInstructions['method'], PaymentInstructions> = {
  pix: order().payment as PaymentInstructions,
  bank_transfer: {
    method: 'bank_transfer',
    amount: '540.00',
    reference: 'EX-7K2Q9',
    bankAccount: {
      bank: '341 - Itaú Unibanco',
      branch: '0001',
      account: '12345-6',
      holder: 'Permuta Ltda',
      document: '12.345.678/0001-95',
    },
  },
  boleto: {
    method: 'boleto',
    amount: '543.50',
    extraFee: '3.50',
    businessDays: 3,
    boletoAvailable: true,
    boletoLine: null,
    issueBy: null,
    dueDate: '2026-03-09',
    issueHours: {
      timeZone: 'America/Sao_Paulo',
      days: [1, 2, 3, 4, 5],
      open: '10:00',
      close: '18:00',
    },
  },
  crypto: {
    method: 'crypto',
    amount: '100.000000',
    token: 'USDT',
    network: 'TRC20',
    networkName: 'Tron (TRC20)',
    address: 'TXYZpD1sLJh1nNp8aY5s6N9s1aJvSx7PZr',
    qrCode: 'data:image/svg+xml;base64,PHN2Zy8+',
    memo: '884213',
    minConfirmations: 20,
    tip: null,
    notice: null,
  },
  deriv: { method: 'deriv', amount: '100.00', account: 'CR7654321' },
};

describe('order page', () => {
  it.each([
    ['pt-BR', 'R$ 540,00', '95,5 USDT', '1 USDT = R$ 5,40'],
    ['en-US', 'R$540.00', '95.5 USDT', '1 USDT = R$5.40'],
  ] as const)(
    'reads reais with R$ and the rate as the price of USDT in reais (%s)',
    async (locale, pay, receive, rate) => {
      renderOrder(locale);
      const card = await screen.findByTestId('payment-pix');
      const text = (element: HTMLElement) => element.textContent?.replace(/\s+/g, ' ');
      expect(text(within(card).getByTestId('payment-amount'))).toBe(pay);
      expect(text(screen.getByTestId('amount-send'))).toBe(pay);
      expect(text(screen.getByTestId('amount-receive'))).toBe(receive);
      expect(text(screen.getByTestId('order-rate'))).toBe(rate);
      expect(document.body.textContent).not.toMatch(/\d PIX/);
    },
  );

  it('shows the PIX "copia e cola" code with a copy button, its QR image, the amount and the reference', async () => {
    renderOrder('en-US');
    const card = await screen.findByTestId('payment-pix');
    expect(within(card).getByTestId('pix-br-code').textContent).toBe(
      '00020126580014br.gov.bcb.pix0136permuta-key5204000053039865406540.005802BR',
    );
    // a button with its words on it: an icon alone is missed on phones
    const copy = within(card).getByRole('button', { name: 'Copy the PIX code' });
    expect(copy.textContent).toBe('Copy the PIX code');
    const qr = within(card).getByRole('img', {
      name: 'QR code of the PIX payment of R$540.00 for order EX-7K2Q9',
    });
    expect(qr.getAttribute('src')).toBe('data:image/svg+xml;base64,PHN2Zy8+');
    expect(within(card).getByTestId('payment-amount').textContent).toBe('R$540.00');
    expect(within(card).getByTestId('payment-reference').textContent).toBe('EX-7K2Q9');
    // summary in the customer's words, with the exact status beside it
    expect(screen.getByTestId('order-status').textContent).toBe('Waiting for your payment');
    expect(screen.getByTestId('expiry').textContent).toMatch(/^Time left to pay: /);
  });

  it('shows the bank details for a bank transfer', async () => {
    current = order({ paymentMethod: 'bank_transfer', payment: instructions.bank_transfer });
    renderOrder('pt-BR');
    const card = await screen.findByTestId('payment-bank_transfer');
    const bank = within(card).getByTestId('bank-account');
    expect(bank.textContent).toContain('341 - Itaú Unibanco');
    expect(bank.textContent).toContain('12345-6');
    expect(
      within(card).getByRole('button', { name: 'Copiar a referência do pedido' }),
    ).toBeTruthy();
    expect(within(card).getByTestId('payment-amount').textContent).toBe('R$\u00a0540,00');
  });

  it('shows the boleto with its fee, the three business days and its download', async () => {
    current = order({
      paymentMethod: 'boleto',
      extraFee: '3.50',
      payment: instructions.boleto,
      files: { proof: false, payment_proof: false, refund_proof: false, boleto: true },
    });
    answers['GET /api/v1/orders/EX-7K2Q9/files/boleto'] = () =>
      Promise.resolve(
        new Response(new Blob(['%PDF']), {
          status: 200,
          headers: { 'content-disposition': 'attachment; filename="EX-7K2Q9-boleto.pdf"' },
        }),
      );
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    renderOrder('en-US');
    const card = await screen.findByTestId('payment-boleto');
    expect(within(card).getByTestId('boleto-fee').textContent).toBe('R$3.50');
    expect(card.textContent).toContain('A boleto takes up to 3 business days to be confirmed.');
    expect(within(card).getByTestId('payment-amount').textContent).toBe('R$543.50');
    expect(within(card).getByTestId('boleto-due-date').textContent).toBe('Mar 9, 2026');
    expect(card.textContent).toContain(
      'Pay the boleto by the end of its due date; after that day the order is canceled.',
    );
    fireEvent.click(within(card).getByRole('button', { name: 'Download the boleto' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([url]) => url)).toContain(
        '/api/v1/orders/EX-7K2Q9/files/boleto',
      ),
    );
  });

  it.each([
    [
      'en-US',
      'Waiting for the boleto',
      'We issue boletos during our operating hours: Monday to Friday, 10:00 AM to 6:00 PM (São Paulo time).',
      'if it is not issued by then, the order is canceled.',
    ],
    [
      'pt-BR',
      'Aguardando o boleto',
      'Emitimos boletos no nosso horário de atendimento: de segunda-feira a sexta-feira, das 10:00 às 18:00 (horário de Brasília).',
      'se não for emitido até lá, o pedido é cancelado.',
    ],
  ] as const)(
    'says it waits for the boleto, with the hours it is issued in and its deadline, before the admin uploads it (%s)',
    async (locale, title, hours, deadline) => {
      const issueBy = '2026-03-05T03:00:00.000Z';
      current = order({
        paymentMethod: 'boleto',
        expiresAt: issueBy,
        // outside the hours: the page says when the desk opens, and promises nothing sooner
        processingFrom: '2026-03-04T13:00:00.000Z',
        payment: {
          ...instructions.boleto,
          boletoAvailable: false,
          issueBy,
          dueDate: null,
        } as PaymentInstructions,
      });
      renderOrder(locale);
      const waiting = await screen.findByTestId('boleto-waiting');
      expect(waiting.textContent).toContain(title);
      expect(waiting.textContent).toContain(hours);
      // the deadline is midnight in São Paulo: the page names the day it closes
      expect(waiting.textContent).toContain(
        locale === 'pt-BR' ? '4 de mar. de 2026' : 'Mar 4, 2026',
      );
      expect(waiting.textContent).toContain(deadline);
      expect(waiting.textContent).not.toMatch(/shortly|moments|instantes/);
      expect(screen.getByTestId('processing-from')).toBeTruthy();
      // not the 30-minute countdown of the other ways to pay
      expect(screen.queryByTestId('expiry')).toBeNull();
      expect(screen.queryByText(locale === 'pt-BR' ? 'Pagar até' : 'Pay by')).toBeNull();
      expect(screen.queryByRole('button', { name: /boleto/i })).toBeNull();
    },
  );

  it('shows the deposit address and memo with copy buttons and a warning to use that network only', async () => {
    current = order({
      send: { code: 'USDT', name: 'Tether USD', kind: 'crypto', precision: 6 },
      receive: { code: 'PIX', name: 'Real (PIX)', kind: 'pix', precision: 2 },
      paymentMethod: 'crypto',
      payment: instructions.crypto,
    });
    renderOrder('en-US');
    const card = await screen.findByTestId('payment-crypto');
    expect(within(card).getByTestId('deposit-address').textContent).toBe(
      'TXYZpD1sLJh1nNp8aY5s6N9s1aJvSx7PZr',
    );
    expect(within(card).getByTestId('deposit-memo').textContent).toBe('884213');
    expect(within(card).getByRole('button', { name: 'Copy the deposit address' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Copy the memo' })).toBeTruthy();
    expect(within(card).getByTestId('network-warning').textContent).toContain(
      'Send only USDT on the Tron (TRC20) network to this address.',
    );
    expect(within(card).getByTestId('payment-amount').textContent).toBe('100\u00a0USDT');
    // a crypto payment may come with its transaction hash
    expect(screen.getByLabelText('Transaction hash (optional)')).toBeTruthy();
  });

  it('shows no English on the Portuguese order page, and the tip only in the language it is written in', async () => {
    const tip = 'Envie somente USDT pela rede Tron (TRC20) para este endereço.';
    current = order({
      send: { code: 'USDT', name: 'Tether USD', kind: 'crypto', precision: 6 },
      receive: { code: 'PIX', name: 'Real (PIX)', kind: 'pix', precision: 2 },
      priceSendBrl: '5.4',
      priceReceiveBrl: '1',
      paymentMethod: 'crypto',
      payment: { ...instructions.crypto, tip } as PaymentInstructions,
      events: [
        {
          from: null,
          to: 'pending',
          actor: 'customer',
          note: null,
          createdAt: '2026-11-23T10:00:00.000Z',
        },
        {
          from: 'pending',
          to: 'canceled',
          actor: 'system',
          note: null,
          createdAt: '2026-11-23T10:30:00.000Z',
        },
      ],
    });
    const pt = renderOrder('pt-BR');
    const card = await screen.findByTestId('payment-crypto');
    expect(card.textContent).toContain(tip);
    expect(pt.container.textContent).toMatch(/· automaticamente/);
    expect(pt.container.textContent).not.toContain('por automático');
    expect(englishIn(document.body)).toEqual([]);
    pt.unmount();

    renderOrder('en-US');
    const english = await screen.findByTestId('payment-crypto');
    expect(english.textContent).not.toContain(tip);
    expect(within(english).getByTestId('network-warning').textContent).toContain('Send only USDT');
    expect(document.body.textContent).toMatch(/· automatically/);
  });

  it("shows the platform's Deriv account", async () => {
    current = order({
      send: { code: 'DERIV', name: 'Deriv (USD)', kind: 'deriv', precision: 2 },
      paymentMethod: 'deriv',
      payment: instructions.deriv,
    });
    renderOrder('en-US');
    const card = await screen.findByTestId('payment-deriv');
    expect(within(card).getByTestId('deriv-account').textContent).toBe('CR7654321');
    expect(within(card).getByRole('button', { name: 'Copy the Deriv account' })).toBeTruthy();
  });

  it('offers only the actions the order allows: pay or cancel while pending', async () => {
    renderOrder('en-US');
    await screen.findByTestId('payment-pix');
    expect(screen.getByRole('button', { name: 'Confirm payment' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel order' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirm receipt' })).toBeNull();
  });

  it('offers only confirm receipt and the payment proof once paid', async () => {
    current = order({
      status: 'admin_paid',
      summary: 'closed',
      completesAt: '2026-11-23T13:00:00.000Z',
      actions: ['complete'],
      payment: null,
      files: { proof: true, payment_proof: true, refund_proof: false, boleto: false },
    });
    renderOrder('en-US');
    expect(await screen.findByRole('button', { name: 'Confirm receipt' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download our payment proof' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirm payment' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
    expect(screen.queryByTestId('payment-pix')).toBeNull();
    expect(screen.getByTestId('order-status').textContent).toBe(
      'Paid: confirm that you received it',
    );
    expect(screen.getByTestId('auto-complete').textContent).toMatch(
      /^If you do not confirm, the order completes by itself on 11\/23\/26, \d{1,2}:00 [AP]M\.$/,
    );
  });

  it('offers nothing while the funds are being checked, and shows the timeline', async () => {
    current = order({
      status: 'user_confirmed',
      summary: 'waiting_deposit_confirmation',
      actions: [],
      payment: null,
      events: [
        {
          from: null,
          to: 'pending',
          actor: 'customer',
          note: null,
          createdAt: '2026-11-23T10:00:00.000Z',
        },
        {
          from: 'pending',
          to: 'user_confirmed',
          actor: 'customer',
          note: null,
          createdAt: '2026-11-23T10:05:00.000Z',
        },
      ],
      processingFrom: '2026-11-24T13:00:00.000Z',
    });
    renderOrder('pt-BR');
    const timeline = await screen.findByTestId('timeline');
    // a list of events, oldest first
    expect(timeline.tagName).toBe('OL');
    expect([...timeline.children].map((child) => child.tagName)).toEqual(['LI', 'LI']);
    expect(within(timeline).getByText('Pedido criado')).toBeTruthy();
    expect(within(timeline).getByText('Pagamento enviado')).toBeTruthy();
    expect(screen.getByTestId('order-status').textContent).toBe(
      'Pagamento enviado: estamos confirmando',
    );
    expect(screen.getByTestId('processing-from').textContent).toMatch(/a partir de 24\/11\/2026/);
    for (const name of ['Confirmar pagamento', 'Cancelar pedido', 'Confirmar recebimento']) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
  });

  it('says a refund-only order will be returned, and what it would have paid, in both languages', async () => {
    for (const [locale, label, alert] of [
      ['en-US', 'You would have received', /We received R\$49\.99,/],
      ['pt-BR', 'Você receberia', /Recebemos R\$\s49,99,/],
    ] as const) {
      current = order({
        status: 'admin_confirmed',
        summary: 'waiting_admin_confirmation',
        actions: [],
        payment: null,
        refundOnly: true,
        amountReceived: '49.99',
      });
      const { unmount } = renderOrder(locale);
      expect((await screen.findByTestId('refund-only')).textContent).toMatch(alert);
      const row = screen.getByTestId('amount-receive').parentElement!;
      expect(row.querySelector('dt')!.textContent).toBe(label);
      unmount();
    }
  });

  it('asks for the proof or the hash before confirming the payment, then confirms', async () => {
    renderOrder('en-US');
    const confirm = await screen.findByRole('button', { name: 'Confirm payment' });
    fireEvent.click(confirm);
    expect((await screen.findByTestId('proof-problem')).textContent).toBe(
      'Send the proof of payment or the transaction hash first.',
    );
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/confirm-payment'))).toBe(
      false,
    );

    // the proof arrives (another tab, or the upload below): confirming is now possible
    current = order({
      files: { proof: true, payment_proof: false, refund_proof: false, boleto: false },
    });
    await getQueryClient().refetchQueries();
    await screen.findByTestId('proof-received');
    answers['POST /api/v1/orders/EX-7K2Q9/confirm-payment'] = () =>
      json(
        200,
        order({
          status: 'user_confirmed',
          summary: 'waiting_deposit_confirmation',
          actions: [],
          payment: null,
        }),
      );
    fireEvent.click(screen.getByRole('button', { name: 'Confirm payment' }));
    await waitFor(() =>
      expect(screen.getByTestId('order-status').textContent).toBe(
        'Payment sent: we are confirming it',
      ),
    );
  });

  it('uploads the proof with a progress bar, then shows it received', async () => {
    const sent: { url: string; body: FormData | null; progress: (loaded: number) => void }[] = [];
    let finish: (order: OrderView) => void = () => undefined;
    class FakeXhr {
      url = '';
      status = 0;
      responseText = '';
      withCredentials = false;
      upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      ontimeout: (() => void) | null = null;
      onabort: (() => void) | null = null;
      open(_method: string, url: string) {
        this.url = url;
      }
      setRequestHeader() {}
      send(body: FormData) {
        sent.push({
          url: this.url,
          body,
          progress: (loaded) =>
            this.upload.onprogress?.({
              lengthComputable: true,
              loaded,
              total: 100,
            } as ProgressEvent),
        });
        finish = (answer) => {
          this.status = 200;
          this.responseText = JSON.stringify(answer);
          this.onload?.();
        };
      }
      abort() {}
    }
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    renderOrder('en-US');
    await screen.findByTestId('proof-upload');
    const input = document.querySelector('input[type="file"]');
    const file = new File([new Uint8Array([0x25, 0x50, 0x44, 0x46])], 'proof.pdf', {
      type: 'application/pdf',
    });
    fireEvent.change(input as HTMLInputElement, { target: { files: [file] } });
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.url).toBe('/api/v1/orders/EX-7K2Q9/proof');
    expect((sent[0]?.body?.get('file') as File).name).toBe('proof.pdf');
    sent[0]?.progress(40);
    const bar = await screen.findByRole('progressbar', { name: 'Upload of the proof of payment' });
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('40'));
    expect(screen.getByText('Sending… 40%')).toBeTruthy();
    finish(
      order({ files: { proof: true, payment_proof: false, refund_proof: false, boleto: false } }),
    );
    expect(await screen.findByTestId('proof-received')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('leaves the type of a proof to the server, which judges the content, not the name', async () => {
    const opened: string[] = [];
    class RefusingXhr {
      status = 422;
      responseText = JSON.stringify({
        error: { code: 'DOCUMENT_TYPE', message: 'Send a JPG, JPEG, PNG or PDF file.' },
      });
      withCredentials = false;
      upload = { onprogress: null };
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      ontimeout: (() => void) | null = null;
      onabort: (() => void) | null = null;
      open(_method: string, url: string) {
        opened.push(url);
      }
      setRequestHeader() {}
      send() {
        setTimeout(() => this.onload?.(), 0);
      }
      abort() {}
    }
    vi.stubGlobal('XMLHttpRequest', RefusingXhr);
    renderOrder('en-US');
    await screen.findByTestId('proof-upload');
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    // a name says nothing: a JPEG may be called "selfie" or "proof.docx"
    const file = new File(['x'], 'proof.docx', { type: 'application/octet-stream' });
    fireEvent.change(input, { target: { files: [file] } });
    await waitFor(() => expect(opened).toEqual(['/api/v1/orders/EX-7K2Q9/proof']));
    expect((await screen.findByTestId('proof-problem')).textContent).toMatch(
      /JPG, JPEG, PNG or PDF/,
    );
  });

  it('cancels after the customer confirms in a dialog', async () => {
    answers['POST /api/v1/orders/EX-7K2Q9/cancel'] = () =>
      json(200, order({ status: 'canceled', summary: 'closed', actions: [], payment: null }));
    renderOrder('en-US');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Order EX-7K2Q9 will be canceled/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel the order' }));
    await waitFor(() => expect(screen.getByTestId('order-status').textContent).toBe('Canceled'));
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
  });

  it('offers no demo payment unless the API runs the demo providers', async () => {
    renderOrder('en-US');
    await screen.findByRole('button', { name: 'Cancel order' });
    expect(screen.queryByTestId('demo-payment')).toBeNull();
  });

  it('simulates the payment in the demo, the button and its note in Portuguese', async () => {
    current = order({ demo: true });
    answers['POST /api/v1/dev/simulate-payment/EX-7K2Q9'] = () =>
      json(200, { reference: 'EX-7K2Q9', method: 'pix' });
    renderOrder('pt-BR');
    expect(
      await screen.findByRole('button', { name: 'Simular pagamento (demonstração)' }),
    ).toBeTruthy();
    expect(screen.getByText(/existe só na demonstração/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Simular pagamento (demonstração)' }));
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(
        '/api/v1/dev/simulate-payment/EX-7K2Q9',
        expect.objectContaining({ method: 'POST' }),
      ),
    );
  });

  it('says so when the order does not exist', async () => {
    renderOrder('en-US', 'EX-NOPE1');
    expect(await screen.findByRole('heading', { name: 'Order not found' })).toBeTruthy();
    expect(screen.getByText(/There is no order EX-NOPE1 in your account/)).toBeTruthy();
    // a 404 is an answer: asked once
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('polls every 15 s while the order is not final, and stops once it is', () => {
    const options = orderQueryOptions(null, 'EX-7K2Q9', 'en-US');
    const interval = options.refetchInterval as (query: unknown) => number | false;
    const query = (data: OrderView | undefined, error: unknown = null) => ({
      state: { data, error },
    });
    expect(ORDER_POLL_MS).toBe(15_000);
    expect(interval(query(order({ status: 'pending' })))).toBe(15_000);
    expect(interval(query(order({ status: 'admin_paid' })))).toBe(15_000);
    expect(interval(query(order({ status: 'completed' })))).toBe(false);
    expect(interval(query(order({ status: 'canceled' })))).toBe(false);
  });
});
