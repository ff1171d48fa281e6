/**
 * Deriv's WebSocket API (v3) as seen by our payment agent account: pay a customer's CR account
 * ("Deriv out", paymentagent_transfer), read the agent's statement to look a transfer up before any
 * retry, and see what customers paid into the agent account ("Deriv in"). One interface; the real
 * client is deriv-client.ts, tests run it against src/fakes/fake-deriv.ts. Decision 038.
 */
import { ProviderError } from '../provider-error.ts';
import type { ProviderErrorKind } from '../provider-error.ts';

/** Deriv's statement action types (statement/receive.json). */
export type DerivActionType =
  | 'buy'
  | 'sell'
  | 'deposit'
  | 'withdrawal'
  | 'hold'
  | 'release'
  | 'escrow'
  | 'adjustment'
  | 'virtual_credit'
  | 'transfer';

/** The account the token opened (from the `authorize` answer). */
export interface DerivAccount {
  loginId: string;
  currency: string;
  fullName: string;
  /** cash balance as a decimal string */
  balance: string;
  /** the token's scopes, e.g. ['read', 'payments'] */
  scopes: string[];
}

export interface DerivTransferRequest {
  /** the customer's login id, e.g. 'CR123456' */
  to: string;
  /** decimal string, e.g. '10.00' */
  amount: string;
  /** e.g. 'USD': the agent's and the customer's account currency */
  currency: string;
  /**
   * Carries our idempotency marker (see transferMarker). Deriv allows only letters, digits,
   * space and . , ' - here; it ends up as "Agent note: …" in the statement's longcode.
   */
  description: string;
  /** validate only: Deriv answers the customer's full name and moves no money */
  dryRun?: boolean;
}

export type DerivTransferResult =
  | { kind: 'dry_run_ok'; clientFullName: string; clientLoginId: string }
  | { kind: 'done'; transactionId: number; clientFullName: string; clientLoginId: string };

/** One line of the agent's statement, typed. Amounts are decimal strings (negative = out). */
export interface DerivStatementEntry {
  transactionId: number;
  actionType: DerivActionType | string;
  amount: string;
  balanceAfter: string;
  time: Date;
  longcode: string;
  referenceId: number | null;
  /** present only for action_type 'transfer' (between own accounts) */
  fromLoginId: string | null;
  toLoginId: string | null;
}

export interface DerivStatementPage {
  /** number of transactions in this page */
  count: number;
  transactions: DerivStatementEntry[];
}

export interface DerivStatementQuery {
  from: Date;
  to?: Date;
  /** page size, at most 999 (Deriv's maximum) */
  limit: number;
  offset: number;
  actionType?: DerivActionType;
}

/** An agent → customer payment-agent transfer found in the agent's statement. */
export interface DerivOutgoingTransfer {
  transactionId: number;
  /** null only when Deriv's text could not be parsed (the line still carried the marker) */
  toLoginId: string | null;
  /** positive decimal string */
  amount: string;
  time: Date;
  /** the description we sent (Deriv's "Agent note"), '' when none */
  note: string;
  /** Deriv's own reference (a UUID), null when the longcode has none */
  reference: string | null;
  longcode: string;
}

/** A customer → agent transfer (the customer's paymentagent_withdraw) in the agent's statement. */
export interface DerivIncomingTransfer {
  transactionId: number;
  fromLoginId: string;
  /** positive decimal string */
  amount: string;
  time: Date;
  /** the customer's "Client note", '' when none */
  note: string;
  reference: string | null;
  longcode: string;
}

/** A pushed `transaction` of the agent account (transaction: 1, subscribe: 1). */
export interface DerivTransactionEvent {
  transactionId: number;
  action: string;
  amount: string;
  balance: string;
  currency: string;
  time: Date;
  longcode: string;
}

export interface DerivSubscription {
  /** Deriv's subscription id (for `forget`) */
  readonly id: string;
  unsubscribe(): Promise<void>;
}

export interface DerivAgent {
  /** The account behind the token (authorizes when not yet connected). */
  account(): Promise<DerivAccount>;
  /** Current balance of the agent account. */
  balance(): Promise<{ balance: string; currency: string; loginId: string }>;
  /**
   * paymentagent_transfer. A timeout or a dropped connection on a real (not dry-run) transfer
   * means the outcome is unknown: call findTransfer before anything else, never transfer again
   * blindly.
   */
  transfer(request: DerivTransferRequest): Promise<DerivTransferResult>;
  /** One page of the agent's statement, newest first. */
  statement(query: DerivStatementQuery): Promise<DerivStatementPage>;
  /**
   * The look-up before a retry: every outgoing payment-agent transfer since `since` whose agent
   * note equals `description` exactly. Empty: nothing was paid, a new transfer is safe (after the
   * first attempt's answer can no longer arrive). One: it was paid. More than one: paid twice, a
   * case for a human. Deriv has no idempotency key for these transfers: the statement is the
   * only record.
   */
  findTransfer(description: string, since: Date): Promise<DerivOutgoingTransfer[]>;
  /** Every customer → agent transfer since `since`, oldest first (deposit detection). */
  incomingTransfers(since: Date): Promise<DerivIncomingTransfer[]>;
  /** Pushes every new transaction of the agent account until unsubscribed or the socket drops. */
  subscribeTransactions(
    handler: (event: DerivTransactionEvent) => void,
  ): Promise<DerivSubscription>;
  /** Closes the connection; a later call opens a new one. */
  close(): Promise<void>;
}

export type DerivErrorKind = ProviderErrorKind;

/** Base class: every failure of the Deriv client is one of these. */
export class DerivError extends ProviderError {
  override name = 'DerivError';
}

/** No token (or no app id) configured: nothing can be asked. */
export class DerivNotConfiguredError extends DerivError {
  override name = 'DerivNotConfiguredError';
  constructor(what = 'the Deriv API token') {
    super('not_configured', `${what} is not configured`);
  }
}

/**
 * Deriv answered with `error: { code, message, details? }`, e.g. InvalidToken,
 * PaymentAgentTransferError ("Login ID (CR1) does not exist."), InputValidationFailed. The call
 * was refused: for a transfer, no money moved.
 */
export class DerivRejectedError extends DerivError {
  override name = 'DerivRejectedError';
  readonly code: string;
  readonly derivMessage: string;
  readonly details: Record<string, unknown> | undefined;
  readonly msgType: string;
  constructor(
    msgType: string,
    code: string,
    derivMessage: string,
    details?: Record<string, unknown>,
  ) {
    super('rejected', `Deriv refused ${msgType} (${code}): ${derivMessage}`);
    this.msgType = msgType;
    this.code = code;
    this.derivMessage = derivMessage;
    this.details = details;
  }
}

/** No answer in time. For a transfer the outcome is unknown: findTransfer before retrying. */
export class DerivTimeoutError extends DerivError {
  override name = 'DerivTimeoutError';
  readonly msgType: string;
  constructor(msgType: string, timeoutMs: number, options?: { cause?: unknown }) {
    super('timeout', `no answer from Deriv to ${msgType} within ${timeoutMs} ms`, options);
    this.msgType = msgType;
  }
}

/**
 * Could not connect, the connection dropped with the request in flight, or the answer was not
 * Deriv's. For a transfer the outcome is unknown (Deriv may have applied it before the drop):
 * findTransfer before retrying.
 */
export class DerivUnavailableError extends DerivError {
  override name = 'DerivUnavailableError';
  constructor(message: string, options?: { cause?: unknown }) {
    super('unavailable', message, options);
  }
}

/**
 * Deriv's codes for a token it does not accept (decision 048): the call was answered with a
 * refusal, so nothing it asked for was done, and asking again will not help until an admin puts
 * another token in the integration.
 */
export const DERIV_AUTH_ERROR_CODES: readonly string[] = [
  'InvalidToken',
  'AuthorizationRequired',
  'PermissionDenied',
  'InvalidAppID',
];

/** Whether Deriv refused the token itself (an answer: nothing was sent, see above). */
export function isDerivAuthRefusal(error: unknown): error is DerivRejectedError {
  return error instanceof DerivRejectedError && DERIV_AUTH_ERROR_CODES.includes(error.code);
}

export function isDerivError(error: unknown): error is DerivError {
  return error instanceof DerivError;
}

/** Whether a failed transfer may have moved money (look it up with findTransfer first). */
export { isOutcomeUnknown } from '../provider-error.ts';

/** What Deriv accepts as a transfer description (paymentagent_transfer/send.json). */
export const DESCRIPTION_PATTERN = /^[0-9A-Za-z .,'-]{0,250}$/;

/**
 * Our idempotency marker for an order, as a transfer description: "Permuta order <orderId>".
 * No colon: Deriv's description pattern refuses it. The order id must be letters, digits and
 * hyphens (a UUID or our reference).
 */
export function transferMarker(orderId: string): string {
  if (!/^[0-9A-Za-z-]{1,200}$/.test(orderId)) {
    throw new TypeError(`order id ${JSON.stringify(orderId)} cannot go in a Deriv description`);
  }
  return `Permuta order ${orderId}`;
}

/**
 * A JSON number of Deriv's as a plain decimal string: no exponent, no trailing zeros
 * (10 → '10', 10.5 → '10.5', -0.00000001 → '-0.00000001').
 */
export function decimalFromNumber(value: number): string {
  if (!Number.isFinite(value)) throw new TypeError(`not a finite amount: ${value}`);
  const fixed = Math.abs(value)
    .toFixed(8)
    .replace(/\.?0+$/, '');
  if (fixed === '0') return '0';
  return value < 0 ? `-${fixed}` : fixed;
}

const LOGIN_ID = '[A-Za-z]+[0-9]+';

/**
 * Agent → customer, as Deriv writes it in both statements:
 * "Transfer from Payment Agent <name> to CR123. Transaction reference: <uuid>. Timestamp:
 * 28-Nov-26 21:20:31GMT. Agent note: <description>" (the note only when a description was sent).
 */
const OUTGOING = new RegExp(
  `^Transfer from Payment Agent (.+?) to (${LOGIN_ID})\\.?\\s+Transaction reference:\\s*([^\\s.]+(?:\\.[^\\s.]+)*)\\.?\\s+Timestamp:\\s*(.+?)(?:\\.\\s+Agent note:\\s?(.*))?\\.?$`,
  'is',
);

/**
 * Customer → agent (the customer's paymentagent_withdraw), as Deriv writes it:
 * "Transfer from CR123 to Payment Agent <name> Transaction reference: <uuid> Timestamp:
 * 28-Nov-26 21:20:31GMT. Client note: <note>".
 */
const INCOMING = new RegExp(
  `^Transfer from (${LOGIN_ID}) to Payment Agent (.+?)\\.?\\s+Transaction reference:\\s*([^\\s.]+(?:\\.[^\\s.]+)*)\\.?\\s+Timestamp:\\s*(.+?)(?:\\.\\s+Client note:\\s?(.*))?\\.?$`,
  'is',
);

export interface ParsedOutgoing {
  agentName: string;
  toLoginId: string;
  reference: string;
  note: string;
}

export interface ParsedIncoming {
  fromLoginId: string;
  agentName: string;
  reference: string;
  note: string;
}

/** The parts of an agent → customer longcode, or null when it is not one. */
export function parseOutgoingLongcode(longcode: string): ParsedOutgoing | null {
  const match = OUTGOING.exec(longcode.trim());
  if (!match) return null;
  return {
    agentName: match[1]!.trim(),
    toLoginId: match[2]!.toUpperCase(),
    reference: match[3]!,
    note: (match[5] ?? '').trim(),
  };
}

/** The parts of a customer → agent longcode, or null when it is not one. */
export function parseIncomingLongcode(longcode: string): ParsedIncoming | null {
  const match = INCOMING.exec(longcode.trim());
  if (!match) return null;
  return {
    fromLoginId: match[1]!.toUpperCase(),
    agentName: match[2]!.trim(),
    reference: match[3]!,
    note: (match[5] ?? '').trim(),
  };
}

/**
 * Whether a longcode carries `marker` as a whole (not as the start of a longer marker:
 * 'Permuta order ord-1' is not in '… Permuta order ord-12').
 */
export function carriesMarker(longcode: string, marker: string): boolean {
  if (!marker) return false;
  const escaped = marker.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[^0-9A-Za-z-])${escaped}($|[^0-9A-Za-z-])`).test(longcode);
}
