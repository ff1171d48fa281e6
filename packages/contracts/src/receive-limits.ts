import type { TokenKind } from './catalogue.ts';
import { dec } from './money.ts';

/** Currency of an amount of the token in messages: PIX is paid in BRL, Deriv in USD, crypto its code. */
export function unitOf(token: { kind: TokenKind; code: string }): string {
  return token.kind === 'pix' ? 'BRL' : token.kind === 'deriv' ? 'USD' : token.code;
}

/** The settings that bound the amount to receive of PIX (BRL) and Deriv (USD). */
export interface ReceiveLimitSettings {
  pixMinReceive: string;
  pixMaxReceive: string;
  derivMinReceive: string;
  derivMaxReceive: string;
}

/**
 * Limits on the amount to receive of a token of `kind`: the settings for PIX and Deriv (none
 * while there are no settings), the network's withdraw limits for crypto (a maximum of 0 or
 * none is no maximum).
 */
export function receiveLimits(
  kind: TokenKind,
  network: { withdrawMin: string | null; withdrawMax: string | null } | null,
  settings: ReceiveLimitSettings | null,
): { min: string | null; max: string | null } {
  if (kind === 'pix') {
    return { min: settings?.pixMinReceive ?? null, max: settings?.pixMaxReceive ?? null };
  }
  if (kind === 'deriv') {
    return { min: settings?.derivMinReceive ?? null, max: settings?.derivMaxReceive ?? null };
  }
  const max = network?.withdrawMax && dec(network.withdrawMax).gt(0) ? network.withdrawMax : null;
  return { min: network?.withdrawMin ?? null, max };
}
