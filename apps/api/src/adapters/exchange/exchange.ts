/**
 * The exchange the platform prices from, imports its catalogue from and pays crypto out through
 * (Binance's REST API shape). One interface; the real client is binance-client.ts, tests run it
 * against test/fake-exchange.ts.
 */
import { ProviderError } from '../provider-error.ts';
import type { ProviderErrorKind } from '../provider-error.ts';

/** One network of a coin in the capital config (GET /sapi/v1/capital/config/getall). */
export interface ExchangeNetwork {
  network: string;
  coin: string;
  name: string;
  isDefault: boolean;
  depositEnable: boolean;
  withdrawEnable: boolean;
  withdrawFee: string;
  withdrawMin: string;
  withdrawMax: string;
  minConfirm: number;
  /** minutes */
  estimatedArrivalTime?: number;
  addressRegex?: string;
  memoRegex?: string;
  /** true when the network shares one address and tells customers apart by memo/tag */
  sameAddress?: boolean;
  specialTips?: string;
  contractAddress?: string;
  busy?: boolean;
}

/** One coin of the capital config, with the account's balances. */
export interface ExchangeCoin {
  coin: string;
  name: string;
  depositAllEnable: boolean;
  withdrawAllEnable: boolean;
  free: string;
  locked: string;
  freeze: string;
  withdrawing: string;
  ipoable: string;
  ipoing: string;
  storage: string;
  isLegalMoney: boolean;
  trading: boolean;
  networkList: ExchangeNetwork[];
}

export interface WithdrawRequest {
  coin: string;
  /** the exchange's network code (see toExchangeNetwork) */
  network: string;
  address: string;
  addressTag?: string | undefined;
  amount: string;
  /** our idempotency key: the order id. A second apply with the same id is refused. */
  withdrawOrderId: string;
}

/**
 * Withdrawal status of the exchange: 0 e-mail sent, 1 cancelled, 2 awaiting approval,
 * 3 rejected, 4 processing, 5 failure, 6 completed.
 */
export const WITHDRAW_STATUS = {
  emailSent: 0,
  cancelled: 1,
  awaitingApproval: 2,
  rejected: 3,
  processing: 4,
  failure: 5,
  completed: 6,
} as const;

export interface WithdrawRecord {
  id: string;
  withdrawOrderId?: string;
  amount: string;
  transactionFee: string;
  coin: string;
  network: string;
  address: string;
  addressTag?: string;
  txId?: string;
  status: number;
  applyTime: string;
  completeTime?: string;
  info?: string;
}

/**
 * Deposit status of the exchange (GET /sapi/v1/capital/deposit/hisrec): 0 pending, 6 credited
 * but cannot withdraw yet, 7 wrong deposit, 8 waiting for the user's confirmation, 1 success,
 * 2 rejected.
 */
export const DEPOSIT_STATUS = {
  pending: 0,
  success: 1,
  rejected: 2,
  creditedCannotWithdraw: 6,
  wrongDeposit: 7,
  waitingUserConfirm: 8,
} as const;

/** One deposit of the exchange's deposit history (Binance's fields). */
export interface DepositRecord {
  /** the exchange's id of the deposit */
  id: string;
  amount: string;
  coin: string;
  /** the exchange's network code (see fromExchangeNetwork) */
  network: string;
  status: number;
  address: string;
  addressTag?: string;
  txId?: string;
  /** ms since the epoch: when the exchange saw the deposit */
  insertTime: number;
  /** ms since the epoch, once complete (not documented for every account) */
  completeTime?: number;
  /** 0 external, 1 internal transfer */
  transferType?: number;
  /** "seen/required", e.g. "3/12" */
  confirmTimes?: string;
  /** confirmations for the funds to be unlocked for withdrawal */
  unlockConfirm?: number;
  /** 0 spot, 1 funding */
  walletType?: number;
}

export interface DepositHistoryQuery {
  coin?: string;
  /** ms since the epoch; the window startTime..endTime must be under 90 days */
  startTime: number;
  endTime?: number;
  offset?: number;
  /** at most 1000 (the exchange's default and maximum) */
  limit?: number;
}

/** The exchange refuses a deposit history window of 90 days or more. */
export const DEPOSIT_HISTORY_MAX_WINDOW_MS = 90 * 24 * 3_600_000;
export const DEPOSIT_HISTORY_MAX_LIMIT = 1000;

export interface ExchangeClient {
  /** whether an API key and secret are configured (needed by every signed call) */
  readonly signed: boolean;
  /** Latest price of one symbol from the public ticker (GET /api/v3/ticker/price?symbol=). */
  tickerPrice(symbol: string): Promise<string>;
  /** Every coin and network with the account's balances (signed). */
  capitalConfig(): Promise<ExchangeCoin[]>;
  /** Submits a withdrawal (signed, POST). Answers the exchange's withdrawal id. */
  withdrawApply(request: WithdrawRequest): Promise<{ id: string }>;
  /** Withdrawals with this withdrawOrderId (signed); empty when the exchange has none. */
  withdrawHistory(query: { withdrawOrderId: string }): Promise<WithdrawRecord[]>;
  /** Deposits to the account in a window, oldest first as the exchange pages them (signed). */
  depositHistory(query: DepositHistoryQuery): Promise<DepositRecord[]>;
}

export type ExchangeErrorKind = ProviderErrorKind;

/** Base class: every failure of the exchange client is one of these. */
export class ExchangeError extends ProviderError {
  override name = 'ExchangeError';
}

/** No API key/secret configured: signed calls are impossible. */
export class ExchangeNotConfiguredError extends ExchangeError {
  override name = 'ExchangeNotConfiguredError';
  constructor() {
    super('not_configured', 'the exchange API key and secret are not configured');
  }
}

/** The exchange answered with an error: its code and message (e.g. -1121 Invalid symbol). */
export class ExchangeRejectedError extends ExchangeError {
  override name = 'ExchangeRejectedError';
  readonly status: number;
  readonly code: number;
  readonly msg: string;
  constructor(status: number, code: number, msg: string) {
    super('rejected', `exchange refused (${status} ${code}): ${msg}`);
    this.status = status;
    this.code = code;
    this.msg = msg;
  }
}

/**
 * No answer in time. For a withdrawal the outcome is unknown: look it up by withdrawOrderId
 * before trying again.
 */
export class ExchangeTimeoutError extends ExchangeError {
  override name = 'ExchangeTimeoutError';
  constructor(path: string, timeoutMs: number, options?: { cause?: unknown }) {
    super('timeout', `no answer from the exchange to ${path} within ${timeoutMs} ms`, options);
  }
}

/**
 * Connection refused or dropped, a 5xx, or an answer that is not the exchange's JSON. For a
 * withdrawal the outcome is unknown (the exchange may have applied it before the connection
 * dropped): look it up by withdrawOrderId before trying again.
 */
export class ExchangeUnavailableError extends ExchangeError {
  override name = 'ExchangeUnavailableError';
  readonly status: number | null;
  constructor(message: string, status: number | null = null, options?: { cause?: unknown }) {
    super('unavailable', message, options);
    this.status = status;
  }
}

export function isExchangeError(error: unknown): error is ExchangeError {
  return error instanceof ExchangeError;
}

/**
 * Our network codes and the exchange's where they differ (Binance calls TRC20 "TRX", BEP20
 * "BSC", ERC20 "ETH"). Other codes are the same on both sides.
 */
const EXCHANGE_TO_OURS: Record<string, string> = { TRX: 'TRC20', BSC: 'BEP20', ETH: 'ERC20' };
const OURS_TO_EXCHANGE: Record<string, string> = Object.fromEntries(
  Object.entries(EXCHANGE_TO_OURS).map(([exchange, ours]) => [ours, exchange]),
);

export function fromExchangeNetwork(code: string): string {
  const upper = code.toUpperCase();
  return EXCHANGE_TO_OURS[upper] ?? upper;
}

export function toExchangeNetwork(code: string): string {
  const upper = code.toUpperCase();
  return OURS_TO_EXCHANGE[upper] ?? upper;
}
