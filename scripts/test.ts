/**
 * `npm test` (also `npm run validate`): every check, in the order that fails fastest.
 * lint -> OpenAPI lint -> typecheck -> unit -> API on PGlite -> API on PostgreSQL (when TEST_DATABASE_URL is set)
 * -> the previous commit's server on this commit's migrations (same condition) -> the short
 * benchmark (same condition) -> build -> browser tests -> the balanced pair behind nginx (same
 * condition). Stops at the first failing step; ends with one summary line.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ensureNginx } from '../e2e/pair/nginx.ts';
import { ensureChromium } from './browser.ts';

const root = path.resolve(import.meta.dirname, '..');
const only = process.argv.slice(2);

interface Step {
  name: string;
  command: string[];
  env?: Record<string, string | undefined>;
  skip?: string | false;
  /** Why the step cannot run: it fails without running (in CI a missing service is a failure). */
  cannot?: string | false;
  /** Run just before the step: more environment for it, or why it cannot run. */
  prepare?: () => { env: Record<string, string> } | { error: string };
}

const ci = Boolean(process.env.CI) && process.env.CI !== 'false' && process.env.CI !== '0';
const noPostgres = process.env.TEST_DATABASE_URL ? false : 'TEST_DATABASE_URL is not set';

const steps: Step[] = [
  { name: 'lint', command: ['npm', 'run', 'lint'] },
  // the OpenAPI document: Redocly's recommended rules, and the example's types current (decision 058)
  { name: 'lint-openapi', command: ['npm', 'run', 'lint:openapi'] },
  { name: 'typecheck', command: ['npm', 'run', 'typecheck'] },
  { name: 'unit', command: ['npx', 'vitest', 'run', '--project', 'unit'] },
  {
    name: 'api-pglite',
    command: ['npx', 'vitest', 'run', '--project', 'api'],
    env: { TEST_DATABASE_URL: undefined },
  },
  {
    name: 'api-postgres',
    command: ['npx', 'vitest', 'run', '--project', 'api'],
    // a developer without PostgreSQL skips this leg; CI must run it
    skip: !ci && noPostgres,
    cannot: ci && noPostgres && `${noPostgres}, and CI runs every leg`,
  },
  {
    // the previous commit's server on this commit's migrations, and the API smoke suite against
    // it and against this server, on the same PostgreSQL server (decision 053)
    name: 'rolling',
    command: ['node', 'scripts/rolling.ts'],
    skip: !ci && noPostgres,
    cannot: ci && noPostgres && `${noPostgres}, and CI runs every leg`,
  },
  {
    // `npm run bench`'s short run on the same PostgreSQL server (decision 029): every figure is
    // printed so a regression shows in every run; failed requests fail it, timings never do
    name: 'bench',
    command: ['npm', 'run', 'bench'],
    env: {
      BENCH_SHORT: '1',
      BENCH_DATABASE_URL: process.env.TEST_DATABASE_URL,
      BENCH_POSTGRES_REQUIRED: '1',
    },
    skip: !ci && noPostgres,
    cannot: ci && noPostgres && `${noPostgres}, and CI runs every leg`,
  },
  { name: 'build', command: ['npm', 'run', 'build'] },
  {
    name: 'e2e',
    command: ['npm', 'run', 'test:e2e'],
    prepare: () => {
      const browser = ensureChromium();
      return 'error' in browser ? browser : { env: { CHROMIUM_PATH: browser.path } };
    },
  },
  {
    // two instances on one PostgreSQL database behind nginx, one stopped and started again
    // during a browser journey (decision 055); nginx is installed like the browser when missing
    name: 'pair',
    command: ['npx', 'playwright', 'test', '-c', 'e2e/playwright.pair.config.ts'],
    skip: !ci && noPostgres,
    cannot: ci && noPostgres && `${noPostgres}, and CI runs every leg`,
    prepare: () => {
      const browser = ensureChromium();
      if ('error' in browser) return browser;
      const nginx = ensureNginx();
      if ('error' in nginx) return nginx;
      return { env: { CHROMIUM_PATH: browser.path, NGINX_PATH: nginx.path } };
    },
  },
];

let passed = 0;
let failed = 0;
let skipped = 0;
const started = Date.now();
for (const step of steps) {
  if (only.length > 0 && !only.includes(step.name)) continue;
  if (step.skip) {
    console.info(`\n── ${step.name}: skipped (${step.skip})`);
    skipped += 1;
    continue;
  }
  if (step.cannot) {
    console.info(`\n── ${step.name}: FAILED (${step.cannot})`);
    failed += 1;
    break;
  }
  const prepared = step.prepare?.();
  if (prepared && 'error' in prepared) {
    console.info(`\n── ${step.name}: FAILED (${prepared.error})`);
    failed += 1;
    break;
  }
  console.info(`\n── ${step.name}: ${step.command.join(' ')}`);
  const env = { ...process.env, ...step.env, ...prepared?.env };
  for (const [key, value] of Object.entries(step.env ?? {}))
    if (value === undefined) delete env[key];
  const t0 = Date.now();
  const result = spawnSync(step.command[0]!, step.command.slice(1), {
    cwd: root,
    stdio: 'inherit',
    env,
  });
  const seconds = ((Date.now() - t0) / 1000).toFixed(1);
  if (result.status === 0) {
    passed += 1;
    console.info(`── ${step.name}: ok (${seconds} s)`);
  } else {
    failed += 1;
    console.info(`── ${step.name}: FAILED (${seconds} s)`);
    break;
  }
}
console.info(`\nAll checks took ${((Date.now() - started) / 1000).toFixed(0)} s.`);
console.info(`checks: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
