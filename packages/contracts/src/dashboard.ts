import { z } from 'zod';
import { ALL_DOCUMENT_TYPES } from './accounts.ts';
import { ORDER_STATUSES } from './order-state.ts';
import type { OrderStatus } from './order-state.ts';
import { amountSchema } from './validation.ts';

/**
 * The back office's dashboard (/admin): the work waiting now and the charts of the last weeks.
 *
 * - GET /api/v1/admin/dashboard   dashboardSchema
 *
 * Days and weeks are calendar days and weeks (Monday first) of DASHBOARD_TIME_ZONE; every day of
 * a series is present, zeros included. Amounts are decimal strings.
 */

/** The time zone the dashboard counts days and weeks in (the operating hours' zone). */
export const DASHBOARD_TIME_ZONE = 'America/Sao_Paulo';
/** Days in the daily series, today included. */
export const DASHBOARD_DAYS = 30;
/** Weeks in the new-customers series, the current one included. */
export const DASHBOARD_WEEKS = 12;
/** PRODUCT.md: documents are reviewed within 24 h; older ones are overdue. */
export const DOCUMENT_REVIEW_HOURS = 24;
/** Oldest items listed per order queue. */
export const QUEUE_ORDERS_LISTED = 5;
/** Oldest documents listed (the overdue ones come first: they are the oldest). */
export const QUEUE_DOCUMENTS_LISTED = 10;
/** At most this many tokens in the price chart. */
export const PRICE_CHART_TOKENS = 3;
/** The tokens the price chart falls back to while orders name fewer than two. */
export const PRICE_CHART_DEFAULT_TOKENS = ['USDT', 'BTC'] as const;

/** The order queues of the dashboard and the statuses each one gathers (order-state.ts). */
export const ORDER_QUEUES = {
  /** the customer says it paid, or the deposit was detected: an admin must confirm the funds */
  awaitingConfirmation: ['user_confirmed', 'paid'],
  /** funds confirmed: the payout is due (by hand, or the automatic one is under way) */
  awaitingPayout: ['admin_confirmed', 'processing'],
  /** funds confirmed outside the order's limits: only a refund closes the order */
  awaitingRefund: ['admin_confirmed'],
  /** the automatic payout failed: retry, pay by hand or refund */
  inError: ['error'],
} as const satisfies Record<string, readonly OrderStatus[]>;
export type OrderQueue = keyof typeof ORDER_QUEUES;

/**
 * Which orders of its statuses a queue takes: refund-only ones only (true), all but them (false),
 * or all (null). A refund-only order is never "awaiting payout": it can only be refunded.
 */
export function queueRefundOnly(queue: OrderQueue): boolean | null {
  if (queue === 'awaitingRefund') return true;
  if (queue === 'awaitingPayout') return false;
  return null;
}
export const ORDER_QUEUE_NAMES = Object.keys(ORDER_QUEUES) as OrderQueue[];

/**
 * Orders whose funds the platform confirmed and did not give back: what the volume chart adds
 * up (pending, unconfirmed, canceled and refunded orders moved no money).
 */
export const VOLUME_STATUSES = [
  'admin_confirmed',
  'processing',
  'error',
  'admin_paid',
  'completed',
] as const satisfies readonly OrderStatus[];

const isoDay = z.iso.date();

export const queueOrderSchema = z.object({
  id: z.string(),
  reference: z.string(),
  status: z.enum(ORDER_STATUSES),
  sendToken: z.string(),
  receiveToken: z.string(),
  amountSend: amountSchema,
  customer: z.object({ id: z.string(), name: z.string() }),
  /** when the order entered its current status */
  waitingSince: z.iso.datetime(),
  /** whole minutes since then */
  ageMinutes: z.number().int().nonnegative(),
});
export type QueueOrder = z.infer<typeof queueOrderSchema>;

export const orderQueueSchema = z.object({
  count: z.number().int().nonnegative(),
  /** the count of each status of the queue, in ORDER_QUEUES' order */
  byStatus: z.array(
    z.object({ status: z.enum(ORDER_STATUSES), count: z.number().int().nonnegative() }),
  ),
  /** the longest waiting first, at most QUEUE_ORDERS_LISTED */
  oldest: z.array(queueOrderSchema),
});

export const queueDocumentSchema = z.object({
  id: z.string(),
  type: z.enum(ALL_DOCUMENT_TYPES),
  customer: z.object({ id: z.string(), name: z.string() }),
  uploadedAt: z.iso.datetime(),
  ageMinutes: z.number().int().nonnegative(),
  /** waiting longer than DOCUMENT_REVIEW_HOURS */
  overdue: z.boolean(),
});
export type QueueDocument = z.infer<typeof queueDocumentSchema>;

export const documentQueueSchema = z.object({
  /** current documents (the latest of their type) still waiting for review */
  count: z.number().int().nonnegative(),
  /** of which waiting longer than DOCUMENT_REVIEW_HOURS */
  overdue: z.number().int().nonnegative(),
  /** the longest waiting first, at most QUEUE_DOCUMENTS_LISTED */
  oldest: z.array(queueDocumentSchema),
});

export const orderStatusCountsSchema = z.object(
  Object.fromEntries(ORDER_STATUSES.map((s) => [s, z.number().int().nonnegative()])) as Record<
    OrderStatus,
    z.ZodNumber
  >,
);
export type OrderStatusCounts = z.infer<typeof orderStatusCountsSchema>;

export const ordersDaySchema = z.object({
  date: isoDay,
  /** orders created that day, by their status now */
  counts: orderStatusCountsSchema,
  total: z.number().int().nonnegative(),
});
export type OrdersDay = z.infer<typeof ordersDaySchema>;

export const volumeDaySchema = z.object({
  date: isoDay,
  orders: z.number().int().nonnegative(),
  /** sum of the amounts sent (the amount received by the platform when the admin recorded one) */
  amountSend: amountSchema,
  /** the same in BRL at each order's locked price of the token sent, to the centavo */
  amountBrl: amountSchema,
});
export type VolumeDay = z.infer<typeof volumeDaySchema>;

export const pairVolumeSchema = z.object({
  send: z.string(),
  receive: z.string(),
  orders: z.number().int().nonnegative(),
  amountSend: amountSchema,
  amountBrl: amountSchema,
  /** every day of the window, zeros included */
  days: z.array(volumeDaySchema),
});
export type PairVolume = z.infer<typeof pairVolumeSchema>;

export const customersWeekSchema = z.object({
  /** the Monday the week starts on */
  weekStart: isoDay,
  count: z.number().int().nonnegative(),
});
export type CustomersWeek = z.infer<typeof customersWeekSchema>;

export const priceDaySchema = z.object({
  date: isoDay,
  /** the last price of the day, or the one still in force from before; null before any price */
  priceBrl: amountSchema.nullable(),
});

export const tokenPriceHistorySchema = z.object({
  token: z.string(),
  name: z.string(),
  days: z.array(priceDaySchema),
});
export type TokenPriceHistory = z.infer<typeof tokenPriceHistorySchema>;

export const dashboardSchema = z
  .object({
    generatedAt: z.iso.datetime(),
    timeZone: z.string(),
    queues: z.object({
      awaitingConfirmation: orderQueueSchema,
      awaitingPayout: orderQueueSchema,
      awaitingRefund: orderQueueSchema,
      inError: orderQueueSchema,
      documents: documentQueueSchema,
    }),
    /** DASHBOARD_DAYS days, oldest first */
    ordersPerDay: z.array(ordersDaySchema),
    /** pairs with volume in the window, the largest (in BRL) first */
    volumePerPair: z.array(pairVolumeSchema),
    /** DASHBOARD_WEEKS weeks, oldest first */
    newCustomersPerWeek: z.array(customersWeekSchema),
    /** the main tokens: most orders in the window, else PRICE_CHART_DEFAULT_TOKENS */
    prices: z.array(tokenPriceHistorySchema),
  })
  .meta({ id: 'Dashboard' });
export type Dashboard = z.infer<typeof dashboardSchema>;

// --- calendar days as `YYYY-MM-DD` strings (no time zone arithmetic on instants) -------------

/** The calendar day of `instant` in `timeZone`, as `YYYY-MM-DD`. */
export function dayIn(instant: Date, timeZone: string = DASHBOARD_TIME_ZONE): string {
  // en-CA writes dates as YYYY-MM-DD
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);
}

/** `day` moved by `days` calendar days. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The Monday of the week of `day`. */
export function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(day, -((weekday + 6) % 7));
}

/** `count` consecutive days ending with `last`, oldest first. */
export function daysEndingOn(last: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => addDays(last, i - count + 1));
}
