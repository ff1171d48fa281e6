import { useEffect, useMemo, useState } from 'react';
import type { PublicToken } from '@permuta/contracts/catalogue';
import type { QuoteResponse } from '@permuta/contracts/quote';
import { formatAmount, isZeroAmount, parseAmount } from '../../lib/amount.ts';
import type { Locale } from '../../lib/locale.ts';
import {
  catalogueLimits,
  cryptoSide,
  defaultNetwork,
  networkChoices,
  optionLabel,
  quoteRequest,
  type Pair,
  type Side,
} from './quote-form.ts';

export interface Typed {
  side: Side;
  text: string;
}

/** Where the fields start: the pair, the network chosen (null: the default one) and the amount. */
export interface PairStart {
  pair: Pair;
  network: string | null;
  typed: Typed;
}

export type PairInput = ReturnType<typeof usePairInput>;

/**
 * The state behind the pair-and-amount fields (the home calculator, the exchange screen): the
 * pair, its network, and what was typed on which side, priced `debounceMs` after the last key (a
 * swap applies at once). Until a network is chosen, a received crypto token starts on the first
 * network `walletNetworks` gives for it (where the customer has a wallet), else the default one.
 */
export function usePairInput(
  tokens: readonly PublicToken[],
  start: PairStart,
  debounceMs: number,
  locale: Locale,
  walletNetworks?: (token: string) => readonly string[],
) {
  const [pair, setPair] = useState<Pair>(start.pair);
  const [chosenNetwork, setChosenNetwork] = useState<string | null>(start.network);
  const [typed, setTyped] = useState<Typed>(start.typed);
  const [debounced, setDebounced] = useState<Typed>(typed);
  useEffect(() => {
    if (debounced === typed) return;
    const timer = setTimeout(() => setDebounced(typed), debounceMs);
    return () => clearTimeout(timer);
  }, [typed, debounced, debounceMs]);

  const byCode = useMemo(() => new Map(tokens.map((token) => [token.code, token])), [tokens]);
  const sendToken = byCode.get(pair.send);
  const receiveToken = byCode.get(pair.receive);
  const options = useMemo(
    () =>
      tokens.map((token) => ({ value: token.code, label: optionLabel(token.code, token.name) })),
    [tokens],
  );

  const networkSide = sendToken && receiveToken ? cryptoSide(sendToken, receiveToken) : null;
  const networkToken =
    networkSide === 'send' ? sendToken : networkSide === 'receive' ? receiveToken : undefined;
  const networks = networkToken && networkSide ? networkChoices(networkToken, networkSide) : [];
  const offered = (code: string | null | undefined) =>
    code && networks.some((n) => n.code === code) ? code : null;
  const withWallet =
    networkSide === 'receive' && receiveToken
      ? walletNetworks?.(receiveToken.code).find((code) => offered(code) !== null)
      : undefined;
  const network = offered(chosenNetwork) ?? withWallet ?? defaultNetwork(networks);

  // what is priced: the amount as it stood `debounceMs` ago
  const request = quoteRequest({
    pair,
    network,
    side: debounced.side,
    text: debounced.text,
    locale,
  });
  /** The answer when it prices what is on screen (not a placeholder for another pair or side). */
  const current = <Q extends QuoteResponse>(answer: Q | undefined): Q | undefined =>
    request &&
    answer &&
    answer.send === request.send &&
    answer.receive === request.receive &&
    answer.side === request.side
      ? answer
      : undefined;
  /** The quote's limits, else (before the first quote) those the catalogue knows. */
  const limits = (quote: QuoteResponse | undefined) =>
    quote?.limits ?? catalogueLimits(receiveToken, networkSide === 'receive' ? network : null);

  const typedAmount = parseAmount(typed.text, locale);
  const invalid = typed.text !== '' && typedAmount === null;
  /** What the amount fields show: the side typed as typed, the other one from the quote. */
  const amounts = (quote: QuoteResponse | undefined) => {
    const other = (side: Side): string => {
      if (typed.text === '' || invalid || typedAmount === null || isZeroAmount(typedAmount))
        return '';
      if (!quote) return '';
      const token = side === 'send' ? sendToken : receiveToken;
      return formatAmount(side === 'send' ? quote.amountSend : quote.amountReceive, locale, {
        trimZeros: true,
        minDecimals: Math.min(2, token?.precision ?? 2),
      });
    };
    return {
      send: typed.side === 'send' ? typed.text : other('send'),
      receive: typed.side === 'receive' ? typed.text : other('receive'),
    };
  };

  const swap = () => {
    const next: Typed = { side: typed.side === 'send' ? 'receive' : 'send', text: typed.text };
    setPair({ send: pair.receive, receive: pair.send });
    setTyped(next);
    setDebounced(next);
  };
  /** Choosing on one side the token of the other side swaps them. */
  const choose = (side: Side, code: string | null) => {
    if (!code) return;
    const keep = side === 'send' ? pair.receive : pair.send;
    if (code === keep) {
      swap();
      return;
    }
    setPair(
      side === 'send' ? { send: code, receive: pair.receive } : { send: pair.send, receive: code },
    );
  };

  return {
    pair,
    typed,
    debounced,
    sendToken,
    receiveToken,
    options,
    networkSide,
    networks,
    network,
    chooseNetwork: setChosenNetwork,
    request,
    current,
    limits,
    invalid,
    amounts,
    type: (side: Side, text: string) => setTyped({ side, text }),
    choose,
    swap,
  };
}
