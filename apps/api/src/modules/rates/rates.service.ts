import { createHash } from 'node:crypto';
import {
  ceilTo,
  dec,
  floorTo,
  normalize,
  quoteForReceive,
  quoteForSend,
  toAmount,
  unit,
} from '@permuta/contracts';
import type { Db } from '@permuta/db';
import type { PricingService, QuoteDirection } from '../pricing/pricing.service.ts';
import type { SnapshotToken } from '../pricing/pricing.repository.ts';
import { availableStock } from '../treasury/treasury.service.ts';

/**
 * The public rates feed read by rate-comparison sites (decision 058): the exchange-monitor
 * export format (`<rates><item><from/><to/><in/><out/><amount/><minamount/><maxamount/>...`),
 * one item per direction quotes answer now, priced by the pricing service's own arithmetic.
 */
export interface RateItem {
  /** code of the currency the customer gives (`USDTTRC20`, `PIXBRL`, `BTC`, ...) */
  from: string;
  /** code of the currency the customer gets */
  to: string;
  /** `in` of `from` buys `out` of `to`, after the percentage fee (one of them is 1) */
  in: string;
  out: string;
  /** the reserve: stock of `to` that orders may still promise */
  amount: string;
  /** least and most of `from` one order takes (limits of the amount received and the reserve) */
  minamount: string;
  maxamount: string;
  /** the payout network's fee, in `to`, taken from what is sent (absent when none) */
  tofee?: string;
}

export interface RatesFeed {
  items: RateItem[];
  /** weak validator of the content (the answer may be compressed on the way) */
  etag: string;
  /** when this process first served this content (second resolution) */
  lastModified: Date;
}

/** Digits of the side of the rate that is not 1. */
export const FEED_RATE_PLACES = 18;

/**
 * The monitors' code of a currency: the token's code followed by its network's when they differ
 * (USDT on TRC20 = USDTTRC20, PIX on BRL = PIXBRL, DERIV on USD = DERIVUSD, BTC on BTC = BTC).
 */
export function currencyCode(token: Pick<SnapshotToken, 'code'>, network: string | null): string {
  const code = token.code.toUpperCase();
  const net = network?.toUpperCase() ?? null;
  return net && net !== code ? `${code}${net}` : code;
}

/** The network a token is named by in the feed when the direction's network is the other side's. */
function ownNetwork(token: SnapshotToken): string | null {
  const only = token.networks.length === 1 ? token.networks[0] : undefined;
  return (only ?? token.networks.find((n) => n.isDefault))?.code ?? null;
}

/**
 * The rate as the monitors write it, never better than a quote: with the percentage fee, before
 * the network fee (`tofee`), rounded against the customer. 1 on the side that is smaller.
 */
export function feedRate(direction: Pick<QuoteDirection, 'math'>): { in: string; out: string } {
  const { math } = direction;
  const numerator = dec(math.send.priceBrl).times(dec(100).minus(math.feePercent));
  const denominator = dec(100).times(math.receive.priceBrl);
  if (numerator.gte(denominator)) {
    return { in: '1', out: toAmount(floorTo(numerator.div(denominator), FEED_RATE_PLACES)) };
  }
  return { in: toAmount(ceilTo(denominator.div(numerator), FEED_RATE_PLACES)), out: '1' };
}

/** The item of a direction, or null when no order could be made in it now. */
export function rateItem(direction: QuoteDirection, stock: string): RateItem | null {
  const { send, receive, network, math, limits } = direction;
  const reserve = floorTo(dec(stock).lt(0) ? dec(0) : dec(stock), receive.precision);
  const cap = limits.max !== null && dec(limits.max).lt(reserve) ? dec(limits.max) : reserve;
  const least = unit(send.precision);
  // least sent: what the least amount received costs (one unit when there is no minimum)
  let min =
    limits.min !== null && dec(limits.min).gt(0)
      ? dec(quoteForReceive(normalize(limits.min), math).amountSend)
      : least;
  if (dec(quoteForSend(toAmount(min), math).amountReceive).lte(0)) {
    // below the network fee nothing is received: the least amount that yields something
    min = dec(quoteForReceive(toAmount(unit(receive.precision)), math).amountSend);
  }
  if (cap.lte(0)) return null;
  // most sent: the largest amount whose quote stays within the cap
  let max = dec(quoteForReceive(toAmount(cap), math).amountSend);
  if (dec(quoteForSend(toAmount(max), math).amountReceive).gt(cap)) max = max.minus(least);
  if (max.lt(min)) return null;
  const rate = feedRate(direction);
  const fromNetwork =
    send.kind === 'crypto' && network && receive.kind !== 'crypto'
      ? network.code
      : ownNetwork(send);
  const toNetwork = receive.kind === 'crypto' && network ? network.code : ownNetwork(receive);
  const item: RateItem = {
    from: currencyCode(send, fromNetwork),
    to: currencyCode(receive, toNetwork),
    in: rate.in,
    out: rate.out,
    amount: toAmount(reserve),
    minamount: toAmount(min),
    maxamount: toAmount(max),
  };
  if (dec(math.networkFee).gt(0)) item.tofee = normalize(math.networkFee);
  return item;
}

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Text as XML character data (codes come from admins: never trusted as markup). */
export function xmlText(value: string): string {
  // characters XML 1.0 cannot carry at all are dropped
  // eslint-disable-next-line no-control-regex
  const clean = value.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '');
  return clean.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);
}

const FIELDS = ['from', 'to', 'in', 'out', 'amount', 'minamount', 'maxamount', 'tofee'] as const;

/** The feed as the monitors read it: one element a line, `\n` line ends, UTF-8. */
export function ratesXml(items: RateItem[]): string {
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>', '<rates>'];
  for (const item of items) {
    lines.push('  <item>');
    for (const field of FIELDS) {
      const value = item[field];
      if (value !== undefined) lines.push(`    <${field}>${xmlText(value)}</${field}>`);
    }
    lines.push('  </item>');
  }
  lines.push('</rates>');
  return `${lines.join('\n')}\n`;
}

export interface RatesServiceDeps {
  db: Db;
  pricing: Pick<PricingService, 'directions'>;
  now?: () => Date;
}

export function createRatesService(deps: RatesServiceDeps) {
  const now = deps.now ?? (() => new Date());
  // the content last served and since when (Last-Modified and If-Modified-Since)
  let last: { etag: string; since: Date } | null = null;

  return {
    async feed(): Promise<RatesFeed> {
      const directions = await deps.pricing.directions();
      const stock = new Map<string, string>();
      for (const id of new Set(directions.map((d) => d.receive.id))) {
        stock.set(id, await availableStock(deps.db, id));
      }
      const items = directions
        .map((direction) => rateItem(direction, stock.get(direction.receive.id) ?? '0'))
        .filter((item): item is RateItem => item !== null);
      const etag = `W/"${createHash('sha256').update(JSON.stringify(items)).digest('base64url').slice(0, 27)}"`;
      if (!last || last.etag !== etag) {
        const at = now();
        last = { etag, since: new Date(Math.floor(at.getTime() / 1000) * 1000) };
      }
      return { items, etag, lastModified: last.since };
    },
  };
}

export type RatesService = ReturnType<typeof createRatesService>;
