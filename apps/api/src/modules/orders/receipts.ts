import PDFDocument from 'pdfkit';
import { formatMoney, formatRate, formatDecimal, normalize } from '@permuta/contracts';
import type { Locale, PaymentMethod } from '@permuta/contracts';
import type { Db } from '@permuta/db';
import { orderStatusName } from '../../lib/emails.ts';
import { AppError } from '../../lib/app-error.ts';
import { CSV_DIALECTS, csvDecimal, csvInstant, csvRow } from '../../lib/csv.ts';
import type { CsvDialectName } from '../../lib/csv.ts';
import { findOrderDetail, listCustomerHistory } from './orders.repository.ts';
import type { OrderDetailRow, TokenRef } from './orders.repository.ts';

/**
 * The customer's papers: the receipt (comprovante) of a completed order as a PDF in the
 * customer's language, and the whole order history as CSV (the admin export's dialects).
 */

const BRASILIA = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  dateStyle: 'short',
  timeStyle: 'medium',
});
const BRASILIA_EN = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/Sao_Paulo',
  dateStyle: 'medium',
  timeStyle: 'medium',
});

const METHOD: Record<PaymentMethod, Record<Locale, string>> = {
  pix: { 'pt-BR': 'PIX', 'en-US': 'PIX' },
  bank_transfer: { 'pt-BR': 'Transferência bancária (TED)', 'en-US': 'Bank transfer (TED)' },
  boleto: { 'pt-BR': 'Boleto bancário', 'en-US': 'Boleto (bank slip)' },
  crypto: { 'pt-BR': 'Depósito em cripto', 'en-US': 'Crypto deposit' },
  deriv: { 'pt-BR': 'Transferência Deriv', 'en-US': 'Deriv transfer' },
};

const LABELS = {
  'pt-BR': {
    title: 'Comprovante de operação',
    reference: 'Pedido',
    status: 'Situação',
    customer: 'Cliente',
    cpf: 'CPF',
    createdAt: 'Criado em',
    completedAt: 'Concluído em',
    timeZone: 'Horários de Brasília (America/Sao_Paulo).',
    sent: 'Você enviou',
    received: 'Você recebeu',
    rate: 'Cotação',
    feePercent: 'Taxa de serviço',
    networkFee: 'Taxa de rede',
    boletoFee: 'Taxa do boleto',
    extraFee: 'Taxa adicional',
    method: 'Forma de pagamento',
    network: 'Rede',
    destination: 'Pago para',
    memo: 'Memo / tag',
    payoutTxId: 'ID da transação de pagamento',
    txHash: 'Hash da sua transação',
    issuedAt: 'Emitido em',
    footer: (brand: string) =>
      `Documento emitido por ${brand} a partir dos registros do pedido. Guarde-o para a sua declaração de imposto de renda.`,
  },
  'en-US': {
    title: 'Transaction receipt',
    reference: 'Order',
    status: 'Status',
    customer: 'Customer',
    cpf: 'CPF',
    createdAt: 'Created',
    completedAt: 'Completed',
    timeZone: 'Times in Brasília time (America/Sao_Paulo).',
    sent: 'You sent',
    received: 'You received',
    rate: 'Rate',
    feePercent: 'Service fee',
    networkFee: 'Network fee',
    boletoFee: 'Boleto fee',
    extraFee: 'Extra fee',
    method: 'Payment method',
    network: 'Network',
    destination: 'Paid to',
    memo: 'Memo / tag',
    payoutTxId: 'Payout transaction id',
    txHash: 'Your transaction hash',
    issuedAt: 'Issued',
    footer: (brand: string) =>
      `Issued by ${brand} from the order's records. Keep it for your income-tax return.`,
  },
} as const;

function when(date: Date, locale: Locale): string {
  return (locale === 'pt-BR' ? BRASILIA : BRASILIA_EN).format(date);
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function cpfOf(digits: string | null): string | null {
  if (!digits) return null;
  return /^\d{11}$/.test(digits)
    ? `${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6, 9)}-${digits.slice(9)}`
    : digits;
}

/** The lines of a receipt, label and value, in the order printed (for the PDF and its tests). */
export function receiptLines(
  detail: OrderDetailRow,
  locale: Locale,
): { label: string; value: string }[] {
  const l = LABELS[locale];
  const { order, send, receive, network, customer } = detail;
  const money = (amount: string, token: TokenRef) =>
    formatMoney(amount, { code: token.code, kind: token.kind }, locale);
  const lines: { label: string; value: string | null }[] = [
    { label: l.reference, value: order.reference },
    { label: l.status, value: capitalized(orderStatusName(order.status, locale)) },
    { label: l.customer, value: customer.name },
    { label: l.cpf, value: cpfOf(customer.cpf) },
    { label: l.createdAt, value: when(order.createdAt, locale) },
    { label: l.completedAt, value: when(order.statusChangedAt, locale) },
    { label: l.sent, value: money(order.amountSend, send) },
    { label: l.received, value: money(order.amountReceive, receive) },
    {
      label: l.rate,
      value: formatRate(
        { code: send.code, kind: send.kind, priceBrl: order.priceSendBrl },
        { code: receive.code, kind: receive.kind, priceBrl: order.priceReceiveBrl },
        locale,
      ),
    },
    { label: l.feePercent, value: `${formatDecimal(normalize(order.feeRate), locale)}%` },
    {
      label: l.networkFee,
      value: Number(order.networkFee) > 0 ? money(order.networkFee, receive) : null,
    },
    {
      label: order.paymentMethod === 'boleto' ? l.boletoFee : l.extraFee,
      value: Number(order.extraFee) > 0 ? money(order.extraFee, send) : null,
    },
    { label: l.method, value: METHOD[order.paymentMethod][locale] },
    { label: l.network, value: network?.name ?? null },
    { label: l.destination, value: order.addressToReceive },
    { label: l.memo, value: order.memoToReceive },
    { label: l.payoutTxId, value: order.payoutTxId },
    { label: l.txHash, value: order.txHash },
  ];
  return lines.filter((line): line is { label: string; value: string } => Boolean(line.value));
}

/**
 * The receipt as a PDF (A4, the standard Helvetica, whose Latin-1 encoding has every letter of
 * Portuguese). `issuedAt` is printed at the foot.
 */
export function receiptPdf(
  detail: OrderDetailRow,
  locale: Locale,
  brand: string,
  issuedAt: Date,
): Promise<Buffer> {
  const l = LABELS[locale];
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: {
      Title: `${l.title} ${detail.order.reference}`,
      Author: brand,
      Subject: l.title,
      CreationDate: issuedAt,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const labelWidth = 170;

  doc.font('Helvetica-Bold').fontSize(18).text(brand, left, doc.y);
  doc.moveDown(0.2).fontSize(14).text(l.title);
  doc.moveDown(0.2).font('Helvetica').fontSize(9).fillColor('#555555').text(l.timeZone);
  doc.moveDown(1).fillColor('#000000').fontSize(10.5);

  for (const line of receiptLines(detail, locale)) {
    const top = doc.y;
    doc.font('Helvetica-Bold').text(line.label, left, top, { width: labelWidth - 12 });
    const afterLabel = doc.y;
    doc.font('Helvetica').text(line.value, left + labelWidth, top, { width: width - labelWidth });
    doc.y = Math.max(afterLabel, doc.y) + 6;
    doc
      .moveTo(left, doc.y - 3)
      .lineTo(left + width, doc.y - 3)
      .lineWidth(0.5)
      .strokeColor('#dddddd')
      .stroke();
  }

  doc.moveDown(1.5).fontSize(9).fillColor('#555555');
  doc.text(`${l.issuedAt}: ${when(issuedAt, locale)}`, left, doc.y, { width });
  doc.moveDown(0.4).text(l.footer(brand), { width });
  doc.end();
  return done;
}

/** The caller's completed order (404 when not theirs, 409 RECEIPT_NOT_READY before completion). */
export async function receiptOrder(
  db: Db,
  userId: string,
  id: string,
  locale: Locale,
): Promise<OrderDetailRow> {
  const detail = await findOrderDetail(db, id, userId);
  if (!detail) throw new AppError('NOT_FOUND', 404);
  if (detail.order.status !== 'completed') {
    throw new AppError('RECEIPT_NOT_READY', 409, {
      status: orderStatusName(detail.order.status, locale),
    });
  }
  return detail;
}

export const HISTORY_HEADER = [
  'reference',
  'created_at',
  'status',
  'send_token',
  'amount_send',
  'receive_token',
  'amount_receive',
  'amount_received',
  'rate',
  'fee_percent',
  'network_fee',
  'extra_fee',
  'network',
  'payment_method',
  'tx_hash',
  'payout_tx_id',
];

export const HISTORY_HEADER_PT_BR = [
  'pedido',
  'criado_em',
  'situação',
  'token_enviado',
  'valor_enviado',
  'token_recebido',
  'valor_a_receber',
  'valor_recebido',
  'cotação',
  'taxa_percentual',
  'taxa_rede',
  'taxa_adicional',
  'rede',
  'forma_pagamento',
  'hash_transação',
  'id_pagamento',
];

const HISTORY_BATCH = 500;

/**
 * Every order of the customer as CSV lines, header first, newest first, read in keyset batches.
 * The Excel pt-BR dialect names statuses and payment methods in Portuguese; the standard one
 * keeps the codes, for programs.
 */
export async function* historyCsv(
  db: Db,
  userId: string,
  dialectName: CsvDialectName,
): AsyncGenerator<string> {
  const dialect = CSV_DIALECTS[dialectName];
  const pt = dialectName === 'excel-pt-BR';
  const amount = (value: string) => csvDecimal(normalize(value), dialect);
  yield (dialect.bom ? '\uFEFF' : '') + csvRow(pt ? HISTORY_HEADER_PT_BR : HISTORY_HEADER, dialect);
  let after: { createdAt: string; id: string } | undefined;
  for (;;) {
    const rows = await listCustomerHistory(db, { userId, after, limit: HISTORY_BATCH });
    for (const row of rows) {
      yield csvRow(
        [
          row.reference,
          csvInstant(row.createdAt, dialect),
          pt ? capitalized(orderStatusName(row.status, 'pt-BR')) : row.status,
          row.sendToken,
          amount(row.amountSend),
          row.receiveToken,
          amount(row.amountReceive),
          row.amountReceived ? amount(row.amountReceived) : '',
          amount(row.rate),
          amount(row.feeRate),
          amount(row.networkFee),
          amount(row.extraFee),
          row.network ?? '',
          pt ? METHOD[row.paymentMethod]['pt-BR'] : row.paymentMethod,
          row.txHash ?? '',
          row.payoutTxId ?? '',
        ],
        dialect,
      );
    }
    const last = rows.at(-1);
    if (rows.length < HISTORY_BATCH || !last) return;
    after = { createdAt: last.cursorAt, id: last.id };
  }
}
