import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { OrderStatus, OrderView } from '@permuta/contracts';
import { incomingPayments, orderEvents, orders, payoutRiskChecks } from '@permuta/db';
import { toExchangeNetwork } from '../adapters/exchange/exchange.ts';
import { transferMarker } from '../adapters/deriv/deriv.ts';
import { sendIdForOrder, txidForOrder } from '../adapters/pix/pix-psp.ts';
import type { DemoProviders } from './demo-providers.ts';

/**
 * A day of orders on the demo providers (decision 047): customers create orders across the pairs
 * the product trades and pay them as they would (most exactly, through the fake provider; a few
 * wrongly on purpose), while the real jobs run; then what the product did by itself is read back
 * from the database and from the fakes (the money that actually left). Used by `npm run demo:day`
 * (scripts/demo-day.ts, the product started as `npm start` does) and by demo-day.test.ts (a small
 * day on the test app), so that the property "a normal order settles by itself" cannot rot.
 * Never imported by the app.
 */

/** A customer who may order: signed in, e-mail confirmed, documents approved, wallets. */
export interface DayCustomer {
  id: string;
  name: string;
  /** digits */
  cpf: string;
  /** the session cookie's `name=value` */
  cookie: string;
  /** wallet id by `token/network` (PIX/BRL, USDT/TRC20, USDT/BEP20, BTC/BTC, DERIV/USD) */
  walletIds: Record<string, string>;
  /** their own Deriv account, open at the fake Deriv (DERIV/USD wallet) */
  derivAccount: string | null;
}

export interface DayAnswer {
  status: number;
  body: string;
}

/** One request to the product as a customer (real HTTP in the script, inject in the test). */
export type DayCall = (request: {
  method: 'GET' | 'POST';
  path: string;
  cookie: string;
  json?: unknown;
  headers?: Record<string, string>;
}) => Promise<DayAnswer>;

/** A pair the day trades: what the customer types (an amount sent) and the wallet it goes to. */
export interface DayPair {
  label: string;
  send: string;
  receive: string;
  /** the quote's network (the crypto side's), when there is one */
  network?: string;
  /** the customer's wallet receiving it (`token/network`) */
  wallet: string;
  /** amount sent: from, to, decimals */
  amount: [min: number, max: number, decimals: number];
}

/** What the product supports in the demo catalogue (decision 045's fakes pay and receive each). */
export const DAY_PAIRS: DayPair[] = [
  {
    label: 'PIX → USDT TRC20',
    send: 'PIX',
    receive: 'USDT',
    network: 'TRC20',
    wallet: 'USDT/TRC20',
    amount: [100, 2500, 2],
  },
  {
    label: 'PIX → USDT BEP20',
    send: 'PIX',
    receive: 'USDT',
    network: 'BEP20',
    wallet: 'USDT/BEP20',
    amount: [100, 2500, 2],
  },
  {
    label: 'PIX → BTC',
    send: 'PIX',
    receive: 'BTC',
    network: 'BTC',
    wallet: 'BTC/BTC',
    amount: [200, 2500, 2],
  },
  {
    label: 'PIX → Deriv',
    send: 'PIX',
    receive: 'DERIV',
    wallet: 'DERIV/USD',
    amount: [100, 1500, 2],
  },
  {
    label: 'USDT TRC20 → PIX',
    send: 'USDT',
    receive: 'PIX',
    network: 'TRC20',
    wallet: 'PIX/BRL',
    amount: [20, 400, 2],
  },
  {
    label: 'BTC → PIX',
    send: 'BTC',
    receive: 'PIX',
    network: 'BTC',
    wallet: 'PIX/BRL',
    amount: [0.0005, 0.004, 6],
  },
  { label: 'Deriv → PIX', send: 'DERIV', receive: 'PIX', wallet: 'PIX/BRL', amount: [15, 400, 2] },
  {
    label: 'USDT TRC20 → Deriv',
    send: 'USDT',
    receive: 'DERIV',
    network: 'TRC20',
    wallet: 'DERIV/USD',
    amount: [20, 300, 2],
  },
  {
    label: 'Deriv → USDT TRC20',
    send: 'DERIV',
    receive: 'USDT',
    network: 'TRC20',
    wallet: 'USDT/TRC20',
    amount: [20, 300, 2],
  },
];

/**
 * The abnormal payments made on purpose, and what the product should do with each:
 * - `pix_from_stranger`: the order's charge paid from another person's CPF → returned to the
 *   payer by the PSP (refunded automatically), nothing paid out;
 * - `pix_wrong_amount`: the charge paid with R$ 1,00, far below the order's limits → credited
 *   refund-only and returned in full (the order refunded), nothing paid out;
 * - `crypto_unmatched`: a deposit to the platform's address of an amount no order has (the
 *   customer's wallet took a fee) → the inbox (`no_order`), nothing paid out;
 * - `deriv_unknown_sender`: the order's exact amount from a Deriv account no customer registered
 *   → the inbox (`no_order`), nothing paid out.
 */
export const ABNORMAL_KINDS = [
  'pix_from_stranger',
  'pix_wrong_amount',
  'crypto_unmatched',
  'deriv_unknown_sender',
] as const;
export type AbnormalKind = (typeof ABNORMAL_KINDS)[number];

const EXPECTED: Record<AbnormalKind, { outcome: string; payment: string; reason: string }> = {
  pix_from_stranger: {
    outcome: 'refunded automatically',
    payment: 'refunded',
    reason: 'payer_not_customer',
  },
  pix_wrong_amount: {
    outcome: 'refunded automatically',
    payment: 'refunded',
    reason: 'amount_outside_limits',
  },
  crypto_unmatched: { outcome: 'in the inbox', payment: 'unmatched', reason: 'no_order' },
  deriv_unknown_sender: { outcome: 'in the inbox', payment: 'unmatched', reason: 'no_order' },
};

/** Which pairs an abnormal kind can use (its payment goes through that provider). */
function pairFits(kind: AbnormalKind, pair: DayPair): boolean {
  if (kind === 'pix_from_stranger' || kind === 'pix_wrong_amount') return pair.send === 'PIX';
  if (kind === 'crypto_unmatched') return pair.send === 'USDT';
  return pair.send === 'DERIV';
}

export interface DayOptions {
  app: FastifyInstance;
  demo: DemoProviders;
  call: DayCall;
  customers: DayCustomer[];
  /** orders over the day */
  orders: number;
  /** the compressed day: orders arrive at random over these seconds */
  seconds: number;
  /** one order in `abnormalEvery` is abnormal (10: 10 %) */
  abnormalEvery?: number;
  /** longest wait, after the last payment, for the jobs to finish the orders */
  waitSeconds: number;
  seed?: number;
  pairs?: DayPair[];
  log?: (line: string) => void;
}

type Rail = 'crypto' | 'pix' | 'deriv';

interface Planned {
  index: number;
  pair: DayPair;
  kind: 'normal' | AbnormalKind;
  at: number;
  customer?: DayCustomer;
  order?: OrderView;
  createdAt?: number;
  /** when the customer paid (ms, Date.now()) */
  paidAt?: number;
  /** presses of the demo's "simulate payment" button it took (more than 1 after a 502) */
  presses?: number;
  /** customers found at their limit of open orders before one could order */
  limitWaits?: number;
  /** what went wrong on the customer's side (an order not created, a payment refused) */
  problem?: string;
  /** the abnormal payment's id at the provider (crypto deposit id, Deriv transaction id) */
  externalId?: string;
}

export interface Timing {
  n: number;
  median: number | null;
  p95: number | null;
  max: number | null;
}

export interface DayOrderResult {
  reference: string | null;
  pair: string;
  kind: 'normal' | AbnormalKind;
  rail: Rail;
  status: OrderStatus | null;
  /** exactly as the providers record them: withdrawals, PIX sends, Deriv transfers */
  payouts: number;
  settledByItself: boolean;
  adminActions: number;
  heldBy: string[];
  why: string | null;
  /** seconds from the payment */
  credited: number | null;
  sent: number | null;
  paidOut: number | null;
}

export interface DayReport {
  startedAt: string;
  orders: number;
  /** planned orders the product did not make, and why (not counted below) */
  notCreated: { kind: string; pair: string; why: string }[];
  /** times a customer was found at their limit of open orders (another one ordered instead) */
  limitWaits: number;
  /** normal orders whose "simulate payment" had to be pressed again (the fake did not answer) */
  pressedAgain: number;
  customers: number;
  seconds: number;
  pairs: { label: string; orders: number; skipped?: string }[];
  normal: {
    total: number;
    settled: number;
    share: number;
    notSettled: { reference: string | null; pair: string; status: string | null; why: string }[];
  };
  abnormal: Record<
    string,
    {
      expected: string;
      total: number;
      handled: number;
      outcomes: Record<string, number>;
      wrong: { reference: string | null; why: string }[];
    }
  >;
  payouts: {
    settledWithOne: number;
    settledOtherwise: { reference: string | null; payouts: number }[];
    notSettledWithAny: { reference: string | null; kind: string; payouts: number }[];
  };
  heldByRule: Record<string, number>;
  /** seconds from the customer's payment, per rail (the kind of token received) */
  timings: Record<string, { credited: Timing; sent: Timing; paidOut: Timing; orders: number }>;
  waitedSeconds: number;
  timedOut: boolean;
  results: DayOrderResult[];
}

/** A small seeded generator (mulberry32), as the benchmark's. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function railOf(pair: DayPair): Rail {
  return pair.receive === 'PIX' ? 'pix' : pair.receive === 'DERIV' ? 'deriv' : 'crypto';
}

function timing(values: (number | null)[]): Timing {
  const xs = values.filter((v): v is number => v !== null).sort((a, b) => a - b);
  const at = (p: number) => xs[Math.min(xs.length - 1, Math.max(0, Math.ceil(p * xs.length) - 1))]!;
  if (xs.length === 0) return { n: 0, median: null, p95: null, max: null };
  return { n: xs.length, median: at(0.5), p95: at(0.95), max: xs[xs.length - 1]! };
}

const SETTLED: OrderStatus[] = ['admin_paid', 'completed'];
/** where a normal order's day ends by itself (the payout done, or stopped for a person) */
const AT_REST: OrderStatus[] = ['admin_paid', 'completed', 'error', 'refunded', 'canceled'];

export async function runDemoDay(opts: DayOptions): Promise<DayReport> {
  const { app, demo, call, customers } = opts;
  const log = opts.log ?? (() => {});
  const random = seeded(opts.seed ?? 47);
  const every = opts.abnormalEvery ?? 10;
  const startedAt = new Date();

  // The pairs the product answers for, with the wallets the customers hold.
  const pairs: DayReport['pairs'] = [];
  const usable: DayPair[] = [];
  for (const pair of opts.pairs ?? DAY_PAIRS) {
    const probe = customers[0]!;
    if (!probe.walletIds[pair.wallet]) {
      pairs.push({ label: pair.label, orders: 0, skipped: `no ${pair.wallet} wallet` });
      continue;
    }
    const quote = await call({
      method: 'POST',
      path: '/api/v1/orders/quote',
      cookie: probe.cookie,
      json: quoteBody(pair, String(pair.amount[0])),
    });
    if (quote.status !== 200) {
      pairs.push({ label: pair.label, orders: 0, skipped: `quote ${quote.status}` });
      continue;
    }
    usable.push(pair);
  }
  if (usable.length === 0) throw new Error('no pair could be quoted');

  // The plan: when each order comes, its pair, and whether it is paid wrongly on purpose.
  const plan: Planned[] = [];
  let abnormalCount = 0;
  let at = 0;
  const gap = (opts.seconds * 1000) / Math.max(1, opts.orders);
  for (let index = 0; index < opts.orders; index += 1) {
    at += -Math.log(1 - random()) * gap;
    const abnormal = index % every === every - 1;
    let kind: Planned['kind'] = 'normal';
    let candidates = usable;
    if (abnormal) {
      for (let k = 0; k < ABNORMAL_KINDS.length; k += 1) {
        const wanted = ABNORMAL_KINDS[(abnormalCount + k) % ABNORMAL_KINDS.length]!;
        const fitting = usable.filter((p) => pairFits(wanted, p));
        if (fitting.length > 0) {
          kind = wanted;
          candidates = fitting;
          break;
        }
      }
      abnormalCount += 1;
    }
    const pair = candidates[Math.floor(random() * candidates.length)]!;
    plan.push({ index, pair, kind, at: Math.min(at, opts.seconds * 1000) });
  }

  // Customers in turn; one busy (at its limit of open orders) is skipped for the next.
  let nextCustomer = 0;
  const strangerAccounts = new Set<string>();

  /**
   * A customer at their limit of orders waiting for payment (OPEN_ORDERS_LIMIT) is left alone
   * for a moment, as a real one would pay first: another customer orders meanwhile.
   */
  const busyUntil = new Map<string, number>();

  async function createOrder(p: Planned): Promise<void> {
    let last = '';
    let failures = 0;
    const deadline = Date.now() + 90_000;
    while (failures < 3 && Date.now() < deadline) {
      const free = customers.filter(
        (c) => c.walletIds[p.pair.wallet] && (busyUntil.get(c.id) ?? 0) <= Date.now(),
      );
      if (free.length === 0) {
        await sleep(500);
        continue;
      }
      const customer = free[nextCustomer++ % free.length]!;
      const [min, max, decimals] = p.pair.amount;
      const amount = (min + random() * (max - min)).toFixed(decimals);
      const locked = await call({
        method: 'POST',
        path: '/api/v1/orders/quote',
        cookie: customer.cookie,
        json: quoteBody(p.pair, amount),
      });
      if (locked.status !== 200) {
        last = `quote ${locked.status}: ${locked.body.slice(0, 200)}`;
        failures += 1;
        continue;
      }
      const { quoteToken } = JSON.parse(locked.body) as { quoteToken: string };
      const created = await call({
        method: 'POST',
        path: '/api/v1/orders',
        cookie: customer.cookie,
        headers: { 'idempotency-key': `day-${randomUUID()}` },
        json: {
          quoteToken,
          walletId: customer.walletIds[p.pair.wallet],
          ...(p.pair.send === 'PIX' ? { paymentMethod: 'pix' } : {}),
        },
      });
      if (created.status === 201) {
        p.customer = customer;
        p.order = JSON.parse(created.body) as OrderView;
        p.createdAt = Date.now();
        return;
      }
      last = `order ${created.status}: ${created.body.slice(0, 200)}`;
      if (created.body.includes('OPEN_ORDERS_LIMIT')) {
        p.limitWaits = (p.limitWaits ?? 0) + 1;
        busyUntil.set(customer.id, Date.now() + 3000);
      } else {
        failures += 1;
      }
    }
    p.problem = `not created (${last})`;
  }

  /** The customer pays: exactly through the fake provider, or wrongly on purpose. */
  async function pay(p: Planned): Promise<void> {
    const order = p.order!;
    const customer = p.customer!;
    const payment = order.payment;
    p.paidAt = Date.now();
    if (p.kind === 'normal') {
      // The demo's button may be pressed again after the fake failed to answer (502, or no
      // answer at all on a saturated host): its route allows it, and a press that went through
      // meanwhile answers 409.
      for (let press = 1; ; press += 1) {
        const res = await call({
          method: 'POST',
          path: `/api/v1/dev/simulate-payment/${order.reference}`,
          cookie: customer.cookie,
        });
        if (res.status === 200 || (press > 1 && res.status === 409)) {
          p.presses = press;
          p.problem = undefined;
          return;
        }
        p.problem = `simulate-payment ${res.status}: ${res.body.slice(0, 200)}`;
        if ((res.status !== 502 && res.status !== 0) || press >= 3) return;
        await sleep(2000);
      }
    }
    // the charge's job may not have run yet: the customer waits for the code, as the page does
    if (p.kind === 'pix_from_stranger' || p.kind === 'pix_wrong_amount') {
      for (let attempt = 1; ; attempt += 1) {
        try {
          await app.services.pixDeposits.createCharge(order.id);
          break;
        } catch (error) {
          if (attempt >= 3) {
            p.problem = `no charge: ${error instanceof Error ? error.message : String(error)}`;
            return;
          }
          await sleep(2000);
        }
      }
    }
    try {
      if (p.kind === 'pix_from_stranger' || p.kind === 'pix_wrong_amount') {
        const stranger = customers.find((c) => c.id !== customer.id) ?? customer;
        await demo.psp.pay({
          txid: txidForOrder(order.id),
          ...(p.kind === 'pix_wrong_amount' ? { amount: '1.00' } : {}),
          payer:
            p.kind === 'pix_from_stranger'
              ? { cpf: stranger.cpf, name: stranger.name }
              : { cpf: customer.cpf, name: customer.name },
        });
      } else if (p.kind === 'crypto_unmatched') {
        if (payment?.method !== 'crypto' || !payment.address) throw new Error('no deposit address');
        // the sender's wallet took a fee: an amount no order has
        const amount = (Number(payment.amount) * 0.97 + 0.000137).toFixed(6);
        const deposit = demo.exchange.deposit({
          coin: payment.token,
          network: toExchangeNetwork(payment.network),
          amount,
          address: payment.address,
          ...(payment.memo ? { addressTag: payment.memo } : {}),
          confirmations: [
            Math.max(1, payment.minConfirmations),
            Math.max(1, payment.minConfirmations),
          ],
          status: 1,
        });
        p.externalId = deposit.id;
        await app.services.cryptoDeposits.run();
      } else {
        if (payment?.method !== 'deriv') throw new Error('not paid by Deriv');
        // someone else's Deriv account, which no customer registered, sends the exact amount
        const stranger = `CR9${String(900000 + strangerAccounts.size).padStart(6, '0')}`;
        strangerAccounts.add(stranger);
        demo.derivAccount(stranger, 'Someone Else');
        const transfer = demo.deriv.customerSends(stranger, payment.amount);
        p.externalId = String(transfer.transactionId);
        await app.services.derivDeposits.run();
      }
    } catch (error) {
      p.problem = `payment not made: ${error instanceof Error ? error.message : String(error)}`;
    }
  }

  // The day: each order arrives when planned, its customer pays a moment later (reading the
  // order page, opening the bank's app), many at once.
  log(
    `${opts.orders} orders over ${opts.seconds} s on ${usable.length} pairs, ${customers.length} customers`,
  );
  const t0 = Date.now();
  const flows = plan.map(async (p) => {
    await sleep(p.at);
    await createOrder(p);
    if (!p.order) return;
    await sleep(300 + random() * 1700);
    await pay(p);
  });
  await Promise.all(flows);
  const paidBy = Date.now();
  log(`every order made and paid in ${((paidBy - t0) / 1000).toFixed(1)} s; waiting for the jobs`);

  // The jobs finish the orders: wait until every one is at rest, or the time limit.
  const ids = plan.flatMap((p) => (p.order ? [p.order.id] : []));
  let timedOut = true;
  for (;;) {
    const rows = ids.length
      ? await app.db
          .select({ id: orders.id, status: orders.status })
          .from(orders)
          .where(inArray(orders.id, ids))
      : [];
    const status = new Map(rows.map((r) => [r.id, r.status]));
    const held = ids.length
      ? await app.db
          .select({ orderId: payoutRiskChecks.orderId })
          .from(payoutRiskChecks)
          .where(inArray(payoutRiskChecks.orderId, ids))
      : [];
    const heldIds = new Set(held.map((h) => h.orderId));
    const open = plan.filter((p) => {
      if (!p.order || p.problem) return false;
      const s = status.get(p.order.id)!;
      if (p.kind === 'normal') {
        return !AT_REST.includes(s) && !(s === 'admin_confirmed' && heldIds.has(p.order.id));
      }
      return false;
    });
    const payments = await abnormalPayments();
    const abnormalOpen = plan.filter(
      (p) => p.kind !== 'normal' && p.order && !p.problem && !abnormalAtRest(p, payments),
    );
    if (open.length === 0 && abnormalOpen.length === 0) {
      timedOut = false;
      break;
    }
    if (Date.now() - paidBy > opts.waitSeconds * 1000) break;
    await sleep(1000);
  }
  const waitedSeconds = (Date.now() - paidBy) / 1000;

  async function abnormalPayments() {
    const orderIds = plan.flatMap((p) => (p.kind !== 'normal' && p.order ? [p.order.id] : []));
    const external = plan.flatMap((p) => (p.externalId ? [p.externalId] : []));
    const byOrder = orderIds.length
      ? await app.db
          .select()
          .from(incomingPayments)
          .where(inArray(incomingPayments.orderId, orderIds))
      : [];
    const byExternal = external.length
      ? await app.db
          .select()
          .from(incomingPayments)
          .where(inArray(incomingPayments.externalId, external))
      : [];
    return [...byOrder, ...byExternal];
  }

  function paymentOf(p: Planned, payments: (typeof incomingPayments.$inferSelect)[]) {
    return payments.find((r) =>
      p.externalId ? r.externalId === p.externalId : r.orderId === p.order!.id,
    );
  }

  function abnormalAtRest(p: Planned, payments: (typeof incomingPayments.$inferSelect)[]) {
    const row = paymentOf(p, payments);
    return row !== undefined && row.status !== 'seen' && row.status !== 'refunding';
  }

  // Read back what happened.
  const rows = ids.length ? await app.db.select().from(orders).where(inArray(orders.id, ids)) : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const events = ids.length
    ? await app.db.select().from(orderEvents).where(inArray(orderEvents.orderId, ids))
    : [];
  const checks = ids.length
    ? await app.db.select().from(payoutRiskChecks).where(inArray(payoutRiskChecks.orderId, ids))
    : [];
  const payments = await abnormalPayments();
  const normalPayments = ids.length
    ? await app.db.select().from(incomingPayments).where(inArray(incomingPayments.orderId, ids))
    : [];

  const results: DayOrderResult[] = plan.map((p) => {
    const rail = railOf(p.pair);
    const base = {
      reference: p.order?.reference ?? null,
      pair: p.pair.label,
      kind: p.kind,
      rail,
    };
    if (!p.order) {
      return {
        ...base,
        status: null,
        payouts: 0,
        settledByItself: false,
        adminActions: 0,
        heldBy: [],
        why: p.problem ?? 'not created',
        credited: null,
        sent: null,
        paidOut: null,
      };
    }
    const id = p.order.id;
    const row = byId.get(id)!;
    const own = events.filter((e) => e.orderId === id);
    const adminActions = own.filter((e) => e.actorType === 'admin').length;
    const check = checks.find((c) => c.orderId === id);
    const heldBy = check && check.queuedAt === null ? [...check.reasons] : [];
    const payouts = payoutsAtProviders(demo, id, rail);
    const settledByItself = SETTLED.includes(row.status) && adminActions === 0 && payouts === 1;
    const secondsFrom = (date: Date | null | undefined) =>
      date && p.paidAt ? Math.max(0, (date.getTime() - p.paidAt) / 1000) : null;
    const eventAt = (to: OrderStatus) =>
      own.filter((e) => e.toStatus === to).sort((a, b) => +a.createdAt - +b.createdAt)[0]
        ?.createdAt;
    let why: string | null = null;
    if (p.kind === 'normal' && !settledByItself) {
      const payment = normalPayments.find((r) => r.orderId === id);
      why = [
        p.problem,
        row.payoutFailure ? `payout failure ${JSON.stringify(row.payoutFailure)}` : null,
        heldBy.length ? `held by ${heldBy.join(', ')}` : null,
        payment
          ? `payment ${payment.status}${payment.reason ? ` (${payment.reason})` : ''}`
          : 'no payment recorded',
        adminActions ? `${adminActions} admin action(s)` : null,
        `${payouts} payout(s) at the provider`,
      ]
        .filter(Boolean)
        .join('; ');
    } else if (p.kind !== 'normal') {
      const payment = paymentOf(p, payments);
      const expected = EXPECTED[p.kind];
      const ok =
        !p.problem &&
        payment?.status === expected.payment &&
        payment.reason === expected.reason &&
        payouts === 0;
      why = ok
        ? null
        : [
            p.problem,
            payment
              ? `payment ${payment.status}${payment.reason ? ` (${payment.reason})` : ''}`
              : 'no payment recorded',
            `order ${row.status}`,
            `${payouts} payout(s)`,
          ]
            .filter(Boolean)
            .join('; ');
    }
    return {
      ...base,
      status: row.status,
      payouts,
      settledByItself,
      adminActions,
      heldBy,
      why,
      credited: secondsFrom(eventAt('admin_confirmed')),
      sent: secondsFrom(row.payoutAppliedAt),
      paidOut: secondsFrom(eventAt('admin_paid')),
    };
  });

  // an order the product never made (a refusal, no answer) is counted apart, with its reason
  const notCreated = results
    .filter((r) => r.reference === null)
    .map((r) => ({ kind: r.kind, pair: r.pair, why: r.why ?? '' }));
  const normal = results.filter((r) => r.kind === 'normal' && r.reference !== null);
  const settled = normal.filter((r) => r.settledByItself);
  const abnormal: DayReport['abnormal'] = {};
  for (const kind of ABNORMAL_KINDS) {
    const these = results.filter((r) => r.kind === kind && r.reference !== null);
    if (these.length === 0) continue;
    const outcomes: Record<string, number> = {};
    plan
      .filter((p) => p.kind === kind && p.order)
      .forEach((p) => {
        const payment = p.order ? paymentOf(p, payments) : undefined;
        const outcome = !payment
          ? 'no payment recorded'
          : payment.status === 'refunded'
            ? 'refunded automatically'
            : payment.status === 'refunding'
              ? 'refund under way'
              : payment.status === 'unmatched'
                ? 'in the inbox'
                : payment.status === 'credited'
                  ? 'credited to an order'
                  : payment.status;
        outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
      });
    abnormal[kind] = {
      expected: EXPECTED[kind].outcome,
      total: these.length,
      handled: these.filter((r) => r.why === null).length,
      outcomes,
      wrong: these.flatMap((r) => (r.why ? [{ reference: r.reference, why: r.why }] : [])),
    };
  }
  const heldByRule: Record<string, number> = {};
  for (const r of results)
    for (const rule of r.heldBy) heldByRule[rule] = (heldByRule[rule] ?? 0) + 1;
  const timings: DayReport['timings'] = {};
  for (const rail of ['crypto', 'pix', 'deriv', 'all'] as const) {
    const these = settled.filter((r) => rail === 'all' || r.rail === rail);
    if (these.length === 0) continue;
    timings[rail] = {
      orders: these.length,
      credited: timing(these.map((r) => r.credited)),
      sent: timing(these.map((r) => r.sent)),
      paidOut: timing(these.map((r) => r.paidOut)),
    };
  }
  for (const pair of usable) {
    pairs.push({ label: pair.label, orders: plan.filter((p) => p.pair === pair).length });
  }

  return {
    startedAt: startedAt.toISOString(),
    orders: plan.length,
    notCreated,
    limitWaits: plan.reduce((n, p) => n + (p.limitWaits ?? 0), 0),
    pressedAgain: plan.filter((p) => (p.presses ?? 1) > 1).length,
    customers: customers.length,
    seconds: opts.seconds,
    pairs,
    normal: {
      total: normal.length,
      settled: settled.length,
      share: normal.length ? settled.length / normal.length : 0,
      notSettled: normal
        .filter((r) => !r.settledByItself)
        .map((r) => ({ reference: r.reference, pair: r.pair, status: r.status, why: r.why ?? '' })),
    },
    abnormal,
    payouts: {
      settledWithOne: settled.length,
      settledOtherwise: results
        .filter((r) => r.status && SETTLED.includes(r.status) && r.payouts !== 1)
        .map((r) => ({ reference: r.reference, payouts: r.payouts })),
      notSettledWithAny: results
        .filter((r) => !(r.status && SETTLED.includes(r.status)) && r.payouts > 0)
        .map((r) => ({ reference: r.reference, kind: r.kind, payouts: r.payouts })),
    },
    heldByRule,
    timings,
    waitedSeconds,
    timedOut,
    results,
  };
}

function quoteBody(pair: DayPair, amount: string) {
  return {
    send: pair.send,
    receive: pair.receive,
    ...(pair.network ? { network: pair.network } : {}),
    side: 'send' as const,
    amount,
  };
}

/**
 * The order's payouts as the providers record them (money that left, whatever our tables say):
 * the exchange's withdrawals by withdrawOrderId (the order id, then `<id>-2`... after a failed
 * one), the PSP's sends by the order's idEnvio, the agent's transfers described with the order.
 */
export function payoutsAtProviders(demo: DemoProviders, orderId: string, rail: Rail): number {
  if (rail === 'crypto') {
    // 1 cancelled, 3 rejected, 5 failure: no money left
    return demo.exchange.withdrawals.filter(
      (w) =>
        (w.withdrawOrderId === orderId || w.withdrawOrderId?.startsWith(`${orderId}-`)) &&
        ![1, 3, 5].includes(w.status),
    ).length;
  }
  if (rail === 'pix') {
    const id = sendIdForOrder(orderId);
    return demo.psp.sent().filter((s) => s.idEnvio === id && s.status !== 'NAO_REALIZADO').length;
  }
  const marker = transferMarker(orderId);
  return demo.deriv
    .transfers()
    .filter((t) => t.direction === 'agent_to_client' && t.description.includes(marker)).length;
}

const secs = (v: number | null) => (v === null ? '   -  ' : `${v.toFixed(1).padStart(5)} s`);

/** The report as a readable table. */
export function formatDayReport(report: DayReport): string {
  const lines: string[] = [];
  const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
  lines.push(
    `A day of ${report.orders} orders (${report.customers} customers, ${report.seconds} s), ` +
      `jobs waited ${report.waitedSeconds.toFixed(0)} s${report.timedOut ? ' (TIME LIMIT REACHED)' : ''}`,
  );
  lines.push('');
  lines.push('pairs:');
  for (const p of report.pairs) {
    lines.push(
      `  ${p.label.padEnd(22)} ${String(p.orders).padStart(4)}${p.skipped ? `  skipped: ${p.skipped}` : ''}`,
    );
  }
  lines.push(
    `orders not created: ${report.notCreated.length}; customers found at their limit of open ` +
      `orders (another one ordered instead): ${report.limitWaits}; payments pressed again ` +
      `after the fake provider did not answer: ${report.pressedAgain}`,
  );
  for (const n of report.notCreated) lines.push(`  not created: ${n.kind} ${n.pair}: ${n.why}`);
  lines.push('');
  lines.push(
    `normal orders settled with no admin action: ${report.normal.settled} of ${report.normal.total} ` +
      `(${pct(report.normal.share)}; target >= 95 %)`,
  );
  for (const n of report.normal.notSettled) {
    lines.push(
      `  not settled: ${n.reference ?? '(no order)'} ${n.pair}: ${n.status ?? '-'}: ${n.why}`,
    );
  }
  lines.push('');
  lines.push('abnormal payments (expected → what happened):');
  for (const [kind, a] of Object.entries(report.abnormal)) {
    const outcomes = Object.entries(a.outcomes)
      .map(([k, v]) => `${v} ${k}`)
      .join(', ');
    lines.push(
      `  ${kind.padEnd(22)} ${a.handled}/${a.total} handled (expected: ${a.expected}; got: ${outcomes})`,
    );
    for (const w of a.wrong) lines.push(`    wrong: ${w.reference ?? '-'}: ${w.why}`);
  }
  lines.push('');
  lines.push(
    `payouts at the providers: ${report.payouts.settledWithOne} settled orders with exactly 1; ` +
      `${report.payouts.settledOtherwise.length} settled with another count; ` +
      `${report.payouts.notSettledWithAny.length} other orders with any`,
  );
  for (const s of report.payouts.settledOtherwise)
    lines.push(`  settled with ${s.payouts}: ${s.reference}`);
  for (const s of report.payouts.notSettledWithAny) {
    lines.push(`  ${s.kind} with ${s.payouts}: ${s.reference}`);
  }
  const held = Object.entries(report.heldByRule);
  lines.push(
    `held by risk rule: ${held.length ? held.map(([rule, n]) => `${rule} ${n}`).join(', ') : 'none'}`,
  );
  lines.push('');
  lines.push('seconds from the payment (settled orders), median / p95 / max:');
  lines.push(
    `  ${'rail'.padEnd(7)} ${'orders'.padStart(6)}   ${'funds confirmed'.padEnd(27)}   ${'payout sent'.padEnd(27)}   paid out (order "Paid")`,
  );
  for (const [rail, t] of Object.entries(report.timings)) {
    const cell = (x: Timing) => `${secs(x.median)} ${secs(x.p95)} ${secs(x.max)}`;
    lines.push(
      `  ${rail.padEnd(7)} ${String(t.orders).padStart(6)}   ${cell(t.credited)}   ${cell(t.sent)}   ${cell(t.paidOut)}`,
    );
  }
  return lines.join('\n');
}

/** The day's properties that must hold (the test asserts them; the script's exit code too). */
export function dayFailures(report: DayReport, minShare = 0.95): string[] {
  const failures: string[] = [];
  if (report.notCreated.length > report.orders * 0.05) {
    failures.push(`${report.notCreated.length} of ${report.orders} orders not created`);
  }
  if (report.normal.share < minShare) {
    failures.push(
      `${(report.normal.share * 100).toFixed(1)} % of normal orders settled by themselves (< ${minShare * 100} %)`,
    );
  }
  if (report.payouts.settledOtherwise.length > 0) {
    failures.push(
      `${report.payouts.settledOtherwise.length} settled orders without exactly one payout`,
    );
  }
  if (report.payouts.notSettledWithAny.length > 0) {
    failures.push(`${report.payouts.notSettledWithAny.length} unsettled orders with a payout`);
  }
  for (const [kind, a] of Object.entries(report.abnormal)) {
    if (a.handled < a.total)
      failures.push(`${a.total - a.handled} ${kind} not handled as expected`);
  }
  return failures;
}
