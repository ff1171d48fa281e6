import type { Db } from '@permuta/db';
import {
  DASHBOARD_DAYS,
  DASHBOARD_TIME_ZONE,
  DASHBOARD_WEEKS,
  DOCUMENT_REVIEW_HOURS,
  ORDER_QUEUES,
  ORDER_QUEUE_NAMES,
  ORDER_STATUSES,
  PRICE_CHART_DEFAULT_TOKENS,
  PRICE_CHART_TOKENS,
  QUEUE_DOCUMENTS_LISTED,
  QUEUE_ORDERS_LISTED,
  VOLUME_STATUSES,
  addDays,
  dayIn,
  daysEndingOn,
  dec,
  mondayOf,
  normalize,
  queueRefundOnly,
} from '@permuta/contracts';
import type {
  Dashboard,
  OrderQueue,
  OrderStatus,
  OrderStatusCounts,
  PairVolume,
  TokenPriceHistory,
} from '@permuta/contracts';
import * as repo from './dashboard.repository.ts';
import type { ChartToken, VolumeRow } from './dashboard.repository.ts';

export interface DashboardDeps {
  db: Db;
  now: () => Date;
}

const MINUTE_MS = 60_000;
const ageMinutes = (since: Date, now: Date) =>
  Math.max(0, Math.floor((now.getTime() - since.getTime()) / MINUTE_MS));

const zeroCounts = (): OrderStatusCounts =>
  Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as OrderStatusCounts;

/** The daily volume rows as one entry per pair, every day present, the largest (BRL) first. */
export function volumeByPair(rows: VolumeRow[], days: string[]): PairVolume[] {
  const pairs = new Map<string, { send: string; receive: string; byDay: Map<string, VolumeRow> }>();
  for (const row of rows) {
    const key = `${row.send}\u0000${row.receive}`;
    const pair = pairs.get(key) ?? { send: row.send, receive: row.receive, byDay: new Map() };
    pair.byDay.set(row.day, row);
    pairs.set(key, pair);
  }
  const result = [...pairs.values()].map(({ send, receive, byDay }) => {
    let amountSend = dec(0);
    let amountBrl = dec(0);
    let orders = 0;
    const series = days.map((date) => {
      const row = byDay.get(date);
      if (!row) return { date, orders: 0, amountSend: '0', amountBrl: '0.00' };
      amountSend = amountSend.plus(row.amountSend);
      amountBrl = amountBrl.plus(row.amountBrl);
      orders += row.orders;
      return {
        date,
        orders: row.orders,
        amountSend: normalize(row.amountSend),
        amountBrl: dec(row.amountBrl).toFixed(2),
      };
    });
    return {
      send,
      receive,
      orders,
      amountSend: normalize(amountSend),
      amountBrl: amountBrl.toFixed(2),
      days: series,
    };
  });
  return result.sort(
    (a, b) =>
      dec(b.amountBrl).cmp(dec(a.amountBrl)) ||
      a.send.localeCompare(b.send) ||
      a.receive.localeCompare(b.receive),
  );
}

/**
 * The dashboard of the back office: the work waiting now (order queues, documents to review)
 * and the series of the last DASHBOARD_DAYS days and DASHBOARD_WEEKS weeks, in
 * DASHBOARD_TIME_ZONE. Read-only.
 */
export function createDashboardService({ db, now: clock }: DashboardDeps) {
  async function orderQueues(now: Date) {
    const entries = await Promise.all(
      ORDER_QUEUE_NAMES.map(async (queue) => {
        const statuses: readonly OrderStatus[] = ORDER_QUEUES[queue];
        const refundOnly = queueRefundOnly(queue);
        const counts = await repo.countOrdersByStatus(db, statuses, refundOnly);
        const oldest = await repo.oldestOrders(db, statuses, QUEUE_ORDERS_LISTED, refundOnly);
        return [
          queue,
          {
            count: statuses.reduce((sum, status) => sum + (counts.get(status) ?? 0), 0),
            byStatus: statuses.map((status) => ({ status, count: counts.get(status) ?? 0 })),
            oldest: oldest.map((row) => ({
              id: row.id,
              reference: row.reference,
              status: row.status,
              sendToken: row.sendToken,
              receiveToken: row.receiveToken,
              amountSend: normalize(row.amountSend),
              customer: { id: row.customerId, name: row.customerName },
              waitingSince: row.statusChangedAt.toISOString(),
              ageMinutes: ageMinutes(row.statusChangedAt, now),
            })),
          },
        ] as const;
      }),
    );
    return Object.fromEntries(entries) as Record<OrderQueue, Dashboard['queues'][OrderQueue]>;
  }

  async function documentQueue(now: Date): Promise<Dashboard['queues']['documents']> {
    const overdueBefore = new Date(now.getTime() - DOCUMENT_REVIEW_HOURS * 60 * MINUTE_MS);
    const [counts, oldest] = await Promise.all([
      repo.countWaitingDocuments(db, overdueBefore),
      repo.oldestDocuments(db, QUEUE_DOCUMENTS_LISTED),
    ]);
    return {
      ...counts,
      oldest: oldest.map((row) => {
        const uploadedAt = new Date(row.uploadedAt);
        return {
          id: row.id,
          type: row.type,
          customer: { id: row.customerId, name: row.customerName },
          uploadedAt: uploadedAt.toISOString(),
          ageMinutes: ageMinutes(uploadedAt, now),
          overdue: uploadedAt.getTime() < overdueBefore.getTime(),
        };
      }),
    };
  }

  async function ordersPerDay(days: string[], window: repo.Interval) {
    const rows = await repo.ordersPerDay(db, window);
    const byDay = new Map(days.map((date) => [date, zeroCounts()]));
    for (const row of rows) {
      const counts = byDay.get(row.day);
      if (counts) counts[row.status] += row.count;
    }
    return days.map((date) => {
      const counts = byDay.get(date) ?? zeroCounts();
      const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
      return { date, counts, total };
    });
  }

  async function newCustomersPerWeek(today: string) {
    const weeks = Array.from({ length: DASHBOARD_WEEKS }, (_, i) =>
      addDays(mondayOf(today), 7 * (i - DASHBOARD_WEEKS + 1)),
    );
    const window = await repo.localInterval(db, weeks[0] ?? today, addDays(today, 1));
    const counts = new Map(
      (await repo.customersPerWeek(db, window)).map((row) => [row.week, row.count]),
    );
    return weeks.map((weekStart) => ({ weekStart, count: counts.get(weekStart) ?? 0 }));
  }

  /** The busiest tokens of the window, topped up with the defaults up to two. */
  async function chartTokens(window: repo.Interval): Promise<ChartToken[]> {
    const chosen = await repo.busiestTokens(db, window, PRICE_CHART_TOKENS);
    if (chosen.length >= 2) return chosen;
    const defaults = await repo.tokensByCode(db, PRICE_CHART_DEFAULT_TOKENS);
    for (const code of PRICE_CHART_DEFAULT_TOKENS) {
      const token = defaults.find((t) => t.code === code);
      if (chosen.length < 2 && token && !chosen.some((t) => t.id === token.id)) chosen.push(token);
    }
    return chosen;
  }

  async function priceHistory(days: string[], window: repo.Interval): Promise<TokenPriceHistory[]> {
    const chosen = await chartTokens(window);
    const ids = chosen.map((t) => t.id);
    const [daily, before] = await Promise.all([
      repo.lastPricePerDay(db, ids, window),
      repo.pricesInForce(db, ids, window.start),
    ]);
    return chosen.map((token) => {
      const ofDay = new Map(
        daily.filter((row) => row.tokenId === token.id).map((row) => [row.day, row.price]),
      );
      let current: string | null = before.get(token.id) ?? null;
      return {
        token: token.code,
        name: token.name,
        days: days.map((date) => {
          current = ofDay.get(date) ?? current;
          return { date, priceBrl: current === null ? null : normalize(current) };
        }),
      };
    });
  }

  return {
    async dashboard(): Promise<Dashboard> {
      const now = clock();
      const today = dayIn(now, DASHBOARD_TIME_ZONE);
      const days = daysEndingOn(today, DASHBOARD_DAYS);
      const window = await repo.localInterval(db, days[0] ?? today, addDays(today, 1));
      const [queues, documents, perDay, volume, customers, prices] = await Promise.all([
        orderQueues(now),
        documentQueue(now),
        ordersPerDay(days, window),
        repo.volumePerPairPerDay(db, window, VOLUME_STATUSES),
        newCustomersPerWeek(today),
        priceHistory(days, window),
      ]);
      return {
        generatedAt: now.toISOString(),
        timeZone: DASHBOARD_TIME_ZONE,
        queues: { ...queues, documents },
        ordersPerDay: perDay,
        volumePerPair: volumeByPair(volume, days),
        newCustomersPerWeek: customers,
        prices,
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
