import type { CatalogueResponse, PublicToken } from '@permuta/contracts/catalogue';
import {
  paymentMethodsFor,
  type OrderCreateInput,
  type PaymentMethod,
} from '@permuta/contracts/orders';
import type { WalletView } from '@permuta/contracts/wallets';
import { dec } from '@permuta/contracts/money';
import { formatAmount, parseAmount } from '../../lib/amount.ts';
import type { Locale } from '../../lib/locale.ts';
import { defaultPair, type Pair, type Side } from '../quote/quote-form.ts';

export interface ExchangeStart {
  readonly pair: Pair;
  readonly network: string | null;
  readonly side: Side;
  /** the amount as the customer would have typed it (page language) */
  readonly text: string;
}

/**
 * Where the exchange form starts: what the home calculator passed in the URL (`send`, `receive`,
 * `network`, `side`, `amount`), else the customer's default tokens, else the catalogue's defaults.
 * Codes the catalogue does not know are ignored.
 */
export function exchangeStart(
  catalogue: CatalogueResponse,
  profile: { defaultSendToken: string | null; defaultReceiveToken: string | null } | null,
  search: URLSearchParams,
  locale: Locale,
): ExchangeStart | null {
  const fallback = defaultPair(catalogue);
  if (!fallback) return null;
  const known = (code: string | null | undefined): code is string =>
    !!code && catalogue.tokens.some((token) => token.code === code);
  const pick = (...codes: (string | null | undefined)[]) => codes.find(known) ?? null;

  const urlSend = search.get('send')?.toUpperCase();
  const urlReceive = search.get('receive')?.toUpperCase();
  const send = pick(urlSend, profile?.defaultSendToken) ?? fallback.send;
  let receive = pick(urlReceive, profile?.defaultReceiveToken) ?? fallback.receive;
  if (send === receive) {
    receive =
      [fallback.receive, fallback.send].find((code) => code !== send) ??
      (catalogue.tokens.find((token) => token.code !== send)?.code as string);
  }

  const side: Side = search.get('side') === 'receive' ? 'receive' : 'send';
  const raw = search.get('amount');
  const amount = raw ? parseAmount(raw, 'en-US') : null;
  const network = search.get('network')?.toUpperCase() || null;
  return {
    pair: { send, receive },
    network,
    side,
    text: amount ? formatAmount(amount, locale) : '',
  };
}

/**
 * The customer's wallets that can receive this order: of the token received and, when that token
 * is crypto, on the chosen network (PIX and Deriv wallets have the token's only network).
 */
export function receivingWallets(
  wallets: readonly WalletView[],
  receive: PublicToken | undefined,
  network: string | null,
): WalletView[] {
  if (!receive) return [];
  return wallets.filter((wallet) => {
    if (wallet.token.code !== receive.code) return false;
    if (receive.kind !== 'crypto') return true;
    return network !== null && wallet.network?.code === network;
  });
}

/** How a wallet reads in the list: its address, PIX key or Deriv account, with what helps tell them apart. */
export function walletLabel(wallet: WalletView): string {
  switch (wallet.kind) {
    case 'crypto':
      return [wallet.address ?? '', wallet.memo ? `(memo ${wallet.memo})` : '']
        .filter(Boolean)
        .join(' ');
    case 'pix':
      return [
        wallet.pixKey ?? '',
        wallet.bankName ? `· ${wallet.bankName}` : '',
        wallet.holderName ? `· ${wallet.holderName}` : '',
      ]
        .filter(Boolean)
        .join(' ');
    case 'deriv':
      return wallet.derivAccount ?? '';
  }
}

/** The methods to choose from for the token sent (PIX money: PIX, bank transfer or boleto). */
export function paymentChoices(send: PublicToken | undefined): PaymentMethod[] {
  return send ? paymentMethodsFor(send.kind) : [];
}

/** The body of POST /api/v1/orders for what is on screen. */
export function orderBody(input: {
  quoteToken: string;
  walletId: string;
  send: PublicToken;
  paymentMethod: PaymentMethod;
  refundAddress: string;
}): OrderCreateInput {
  const refund = input.refundAddress.trim();
  return {
    quoteToken: input.quoteToken,
    walletId: input.walletId,
    ...(input.send.kind === 'pix' ? { paymentMethod: input.paymentMethod } : {}),
    ...(input.send.kind === 'crypto' && refund ? { refundAddress: refund } : {}),
  };
}

/** `14:59`, or `1:02:03` past an hour: a countdown for people. */
export function formatCountdown(seconds: number): string {
  const clean = Math.max(0, Math.floor(seconds));
  const h = Math.floor(clean / 3600);
  const m = Math.floor((clean % 3600) / 60);
  const s = clean % 60;
  const mm = h > 0 ? String(m).padStart(2, '0') : String(m);
  return `${h > 0 ? `${h}:` : ''}${mm}:${String(s).padStart(2, '0')}`;
}

/**
 * What a boleto costs on top of the quote: the settings' boleto fee, and the total to pay (the
 * amount sent plus the fee, in reais), as the order will charge it.
 */
export function boletoCharge(
  amountSend: string,
  boletoFee: string,
): { fee: string; total: string } {
  return { fee: dec(boletoFee).toFixed(), total: dec(amountSend).plus(boletoFee).toFixed() };
}
