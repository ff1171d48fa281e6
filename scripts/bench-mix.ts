/**
 * The traffic of `npm run bench`, shaped like users' (decision 029). On one server, at once:
 *
 * - **order page**: every customer keeps their open order's page open, and the page is pushed
 *   (decision 031): one GET /api/v1/orders/:id/events stream per customer with their own session
 *   cookie, opened before the warm-up, each on a socket of its own (scripts/bench-streams.ts).
 *   The page polls every ORDER_POLL_MS (read from the web app's source: 15 s) only while its
 *   stream is not live, which never happens here; each customer loads the page once
 *   (GET /api/v1/orders/:reference) at a random moment of the window, so the route stays
 *   measured (1,000 customers over 30 s: 33 a second);
 * - **quote**: the calculator's GET /api/v1/quotes, 20 a second arriving at random (Poisson),
 *   each with a pair, network, direction (`side`) and amount drawn from the catalogue the server
 *   publishes (GET /api/v1/tokens): values of R$ 200 to R$ 5,000, typed as people type them;
 * - **order**: 2 a second at random, each by the next customer in turn: a quote lock
 *   (POST /api/v1/orders/quote), then POST /api/v1/orders with its own Idempotency-Key, into
 *   the customer's PIX wallet (crypto or Deriv sent) or USDT TRC20 wallet (PIX sent);
 * - **admin desk**: one page a second of GET /api/v1/admin/orders: a view (a status, a search,
 *   a day, a sort), then its next pages by `nextCursor`, as an operator pages through the desk.
 * - **admin move**: one a second, evenly, the admin confirms the funds of the next customer's
 *   open order (POST /api/v1/admin/orders/:id/transition, confirm_funds of the amount sent, from
 *   user_confirmed: the setup has every customer say they paid); customers in a shuffled turn,
 *   each moved once. The move is timed as its own kind; the `event: order` with the new status
 *   on that customer's stream is timed from the admin's 200 answer (0 when it came first):
 *   target 1000 ms, and none within 5 s is a failure. Not in the saturation: each order moves
 *   once. 5,000 streams on one instance are a part of their own (scripts/bench-streams.ts).
 *
 * Every answer's status is checked (a wrong one is a failure, printed with its body). The same
 * kinds in the same proportions then run closed loop at rising concurrency until throughput
 * stops growing (saturation), and so does the bare route GET /healthz, through the same client
 * on the same server in the same run: the mix's saturation as a ratio of the bare route's.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ORDER_STATUSES } from '@permuta/contracts';
import type { CatalogueResponse, PublicToken, QuoteRequest } from '@permuta/contracts';
import type { BenchResult } from './bench-server.ts';
import { percentile, root } from './bench-server.ts';
import {
  cpuSecondsOf,
  createClient,
  evenly,
  machineBusySeconds,
  maxOf,
  postgresCpuSeconds,
  poisson,
  Recorder,
  runOpenLoop,
  saturate,
  seededRandom,
} from './bench-traffic.ts';
import type { Arrival, Client } from './bench-traffic.ts';
import {
  confirmFunds,
  movedOn,
  openStreams,
  PUSH_TARGET_MS,
  PUSH_TIMEOUT_MS,
} from './bench-streams.ts';
import type { EventStream, MovableCustomer } from './bench-streams.ts';

/**
 * A customer of the mix: signed in (own session), verified, with a PIX and a USDT wallet, and an
 * open order they said they paid (user_confirmed), whose page they keep open.
 */
export interface MixCustomer extends MovableCustomer {
  id: string;
  name: string;
  email: string;
  pixWalletId: string;
  usdtWalletId: string;
}

/** Every p99 of the mix at its fixed rates (issue: "every request kind p99 <= 50 ms"). */
export const P99_TARGET_MS = 50;
export const QUOTES_PER_SECOND = 20;
export const ORDERS_PER_SECOND = 2;
export const DESK_PAGES_PER_SECOND = 1;
/** the admin's moves of open orders whose pages are open, each timed to its page's event */
export const MOVES_PER_SECOND = 1;
/** values quoted and ordered, in reais */
const VALUE_MIN_BRL = 200;
const VALUE_MAX_BRL = 5000;

export const KINDS = {
  page: 'order page load (GET /api/v1/orders/:reference)',
  move: 'admin move (POST /api/v1/admin/orders/:id/transition)',
  push: "order page's event after the admin's answer (its stream)",
  quote: 'quote (GET /api/v1/quotes)',
  lock: 'order: quote lock (POST /api/v1/orders/quote)',
  create: 'order: create (POST /api/v1/orders)',
  desk: 'admin desk page (GET /api/v1/admin/orders)',
  bare: 'bare route (GET /healthz)',
} as const;

/**
 * How often the web app asks again for an order that is not final: ORDER_POLL_MS of its order
 * page, read from the source so the bench follows the web app when it changes.
 */
export function orderPollMs(): number {
  const file = path.join(root, 'apps/web/app/features/orders/api/get-order.ts');
  const found = /export const ORDER_POLL_MS = ([\d_]+);/.exec(readFileSync(file, 'utf8'));
  if (!found) throw new Error(`ORDER_POLL_MS not found in ${path.relative(root, file)}`);
  return Number(found[1]!.replaceAll('_', ''));
}

// --- quotes drawn from the catalogue -------------------------------------------------------------

type CatalogueToken = PublicToken;
/** GET /api/v1/quotes's query (and POST /api/v1/orders/quote's body) */
export type QuoteInput = QuoteRequest;

/** A pair, its network and a direction the server quotes, with the prices to type amounts. */
interface QuoteShape {
  send: CatalogueToken;
  receive: CatalogueToken;
  network?: string;
  side: 'send' | 'receive';
}

/**
 * An amount worth `valueBrl` in `token`, as people type it: half the time round (two significant
 * digits: 250, 0.0049), else four (1234, 0.004812), never beyond the token's precision.
 */
function typedAmount(valueBrl: number, token: CatalogueToken, digits: number): string {
  const raw = valueBrl / Number(token.priceBrl);
  const magnitude = Math.floor(Math.log10(raw));
  const decimals = Math.min(token.precision, Math.max(0, digits - 1 - magnitude));
  return raw.toFixed(decimals);
}

export interface Quotes {
  shapes: number;
  /** a quote of a random shape, value and way of typing */
  draw(random: () => number): QuoteInput;
  /** the same, among the shapes `fits` takes (orders: into a wallet the customers have) */
  drawInto(random: () => number, fits: (input: QuoteInput) => boolean): QuoteInput;
}

export function quotePath(input: QuoteInput): string {
  const query = new URLSearchParams({ send: input.send, receive: input.receive });
  if (input.network) query.set('network', input.network);
  query.set('side', input.side);
  query.set('amount', input.amount);
  return `/api/v1/quotes?${query}`;
}

/**
 * Every pair of quotable tokens of the server's catalogue, on each network of its crypto side,
 * both directions. A shape whose quote fails at either end of the values (a limit, a disabled
 * network) is left out and named, so the mix only asks what a customer could be answered.
 */
export async function loadQuotes(client: Client, log: (line: string) => void): Promise<Quotes> {
  const answer = await client.send({ path: '/api/v1/tokens' });
  if (answer.status !== 200) {
    throw new Error(`GET /api/v1/tokens answered ${answer.status}: ${answer.body}`);
  }
  const tokens = (JSON.parse(answer.body) as CatalogueResponse).tokens.filter(
    (t) => t.quotable && t.priceBrl !== null,
  );
  const candidates: QuoteShape[] = [];
  for (const send of tokens) {
    for (const receive of tokens) {
      if (send === receive) continue;
      // the network named is the crypto side's: the token received when crypto, else the sent
      const networks =
        receive.kind === 'crypto'
          ? receive.networks.filter((n) => n.withdrawEnabled).map((n) => n.code)
          : send.kind === 'crypto'
            ? send.networks.filter((n) => n.depositEnabled).map((n) => n.code)
            : [undefined];
      for (const network of networks) {
        for (const side of ['send', 'receive'] as const) {
          candidates.push({ send, receive, network, side });
        }
      }
    }
  }
  const inputOf = (shape: QuoteShape, valueBrl: number, digits: number): QuoteInput => ({
    send: shape.send.code,
    receive: shape.receive.code,
    network: shape.network,
    side: shape.side,
    amount: typedAmount(valueBrl, shape.side === 'send' ? shape.send : shape.receive, digits),
  });
  const shapes: QuoteShape[] = [];
  for (const shape of candidates) {
    let refused: string | null = null;
    for (const value of [VALUE_MIN_BRL, VALUE_MAX_BRL]) {
      for (const digits of [2, 4]) {
        const input = inputOf(shape, value, digits);
        const checked = await client.send({ path: quotePath(input) });
        if (checked.status !== 200 && !refused) {
          refused = `${quotePath(input)} answered ${checked.status}: ${checked.body.slice(0, 160)}`;
        }
      }
    }
    if (refused) log(`left out of the quotes: ${refused}`);
    else shapes.push(shape);
  }
  if (shapes.length === 0) throw new Error('no pair of the catalogue can be quoted');
  const pick = (random: () => number, from: QuoteShape[]) => {
    const shape = from[Math.floor(random() * from.length)]!;
    // log-uniform: as many quotes of R$ 200-500 as of R$ 2,000-5,000
    const value = VALUE_MIN_BRL * (VALUE_MAX_BRL / VALUE_MIN_BRL) ** random();
    return inputOf(shape, value, random() < 0.5 ? 2 : 4);
  };
  return {
    shapes: shapes.length,
    draw: (random) => pick(random, shapes),
    drawInto(random, fits) {
      const from = shapes.filter((s) => fits(inputOf(s, VALUE_MIN_BRL, 2)));
      if (from.length === 0) throw new Error('no quotable pair into the wallets of the customers');
      return pick(random, from);
    },
  };
}

// --- the admin desk --------------------------------------------------------------------------

/** the statuses the desk works on: its queues */
const DESK_STATUSES = ['paid', 'user_confirmed', 'admin_confirmed', 'processing', 'pending'];

/**
 * An operator at the desk: a view, then its next pages (1 to 5 in all) by `nextCursor`; a next
 * page is asked only when the previous one came back, otherwise a new view (the schedule never
 * waits). Views, by weight: the whole list newest first (3), a work queue (a status waiting for
 * the desk, longest waiting first) (3), a day of one status by value (1), a search for an order's
 * reference (1), a customer's e-mail (1) or surname (1).
 */
export function createDesk(customers: MixCustomer[], random: () => number) {
  /** the view on screen: its filters, the next page's cursor, the pages still to look at */
  let view: {
    label: string;
    query: URLSearchParams;
    cursor: string | null;
    pagesLeft: number;
  } | null = null;
  let waiting = false;
  const any = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  /** a view's filters, and its name in the breakdown by view */
  function newView(): { label: string; query: URLSearchParams } {
    const roll = random() * 10;
    const customer = any(customers);
    const of = (label: string, query: Record<string, string>) => ({
      label,
      query: new URLSearchParams(query),
    });
    if (roll < 3) return of('everything, newest', { status: 'all', sort: 'newest' });
    if (roll < 6)
      return of('a work queue, waiting', { status: any(DESK_STATUSES), sort: 'waiting' });
    if (roll < 7) {
      const day = new Date(Date.now() - Math.floor(random() * 700) * 86_400_000);
      const date = day.toISOString().slice(0, 10);
      return of('a day of a status, by value', {
        status: any(ORDER_STATUSES),
        from: date,
        to: date,
        sort: 'value',
      });
    }
    if (roll < 8) return of('search: a reference', { q: customer.reference, sort: 'newest' });
    if (roll < 9) {
      return of('search: an e-mail', { q: customer.email.split('@')[0]!, sort: 'newest' });
    }
    return of('search: a surname', { q: customer.name.split(' ').at(-1)!, sort: 'newest' });
  }
  return {
    /** the next request's path; `done` takes its answer's body (null: failed), says what is wrong */
    next(): { path: string; label: string; done: (body: string | null) => string | null } {
      let params: URLSearchParams;
      if (!waiting && view?.cursor && view.pagesLeft > 0) {
        params = new URLSearchParams(view.query);
        params.set('cursor', view.cursor);
      } else {
        view = { ...newView(), cursor: null, pagesLeft: 1 + Math.floor(random() * 5) };
        params = view.query;
      }
      const asked = view!;
      asked.pagesLeft -= 1;
      waiting = true;
      return {
        path: `/api/v1/admin/orders?${params}`,
        label: asked.label,
        done(body) {
          // an answer of a view left meanwhile (the schedule does not wait) changes nothing
          if (asked !== view) return body === null ? null : checkPage(body);
          waiting = false;
          asked.cursor = null;
          if (body === null) return null;
          const wrong = checkPage(body);
          if (!wrong) asked.cursor = (JSON.parse(body) as { nextCursor: string | null }).nextCursor;
          return wrong;
        },
      };
    },
  };
}

function checkPage(body: string): string | null {
  try {
    const page = JSON.parse(body) as { items?: unknown };
    return Array.isArray(page.items) ? null : 'the answer has no items';
  } catch {
    return 'the answer is not JSON';
  }
}

// --- the kinds of request --------------------------------------------------------------------

interface Traffic {
  client: Client;
  rec: Recorder;
  customers: MixCustomer[];
  adminCookie: string;
  quotes: Quotes;
  desk: ReturnType<typeof createDesk>;
  random: () => number;
  nextCustomer: number;
  /** the admin desk's latencies by view (where its time goes) */
  deskViews: Map<string, number[]>;
  /** each customer's open order page's stream, by reference */
  streams: Map<string, EventStream>;
  /** the customers whose order is moved next, in turn (each once) */
  toMove: MixCustomer[];
}

async function orderPage(t: Traffic, customer: MixCustomer, dueAt: number) {
  const answer = await t.client.send({
    path: `/api/v1/orders/${customer.reference}`,
    headers: { cookie: customer.cookie },
  });
  if (t.rec.record(KINDS.page, dueAt, answer, 200) && !answer.body.includes(customer.reference)) {
    t.rec.fail(KINDS.page, `the page of ${customer.reference} does not name it`);
  }
}

/**
 * The admin confirms the funds of the next customer's open order (user_confirmed, never moved
 * before); the move is timed from when it was due, the customer's page's event from the admin's
 * answer (0 when it came first). No event within PUSH_TIMEOUT_MS is a failure.
 */
async function move(t: Traffic, dueAt: number) {
  const customer = t.toMove.shift();
  if (!customer) {
    t.rec.fail(KINDS.move, 'no open order left to move (every customer was moved)');
    return;
  }
  const stream = t.streams.get(customer.reference)!;
  const mark = stream.events.length;
  const { answer, answeredAt } = await confirmFunds(t.client, t.adminCookie, customer);
  if (!t.rec.record(KINDS.move, dueAt, answer, 200)) return;
  const event = await stream.waitFor(mark, movedOn, PUSH_TIMEOUT_MS);
  if (event) t.rec.time(KINDS.push, Math.max(0, event.at - answeredAt));
  else
    t.rec.fail(
      KINDS.push,
      `no event on ${customer.reference}'s page ${PUSH_TIMEOUT_MS} ms after the move`,
    );
}

async function quote(t: Traffic, input: QuoteInput, dueAt: number) {
  const answer = await t.client.send({ path: quotePath(input) });
  t.rec.record(KINDS.quote, dueAt, answer, 200);
}

/** Orders go into a wallet each customer has: PIX, or USDT on TRC20. */
export function intoWallet(input: QuoteInput): boolean {
  return input.receive === 'PIX' || (input.receive === 'USDT' && input.network === 'TRC20');
}

/** POST /api/v1/orders's body for a locked quote of `input`, into the customer's wallet. */
export function orderBody(customer: MixCustomer, input: QuoteInput, quoteToken: string) {
  return {
    quoteToken,
    walletId: input.receive === 'PIX' ? customer.pixWalletId : customer.usdtWalletId,
    // PIX money is paid by PIX, TED or boleto: the customer picks PIX; the rest is implied
    ...(input.send === 'PIX' ? { paymentMethod: 'pix' } : {}),
  };
}

/**
 * A quote lock, then the order from it; the lock is timed from when it was due, the creation
 * (which waits for the lock's answer) from when it was sent. The number of requests made.
 */
async function order(t: Traffic, input: QuoteInput, dueAt: number): Promise<number> {
  const customer = t.customers[t.nextCustomer++ % t.customers.length]!;
  const locked = await t.client.send({
    method: 'POST',
    path: '/api/v1/orders/quote',
    headers: { cookie: customer.cookie },
    json: input,
  });
  if (!t.rec.record(KINDS.lock, dueAt, locked, 200)) return 1;
  const { quoteToken } = JSON.parse(locked.body) as { quoteToken: string };
  const sentAt = performance.now();
  const created = await t.client.send({
    method: 'POST',
    path: '/api/v1/orders',
    headers: { cookie: customer.cookie, 'idempotency-key': `bench-${randomUUID()}` },
    json: orderBody(customer, input, quoteToken),
  });
  t.rec.record(KINDS.create, sentAt, created, 201);
  return 2;
}

async function deskPage(t: Traffic, dueAt: number) {
  const { path: deskPath, label, done } = t.desk.next();
  const answer = await t.client.send({ path: deskPath, headers: { cookie: t.adminCookie } });
  const ok = t.rec.record(KINDS.desk, dueAt, answer, 200);
  const views = t.deskViews.get(label) ?? [];
  views.push(performance.now() - dueAt);
  t.deskViews.set(label, views);
  const wrong = done(ok ? answer.body : null);
  if (wrong) t.rec.fail(KINDS.desk, `${deskPath}: ${wrong}`);
}

export interface MixRates {
  /** page loads: each customer's once in the window */
  pagesPerSecond: number;
  quotes: number;
  orders: number;
  desk: number;
  moves: number;
}

/** The arrivals of `seconds` of the mix at its fixed rates. */
function mixArrivals(t: Traffic, rates: MixRates, seconds: number): Arrival[] {
  const arrivals: Arrival[] = [];
  for (const customer of t.customers) {
    // the page is pushed (its stream); each customer loads it once, at a moment of their own
    const at = t.random() * seconds * 1000;
    arrivals.push({ at, fire: (dueAt) => orderPage(t, customer, dueAt) });
  }
  for (const at of evenly(rates.moves, seconds)) {
    arrivals.push({ at, fire: (dueAt) => move(t, dueAt) });
  }
  for (const at of poisson(rates.quotes, seconds, t.random)) {
    const input = t.quotes.draw(t.random);
    arrivals.push({ at, fire: (dueAt) => quote(t, input, dueAt) });
  }
  for (const at of poisson(rates.orders, seconds, t.random)) {
    const input = t.quotes.drawInto(t.random, intoWallet);
    arrivals.push({ at, fire: async (dueAt) => void (await order(t, input, dueAt)) });
  }
  for (const at of evenly(rates.desk, seconds)) {
    arrivals.push({ at, fire: (dueAt) => deskPage(t, dueAt) });
  }
  return arrivals;
}

/**
 * One task of the closed-loop mix: a kind drawn in the fixed rates' proportions (an order is
 * its two requests); the number of requests made. Not the admin's moves: each order moves once,
 * and a closed loop would move them all in seconds.
 */
function mixTask(t: Traffic, rates: MixRates): () => Promise<number> {
  const weights = [rates.pagesPerSecond, rates.quotes, rates.orders, rates.desk];
  const sum = weights.reduce((a, b) => a + b, 0);
  return async () => {
    const roll = t.random() * sum;
    const now = performance.now();
    if (roll < weights[0]!) {
      await orderPage(t, t.customers[Math.floor(t.random() * t.customers.length)]!, now);
      return 1;
    }
    if (roll < weights[0]! + weights[1]!) {
      await quote(t, t.quotes.draw(t.random), now);
      return 1;
    }
    if (roll < weights[0]! + weights[1]! + weights[2]!) {
      return order(t, t.quotes.drawInto(t.random, intoWallet), now);
    }
    await deskPage(t, now);
    return 1;
  };
}

// --- the run ---------------------------------------------------------------------------------

function delta(after: number | null, before: number | null): number | null {
  return after === null || before === null ? null : after - before;
}

function ms(value: number): string {
  return Number.isFinite(value) ? value.toFixed(value < 10 ? 1 : 0) : '-';
}

/**
 * The table of a run per kind: the rate asked (when fixed), the rate answered, count, p50, p99,
 * max and failed answers, each kind's first failures under it.
 */
function kindTable(rec: Recorder, seconds: number, asked?: Record<string, number>): string[] {
  const kinds = asked ? Object.keys(asked) : [...rec.kinds.keys()];
  const width = Math.max(48, ...kinds.map((k) => k.length + 2));
  const lines = [
    'kind'.padEnd(width) +
      (asked ? 'asked/s'.padStart(9) : '') +
      'got/s'.padStart(9) +
      'count'.padStart(8) +
      'p50 ms'.padStart(9) +
      'p99 ms'.padStart(9) +
      'max ms'.padStart(9) +
      'errors'.padStart(8),
  ];
  for (const kind of kinds) {
    const s = rec.kinds.get(kind) ?? { latencies: [], failures: 0, samples: [] };
    lines.push(
      kind.padEnd(width) +
        (asked ? asked[kind]!.toFixed(1).padStart(9) : '') +
        (s.latencies.length / seconds).toFixed(1).padStart(9) +
        String(s.latencies.length).padStart(8) +
        ms(percentile(s.latencies, 50)).padStart(9) +
        ms(percentile(s.latencies, 99)).padStart(9) +
        ms(maxOf(s.latencies)).padStart(9) +
        String(s.failures).padStart(8),
    );
    for (const sample of s.samples) lines.push(`    failure: ${sample}`);
  }
  return lines;
}

export interface MixOptions {
  base: string;
  customers: MixCustomer[];
  adminCookie: string;
  /** the quotes the catalogue allows (loadQuotes) */
  quotes: Quotes;
  /** the measured window, after `warmUpSeconds` at the same rates */
  seconds: number;
  warmUpSeconds: number;
  /** closed-loop concurrencies tried, and how long each */
  ladder: number[];
  stepSeconds: number;
  /** the server's process (CPU time) */
  serverPid?: number;
  log: (line: string) => void;
}

/** Runs the mix at its fixed rates, then its saturation and the bare route's; the results. */
export async function runMix(opts: MixOptions): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  const client = createClient(opts.base);
  let streams: EventStream[] = [];
  try {
    const quotes = opts.quotes;
    const pollMs = orderPollMs();
    const rates: MixRates = {
      pagesPerSecond: opts.customers.length / opts.seconds,
      quotes: QUOTES_PER_SECOND,
      orders: ORDERS_PER_SECOND,
      desk: DESK_PAGES_PER_SECOND,
      moves: MOVES_PER_SECOND,
    };
    const random = seededRandom(Number(process.env.BENCH_SEED ?? 29));
    // each customer's open page holds its stream (one socket each) from before the warm-up
    const opened = await openStreams(opts.base, opts.customers);
    streams = opened.streams;
    const byReference = new Map(streams.map((s) => [s.reference, s]));
    opts.log(
      `${streams.length} order-page event streams open (one per customer, own socket each) in ` +
        `${opened.seconds.toFixed(1)} s`,
    );
    // the admin moves customers' orders in a shuffled turn, each once, warm-up included
    const toMove = opts.customers.filter((c) => !c.moved);
    for (let i = toMove.length - 1; i > 0; i -= 1) {
      const j = Math.floor(random() * (i + 1));
      [toMove[i], toMove[j]] = [toMove[j]!, toMove[i]!];
    }
    const traffic = (rec: Recorder): Traffic => ({
      client,
      rec,
      customers: opts.customers,
      adminCookie: opts.adminCookie,
      quotes,
      desk: createDesk(opts.customers, random),
      random,
      nextCustomer: Math.floor(random() * opts.customers.length),
      deskViews: new Map(),
      streams: byReference,
      toMove,
    });
    opts.log(
      `the mix: ${opts.customers.length} order pages open on their event streams (the page ` +
        `polls every ${pollMs / 1000} s only while its stream is not live: never here), each ` +
        `loaded once in the window (${rates.pagesPerSecond.toFixed(1)}/s), ${rates.quotes} ` +
        `quotes/s over ${quotes.shapes} pair, network and direction shapes, ${rates.orders} ` +
        `orders/s (lock + create), ${rates.desk} admin desk page/s, ${rates.moves} admin ` +
        `move/s (confirm_funds) timed to its page's event; ${opts.warmUpSeconds} s warm-up, ` +
        `then ${opts.seconds} s`,
    );

    const warm = new Recorder();
    await runOpenLoop(mixArrivals(traffic(warm), rates, opts.warmUpSeconds), opts.warmUpSeconds);
    const rec = new Recorder();
    const t = traffic(rec);
    const arrivals = mixArrivals(t, rates, opts.seconds);
    const cpu0 = {
      server: cpuSecondsOf(opts.serverPid),
      own: process.cpuUsage(),
      postgres: postgresCpuSeconds(),
      machine: machineBusySeconds(),
    };
    const run = await runOpenLoop(arrivals, opts.seconds);
    const ownCpu = process.cpuUsage(cpu0.own);
    const cpu = {
      server: delta(cpuSecondsOf(opts.serverPid), cpu0.server),
      own: (ownCpu.user + ownCpu.system) / 1e6,
      postgres: delta(postgresCpuSeconds(), cpu0.postgres),
      machine: delta(machineBusySeconds(), cpu0.machine),
    };
    const warmFailures = [...warm.kinds.values()].reduce((n, s) => n + s.failures, 0);

    opts.log(`the mix at fixed rates (open loop, latency from when each request was due):`);
    const asked: Record<string, number> = {
      [KINDS.page]: rates.pagesPerSecond,
      [KINDS.quote]: rates.quotes,
      [KINDS.lock]: rates.orders,
      [KINDS.create]: rates.orders,
      [KINDS.desk]: rates.desk,
      [KINDS.move]: rates.moves,
      [KINDS.push]: rates.moves,
    };
    for (const line of kindTable(rec, opts.seconds, asked)) console.info(`  ${line}`);
    for (const kind of Object.keys(asked)) {
      if (kind === KINDS.push) continue;
      const latencies = rec.kinds.get(kind)?.latencies ?? [];
      const p99 = percentile(latencies, 99);
      results.push({
        name: `${kind} p99 at the mix's fixed rates`,
        value: `${ms(p99)} ms (${latencies.length} requests)`,
        target: `<= ${P99_TARGET_MS} ms`,
        ok: latencies.length > 0 && p99 <= P99_TARGET_MS,
        timing: true,
      });
    }
    const pushes = rec.kinds.get(KINDS.push)?.latencies ?? [];
    const pushMax = maxOf(pushes);
    results.push({
      name: `${KINDS.push} at the mix's fixed rates: p50 / p99 / max`,
      value:
        `${ms(percentile(pushes, 50))} / ${ms(percentile(pushes, 99))} / ${ms(pushMax)} ms ` +
        `(${pushes.length} moves)`,
      target: `<= ${PUSH_TARGET_MS} ms`,
      ok: pushes.length > 0 && pushMax <= PUSH_TARGET_MS,
      timing: true,
    });
    const streamFailures = streams.flatMap((s) => s.failures);
    const reconnects = streams.reduce((n, s) => n + s.reconnects, 0);
    for (const f of streamFailures.slice(0, 3)) opts.log(`  stream failure: ${f}`);
    results.push({
      name: "the mix's order-page event streams, open through the window",
      value: `${streams.length} streams, ${reconnects} reconnected, ${streamFailures.length} failed`,
      target: 'no failures',
      ok: streamFailures.length === 0,
    });
    results.push({
      name: "answers of the mix at fixed rates, each kind's status checked",
      value: `${rec.total} requests, ${rec.failures} failed`,
      target: 'no failures',
      ok: rec.failures === 0 && rec.total > 0,
    });
    const views = [...t.deskViews].map(
      ([label, v]) => `${label} ${v.length}× p50 ${ms(percentile(v, 50))} max ${ms(maxOf(v))}`,
    );
    opts.log(`admin desk pages by view (ms): ${views.join('; ')}`);
    const cores = (seconds: number | null) =>
      seconds === null ? 'unknown' : `${((seconds / run.seconds) * 100).toFixed(0)} %`;
    const known = [cpu.machine, cpu.server, cpu.postgres];
    const others = known.every((v) => v !== null)
      ? cpu.machine! - cpu.server! - cpu.postgres! - cpu.own
      : null;
    opts.log(
      `the generator sent requests at most ${ms(run.lateMax)} ms after they were due ` +
        `(p99 ${ms(run.lateP99)} ms); CPU over the window, in % of one core ` +
        `(${os.availableParallelism()} cores): the machine ${cores(cpu.machine)}; the API server ` +
        `${cores(cpu.server)}, PostgreSQL (the whole server) ${cores(cpu.postgres)}, the ` +
        `generator ${cores(cpu.own)}, other processes ${cores(others)}` +
        (warmFailures ? `; ${warmFailures} failures during the warm-up` : ''),
    );
    if (warmFailures > 0) {
      for (const s of warm.kinds.values()) {
        for (const sample of s.samples) opts.log(`  warm-up failure, ${s.kind}: ${sample}`);
      }
      results.push({
        name: 'the mix warm-up',
        value: `${warmFailures} failed`,
        target: 'no failures',
        ok: false,
      });
    }

    opts.log(
      `saturation: the mix in the same proportions, closed loop, ${opts.stepSeconds} s per step, ` +
        'until two steps in a row grow throughput less than 5 %; GET /healthz first, the same way',
    );
    // the bare route first: what the mix leaves behind (kept reads, garbage, the database's
    // work) does not weigh on it
    const bareRec = new Recorder();
    let satStart = performance.now();
    const bare = await saturate(
      async () => {
        const now = performance.now();
        bareRec.record(KINDS.bare, now, await client.send({ path: '/healthz' }), 200);
        return 1;
      },
      () => bareRec.failures,
      { ladder: opts.ladder, seconds: opts.stepSeconds, label: 'bare' },
    );
    const bareSeconds = (performance.now() - satStart) / 1000;
    const satRec = new Recorder();
    const sat = traffic(satRec);
    satStart = performance.now();
    const mix = await saturate(mixTask(sat, rates), () => satRec.failures, {
      ladder: opts.ladder,
      seconds: opts.stepSeconds,
      label: 'mix',
    });
    const mixSeconds = (performance.now() - satStart) / 1000;
    // every step of each ladder together; closed loop: latency from each request's send
    opts.log('the saturation ladders per kind, all their steps together:');
    for (const line of kindTable(satRec, mixSeconds)) console.info(`  ${line}`);
    for (const line of kindTable(bareRec, bareSeconds).slice(1)) console.info(`  ${line}`);
    const ratio = mix.best.perSecond / bare.best.perSecond;
    opts.log(
      `saturation: the mix ${mix.best.perSecond.toFixed(0)} req/s (${mix.best.concurrency} in ` +
        `flight), the bare route ${bare.best.perSecond.toFixed(0)} req/s ` +
        `(${bare.best.concurrency} in flight): ${ratio.toFixed(2)}`,
    );
    const satFailures = satRec.failures + bareRec.failures;
    results.push({
      name: "the mix's saturation req/s ÷ bare route req/s (closed loop, same server and client)",
      value:
        `${ratio.toFixed(2)} (${mix.best.perSecond.toFixed(0)} ÷ ${bare.best.perSecond.toFixed(0)} req/s` +
        `${satFailures ? `, ${satFailures} failed` : ''})`,
      target: 'reported, no failures',
      ok: satFailures === 0 && Number.isFinite(ratio),
    });
  } finally {
    for (const s of streams) s.close();
    client.close();
  }
  return results;
}
