/**
 * The load generator of `npm run bench`: requests sent at fixed rates (open loop) and the same
 * requests as fast as answers come back (closed loop, to find where throughput stops growing).
 *
 * Open loop: every request has a time it is due, fixed before the run (a customer's page load,
 * an admin's move every second, quotes arriving at random at 20 a second, ...). It is sent at
 * that time whether or not earlier answers came back, and its latency is counted from that time,
 * not from when a socket was free to send it. A generator that waits for an answer before sending the next request
 * sends fewer requests exactly when the server is slow, and the slow moments vanish from its
 * percentiles (coordinated omission); here a stall shows up in every request due during it.
 *
 * Requests go through node:http with one keep-alive agent (a pool of connections, as a reverse
 * proxy keeps to its upstream): it is built in, and cheaper per request than fetch, which counts
 * on a machine where the generator and the server share two cores. Order pages' event streams
 * hold a socket each outside this pool (scripts/bench-streams.ts), so they never starve it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { percentile } from './bench-server.ts';

export interface Request {
  method?: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  /** sent as JSON */
  json?: unknown;
}

export interface Answer {
  /** 0 when no HTTP answer came (refused, reset, timed out) */
  status: number;
  body: string;
}

/** Longest a request may take before it counts as failed (status 0). */
const REQUEST_TIMEOUT_MS = 30_000;

export interface Client {
  send(request: Request): Promise<Answer>;
  close(): void;
}

/** A keep-alive client of `base` (http://host:port) with at most `maxSockets` connections. */
export function createClient(base: string, maxSockets = 256): Client {
  const url = new URL(base);
  const agent = new http.Agent({ keepAlive: true, maxSockets, scheduling: 'fifo' });
  return {
    send(request) {
      const body = request.json === undefined ? undefined : JSON.stringify(request.json);
      return new Promise<Answer>((resolve) => {
        const req = http.request(
          {
            agent,
            host: url.hostname,
            port: url.port,
            method: request.method ?? 'GET',
            path: request.path,
            headers: {
              ...(body === undefined
                ? {}
                : {
                    'content-type': 'application/json',
                    'content-length': String(Buffer.byteLength(body)),
                  }),
              ...request.headers,
            },
            timeout: REQUEST_TIMEOUT_MS,
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () =>
              resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
            );
            res.on('error', (error) => resolve({ status: 0, body: String(error) }));
          },
        );
        req.on('timeout', () => req.destroy(new Error(`no answer in ${REQUEST_TIMEOUT_MS} ms`)));
        req.on('error', (error) => resolve({ status: 0, body: String(error) }));
        req.end(body);
      });
    },
    close() {
      agent.destroy();
    },
  };
}

/** What was seen of one kind of request. */
export interface KindStats {
  kind: string;
  /** milliseconds, from the time the request was due to the end of its answer */
  latencies: number[];
  /** answers other than the one expected (a wrong status, or none) */
  failures: number;
  /** the first few failures: status and body */
  samples: string[];
}

/** Latencies and failures per kind of request. */
export class Recorder {
  readonly kinds = new Map<string, KindStats>();

  private stats(kind: string): KindStats {
    let stats = this.kinds.get(kind);
    if (!stats) {
      stats = { kind, latencies: [], failures: 0, samples: [] };
      this.kinds.set(kind, stats);
    }
    return stats;
  }

  /** Records an answer; false (and a failure) when its status is not `expected`. */
  record(kind: string, dueAt: number, answer: Answer, expected: number): boolean {
    const stats = this.stats(kind);
    stats.latencies.push(performance.now() - dueAt);
    if (answer.status === expected) return true;
    stats.failures += 1;
    if (stats.samples.length < 3) {
      stats.samples.push(`${answer.status}: ${answer.body.slice(0, 300)}`);
    }
    return false;
  }

  /** A latency measured otherwise than from a due time to an answer (e.g. an event's). */
  time(kind: string, ms: number) {
    this.stats(kind).latencies.push(ms);
  }

  /** A failure found in an answer of the expected status (e.g. a body without what it needs). */
  fail(kind: string, why: string) {
    const stats = this.stats(kind);
    stats.failures += 1;
    if (stats.samples.length < 3) stats.samples.push(why.slice(0, 300));
  }

  get total(): number {
    let n = 0;
    for (const s of this.kinds.values()) n += s.latencies.length;
    return n;
  }

  get failures(): number {
    let n = 0;
    for (const s of this.kinds.values()) n += s.failures;
    return n;
  }
}

/** One request (or a short chain of them) due at `at` ms after the start of the run. */
export interface Arrival {
  at: number;
  /** sends the request(s) and records them; `dueAt` is the performance.now() it was due */
  fire: (dueAt: number) => Promise<void>;
}

/** `at` of requests arriving at random (a Poisson process) at `perSecond` on average. */
export function poisson(perSecond: number, seconds: number, random: () => number): number[] {
  const times: number[] = [];
  let at = 0;
  for (;;) {
    at += (-Math.log(1 - random()) / perSecond) * 1000;
    if (at >= seconds * 1000) return times;
    times.push(at);
  }
}

/** `at` of requests evenly spaced at `perSecond`. */
export function evenly(perSecond: number, seconds: number): number[] {
  const times: number[] = [];
  if (perSecond <= 0) return times;
  for (let at = 0; at < seconds * 1000; at += 1000 / perSecond) times.push(at);
  return times;
}

export interface OpenLoopRun {
  /** the scheduled window */
  seconds: number;
  /** how late the generator sent requests after they were due: p99 and max, ms */
  lateP99: number;
  lateMax: number;
  /** until the last answer came */
  drainedSeconds: number;
}

/**
 * Sends each arrival when it is due, never waiting for earlier answers, then waits for every
 * answer. One timer walks the arrivals in time order; whatever is due when it wakes is sent.
 */
export async function runOpenLoop(arrivals: Arrival[], seconds: number): Promise<OpenLoopRun> {
  const sorted = [...arrivals].sort((a, b) => a.at - b.at);
  const inFlight: Promise<void>[] = [];
  const late: number[] = [];
  const start = performance.now();
  let next = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now() - start;
      while (next < sorted.length && sorted[next]!.at <= now) {
        const arrival = sorted[next]!;
        late.push(now - arrival.at);
        inFlight.push(arrival.fire(start + arrival.at));
        next += 1;
      }
      if (next >= sorted.length) resolve();
      else setTimeout(tick, Math.max(0, sorted[next]!.at - (performance.now() - start)));
    };
    tick();
  });
  await Promise.all(inFlight);
  return {
    seconds,
    lateP99: percentile(late, 99),
    lateMax: late.length ? maxOf(late) : 0,
    drainedSeconds: (performance.now() - start) / 1000,
  };
}

export interface ClosedLoopStep {
  concurrency: number;
  /** requests answered per second within the step */
  perSecond: number;
  failures: number;
}

/**
 * Closed loop: `concurrency` workers each run `task` again and again for `seconds` (after a
 * half-second warm-up); `task` answers how many requests it made. Throughput is the requests
 * of tasks that ended within the window, per second.
 */
export async function closedLoop(
  task: () => Promise<number>,
  concurrency: number,
  seconds: number,
): Promise<number> {
  const warmUp = 500;
  const start = performance.now();
  const from = start + warmUp;
  const until = from + seconds * 1000;
  let counted = 0;
  const worker = async () => {
    while (performance.now() < until) {
      const n = await task();
      const now = performance.now();
      if (now >= from && now <= until) counted += n;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return counted / seconds;
}

/**
 * Raises the closed loop's concurrency along `ladder` until two steps in a row grow throughput
 * less than `growth` (5 % by default) over the best so far (one step alone can be a stall);
 * every step is returned, and the best.
 */
export async function saturate(
  task: () => Promise<number>,
  failures: () => number,
  opts: { ladder: number[]; seconds: number; growth?: number; label: string },
): Promise<{ steps: ClosedLoopStep[]; best: ClosedLoopStep }> {
  const growth = opts.growth ?? 1.05;
  const steps: ClosedLoopStep[] = [];
  let best: ClosedLoopStep | null = null;
  let flat = 0;
  for (const concurrency of opts.ladder) {
    const before = failures();
    const perSecond = await closedLoop(task, concurrency, opts.seconds);
    const step = { concurrency, perSecond, failures: failures() - before };
    steps.push(step);
    console.info(
      `  ${opts.label}, ${String(concurrency).padStart(3)} in flight: ${perSecond.toFixed(0)} req/s` +
        (step.failures ? ` (${step.failures} failed)` : ''),
    );
    flat = !best || perSecond >= best.perSecond * growth ? 0 : flat + 1;
    if (!best || perSecond > best.perSecond) best = step;
    if (flat === 2) break;
  }
  return { steps, best: best! };
}

/** The largest of `values` (NaN when none): a loop, as spreading 100,000s of them overflows. */
export function maxOf(values: number[]): number {
  let max = Number.NaN;
  for (const v of values) if (!(v <= max)) max = v;
  return max;
}

/** A small seeded generator (mulberry32): the same run draws the same traffic. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Linux's USER_HZ: 100 on every platform Node runs on. */
const CLOCK_TICKS = 100;

/** CPU seconds (user + system) a process has used so far, from /proc; null where unreadable. */
export function cpuSecondsOf(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // after the command's closing parenthesis: utime and stime are the 12th and 13th fields
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

/** CPU seconds the whole machine has been busy (every core, /proc/stat); null where unreadable. */
export function machineBusySeconds(): number | null {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
    // cpu user nice system idle iowait irq softirq steal
    const [user, nice, system, , , irq, softirq, steal] = line
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    return (user! + nice! + system! + irq! + softirq! + (steal ?? 0)) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

/**
 * CPU seconds every `postgres` process of this machine has used so far: the live ones', and what
 * the server's main process collected from its children that ended (backends, parallel workers).
 * The whole server: other databases' work counts too. Null where /proc is unreadable.
 */
export function postgresCpuSeconds(): number | null {
  try {
    let ticks = 0;
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      let stat: string;
      try {
        stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      } catch {
        continue; // ended meanwhile
      }
      if (!stat.includes('(postgres)')) continue;
      // utime, stime, cutime, cstime: the 12th to 15th fields after the command
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      for (const i of [11, 12, 13, 14]) ticks += Number(fields[i]);
    }
    return ticks / CLOCK_TICKS;
  } catch {
    return null;
  }
}
