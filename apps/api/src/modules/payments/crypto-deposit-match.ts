import { dec, AWAITING_FUNDS_STATUSES } from '@permuta/contracts';
import type { OrderStatus } from '@permuta/contracts';
import type { PaymentMatch } from './incoming-payments.service.ts';

/**
 * Which open order a crypto deposit seen at the exchange pays (decision 039). Pure: the watcher
 * reads the deposit and the candidate orders, this decides.
 *
 * An order may take the deposit when it is open (pending, user_confirmed, paid), sends that token
 * on that network, and shows the address (and memo/tag, where the network has one) the deposit
 * went to. Among those:
 * 1. a deposit an earlier report attached to an order stays with it, open or not (the incoming
 *    payments service then says whether that order still takes it);
 * 2. an order whose customer gave this transaction id takes it (see sameTransaction);
 * 3. else, among the orders whose customer gave no transaction id and that no other deposit
 *    was attached to, the one whose exact amount (amount sent + extra fee) it is, sent inside the
 *    order's time (created_at - skew .. expires_at).
 * Exactly one order fits, or none is chosen: two or more are `ambiguous`, none is `no_order`.
 * Money is never guessed onto an order: both go to the back office's inbox.
 */

export interface DepositToMatch {
  /** the exchange's id of the deposit (our incoming payment's external id) */
  externalId: string;
  /** the catalogue's token code (the exchange's coin) */
  tokenCode: string;
  /** our network code (fromExchangeNetwork of the exchange's) */
  network: string;
  amount: string;
  address: string;
  addressTag: string | null;
  txId: string | null;
  /** when the exchange saw it */
  seenAt: Date;
  /** the order an earlier report of this deposit was attached to (not final then), if any */
  attachedTo?: string | null;
}

export interface OrderCandidate {
  id: string;
  status: OrderStatus;
  sendCode: string;
  /** the network the platform receives the sent token on, and its address and memo there */
  depositNetwork: string | null;
  depositAddress: string | null;
  depositMemo: string | null;
  /** the transaction id the customer gave when confirming the payment */
  txHash: string | null;
  amountSend: string;
  extraFee: string;
  createdAt: Date;
  expiresAt: Date;
  /** external ids of the exchange deposits already attached to this order */
  deposits: readonly string[];
}

/** How long before an order's creation its deposit may have been seen (clocks differ). */
export const DEPOSIT_CLOCK_SKEW_MS = 2 * 60_000;

const OPEN: readonly OrderStatus[] = AWAITING_FUNDS_STATUSES;

const HEX = /^(0x)?([0-9a-f]+)$/i;

/**
 * Networks (ours and the exchange's codes) whose transaction ids are hexadecimal hashes: EVM
 * chains, TRON, Bitcoin and its forks. Elsewhere (Solana's base58 signatures, XRP, an exchange's
 * internal transfer id) letter case matters, or the format is not known here.
 */
const HEX_TX_NETWORKS: ReadonlySet<string> = new Set([
  'ERC20',
  'ETH',
  'BEP20',
  'BSC',
  'ARBITRUM',
  'OPTIMISM',
  'MATIC',
  'POLYGON',
  'BASE',
  'AVAXC',
  'TRC20',
  'TRX',
  'TRON',
  'BTC',
  'SEGWITBTC',
  'LTC',
  'DOGE',
  'BCH',
]);

/**
 * Whether two transaction ids name the same transaction on `network`: where ids are hexadecimal
 * hashes, the same number whatever their letter case or a `0x` prefix; elsewhere equal as written.
 */
export function sameTransaction(a: string, b: string, network: string): boolean {
  const left = a.trim();
  const right = b.trim();
  if (!left || !right) return false;
  if (HEX_TX_NETWORKS.has(network.toUpperCase())) {
    const hexLeft = HEX.exec(left);
    const hexRight = HEX.exec(right);
    if (hexLeft && hexRight) return hexLeft[2]!.toLowerCase() === hexRight[2]!.toLowerCase();
  }
  return left === right;
}

/** Addresses: EVM's hexadecimal addresses regardless of the checksum's letter case; else exact. */
export function sameAddress(a: string, b: string): boolean {
  const left = a.trim();
  const right = b.trim();
  if (!left || !right) return false;
  if (/^0x[0-9a-f]{40}$/i.test(left) && /^0x[0-9a-f]{40}$/i.test(right)) {
    return left.toLowerCase() === right.toLowerCase();
  }
  return left === right;
}

function paidTo(deposit: DepositToMatch, order: OrderCandidate): boolean {
  if (!OPEN.includes(order.status)) return false;
  if (order.sendCode.toUpperCase() !== deposit.tokenCode.toUpperCase()) return false;
  if (
    !order.depositNetwork ||
    order.depositNetwork.toUpperCase() !== deposit.network.toUpperCase()
  ) {
    return false;
  }
  if (!order.depositAddress || !sameAddress(order.depositAddress, deposit.address)) return false;
  const memo = order.depositMemo?.trim();
  if (memo && memo !== (deposit.addressTag ?? '').trim()) return false;
  return true;
}

function exactAmountInTime(deposit: DepositToMatch, order: OrderCandidate): boolean {
  const due = dec(order.amountSend).plus(dec(order.extraFee));
  if (!dec(deposit.amount).eq(due)) return false;
  const at = deposit.seenAt.getTime();
  return at >= order.createdAt.getTime() - DEPOSIT_CLOCK_SKEW_MS && at <= order.expiresAt.getTime();
}

function one(fits: readonly OrderCandidate[]): PaymentMatch | null {
  if (fits.length === 1) return { kind: 'order', orderId: fits[0]!.id };
  if (fits.length > 1) return { kind: 'none', reason: 'ambiguous' };
  return null;
}

export function matchCryptoDeposit(
  deposit: DepositToMatch,
  candidates: readonly OrderCandidate[],
): PaymentMatch {
  if (deposit.attachedTo) return { kind: 'order', orderId: deposit.attachedTo };
  const paid = candidates.filter((order) => paidTo(deposit, order));

  const attached = one(paid.filter((order) => order.deposits.includes(deposit.externalId)));
  if (attached) return attached;

  const txId = deposit.txId;
  if (txId) {
    const named = one(
      paid.filter(
        (order) => order.txHash !== null && sameTransaction(order.txHash, txId, deposit.network),
      ),
    );
    if (named) return named;
  }

  const byAmount = paid.filter(
    (order) =>
      !order.txHash?.trim() &&
      !order.deposits.some((id) => id !== deposit.externalId) &&
      exactAmountInTime(deposit, order),
  );
  return one(byAmount) ?? { kind: 'none', reason: 'no_order' };
}
