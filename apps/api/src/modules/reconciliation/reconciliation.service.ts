import {
  RECONCILIATION_TIME_ZONE,
  addDays,
  dayIn,
  dec,
  defaultReconciliationDay,
  normalize,
  reconciliationKey,
  reconciliationToday,
} from '@permuta/contracts';
import type {
  ReconciliationAccount,
  ReconciliationDifference,
  ReconciliationFigure,
  ReconciliationProvider,
  ReconciliationReason,
  ReconciliationReport,
} from '@permuta/contracts';
import type { Db } from '@permuta/db';
import { notFound, unprocessable } from '../../lib/app-error.ts';
import { CSV_DIALECTS, csvDecimal, csvInstant, csvRow } from '../../lib/csv.ts';
import type { CsvDialectName } from '../../lib/csv.ts';
import * as repo from './reconciliation.repository.ts';
import type { LedgerLine, NetworkLine, PaymentLine } from './reconciliation.repository.ts';

/**
 * The daily reconciliation report (decision 046): computed on each request from what the system
 * stores (incoming payments, the ledger, the orders, the audit log); nothing is written.
 */

interface AccountRef {
  provider: ReconciliationProvider;
  token: string;
  network: string | null;
}

interface Figure {
  count: number;
  sum: ReturnType<typeof dec>;
}

interface Building extends AccountRef {
  key: string;
  received: Figure;
  refunded: Figure;
  credited: Figure;
  creditedByHand: Figure;
  paidOut: Figure;
  differences: ReconciliationDifference[];
}

const zero = (): Figure => ({ count: 0, sum: dec(0) });

function add(figure: Figure, amount: string): void {
  figure.count += 1;
  figure.sum = figure.sum.plus(dec(amount));
}

function out(figure: Figure): ReconciliationFigure {
  return { count: figure.count, sum: normalize(figure.sum) };
}

const ACCOUNT_ORDER: Record<ReconciliationProvider, number> = { pix: 0, crypto: 1, deriv: 2 };

/** The account a provider's payment landed on. */
function accountOfPayment(payment: PaymentLine): AccountRef {
  if (payment.provider === 'exchange') {
    return { provider: 'crypto', token: payment.tokenCode, network: payment.network };
  }
  return { provider: payment.provider, token: payment.tokenCode, network: null };
}

/**
 * Where the platform receives a crypto token for an order (the order page's rule): the order's
 * network when the token has it, else its default network, else the first with deposits on.
 */
function depositNetworkCode(
  all: readonly NetworkLine[],
  tokenId: string,
  preferred: string | null,
): string | null {
  const rows = all.filter((n) => n.tokenId === tokenId);
  return (
    (
      rows.find((n) => n.code === preferred) ??
      rows.find((n) => n.isDefault) ??
      rows.find((n) => n.depositEnabled && n.enabled) ??
      rows[0] ??
      null
    )?.code ?? null
  );
}

function difference(
  reason: ReconciliationReason,
  values: Partial<Omit<ReconciliationDifference, 'at' | 'amount'>> & { amount: string; at: Date },
): ReconciliationDifference {
  return {
    reason,
    paymentId: values.paymentId ?? null,
    externalId: values.externalId ?? null,
    orderId: values.orderId ?? null,
    orderReference: values.orderReference ?? null,
    amount: normalize(values.amount),
    creditedAmount: values.creditedAmount ? normalize(values.creditedAmount) : null,
    at: values.at.toISOString(),
    otherDay: values.otherDay ?? null,
    payerName: values.payerName ?? null,
  };
}

function paymentIds(payment: PaymentLine) {
  return {
    paymentId: payment.id,
    externalId: payment.externalId,
    orderId: payment.orderId,
    orderReference: payment.orderReference,
    amount: payment.amount,
  };
}

const hasText = (value: string | null): boolean => value !== null && value.trim() !== '';

export interface ReconciliationDeps {
  db: Db;
  now: () => Date;
}

export function createReconciliationService({ db, now }: ReconciliationDeps) {
  /** The asked day, or yesterday; a day after today (in Brazil) is refused. */
  function dayOf(asked: string | undefined): string {
    const today = reconciliationToday(now());
    const day = asked ?? defaultReconciliationDay(now());
    if (day > today) throw unprocessable('RECONCILIATION_DAY_FUTURE', { day });
    return day;
  }

  async function report(asked?: string): Promise<ReconciliationReport> {
    const day = dayOf(asked);
    const today = reconciliationToday(now());
    const interval = await repo.dayInterval(db, day);
    const localDay = (instant: Date) => dayIn(instant, RECONCILIATION_TIME_ZONE);

    const [received, refundedPayments, ledger, open] = await Promise.all([
      repo.paymentsReceived(db, interval),
      repo.paymentsRefunded(db, interval),
      repo.ledgerEntries(db, interval),
      repo.openPayments(db, interval),
    ]);
    const credits = ledger.filter((e) => e.kind === 'funds_received');
    const refunds = ledger.filter((e) => e.kind === 'refund');
    const ledgerOrders = [...new Set(ledger.map((e) => e.orderId))];
    const receivedCreditedOrders = received
      .filter((p) => p.status === 'credited' && p.orderId !== null)
      .map((p) => p.orderId as string);
    const [orderPayments, creditOfOrder, networkRows] = await Promise.all([
      repo.paymentsOfOrders(db, ledgerOrders, ['credited', 'refunded']),
      repo.creditsOfOrders(db, receivedCreditedOrders),
      repo.networksOf(db, [
        ...new Set(
          credits
            .concat(refunds)
            .filter((e) => e.tokenKind === 'crypto')
            .map((e) => e.tokenId),
        ),
      ]),
    ]);
    /**
     * Payments behind each order's credit: credited, or credited then returned (a refund-only
     * credit, outside the order's limits, that the PSP returned). A stranger's payment returned
     * without ever crediting the order it named is not behind its credit.
     */
    const paymentsByOrder = new Map<string, PaymentLine[]>();
    for (const payment of orderPayments) {
      if (payment.status === 'refunded' && payment.reason !== 'amount_outside_limits') continue;
      const list = paymentsByOrder.get(payment.orderId as string) ?? [];
      list.push(payment);
      paymentsByOrder.set(payment.orderId as string, list);
    }

    const accounts = new Map<string, Building>();
    function account(ref: AccountRef): Building {
      const key = reconciliationKey(ref.provider, ref.token, ref.network);
      let found = accounts.get(key);
      if (!found) {
        found = {
          ...ref,
          key,
          received: zero(),
          refunded: zero(),
          credited: zero(),
          creditedByHand: zero(),
          paidOut: zero(),
          differences: [],
        };
        accounts.set(key, found);
      }
      return found;
    }
    function accountOfEntry(entry: LedgerLine): AccountRef {
      if (entry.tokenKind !== 'crypto') {
        return { provider: entry.tokenKind, token: entry.tokenCode, network: null };
      }
      if (entry.kind === 'payout') {
        return { provider: 'crypto', token: entry.tokenCode, network: entry.orderNetworkCode };
      }
      const payment = paymentsByOrder.get(entry.orderId)?.[0];
      return {
        provider: 'crypto',
        token: entry.tokenCode,
        network:
          payment?.network ??
          depositNetworkCode(networkRows, entry.sendTokenId, entry.orderNetworkCode),
      };
    }

    // --- what the providers reported received that day
    for (const payment of received) {
      const target = account(accountOfPayment(payment));
      add(target.received, payment.amount);
      if (payment.status !== 'credited' || !payment.orderId) continue;
      const credit = creditOfOrder.get(payment.orderId);
      if (!credit) {
        target.differences.push(
          difference('not_credited', { ...paymentIds(payment), at: payment.occurredAt }),
        );
      } else if (localDay(credit.createdAt) !== day) {
        target.differences.push(
          difference('other_day', {
            ...paymentIds(payment),
            at: payment.occurredAt,
            otherDay: localDay(credit.createdAt),
          }),
        );
      }
    }

    // --- orders credited that day
    for (const entry of credits) {
      const target = account(accountOfEntry(entry));
      add(target.credited, entry.amount);
      const ids = {
        orderId: entry.orderId,
        orderReference: entry.orderReference,
        at: entry.createdAt,
      };
      const payments = paymentsByOrder.get(entry.orderId) ?? [];
      if (payments.length === 0) {
        add(target.creditedByHand, entry.amount);
        target.differences.push(difference('confirmed_by_hand', { ...ids, amount: entry.amount }));
        continue;
      }
      const paid = payments.reduce((sum, p) => sum.plus(dec(p.amount)), dec(0));
      const [first] = payments;
      if (!paid.eq(dec(entry.amount))) {
        target.differences.push(
          difference('amount_differs', {
            ...ids,
            paymentId: first?.id ?? null,
            externalId: first?.externalId ?? null,
            amount: normalize(paid),
            creditedAmount: entry.amount,
          }),
        );
      }
      for (const payment of payments) {
        const paymentDay = localDay(payment.occurredAt);
        if (paymentDay !== day) {
          target.differences.push(
            difference('other_day', {
              ...ids,
              paymentId: payment.id,
              externalId: payment.externalId,
              amount: payment.amount,
              otherDay: paymentDay,
            }),
          );
        }
      }
    }

    // --- orders paid out that day
    for (const entry of ledger.filter((e) => e.kind === 'payout')) {
      const target = account(accountOfEntry(entry));
      add(target.paidOut, entry.amount);
      if (!hasText(entry.payoutTxId) && !hasText(entry.paymentProofStorageKey)) {
        target.differences.push(
          difference('payout_without_receipt', {
            orderId: entry.orderId,
            orderReference: entry.orderReference,
            amount: entry.amount,
            at: entry.createdAt,
          }),
        );
      }
    }

    // --- money returned that day: payments refunded (by the provider or by hand), and orders
    // refunded with no refunded payment behind (an admin's refund with its proof)
    for (const payment of refundedPayments) {
      const target = account(accountOfPayment(payment));
      add(target.refunded, payment.amount);
      if (!hasText(payment.refundReceipt)) {
        target.differences.push(
          difference('refund_without_receipt', {
            ...paymentIds(payment),
            at: payment.refundedAt,
            payerName: payment.payerName,
          }),
        );
      }
    }
    for (const entry of refunds) {
      const returned = (paymentsByOrder.get(entry.orderId) ?? []).some(
        (p) => p.status === 'refunded',
      );
      if (returned) continue; // counted with its payment above (or on the day it was returned)
      const target = account(accountOfEntry(entry));
      add(target.refunded, entry.amount);
      if (!hasText(entry.refundProofStorageKey)) {
        target.differences.push(
          difference('refund_without_receipt', {
            orderId: entry.orderId,
            orderReference: entry.orderReference,
            amount: entry.amount,
            at: entry.createdAt,
          }),
        );
      }
    }

    // --- payments still waiting in the inbox that had arrived by the end of the day
    for (const payment of open) {
      account(accountOfPayment(payment)).differences.push(
        difference('unmatched_open', {
          ...paymentIds(payment),
          at: payment.occurredAt,
          payerName: payment.payerName,
        }),
      );
    }

    const list: ReconciliationAccount[] = [...accounts.values()]
      .sort(
        (a, b) =>
          ACCOUNT_ORDER[a.provider] - ACCOUNT_ORDER[b.provider] || a.key.localeCompare(b.key),
      )
      .map((a) => ({
        key: a.key,
        provider: a.provider,
        token: a.token,
        network: a.network,
        received: out(a.received),
        refunded: out(a.refunded),
        credited: out(a.credited),
        creditedByHand: out(a.creditedByHand),
        paidOut: out(a.paidOut),
        differences: a.differences.sort((x, y) => x.at.localeCompare(y.at)),
      }));
    return {
      day,
      timeZone: RECONCILIATION_TIME_ZONE,
      from: interval.start.toISOString(),
      to: interval.end.toISOString(),
      generatedAt: now().toISOString(),
      previousDay: addDays(day, -1),
      nextDay: day < today ? addDays(day, 1) : null,
      accounts: list,
    };
  }

  /** One account's report as CSV: its figures, then its differences, one table. */
  async function csv(query: {
    day?: string;
    provider: string;
    dialect: CsvDialectName;
  }): Promise<{ day: string; body: string }> {
    const full = await report(query.day);
    const found = full.accounts.find((a) => a.key === query.provider);
    if (!found) {
      throw notFound('RECONCILIATION_ACCOUNT_NOT_FOUND', {
        account: query.provider,
        day: full.day,
      });
    }
    const dialect = CSV_DIALECTS[query.dialect];
    const excel = query.dialect === 'excel-pt-BR';
    const header = excel
      ? [
          'linha',
          'código',
          'quantidade',
          'valor',
          'token',
          'rede',
          'pagamento',
          'id no provedor',
          'pedido',
          'id do pedido',
          'valor creditado',
          'quando',
          'outro dia',
          'pagador',
        ]
      : [
          'line',
          'code',
          'count',
          'amount',
          'token',
          'network',
          'payment_id',
          'provider_id',
          'order_reference',
          'order_id',
          'credited_amount',
          'at',
          'other_day',
          'payer_name',
        ];
    const network = found.network ?? '';
    const lines = [dialect.bom ? '\uFEFF' : '', csvRow(header, dialect)];
    const figures: [string, ReconciliationFigure][] = [
      ['received', found.received],
      ['refunded', found.refunded],
      ['credited', found.credited],
      ['credited_by_hand', found.creditedByHand],
      ['paid_out', found.paidOut],
    ];
    for (const [code, figure] of figures) {
      lines.push(
        csvRow(
          [
            excel ? 'total' : 'figure',
            code,
            String(figure.count),
            csvDecimal(figure.sum, dialect),
            found.token,
            network,
            '',
            '',
            '',
            '',
            '',
            '',
            '',
            '',
          ],
          dialect,
        ),
      );
    }
    for (const item of found.differences) {
      lines.push(
        csvRow(
          [
            excel ? 'diferença' : 'difference',
            item.reason,
            '1',
            csvDecimal(item.amount, dialect),
            found.token,
            network,
            item.paymentId ?? '',
            item.externalId ?? '',
            item.orderReference ?? '',
            item.orderId ?? '',
            item.creditedAmount ? csvDecimal(item.creditedAmount, dialect) : '',
            csvInstant(new Date(item.at), dialect),
            item.otherDay ?? '',
            item.payerName ?? '',
          ],
          dialect,
        ),
      );
    }
    return { day: full.day, body: lines.join('') };
  }

  return { report, csv };
}

export type ReconciliationService = ReturnType<typeof createReconciliationService>;
