/**
 * `npm run lighthouse`: Lighthouse (mobile profile: a mid-range phone on slow 4G, simulated) in
 * Debian's Chromium (`CHROMIUM_PATH`, default /usr/bin/chromium) against the production build
 * served by the API with compression, on the home, testimonials and sign-in pages in both
 * languages, three times each (LIGHTHOUSE_RUNS). Prints the four scores of each page's median
 * run and whether each meets its target, the audits that cost points, and where the full reports
 * are. A report, not a test: the exit code is 0 unless `--strict` is given and a target is
 * missed.
 *
 * The web app is built first when the build is missing or older than its sources, then copied to
 * a temporary folder, so that a rebuild during the run cannot change what is measured. The API
 * runs with NODE_ENV=development on a fresh embedded database: production seeds nothing (no
 * tokens for the calculator, no settings), and everything Lighthouse looks at (the built app,
 * compression, cache and security headers, the page policy) is the same in both modes; only
 * HSTS and `upgrade-insecure-requests`, which need HTTPS, are left out.
 */
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { Result, RunnerResult } from 'lighthouse';
import { freePort, root, startServer, stop } from './bench-server.ts';
import { findChromium } from './browser.ts';

const TARGETS = {
  performance: 95,
  accessibility: 100,
  'best-practices': 95,
  seo: 100,
} as const;
type Category = keyof typeof TARGETS;
const CATEGORIES = Object.keys(TARGETS) as Category[];
const LABEL: Record<Category, string> = {
  performance: 'perf',
  accessibility: 'a11y',
  'best-practices': 'best',
  seo: 'seo',
};

const ALL_PAGES = [
  { path: '/', lang: 'pt-BR' },
  { path: '/en-US', lang: 'en-US' },
  { path: '/testimonials', lang: 'pt-BR' },
  { path: '/en-US/testimonials', lang: 'en-US' },
  { path: '/login', lang: 'pt-BR' },
  { path: '/en-US/login', lang: 'en-US' },
] as const;
/** LIGHTHOUSE_PAGES=login,testimonials: only the pages whose path ends with one of these */
const only = process.env.LIGHTHOUSE_PAGES?.split(',').filter(Boolean) ?? [];
const PAGES = ALL_PAGES.filter(
  (page) => only.length === 0 || only.some((name) => page.path.endsWith(name)),
);

const strict = process.argv.includes('--strict');
/** runs per page (LIGHTHOUSE_RUNS, default 3): the scores of the median run are printed */
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
const chromePath = findChromium() ?? '/usr/bin/chromium';
const client = path.join(root, 'apps/web/build/client');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile())
      newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/** Builds the web app when its build is missing or older than its sources. */
function buildIfNeeded(): void {
  const marker = path.join(client, 'builds/latest.json');
  const builtAt = existsSync(marker) ? statSync(marker).mtimeMs : 0;
  const sources = ['apps/web/app', 'apps/web/public', 'packages/contracts/src']
    .map((dir) => path.join(root, dir))
    .filter((dir) => existsSync(dir));
  if (builtAt >= Math.max(...sources.map(newestMtime))) return;
  console.info(builtAt === 0 ? 'Building the web app…' : 'Web sources changed: rebuilding…');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function pad(text: string, width: number): string {
  return text.length >= width ? text : text + ' '.repeat(width - text.length);
}

/** The audits of a category that did not get full marks, worst first (perf: by weight). */
function lostPoints(lhr: Result, category: Category): string[] {
  const refs = lhr.categories[category]?.auditRefs ?? [];
  return refs
    .filter((ref) => ref.weight > 0 || category !== 'performance')
    .map((ref) => ({ ref, audit: lhr.audits[ref.id] }))
    .filter(
      ({ audit }) =>
        audit &&
        audit.score !== null &&
        audit.score < 1 &&
        audit.scoreDisplayMode !== 'informative' &&
        audit.scoreDisplayMode !== 'notApplicable' &&
        audit.scoreDisplayMode !== 'manual',
    )
    .sort(
      (a, b) =>
        b.ref.weight * (1 - (b.audit!.score ?? 0)) - a.ref.weight * (1 - (a.audit!.score ?? 0)),
    )
    .map(({ audit }) => `${audit!.title}${audit!.displayValue ? ` (${audit!.displayValue})` : ''}`);
}

/** One Lighthouse run; a trace Chromium failed to record (NO_NAVSTART, ...) is run again. */
async function measure(url: string, port: number): Promise<RunnerResult> {
  for (let attempt = 1; ; attempt += 1) {
    const result = await lighthouse(url, {
      port,
      output: ['json', 'html'],
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      locale: 'en-US',
    });
    if (result && !result.lhr.runtimeError) return result;
    if (attempt === 3) throw new Error(`${url}: ${result?.lhr.runtimeError?.message}`);
  }
}

async function main() {
  buildIfNeeded();
  const work = mkdtempSync(path.join(os.tmpdir(), 'permuta-lighthouse-'));
  const webDir = path.join(work, 'web');
  cpSync(client, webDir, { recursive: true });

  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const { child } = await startServer(port, {
    DATA_DIR: path.join(work, 'data'),
    WEB_DIST_DIR: webDir,
    PUBLIC_URL: origin,
    JOBS_WORKERS: 'false',
  });

  // a fresh server answers its first requests slower (files, compression, JIT): warm it up, so
  // the first page measured is not the only one measured cold
  for (let round = 0; round < 3; round += 1) {
    for (const page of PAGES) {
      const html = await (
        await fetch(`${origin}${page.path}`, { headers: { 'accept-encoding': 'br, gzip' } })
      ).text();
      for (const [, asset] of html.matchAll(/(?:href|src)="(\/assets\/[^"#]+)/g))
        await (
          await fetch(`${origin}${asset}`, { headers: { 'accept-encoding': 'br, gzip' } })
        ).arrayBuffer();
    }
  }

  const rows: {
    page: string;
    scores: Record<Category, number>;
    lost: string[];
    performance: string;
  }[] = [];
  try {
    for (const lang of ['pt-BR', 'en-US'] as const) {
      // the browser's language decides the first visit to `/`: each locale gets its own browser
      const chrome = await chromeLauncher.launch({
        chromePath,
        chromeFlags: [
          '--headless=new',
          '--no-sandbox',
          '--disable-gpu',
          `--lang=${lang}`,
          `--accept-lang=${lang}`,
        ],
      });
      try {
        for (const page of PAGES.filter((p) => p.lang === lang)) {
          const url = `${origin}${page.path}`;
          process.stdout.write(`measuring ${url} (${RUNS} runs) …\n`);
          const runs: Result[] = [];
          const reports: (string | string[])[] = [];
          for (let run = 0; run < RUNS; run += 1) {
            const result = await measure(url, chrome.port);
            runs.push(result.lhr);
            reports.push(result.report);
          }
          // the run of median performance stands for the page (Lighthouse's own advice)
          const order = runs
            .map((lhr, index) => ({ index, score: lhr.categories.performance?.score ?? 0 }))
            .sort((a, b) => a.score - b.score);
          const median = order[Math.floor(order.length / 2)]!.index;
          const lhr = runs[median]!;
          const report = reports[median]!;
          const name = page.path.replace(/\//g, '_') || '_';
          const [json, html] = Array.isArray(report) ? report : [report, ''];
          writeFileSync(path.join(work, `${name}.json`), String(json));
          writeFileSync(path.join(work, `${name}.html`), String(html));
          const scores = Object.fromEntries(
            CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
          ) as Record<Category, number>;
          const lost = CATEGORIES.flatMap((c) =>
            scores[c] < 100 ? lostPoints(lhr, c).map((title) => `${LABEL[c]}: ${title}`) : [],
          );
          const performance = runs
            .map((r) => Math.round((r.categories.performance?.score ?? 0) * 100))
            .join(', ');
          rows.push({ page: page.path, scores, lost, performance });
        }
      } finally {
        chrome.kill();
      }
    }
  } finally {
    await stop(child);
    rmSync(path.join(work, 'data'), { recursive: true, force: true });
    rmSync(webDir, { recursive: true, force: true });
  }

  const header = `${pad('page', 22)}${CATEGORIES.map((c) => pad(`${LABEL[c]} (>=${TARGETS[c]})`, 14)).join('')}`;
  console.info(`\nLighthouse ${lighthouseVersion()} · mobile · ${chromePath}\n`);
  console.info(header);
  console.info('-'.repeat(header.length));
  let missed = 0;
  for (const row of rows) {
    const cells = CATEGORIES.map((c) => {
      const ok = row.scores[c] >= TARGETS[c];
      if (!ok) missed += 1;
      return pad(`${row.scores[c]} ${ok ? 'ok' : 'MISSED'}`, 14);
    });
    console.info(`${pad(row.page, 22)}${cells.join('')}perf of each run: ${row.performance}`);
  }
  console.info(
    missed === 0 ? '\nEvery page meets every target.' : `\n${missed} score(s) below target.`,
  );
  const withLoss = rows.filter((row) => row.lost.length > 0);
  if (withLoss.length > 0) {
    console.info('\nAudits that cost points:');
    for (const row of withLoss) {
      console.info(`  ${row.page}`);
      for (const line of row.lost.slice(0, 8)) console.info(`    - ${line}`);
    }
  }
  console.info(`\nFull reports (HTML and JSON): ${work}`);
  if (strict && missed > 0) process.exit(1);
}

function lighthouseVersion(): string {
  const file = path.join(root, 'node_modules/lighthouse/package.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}

await main();
