/**
 * `npm run bench`: performance targets, measured in one run on this machine, from traffic shaped
 * like users' (decision 029). Ratios to a bare route of the same server mean the same on a
 * faster or slower machine; latencies are this machine's, load generator included.
 *
 * Embedded database (PGlite):
 * - start to healthy on an existing data dir (median of 3): <= 3 s
 * - quotes of varied pairs, networks, directions and amounts (the catalogue's, as the mix draws
 *   them) vs the bare route of the same server, autocannon at 50 connections: >= 0.6
 * - first-load JavaScript of the home page: <= 150 KB gzipped (from the build, when there is one)
 *
 * PostgreSQL (BENCH_DATABASE_URL, skipped when none answers; scripts/bench-postgres.ts):
 * - the admin order list over 1,000,000 generated orders, all and one status, page 1 and page
 *   10,000: EXPLAIN ANALYZE planning + execution <= 5 ms each;
 * - the mix (scripts/bench-mix.ts): 1,000 customers each holding their open order's page as an
 *   event stream (decision 031) with their own session and loading it once, 20 quotes/s,
 *   2 orders/s, an admin paging the desk with filters and moving one open order a second, sent
 *   at fixed rates (open loop, scripts/bench-traffic.ts): p99 <= 50 ms per kind of request, the
 *   moved order's event on its page <= 1000 ms after the admin's answer, no failed answer; the
 *   mix's saturation req/s ÷ the bare route's (reported);
 * - 5,000 concurrent order-page streams on one (restarted) instance (scripts/bench-streams.ts):
 *   its resident memory <= 400 MB; 50 admin moves over their orders, every stream of a moved
 *   order getting its event <= 1000 ms after the answer.
 *
 * The order-creation ceiling (scripts/bench-orders.ts; PostgreSQL, full run only): quote lock +
 *   order, closed loop at 1 to 64 in flight, all orders paying out one token vs spread over four
 *   (each creation locks the row of the token it pays out): orders/s, p99, the share of backends
 *   waiting on a lock, CPU per order, the database's growth per order (reported).
 *
 * `BENCH_ONLY=embedded`, `BENCH_ONLY=postgres` or `BENCH_ONLY=orders` runs one part. `BENCH_SHORT=1` is the short run
 * of `npm test`'s bench step: 100 customers, 20,000 generated orders, 500 streams, a few seconds
 * per load; it prints every figure and fails only on failed requests (an event missing 5 s after
 * its move is one) or a part that could not run, never on a timing. BENCH_SECONDS,
 * BENCH_CUSTOMERS, BENCH_ORDERS, BENCH_STREAMS and BENCH_SEED override the sizes.
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runOrderCeiling } from './bench-orders.ts';
import { runPostgresBenchmarks } from './bench-postgres.ts';
import { loadQuotes, quotePath } from './bench-mix.ts';
import { freePort, load, root, short, startServer, stop } from './bench-server.ts';
import type { BenchResult } from './bench-server.ts';
import { createClient, seededRandom } from './bench-traffic.ts';

const results: BenchResult[] = [];
/** `BENCH_ONLY=embedded`, `postgres` or `orders` runs one part (all by default; orders not short) */
const only = process.env.BENCH_ONLY;

/** The embedded database (PGlite) part: starts, quote throughput, and the web build's size. */
async function embeddedBenchmarks() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'permuta-bench-'));
  try {
    const port = await freePort();
    // first start: initdb, migrations, demo data
    const first = await startServer(port, { DATA_DIR: dataDir });
    console.info(`first start on an empty data dir: ${(first.ms / 1000).toFixed(2)} s`);
    await stop(first.child);

    const starts: number[] = [];
    let running: ChildProcess | null = null;
    for (let i = 0; i < 3; i += 1) {
      const started = await startServer(port, { DATA_DIR: dataDir });
      starts.push(started.ms);
      if (i < 2) await stop(started.child);
      else running = started.child;
    }
    const startMs = starts.sort((a, b) => a - b)[1]!;
    results.push({
      name: 'start to healthy, existing embedded database (median of 3)',
      value: `${(startMs / 1000).toFixed(2)} s`,
      target: '<= 3 s',
      ok: startMs <= 3000,
      timing: true,
    });

    const base = `http://127.0.0.1:${port}`;
    // the calculator's requests: a GET with its input in the query string, drawn as the mix does
    const client = createClient(base);
    const quotes = await loadQuotes(client, (line) => console.info(line));
    client.close();
    const random = seededRandom(Number(process.env.BENCH_SEED ?? 29));
    const quoteRequests = [
      {
        method: 'GET' as const,
        setupRequest: (request: object) => ({ ...request, path: quotePath(quotes.draw(random)) }),
      },
    ];

    await load(`${base}/healthz`, { duration: 2 }); // warm-up
    await load(base, { duration: 2, requests: quoteRequests });
    const bare = await load(`${base}/healthz`);
    const quoted = await load(base, { requests: quoteRequests });
    if (quoted.non2xx > 0 || bare.non2xx > 0 || quoted.errors > 0 || bare.errors > 0) {
      throw new Error(
        `failed answers during the load test (quotes ${quoted.non2xx} non-2xx, ` +
          `${quoted.errors} errors; bare ${bare.non2xx}, ${bare.errors})`,
      );
    }
    const ratio = quoted.requests.average / bare.requests.average;
    console.info(
      `bare JSON route: ${bare.requests.average.toFixed(0)} req/s (p99 ${bare.latency.p99} ms); ` +
        `varied quotes (${quotes.shapes} shapes): ${quoted.requests.average.toFixed(0)} req/s ` +
        `(p99 ${quoted.latency.p99} ms)`,
    );
    results.push({
      name: 'quote req/s (varied pairs, networks, directions, amounts) ÷ bare JSON route req/s (50 connections)',
      value: ratio.toFixed(2),
      target: '>= 0.60',
      ok: ratio >= 0.6,
      timing: true,
    });
    if (running) await stop(running);

    // after-build records the size in the build's meta file, next to latest.json
    const builds = path.join(root, 'apps/web/build/client/builds');
    const latest = path.join(builds, 'latest.json');
    if (existsSync(latest)) {
      const { id } = JSON.parse(readFileSync(latest, 'utf8')) as { id: string };
      const meta = JSON.parse(readFileSync(path.join(builds, 'meta', `${id}.json`), 'utf8')) as {
        homeFirstLoadJsGzipBytes: number;
      };
      const gzipKb = meta.homeFirstLoadJsGzipBytes / 1024;
      results.push({
        name: 'home page first-load JavaScript (gzipped)',
        value: `${gzipKb.toFixed(1)} KB`,
        target: '<= 150 KB',
        ok: gzipKb <= 150,
      });
    } else {
      console.info('(no web build found: run `npm run build` to include the first-load JS size)');
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (!only || only === 'embedded') await embeddedBenchmarks();
if (!only || only === 'postgres') await runPostgresBenchmarks(results);
// a new database, 64 customers and 14 steps of 5 s: well over the short run's budget
if (only === 'orders' || (!only && !short)) await runOrderCeiling(results);

console.info(`\nbenchmark results${short ? ' (short run: timings printed, not judged)' : ''}`);
for (const r of results) {
  const mark = r.skipped ? 'skip' : r.ok ? 'ok  ' : 'MISS';
  console.info(`  ${mark}  ${r.name}: ${r.value} (target ${r.target})`);
}
process.exit(results.every((r) => r.ok || r.skipped || (short && r.timing)) ? 0 : 1);
