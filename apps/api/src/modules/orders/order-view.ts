import {
  allowedTransitions,
  automaticPayoutApplies,
  payoutPlan,
  customerSummary,
  dec,
  isFinalStatus,
  normalize,
  toAmount,
} from '@permuta/contracts';
import type {
  AdminOrderView,
  OrderAction,
  OrderDeposit,
  OrderActor,
  OrderListItem,
  OrderView,
} from '@permuta/contracts';
import type { Db, Settings, Tx } from '@permuta/db';
import { processingFrom } from '@permuta/contracts/operating-hours';
import {
  depositNetwork,
  findWallet,
  listEvents,
  listEventsWithAdminNames,
} from './orders.repository.ts';
import type {
  OrderDetailRow,
  OrderEventRow,
  OrderListRow,
  OrderNetworkRef,
  OrderRow,
  OrderViewDetail,
  TokenRef,
} from './orders.repository.ts';
import { availableStock } from '../treasury/treasury.service.ts';
import { paymentsOfOrder } from '../payments/incoming-payments.repository.ts';
import { payoutHoldView, payoutRiskPreview, payoutUnderReview } from '../payouts/payout-risk.ts';
import { paymentInstructions } from './payment-instructions.ts';
import { pixPayoutsOn } from '../payouts/pix-rail.ts';
import { derivSwitches } from '../payouts/deriv-rail.ts';
import { findPixCharge } from '../payments/pix-charges.repository.ts';

/**
 * Moves of the state machine `actor` may make on `order` at `now`, each action once. A pending
 * order whose payment time is over can no longer be confirmed as paid (only canceled).
 */
export function actionsFor(
  order: Pick<OrderRow, 'status' | 'refundOnly' | 'expiresAt'>,
  actor: OrderActor,
  now: Date,
): OrderAction[] {
  const expired = order.status === 'pending' && order.expiresAt.getTime() <= now.getTime();
  return [
    ...new Set(
      allowedTransitions(order.status, actor, order)
        .map((t) => t.action)
        .filter((action) => !(expired && action === 'confirm_payment')),
    ),
  ];
}

/**
 * The network where the platform receives a crypto token sent: the order's network when only
 * the sent side is crypto, else the sent token's network of the same code (or its default).
 */
export async function depositNetworkOf(
  db: Db | Tx,
  detail: Pick<OrderViewDetail, 'send' | 'receive' | 'network'>,
): Promise<OrderNetworkRef | null> {
  if (detail.send.kind !== 'crypto') return null;
  if (detail.receive.kind !== 'crypto') return detail.network;
  return depositNetwork(db, detail.send.id, detail.network?.code ?? null);
}

/**
 * The deposit seen for a crypto order (decision 039): the newest payment a provider reported for
 * it that is being confirmed or was credited. Other providers' money (PIX, Deriv) is not shown
 * here.
 */
async function depositSeen(
  db: Db | Tx,
  order: Pick<OrderRow, 'id'>,
  send: TokenRef,
): Promise<OrderDeposit | null> {
  if (send.kind !== 'crypto') return null;
  const [payment] = await paymentsOfOrder(db, order.id, ['seen', 'credited']);
  if (!payment) return null;
  return {
    amount: normalize(payment.amount),
    confirmations: payment.confirmations,
    requiredConfirmations: payment.requiredConfirmations,
    txId: payment.reference,
    network: payment.network,
    seenAt: payment.occurredAt.toISOString(),
    final: payment.status === 'credited',
  };
}

function side(token: TokenRef) {
  return { code: token.code, name: token.name, kind: token.kind, precision: token.precision };
}

const amount = (value: string, precision: number) => toAmount(dec(value), precision);

/** Orders that still wait for someone at the platform: the ones "processed" in operating hours. */
function waitsForPlatform(status: OrderRow['status']): boolean {
  return !isFinalStatus(status) && status !== 'admin_paid';
}

/**
 * What a customer (or, with `actor: 'admin'`, an admin) sees of an order. Its events are read
 * unless given (read together with the order).
 */
export async function buildOrderView(
  db: Db | Tx,
  detail: OrderViewDetail,
  settings: Settings,
  now: Date,
  actor: OrderActor,
  events?: readonly OrderEventRow[],
): Promise<OrderView> {
  const { order, send, receive, network } = detail;
  events ??= await listEvents(db, order.id);
  const payment =
    order.status === 'pending'
      ? await paymentInstructions({
          order,
          send,
          depositNetwork: await depositNetworkOf(db, detail),
          settings,
          pixCharge: order.paymentMethod === 'pix' ? await findPixCharge(db, order.id) : null,
        })
      : null;
  const returned = await paymentsOfOrder(db, order.id, ['refunding', 'refunded']);
  const opensAt = waitsForPlatform(order.status)
    ? processingFrom(settings.operatingHours, now)
    : null;
  return {
    id: order.id,
    reference: order.reference,
    status: order.status,
    // a payout held by the risk limits reads "under review", never why (decision 043)
    summary:
      order.status === 'admin_confirmed' && (await payoutUnderReview(db, order.id))
        ? 'under_review'
        : customerSummary(order.status),
    send: side(send),
    receive: side(receive),
    network: network ? { code: network.code, name: network.name } : null,
    amountSend: amount(order.amountSend, send.precision),
    amountReceive: amount(order.amountReceive, receive.precision),
    amountReceived: order.amountReceived ? normalize(order.amountReceived) : null,
    refundOnly: order.refundOnly,
    rate: normalize(order.rate),
    priceSendBrl: normalize(order.priceSendBrl),
    priceReceiveBrl: normalize(order.priceReceiveBrl),
    feePercent: normalize(order.feeRate),
    networkFee: amount(order.networkFee, receive.precision),
    extraFee: amount(order.extraFee, send.precision),
    paymentMethod: order.paymentMethod,
    addressToReceive: order.addressToReceive,
    memoToReceive: order.memoToReceive,
    refundAddress: order.refundAddress,
    txHash: order.txHash,
    payoutTxId: order.payoutTxId,
    files: {
      proof: order.proofStorageKey !== null,
      payment_proof: order.paymentProofStorageKey !== null,
      refund_proof: order.refundProofStorageKey !== null,
      boleto: order.boletoStorageKey !== null,
    },
    quoteLockedUntil: order.quoteLockedUntil.toISOString(),
    expiresAt: order.expiresAt.toISOString(),
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
    actions: actionsFor(order, actor, now),
    events: events.map((event) => ({
      from: event.fromStatus,
      to: event.toStatus,
      actor: event.actorType,
      note: event.note,
      createdAt: event.createdAt.toISOString(),
    })),
    payment,
    completesAt:
      order.status === 'admin_paid'
        ? new Date(
            order.statusChangedAt.getTime() + settings.autoCompleteHours * 3_600_000,
          ).toISOString()
        : null,
    processingFrom: opensAt ? opensAt.toISOString() : null,
    deposit: await depositSeen(db, order, send),
    returnedPayments: returned.flatMap((payment) => {
      const reason = payment.reason;
      if (reason !== 'payer_not_customer' && reason !== 'amount_outside_limits') return [];
      return [
        {
          amount: amount(payment.amount, send.precision),
          reason,
          status: payment.status === 'refunded' ? ('returned' as const) : ('returning' as const),
        },
      ];
    }),
  };
}

/** The back office's view: the customer's, plus the customer, the wallet and the payout details. */
export async function buildAdminOrderView(
  db: Db | Tx,
  detail: OrderDetailRow,
  settings: Settings,
  now: Date,
): Promise<AdminOrderView> {
  const events = await listEventsWithAdminNames(db, detail.order.id);
  const base = await buildOrderView(db, detail, settings, now, 'admin', events);
  const { order, customer, receive, network } = detail;
  const plan = {
    autoCryptoPayouts: settings.autoCryptoPayouts,
    receiveKind: receive.kind,
    withdrawEnabled: network?.withdrawEnabled ?? null,
    derivPayouts: receive.kind === 'deriv' ? (await derivSwitches(db)).payouts : false,
    pixPayouts: receive.kind === 'pix' ? await pixPayoutsOn(db) : false,
    refundOnly: order.refundOnly,
  };
  const wallet = order.walletId ? await findWallet(db, order.walletId) : null;
  return {
    ...base,
    events: base.events.map((event, index) => ({
      ...event,
      actorName: events[index]?.adminName ?? null,
    })),
    customer: {
      id: customer.id,
      name: customer.name,
      email: customer.email,
      cpf: customer.cpf ?? '',
      phone: customer.phone ?? '',
    },
    wallet: wallet
      ? {
          id: wallet.id,
          kind: wallet.kind,
          destination: wallet.address ?? wallet.pixKey ?? wallet.derivAccount ?? '',
          bankCode: wallet.bankCode,
          holderName: wallet.holderName,
          holderDocument: wallet.holderDocument,
        }
      : null,
    withdrawId: order.withdrawId,
    payoutAttempts: order.payoutAttempts,
    payoutError: order.payoutFailure,
    autoPayout: automaticPayoutApplies(plan),
    payoutPlan: payoutPlan(
      plan,
      automaticPayoutApplies(plan) && !order.refundOnly
        ? {
            available: await availableStock(db, receive.id, order.id),
            needed: order.amountReceive,
          }
        : undefined,
      automaticPayoutApplies(plan) && !order.refundOnly
        ? await payoutRiskPreview(db, detail, settings, now)
        : null,
    ),
    payoutHold: await payoutHoldView(db, order.id, order.status),
  };
}

export function toListItem(row: OrderListRow): OrderListItem {
  return {
    id: row.id,
    reference: row.reference,
    status: row.status,
    summary: customerSummary(row.status),
    sendToken: row.sendToken,
    receiveToken: row.receiveToken,
    amountSend: normalize(row.amountSend),
    amountReceive: normalize(row.amountReceive),
    createdAt: row.createdAt.toISOString(),
  };
}
