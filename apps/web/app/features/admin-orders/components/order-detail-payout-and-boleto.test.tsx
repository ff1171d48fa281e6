// @vitest-environment jsdom
import '../../../../test/setup-dom.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AdminOrderView } from '@permuta/contracts/orders';
import {
  adminOrder,
  calls,
  json,
  pendingBoletoOrder,
  renderOrderPage as renderOrder,
  stubFetch,
} from '../testing.tsx';

/** The back office's order page: PIX keys and documents formatted, the payout linked to its explorer, the boleto's line. */

let order: AdminOrderView;
beforeEach(() => {
  order = adminOrder();
});

const fetchMock = stubFetch(() => json(200, order));

const section = (id: string) =>
  document.querySelector<HTMLElement>(`section[aria-labelledby="${id}"]`)!;

/** Bank 237, R$ 543,50: valid FEBRABAN check digits. */
const LINE = '23793381286000000000403000000046110000000054350';

describe('admin order page', () => {
  it.each(['en-US', 'pt-BR'] as const)(
    "shows the customer's PIX key and the holder's CPF/CNPJ formatted (%s)",
    async (locale) => {
      order = adminOrder({
        addressToReceive: '+5511987654321',
        wallet: {
          ...adminOrder().wallet!,
          destination: '+5511987654321',
          holderDocument: '12345678000190',
        },
      });
      await renderOrder(locale);
      const destination = section('order-destination');
      expect(within(destination).getAllByText('+55 (11) 98765-4321')).toHaveLength(2);
      expect(within(destination).getByText('12.345.678/0001-90')).toBeTruthy();
      expect(within(section('order-customer')).getByText('123.456.789-09')).toBeTruthy();
    },
  );

  it.each([
    ['en-US', 'on bscscan.com'],
    ['pt-BR', 'no bscscan.com'],
  ] as const)(
    "links the payout transaction to the network's explorer in a new tab (%s)",
    async (locale, where) => {
      const tx = `0x${'cd'.repeat(32)}`;
      order = adminOrder({
        status: 'admin_paid',
        summary: 'closed',
        actions: ['complete'],
        send: { code: 'PIX', name: 'Real (PIX)', kind: 'pix', precision: 2 },
        receive: { code: 'USDT', name: 'Tether', kind: 'crypto', precision: 6 },
        network: { code: 'BEP20', name: 'BNB Smart Chain (BEP20)' },
        addressToReceive: '0x7065726d7574612d64656d6f2d61646472657373',
        payoutTxId: tx,
      });
      await renderOrder(locale);
      const link = within(section('order-payout')).getByRole('link', { name: new RegExp(tx) });
      expect(link.getAttribute('href')).toBe(`https://bscscan.com/tx/${tx}`);
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
      expect(link.getAttribute('aria-label')).toContain(where);
      // the amounts name their token after a dot: "R$ 250,00 · Real (PIX)", never "(Real (PIX))"
      const summary = within(section('order-summary'));
      expect(summary.getByText(/^R\$\s?[\d.,]+ · Real \(PIX\)$/)).toBeTruthy();
      expect(summary.getByText(/^[\d.,]+\sUSDT · Tether$/)).toBeTruthy();
    },
  );

  it.each([
    ['en-US', 'Boleto number (linha digitável)'],
    ['pt-BR', 'Linha digitável'],
  ] as const)("shows the boleto's linha digitável in its groups (%s)", async (locale, label) => {
    order = pendingBoletoOrder({
      files: { proof: false, payment_proof: false, refund_proof: false, boleto: true },
      payment: {
        method: 'boleto',
        amount: '543.50',
        extraFee: '3.50',
        businessDays: 3,
        boletoAvailable: true,
        boletoLine: LINE,
        issueBy: null,
        dueDate: '2026-03-09',
        issueHours: { timeZone: 'America/Sao_Paulo', days: [1], open: '10:00', close: '18:00' },
      },
    });
    await renderOrder(locale);
    const payment = section('order-payment');
    expect(within(payment).getByText(label)).toBeTruthy();
    expect(
      within(payment).getByText('23793.38128 60000.000004 03000.000046 1 10000000054350'),
    ).toBeTruthy();
  });

  it.each([
    [
      'en-US',
      'Upload boleto PDF',
      'Upload boleto',
      /linha digitável \(optional\)/,
      'A check digit',
    ],
    [
      'pt-BR',
      'Enviar PDF do boleto',
      'Enviar boleto',
      /Linha digitável \(opcional\)/,
      'Um dígito verificador',
    ],
  ] as const)(
    'uploads the boleto with its linha digitável, checked before sending (%s)',
    async (locale, open, submit, lineLabel, checkDigit) => {
      order = pendingBoletoOrder();
      await renderOrder(locale);
      fireEvent.click(screen.getByRole('button', { name: open }));
      const dialog = await screen.findByRole('dialog');
      const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
      fireEvent.change(input, {
        target: { files: [new File(['%PDF-1.4'], 'boleto.pdf', { type: 'application/pdf' })] },
      });
      const line = within(dialog).getByLabelText(lineLabel);
      const wrong = `${LINE.slice(0, 46)}9`;
      fireEvent.change(line, { target: { value: wrong } });
      fireEvent.click(within(dialog).getByRole('button', { name: submit }));
      expect(await within(dialog).findByText(new RegExp(checkDigit))).toBeTruthy();
      const posts = () => calls(fetchMock).filter((call) => call.method === 'POST');
      expect(posts()).toHaveLength(0);

      fireEvent.change(line, {
        target: { value: '23793.38128 60000.000004 03000.000046 1 10000000054350' },
      });
      fireEvent.click(within(dialog).getByRole('button', { name: submit }));
      await waitFor(() => expect(posts()).toHaveLength(1));
      const body = posts()[0]!.body as FormData;
      expect(body.get('boletoLine')).toBe(LINE);
      expect((body.get('file') as File).name).toBe('boleto.pdf');
    },
  );
});
