import { ceilTo, dec, decimalPlaces, floorTo, toAmount, unit } from './money.ts';
import type { Decimal } from './money.ts';

/**
 * The quote arithmetic of PRODUCT.md section 2, as pure functions on decimal strings.
 *
 *   receive = floor_to_precision(send x price(send) x (1 - fee) / price(receive)) - networkFee
 *
 * The reverse direction (the customer types the amount to receive) finds the smallest amount
 * to send, at the send token's precision, whose forward quote gives at least that amount.
 * Every division is done once, on the whole expression, so nothing is rounded twice.
 */
export interface QuoteSide {
  /** decimal places of the token's amounts */
  precision: number;
  /** reference price in BRL, > 0 */
  priceBrl: string;
}

export interface QuoteMathInput {
  send: QuoteSide;
  receive: QuoteSide;
  /** fee as a percentage, 0 <= fee < 50 ("3.5" = 3.5%) */
  feePercent: string;
  /** withdraw fee of the receiving network, in the received token (0 unless crypto) */
  networkFee: string;
}

export interface QuoteAmounts {
  amountSend: string;
  /** what the customer receives, after fee and network fee; may be <= 0 for tiny amounts */
  amountReceive: string;
  /** units of the received token per unit sent, before fees */
  rate: string;
  /** fee charged, expressed in the received token */
  feeAmount: string;
  networkFee: string;
  /** value of the amount sent in BRL (used for the WhatsApp threshold) */
  valueBrl: string;
}

/** Digits kept for the displayed rate. */
const RATE_PLACES = 10;

function grossReceive(send: Decimal, input: QuoteMathInput): Decimal {
  // send x priceSend x (100 - fee) / (100 x priceReceive), one division, truncated at D.DP places
  const numerator = send.times(input.send.priceBrl).times(dec(100).minus(input.feePercent));
  const denominator = dec(100).times(input.receive.priceBrl);
  return floorTo(numerator.div(denominator), input.receive.precision);
}

/** The customer types the amount to send. `amountSend` must have at most send.precision places. */
export function quoteForSend(amountSend: string, input: QuoteMathInput): QuoteAmounts {
  const send = dec(amountSend);
  const gross = grossReceive(send, input);
  const receive = gross.minus(input.networkFee);
  const beforeFee = send.times(input.send.priceBrl).div(input.receive.priceBrl);
  const fee = floorTo(beforeFee, input.receive.precision).minus(gross);
  return {
    amountSend: toAmount(send, input.send.precision),
    amountReceive: toAmount(receive, input.receive.precision),
    rate: rate(input),
    feeAmount: toAmount(fee.lt(0) ? dec(0) : fee, input.receive.precision),
    networkFee: toAmount(dec(input.networkFee), input.receive.precision),
    valueBrl: toAmount(floorTo(send.times(input.send.priceBrl), 2), 2),
  };
}

/**
 * The customer types the amount to receive. Returns the forward quote of the smallest amount to
 * send (at the send precision) that yields at least `amountReceive`; its amountReceive may exceed
 * the request by less than what one more unit of the send token buys.
 */
export function quoteForReceive(amountReceive: string, input: QuoteMathInput): QuoteAmounts {
  const target = dec(amountReceive).plus(input.networkFee);
  const factor = dec(input.send.priceBrl).times(dec(100).minus(input.feePercent));
  let send = ceilTo(
    target.times(input.receive.priceBrl).times(100).div(factor),
    input.send.precision,
  );
  // The division truncates at D.DP places; if that lost a digit, one more unit closes the gap.
  const step = unit(input.send.precision);
  while (grossReceive(send, input).lt(target)) send = send.plus(step);
  if (send.eq(0)) send = step;
  return quoteForSend(toAmount(send), input);
}

export function rate(input: Pick<QuoteMathInput, 'send' | 'receive'>): string {
  const value = dec(input.send.priceBrl).div(input.receive.priceBrl);
  return toAmount(floorTo(value, RATE_PLACES));
}

/** True when a typed amount has more decimal places than the token allows. */
export function exceedsPrecision(amount: string, precision: number): boolean {
  return decimalPlaces(amount) > precision && !dec(amount).eq(floorTo(dec(amount), precision));
}
