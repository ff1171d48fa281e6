import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A locked quote as a signed token: the numbers the customer was shown, whose they are and until
 * when they hold. HMAC-SHA256 with a key derived from the app's auth secret, so any instance with
 * the same secret accepts it and nobody can change a number without the server noticing.
 */
export interface LockedQuoteClaims {
  /** random id of this quote: the order that consumes it records it, so it makes one order */
  quoteId: string;
  /** customer (users.id) */
  customerId: string;
  send: string;
  receive: string;
  network: string | null;
  side: 'send' | 'receive';
  amountSend: string;
  amountReceive: string;
  rate: string;
  feePercent: string;
  networkFee: string;
  priceSendBrl: string;
  priceReceiveBrl: string;
  /** ms since the epoch */
  lockedUntil: number;
}

const VERSION = 2;

type Wire = [
  v: number,
  c: string,
  s: string,
  r: string,
  n: string | null,
  side: 'send' | 'receive',
  as: string,
  ar: string,
  rate: string,
  fee: string,
  nf: string,
  ps: string,
  pr: string,
  lu: number,
  q: string,
];

/** The signing key: the auth secret itself is never used for anything but its own purpose. */
export function quoteKey(authSecret: string): Buffer {
  return createHmac('sha256', authSecret).update('permuta:order-quote:v1').digest();
}

function mac(key: Buffer, payload: string): Buffer {
  return createHmac('sha256', key).update(payload).digest();
}

export function signQuote(key: Buffer, claims: LockedQuoteClaims): string {
  const wire: Wire = [
    VERSION,
    claims.customerId,
    claims.send,
    claims.receive,
    claims.network,
    claims.side,
    claims.amountSend,
    claims.amountReceive,
    claims.rate,
    claims.feePercent,
    claims.networkFee,
    claims.priceSendBrl,
    claims.priceReceiveBrl,
    claims.lockedUntil,
    claims.quoteId,
  ];
  const payload = Buffer.from(JSON.stringify(wire)).toString('base64url');
  return `${payload}.${mac(key, payload).toString('base64url')}`;
}

/**
 * The claims of a token signed with `key`, or null when it is malformed, altered, signed with
 * another key or of an unknown version. Expiry and owner are the caller's to check.
 */
export function readQuote(key: Buffer, token: string): LockedQuoteClaims | null {
  const dot = token.indexOf('.');
  if (dot <= 0 || token.length > 4096) return null;
  const payload = token.slice(0, dot);
  const signature = Buffer.from(token.slice(dot + 1), 'base64url');
  const expected = mac(key, payload);
  if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) return null;
  let wire: unknown;
  try {
    wire = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(wire) || wire.length !== 15 || wire[0] !== VERSION) return null;
  const [, c, s, r, n, side, as, ar, rate, fee, nf, ps, pr, lu, q] = wire as Wire;
  if (typeof q !== 'string' || q.length === 0) return null;
  return {
    customerId: c,
    send: s,
    receive: r,
    network: n,
    side,
    amountSend: as,
    amountReceive: ar,
    rate,
    feePercent: fee,
    networkFee: nf,
    priceSendBrl: ps,
    priceReceiveBrl: pr,
    lockedUntil: lu,
    quoteId: q,
  };
}
