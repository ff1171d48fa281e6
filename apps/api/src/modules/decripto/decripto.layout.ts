import {
  DECRIPTO_LAYOUT,
  DECRIPTO_QUANTITY_PLACES,
  DECRIPTO_TIME_ZONE,
  dec,
  normalize,
} from '@permuta/contracts';
import type { Decimal, DecriptoOperationType } from '@permuta/contracts';
import { csvCell } from '../../lib/csv.ts';
import type { OperationLine } from './decripto.repository.ts';

/**
 * What a month's report says, independent of any file layout (decision 067). A writer turns it
 * into bytes; the official layout (ADE Copes nº 2/2026, not verified here) will be a second
 * writer of the same data.
 */
export interface DecriptoData {
  month: string;
  declarant: { name: string; document: string };
  operations: DecriptoOperation[];
  totals: DecriptoTotals;
}

export interface DecriptoOperation {
  /** 1, 2, 3... in the file's order (completion time, then the order's reference) */
  sequence: number;
  completedAt: Date;
  type: DecriptoOperationType;
  reference: string;
  holder: {
    documentType: 'CPF' | 'CNPJ';
    document: string;
    name: string;
    /** the customer erased their personal data (decision 063): the retained CPF names them */
    anonymized: boolean;
  };
  /** what the customer handed over and what they got, each in its own token */
  delivered: { asset: string; quantity: string };
  received: { asset: string; quantity: string };
  /** reais, 2 places: the operation's value without fees, and the fees */
  valueBrl: string;
  feesBrl: string;
}

export interface DecriptoTotals {
  operations: number;
  holders: number;
  valueBrl: string;
  feesBrl: string;
  /** per asset (sorted by code): quantities delivered and received by customers */
  assets: { asset: string; delivered: string; received: string }[];
}

export interface DecriptoWriter {
  readonly layout: string;
  readonly extension: string;
  readonly contentType: string;
  write(data: DecriptoData): Buffer;
}

/** big.js's ROUND_HALF_UP */
const HALF_UP = 1;
const cents = (value: Decimal) => value.round(2, HALF_UP);
const quantity = (value: Decimal) => value.round(DECRIPTO_QUANTITY_PLACES, HALF_UP);

/** compra: crypto received for a non-crypto asset; venda: the other way; permuta: both crypto. */
export function operationType(line: OperationLine): DecriptoOperationType | null {
  const sendsCrypto = line.sendKind === 'crypto';
  const receivesCrypto = line.receiveKind === 'crypto';
  if (sendsCrypto && receivesCrypto) return 'permuta';
  if (receivesCrypto) return 'compra';
  if (sendsCrypto) return 'venda';
  return null;
}

/**
 * The month's data from the completed orders and their ledger entries. Orders with no
 * crypto-asset on either side (PIX and Deriv) are not the rule's operations and are left out.
 *
 * Values: what the customer handed over is worth `delivered × price of the token sent` (the
 * locked BRL price of the order); the operation's value without fees is what they got,
 * `received × price of the token received`; the fees are the difference (the fee rate, the
 * network fee, a boleto's fee and the rounding down of the quote). Each is rounded to centavos
 * first, so value + fees = gross exactly in the file.
 */
export function buildData(
  month: string,
  declarant: { name: string; document: string },
  lines: readonly OperationLine[],
): DecriptoData {
  const operations: DecriptoOperation[] = [];
  for (const line of lines) {
    const type = operationType(line);
    if (!type) continue;
    const delivered = dec(line.fundsReceived).minus(dec(line.refunded));
    const received = dec(line.paidOut);
    const gross = cents(delivered.times(dec(line.priceSendBrl)));
    const value = cents(received.times(dec(line.priceReceiveBrl)));
    const company = line.companyName !== null && line.cnpj !== null;
    operations.push({
      sequence: operations.length + 1,
      completedAt: line.completedAt,
      type,
      reference: line.reference,
      holder: company
        ? { documentType: 'CNPJ', document: line.cnpj!, name: line.companyName!, anonymized: false }
        : {
            documentType: 'CPF',
            document: line.cpf ?? '',
            name: line.holderName,
            anonymized: line.anonymized,
          },
      delivered: { asset: line.sendCode, quantity: normalize(quantity(delivered)) },
      received: { asset: line.receiveCode, quantity: normalize(quantity(received)) },
      valueBrl: value.toFixed(2),
      feesBrl: gross.minus(value).toFixed(2),
    });
  }
  const assets = new Map<string, { delivered: Decimal; received: Decimal }>();
  const asset = (code: string) => {
    let found = assets.get(code);
    if (!found) {
      found = { delivered: dec(0), received: dec(0) };
      assets.set(code, found);
    }
    return found;
  };
  let value = dec(0);
  let fees = dec(0);
  for (const op of operations) {
    asset(op.delivered.asset).delivered = asset(op.delivered.asset).delivered.plus(
      dec(op.delivered.quantity),
    );
    asset(op.received.asset).received = asset(op.received.asset).received.plus(
      dec(op.received.quantity),
    );
    value = value.plus(dec(op.valueBrl));
    fees = fees.plus(dec(op.feesBrl));
  }
  return {
    month,
    declarant,
    operations,
    totals: {
      operations: operations.length,
      holders: new Set(operations.map((op) => `${op.holder.documentType}:${op.holder.document}`))
        .size,
      valueBrl: value.toFixed(2),
      feesBrl: fees.toFixed(2),
      assets: [...assets.entries()]
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([code, sums]) => ({
          asset: code,
          delivered: normalize(sums.delivered),
          received: normalize(sums.received),
        })),
    },
  };
}

/**
 * `permuta-decripto-1`: our own layout, a CSV (RFC 4180, UTF-8, comma, CRLF, decimal point,
 * instants in UTC ISO 8601), every line starting with its record type:
 *
 * - `H` header: layout, month, time zone of the month, declarant's document type, document, name;
 * - `O` one per operation: sequence, completed at, type (compra/venda/permuta), order reference,
 *   holder's document type (CPF/CNPJ), document, name, anonymised (S/N), asset delivered,
 *   quantity, asset received, quantity, value in BRL without fees, fees in BRL;
 * - `A` one per asset: code, quantity delivered by customers, quantity received by customers;
 * - `T` trailer: operations, distinct holders, total value in BRL, total fees in BRL, lines.
 *
 * Nothing in it depends on when or by whom it was generated: the same month and the same data
 * give the same bytes, so the SHA-256 identifies the content.
 */
/** A number written as it is (a negative amount keeps its sign: no formula guard on numbers). */
interface Num {
  num: string;
}
const num = (value: string): Num => ({ num: value });

/** One CSV line: text cells escaped and guarded against formulas (lib/csv), numbers as they are. */
function csvRow(cells: readonly (string | Num)[]): string {
  return `${cells.map((cell) => (typeof cell === 'string' ? csvCell(cell) : cell.num)).join(',')}\r\n`;
}

export const permutaDecriptoV1: DecriptoWriter = {
  layout: DECRIPTO_LAYOUT,
  extension: 'csv',
  contentType: 'text/csv; charset=utf-8',
  write(data) {
    const lines: string[] = [];
    lines.push(
      csvRow([
        'H',
        DECRIPTO_LAYOUT,
        data.month,
        DECRIPTO_TIME_ZONE,
        data.declarant.document.length === 11 ? 'CPF' : 'CNPJ',
        data.declarant.document,
        data.declarant.name,
      ]),
    );
    for (const op of data.operations) {
      lines.push(
        csvRow([
          'O',
          num(String(op.sequence)),
          op.completedAt.toISOString(),
          op.type,
          op.reference,
          op.holder.documentType,
          op.holder.document,
          op.holder.name,
          op.holder.anonymized ? 'S' : 'N',
          op.delivered.asset,
          num(op.delivered.quantity),
          op.received.asset,
          num(op.received.quantity),
          num(op.valueBrl),
          num(op.feesBrl),
        ]),
      );
    }
    for (const asset of data.totals.assets) {
      lines.push(csvRow(['A', asset.asset, num(asset.delivered), num(asset.received)]));
    }
    lines.push(
      csvRow([
        'T',
        num(String(data.totals.operations)),
        num(String(data.totals.holders)),
        num(data.totals.valueBrl),
        num(data.totals.feesBrl),
        num(String(lines.length + 1)),
      ]),
    );
    return Buffer.from(lines.join(''), 'utf8');
  },
};
