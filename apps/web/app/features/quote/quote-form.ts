import type { CatalogueResponse, PublicNetwork, PublicToken } from '@permuta/contracts/catalogue';
import type { QuoteRequest } from '@permuta/contracts/quote';
import { isZeroAmount, parseAmount } from '../../lib/amount.ts';
import type { Locale } from '../../lib/locale.ts';

export type Side = QuoteRequest['side'];

export interface Pair {
  readonly send: string;
  readonly receive: string;
}

/** The pair shown first: the settings' defaults, else USDT -> PIX, else the first two tokens. */
export function defaultPair(catalogue: CatalogueResponse): Pair | null {
  const codes = catalogue.tokens.map((t) => t.code);
  if (codes.length < 2) return null;
  const has = (code: string | null): code is string => code !== null && codes.includes(code);
  const send = has(catalogue.defaults.send) ? catalogue.defaults.send : has('USDT') ? 'USDT' : null;
  const receive = has(catalogue.defaults.receive)
    ? catalogue.defaults.receive
    : has('PIX')
      ? 'PIX'
      : null;
  const first = send ?? codes.find((c) => c !== receive) ?? (codes[0] as string);
  const second =
    receive && receive !== first ? receive : (codes.find((c) => c !== first) as string);
  return { send: first, receive: second };
}

/** Which token of the pair needs a network: the one received when it is crypto, else the one sent. */
export function cryptoSide(send: PublicToken, receive: PublicToken): Side | null {
  if (receive.kind === 'crypto') return 'receive';
  if (send.kind === 'crypto') return 'send';
  return null;
}

/** Networks usable in that direction (deposits for what is sent, payouts for what is received). */
export function networkChoices(token: PublicToken, side: Side): PublicNetwork[] {
  const usable = token.networks.filter((n) =>
    side === 'send' ? n.depositEnabled : n.withdrawEnabled,
  );
  return usable.length > 0 ? usable : token.networks;
}

export function defaultNetwork(networks: readonly PublicNetwork[]): string | null {
  return (networks.find((n) => n.isDefault) ?? networks[0])?.code ?? null;
}

/** `USDT · Tether USD`; just the name when it already names the code (`Real (PIX)`). */
export function optionLabel(code: string, name: string): string {
  return !name || name.toUpperCase().includes(code.toUpperCase())
    ? name || code
    : `${code} · ${name}`;
}

export type Limits = { min: string | null; max: string | null; token: string } | null;

/** Before the first quote: the limits the catalogue knows for the token received. */
export function catalogueLimits(token: PublicToken | undefined, network: string | null): Limits {
  if (!token) return null;
  if (token.kind === 'crypto') {
    const chosen = token.networks.find((n) => n.code === network);
    return chosen ? { min: chosen.withdrawMin, max: chosen.withdrawMax, token: token.code } : null;
  }
  return { min: token.receiveMin, max: token.receiveMax, token: token.code };
}

/** The request for what is on screen, or null when there is nothing to price yet. */
export function quoteRequest(input: {
  pair: Pair;
  network: string | null;
  side: Side;
  text: string;
  locale: Locale;
}): QuoteRequest | null {
  const amount = parseAmount(input.text, input.locale);
  if (amount === null || isZeroAmount(amount)) return null;
  return {
    send: input.pair.send,
    receive: input.pair.receive,
    ...(input.network ? { network: input.network } : {}),
    side: input.side,
    amount,
  };
}

/** A wa.me link to the support phone with the message pre-filled. */
export function whatsappLink(phone: string, message: string): string {
  return `https://wa.me/${phone.replace(/\D/g, '')}?text=${encodeURIComponent(message)}`;
}
