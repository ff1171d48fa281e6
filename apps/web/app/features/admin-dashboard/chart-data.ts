import type {
  CustomersWeek,
  OrdersDay,
  PairVolume,
  TokenPriceHistory,
} from '@permuta/contracts/dashboard';
import { ORDER_STATUSES, type OrderStatus } from '@permuta/contracts/order-state';
import type { Locale } from '../../lib/locale.ts';

/**
 * The dashboard's answer shaped for the charts and their tables. Amounts stay decimal strings
 * for every text (tables, tooltips go through formatAmount); only the plotted values become
 * numbers, since a chart places a point by its size and nothing is computed from them.
 */

const utc = (isoDay: string) => new Date(`${isoDay.slice(0, 10)}T00:00:00Z`);

/** A day on an axis: `20/03` in Portuguese, `03/20` in English. */
export function axisDay(isoDay: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, {
    day: '2-digit',
    month: '2-digit',
    timeZone: 'UTC',
  }).format(utc(isoDay));
}

/** A day in a table: `20/03/2026` in Portuguese, `03/20/2026` in English. */
export function tableDay(isoDay: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(utc(isoDay));
}

/** Axis and tooltip numbers with the language's separators: `1.234,56` / `1,234.56`. */
export function numberFormatter(locale: Locale, maximumFractionDigits = 2) {
  const format = new Intl.NumberFormat(locale, { maximumFractionDigits });
  return (value: number) => format.format(value);
}

/** Whole numbers (counts) with the language's grouping. */
export function formatCount(value: number, locale: Locale): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(value);
}

export type ChartRow = { date: string; day: string } & Record<string, number | string | null>;

/** Orders per day: one row per day, one key per status; only the statuses seen get a series. */
export function ordersChart(days: readonly OrdersDay[], locale: Locale) {
  const statuses = ORDER_STATUSES.filter((status) => days.some((d) => d.counts[status] > 0));
  const rows: ChartRow[] = days.map((d) => ({
    date: d.date,
    day: axisDay(d.date, locale),
    ...Object.fromEntries(statuses.map((status) => [status, d.counts[status]])),
  }));
  return { rows, statuses: statuses as OrderStatus[] };
}

/** The key of a pair in the chart rows, e.g. `USDT-PIX`. */
export const pairKey = (pair: Pick<PairVolume, 'send' | 'receive'>) =>
  `${pair.send}-${pair.receive}`;

/** Volume per pair: one row per day, the BRL value of each pair under its key. */
export function volumeChart(pairs: readonly PairVolume[], locale: Locale) {
  const first = pairs[0];
  if (!first) return { rows: [] as ChartRow[], keys: [] as string[] };
  const rows: ChartRow[] = first.days.map((d, i) => ({
    date: d.date,
    day: axisDay(d.date, locale),
    ...Object.fromEntries(
      pairs.map((pair) => [pairKey(pair), Number(pair.days[i]?.amountBrl ?? 0)]),
    ),
  }));
  return { rows, keys: pairs.map(pairKey) };
}

/** New customers per week: one row per week, labelled by its Monday. */
export function customersChart(weeks: readonly CustomersWeek[], locale: Locale): ChartRow[] {
  return weeks.map((w) => ({
    date: w.weekStart,
    day: axisDay(w.weekStart, locale),
    count: w.count,
  }));
}

/** One line per token (prices differ by orders of magnitude: each token gets its own scale). */
export function priceCharts(tokens: readonly TokenPriceHistory[], locale: Locale) {
  return tokens.map((token) => ({
    token: token.token,
    name: token.name,
    hasPrices: token.days.some((d) => d.priceBrl !== null),
    rows: token.days.map((d): ChartRow => ({
      date: d.date,
      day: axisDay(d.date, locale),
      price: d.priceBrl === null ? null : Number(d.priceBrl),
    })),
  }));
}

/** Whether any order was created in the window (otherwise the order charts say "no orders yet"). */
export function hasOrders(days: readonly OrdersDay[]): boolean {
  return days.some((d) => d.total > 0);
}

/** A waiting time in whole minutes as days + hours, hours + minutes, or minutes. */
export function ageParts(
  minutes: number,
):
  | { unit: 'days'; days: number; hours: number }
  | { unit: 'hours'; hours: number; minutes: number }
  | { unit: 'minutes'; minutes: number } {
  const m = Math.max(0, Math.floor(minutes));
  if (m >= 1440)
    return { unit: 'days', days: Math.floor(m / 1440), hours: Math.floor((m % 1440) / 60) };
  if (m >= 60) return { unit: 'hours', hours: Math.floor(m / 60), minutes: m % 60 };
  return { unit: 'minutes', minutes: m };
}
