/**
 * The exchange a visitor priced on the home calculator, kept in this browser until it reaches the
 * exchange-now form: through sign-in, registration and the e-mail validation (which may open in
 * another tab, hence localStorage). Only the pair, the network and the amount typed; nothing
 * about the person. It expires after PENDING_EXCHANGE_MAX_AGE_MS and is dropped once an order
 * is created. Decision 027.
 */
const KEY = 'pendingExchange';
export const PENDING_EXCHANGE_MAX_AGE_MS = 24 * 60 * 60 * 1000;

export interface PendingExchange {
  send: string;
  receive: string;
  network: string | null;
  side: 'send' | 'receive';
  /** a dot-decimal amount, as the quote request sends it; null when none was typed */
  amount: string | null;
}

const CODE = /^[A-Z0-9]{1,20}$/;
const AMOUNT = /^\d{1,20}(\.\d{1,18})?$/;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function savePendingExchange(pending: PendingExchange, now: number = Date.now()): void {
  try {
    storage()?.setItem(KEY, JSON.stringify({ ...pending, savedAt: now }));
  } catch {
    // a full or refused storage only loses the convenience
  }
}

export function clearPendingExchange(): void {
  try {
    storage()?.removeItem(KEY);
  } catch {
    // nothing to clear
  }
}

/** The pending exchange, or null when there is none, it is malformed or older than the limit. */
export function readPendingExchange(now: number = Date.now()): PendingExchange | null {
  let value: unknown;
  try {
    value = JSON.parse(storage()?.getItem(KEY) ?? 'null');
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { send, receive, network, side, amount, savedAt } = value as Record<string, unknown>;
  if (typeof savedAt !== 'number' || savedAt > now || now - savedAt > PENDING_EXCHANGE_MAX_AGE_MS)
    return null;
  if (typeof send !== 'string' || !CODE.test(send)) return null;
  if (typeof receive !== 'string' || !CODE.test(receive)) return null;
  if (network !== null && (typeof network !== 'string' || !CODE.test(network))) return null;
  if (side !== 'send' && side !== 'receive') return null;
  if (amount !== null && (typeof amount !== 'string' || !AMOUNT.test(amount))) return null;
  return { send, receive, network, side, amount };
}

/**
 * The exchange-now form's query: the URL's own when it names a pair or an amount (a link from
 * the calculator), else the pending exchange's, else the URL's (empty).
 */
export function exchangeSearch(search: URLSearchParams, now: number = Date.now()): URLSearchParams {
  if (search.has('send') || search.has('receive') || search.has('amount')) return search;
  const pending = readPendingExchange(now);
  if (!pending) return search;
  return new URLSearchParams({
    send: pending.send,
    receive: pending.receive,
    ...(pending.network ? { network: pending.network } : {}),
    side: pending.side,
    ...(pending.amount ? { amount: pending.amount } : {}),
  });
}
