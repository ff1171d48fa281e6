/**
 * `npm run bench`: performance targets, measured in one run on this machine and printed as
 * ratios so they mean the same on a faster or slower one.
 *
 * - quote throughput vs a bare JSON route of the same server (autocannon, 50 connections): >= 0.6
 * - start to healthy on an existing embedded database: <= 3 s
 * - first-load JavaScript of the home page: <= 150 KB gzipped (from the build)
 * - on PostgreSQL (BENCH_DATABASE_URL, skipped when none answers; scripts/bench-postgres.ts):
 *   order creation (quote lock + order) orders/s and p99; a customer's order page req/s vs the
 *   bare route of the same server (50 connections): >= 0.25; the admin order list over 1,000,000
 *   generated orders, all and one status, page 1 and page 10,000: EXPLAIN ANALYZE <= 5 ms each
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runPostgresBenchmarks } from './bench-postgres.ts';
import { freePort, load, root, startServer, stop } from './bench-server.ts';
import type { BenchResult } from './bench-server.ts';

const results: BenchResult[] = [];
/** `BENCH_ONLY=embedded` or `BENCH_ONLY=postgres` runs one part (both by default) */
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
    });

    const base = `http://127.0.0.1:${port}`;
    // the calculator's request: the public quote is a GET with its input in the query string
    const quoteUrl = `${base}/api/v1/quotes?send=USDT&receive=PIX&network=TRC20&side=send&amount=100`;
    const check = await fetch(quoteUrl);
    if (!check.ok)
      throw new Error(`quote endpoint answered ${check.status}: ${await check.text()}`);

    await load(`${base}/healthz`, { duration: 2 }); // warm-up
    const bare = await load(`${base}/healthz`);
    const quotes = await load(quoteUrl);
    if (quotes.non2xx > 0 || bare.non2xx > 0)
      throw new Error('non-2xx answers during the load test');
    const ratio = quotes.requests.average / bare.requests.average;
    console.info(
      `bare JSON route: ${bare.requests.average.toFixed(0)} req/s (p99 ${bare.latency.p99} ms); ` +
        `quote: ${quotes.requests.average.toFixed(0)} req/s (p99 ${quotes.latency.p99} ms)`,
    );
    results.push({
      name: 'quote req/s ÷ bare JSON route req/s (50 connections)',
      value: ratio.toFixed(2),
      target: '>= 0.60',
      ok: ratio >= 0.6,
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

if (only !== 'postgres') await embeddedBenchmarks();
if (only !== 'embedded') await runPostgresBenchmarks(results);

console.info('\nbenchmark results');
for (const r of results) {
  const mark = r.skipped ? 'skip' : r.ok ? 'ok  ' : 'MISS';
  console.info(`  ${mark}  ${r.name}: ${r.value} (target ${r.target})`);
}
process.exit(results.every((r) => r.ok || r.skipped) ? 0 : 1);
