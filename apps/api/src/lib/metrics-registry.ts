import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { BusinessFigures } from '../modules/operations/figures.repository.ts';
import type { PayoutHow } from '../modules/orders/payout-timing.ts';

export interface BusinessMetrics {
  /** an order was paid out `seconds` after its funds were confirmed (told after the commit) */
  payoutDuration(seconds: number, how: PayoutHow): void;
}

/** Every instance reads the same database: aggregate these with max(), never sum(). */
const SHARED =
  'Read from the shared database at scrape time: every instance reports the same value (aggregate with max, not sum).';

export interface MetricsOptions {
  /** the business figures, read at each scrape (absent: only the process's own metrics) */
  readFigures?: () => Promise<BusinessFigures>;
  /** warns when the figures cannot be read (the scrape still answers) */
  warn?: (details: object, message: string) => void;
}

/**
 * The registry with every metric the API exports: process defaults, request durations, payout
 * durations and the business figures. Built without Fastify so that the dashboards' and alerts'
 * test can list its names (scripts/operations-docs.test.ts).
 */
export function createMetrics(options: MetricsOptions = {}) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by method, route and status (this instance)',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const payoutDuration = new Histogram({
    name: 'permuta_payout_duration_seconds',
    help: 'Time from the funds confirmed to the order paid out, observed by the instance that moved the order to admin_paid (sum over instances)',
    labelNames: ['how'] as const,
    buckets: [60, 300, 900, 1800, 3600, 7200, 14_400, 28_800, 86_400, 259_200],
    registers: [registry],
  });

  const readOk = new Gauge({
    name: 'permuta_figures_read_ok',
    help: '1 when the last read of the business figures succeeded, 0 when it failed',
    registers: [registry],
  });
  const readSeconds = new Gauge({
    name: 'permuta_figures_read_seconds',
    help: 'How long the last read of the business figures took (the cost of a scrape)',
    registers: [registry],
  });

  // One read of the database per scrape (refresh), which every gauge below then reports; a read
  // in flight is shared by concurrent scrapes.
  let latest: BusinessFigures | null = null;
  let reading: Promise<void> | null = null;
  const readFigures = options.readFigures;
  async function read(load: () => Promise<BusinessFigures>): Promise<void> {
    const started = performance.now();
    try {
      latest = await load();
      readOk.set(1);
    } catch (error) {
      latest = null;
      readOk.set(0);
      options.warn?.({ err: error }, 'the business figures could not be read for /metrics');
    } finally {
      readSeconds.set((performance.now() - started) / 1000);
    }
  }
  function refresh(): Promise<void> {
    if (!readFigures) return Promise.resolve();
    reading ??= read(readFigures).finally(() => {
      reading = null;
    });
    return reading;
  }

  function gauge<L extends string>(
    name: string,
    help: string,
    labelNames: readonly L[],
    fill: (gauge: Gauge<L>, figures: BusinessFigures) => void,
  ): void {
    const g: Gauge<L> = new Gauge<L>({
      name,
      help: `${help}. ${SHARED}`,
      labelNames,
      registers: [registry],
      collect() {
        g.reset();
        if (latest) fill(g, latest);
      },
    });
  }

  gauge('permuta_orders', 'Orders per status', ['status'], (g, f) => {
    for (const o of f.orders) g.set({ status: o.status }, o.count);
  });
  gauge(
    'permuta_orders_oldest_age_seconds',
    'Seconds since the oldest order of each open status entered it (0 when none)',
    ['status'],
    (g, f) => {
      for (const o of f.orders) g.set({ status: o.status }, o.oldestAgeSeconds);
    },
  );
  gauge(
    'permuta_jobs_queued',
    'Jobs due and waiting for a worker, per queue',
    ['queue'],
    (g, f) => {
      for (const q of f.queues) g.set({ queue: q.queue }, q.queued);
    },
  );
  gauge(
    'permuta_jobs_oldest_queued_age_seconds',
    'Seconds the oldest due job of each queue has waited (the queue lag; 0 when none)',
    ['queue'],
    (g, f) => {
      for (const q of f.queues) g.set({ queue: q.queue }, q.oldestQueuedAgeSeconds);
    },
  );
  gauge('permuta_jobs_active', 'Jobs running now, per queue', ['queue'], (g, f) => {
    for (const q of f.queues) g.set({ queue: q.queue }, q.active);
  });
  gauge(
    'permuta_jobs_failed_last_24h',
    'Jobs failed for good (retries used up) in the last 24 hours, per queue',
    ['queue'],
    (g, f) => {
      for (const q of f.queues) g.set({ queue: q.queue }, q.failedLast24h);
    },
  );
  gauge(
    'permuta_incoming_payments_open',
    'Payments received that still wait (seen: confirmations; unmatched: an admin; refunding: the provider)',
    ['provider', 'status'],
    (g, f) => {
      for (const p of f.incoming) g.set({ provider: p.provider, status: p.status }, p.count);
    },
  );
  gauge(
    'permuta_incoming_payments_oldest_age_seconds',
    'Seconds since the oldest waiting payment of each provider and status was recorded (0 when none)',
    ['provider', 'status'],
    (g, f) => {
      for (const p of f.incoming) {
        g.set({ provider: p.provider, status: p.status }, p.oldestAgeSeconds);
      }
    },
  );
  gauge('permuta_payouts_held', 'Automatic payouts held by the risk limits', [], (g, f) => {
    g.set(f.held.count);
  });
  gauge(
    'permuta_payouts_held_oldest_age_seconds',
    'Seconds since the oldest held payout was checked (0 when none)',
    [],
    (g, f) => {
      g.set(f.held.oldestAgeSeconds);
    },
  );
  gauge(
    'permuta_stock_available',
    'Treasury stock per token that new orders may promise (balance minus reserved)',
    ['token', 'kind'],
    (g, f) => {
      for (const s of f.stock) g.set({ token: s.token, kind: s.kind }, s.available);
    },
  );
  gauge('permuta_stock_balance', 'Treasury ledger balance per token', ['token', 'kind'], (g, f) => {
    for (const s of f.stock) g.set({ token: s.token, kind: s.kind }, s.balance);
  });
  gauge(
    'permuta_stock_reserved',
    'Treasury stock per token reserved by the orders in flight',
    ['token', 'kind'],
    (g, f) => {
      for (const s of f.stock) g.set({ token: s.token, kind: s.kind }, s.reserved);
    },
  );

  const business: BusinessMetrics = {
    payoutDuration(seconds, how) {
      if (Number.isFinite(seconds) && seconds >= 0) payoutDuration.observe({ how }, seconds);
    },
  };
  return { registry, httpDuration, business, refresh };
}
