/**
 * What every part of `npm run bench` shares: a free port, the API server started as a child
 * process (on an embedded data dir or a PostgreSQL database) and stopped, autocannon runs, and the
 * results table printed at the end.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import autocannon from 'autocannon';

export const root = path.resolve(import.meta.dirname, '..');

/**
 * The Node options `npm start` gives the server (its script in package.json, decision 035), so
 * that the benchmark measures the server as it runs: `BENCH_NODE_FLAGS` replaces them.
 */
export function serverNodeFlags(): string[] {
  if (process.env.BENCH_NODE_FLAGS !== undefined) {
    return process.env.BENCH_NODE_FLAGS.split(' ').filter(Boolean);
  }
  const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  return manifest.scripts.start.split(' ').filter((word) => word.startsWith('--'));
}
/**
 * `BENCH_SHORT=1`: the short run CI makes (`npm test`'s bench step): fewer customers, orders and
 * seconds; its figures are printed, and only failed requests (never a timing) fail it.
 */
export const short = Boolean(process.env.BENCH_SHORT) && process.env.BENCH_SHORT !== '0';
/** each load's (autocannon) and the mix's measured window */
export const seconds = Number(process.env.BENCH_SECONDS ?? (short ? 3 : 10));

export interface BenchResult {
  name: string;
  value: string;
  target: string;
  ok: boolean;
  /** not measured (e.g. no PostgreSQL): printed, does not fail the run */
  skipped?: boolean;
  /** a timing target: the short run prints it (ok or MISS) but does not fail on it */
  timing?: boolean;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(),
      );
    });
  });
}

/**
 * Starts apps/api/src/server.ts on `port` and waits until /readyz answers. `env` names the
 * database: `{ DATA_DIR }` for the embedded one, `{ DATA_DIR, DATABASE_URL }` for PostgreSQL
 * (files and the auth secret still live in DATA_DIR); any other variable overrides the defaults.
 */
export async function startServer(
  port: number,
  env: Record<string, string | undefined>,
): Promise<{ child: ChildProcess; ms: number }> {
  const t0 = performance.now();
  const flags = serverNodeFlags();
  const child = spawn(process.execPath, [...flags, path.join(root, 'apps/api/src/server.ts')], {
    env: {
      ...process.env,
      DATABASE_URL: undefined,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '100000000',
      NODE_ENV: 'development',
      ...env,
    },
    // the server's log (warnings and errors) is printed with BENCH_SERVER_LOGS=1
    stdio: ['ignore', process.env.BENCH_SERVER_LOGS ? 'inherit' : 'ignore', 'inherit'],
  });
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/readyz`);
      if (res.ok) return { child, ms: performance.now() - t0 };
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error('server exited during start');
    await new Promise((r) => setTimeout(r, 20));
  }
}

export async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

export function load(
  url: string,
  opts: Partial<autocannon.Options> = {},
): Promise<autocannon.Result> {
  return autocannon({ url, connections: 50, duration: seconds, ...opts });
}

/** The p-th percentile (0-100) of `values`, nearest rank. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1]!;
}
