/**
 * `npm run demo:day`: a compressed day of orders on the demo providers (decision 047).
 *
 * Starts the product as `npm start` does (apps/api/src/start-app.ts) with DEMO_PROVIDERS on, on
 * a fresh embedded database in a temporary folder (or DATABASE_URL when set), in this process
 * (the fakes run in the server's process, and the abnormal payments are made through them).
 * Makes customers as the benchmark does (scripts/bench-customers.ts: registered and signed in
 * through the API, e-mail confirmed, documents approved, a wallet of every kind and their own
 * Deriv account), then runs the day (apps/api/src/demo/demo-day.ts): orders arriving at random
 * across every pair the product quotes, about 90 % paid exactly through the fake providers
 * (`POST /api/v1/dev/simulate-payment/:reference`), about 10 % paid wrongly on purpose; waits
 * for the real jobs; prints the table and writes the JSON.
 *
 * Flags: --orders 200, --customers 50, --seconds 60 (the day, compressed), --wait 120 (longest
 * wait for the jobs after the last payment), --seed 47, --json demo-day.json. Exits 1 when fewer
 * than 95 % of the normal orders settled by themselves, a settled order has other than one
 * payout, an unsettled one has any, or an abnormal payment was not handled as expected.
 * DEMO_DAY_LOG_LEVEL (default `error`) is the server's log level.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../apps/api/src/config.ts';
import { startApp } from '../apps/api/src/start-app.ts';
import { dayFailures, formatDayReport, runDemoDay } from '../apps/api/src/demo/demo-day.ts';
import type { DayCall } from '../apps/api/src/demo/demo-day.ts';
import { createCustomers } from './bench-customers.ts';
import { freePort } from './bench-server.ts';
import { createClient } from './bench-traffic.ts';

const { values: flags } = parseArgs({
  options: {
    orders: { type: 'string', default: '200' },
    customers: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '60' },
    wait: { type: 'string', default: '120' },
    seed: { type: 'string', default: '47' },
    json: { type: 'string', default: 'demo-day.json' },
  },
});
const count = (name: keyof typeof flags) => {
  const n = Number(flags[name]);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive whole number`);
  return n;
};
const ORDERS = count('orders');
const CUSTOMERS = count('customers');
const SECONDS = count('seconds');
const WAIT = count('wait');

const t0 = performance.now();
const elapsed = () => `${((performance.now() - t0) / 1000).toFixed(1)} s`;
const say = (line: string) => console.info(`[${elapsed()}] ${line}`);

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'permuta-demo-day-'));
const port = await freePort();
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'development',
  DEMO_PROVIDERS: 'true',
  DATA_DIR: dataDir,
  PORT: String(port),
  HOST: '127.0.0.1',
  LOG_LEVEL: process.env.DEMO_DAY_LOG_LEVEL ?? 'error',
  RATE_LIMIT_PER_MINUTE: '100000000',
  JOBS_WORKERS: 'true',
});
say(
  `starting the product with the demo providers on ${config.databaseUrl ? 'DATABASE_URL' : `a fresh embedded database (${dataDir})`}`,
);
const { app, demo } = await startApp(config);
let exitCode: number;
try {
  if (!demo) throw new Error('the demo providers did not start');
  const base = `http://127.0.0.1:${port}`;
  say(`making ${CUSTOMERS} customers (registered, e-mail confirmed, documents approved, wallets)`);
  const customers = await createCustomers(base, app.db, CUSTOMERS, {
    extraWallets: ['USDT/BEP20', 'BTC/BTC', 'DERIV/USD'],
  });
  // each customer's own Deriv account exists at Deriv (the fake opens it with a balance)
  for (const c of customers) if (c.derivAccount) demo.derivAccount(c.derivAccount, c.name);

  const client = createClient(base, 64);
  const call: DayCall = ({ method, path: url, cookie, json, headers }) =>
    client.send({ method, path: url, json, headers: { cookie, ...headers } });
  const report = await runDemoDay({
    app,
    demo,
    call,
    customers,
    orders: ORDERS,
    seconds: SECONDS,
    waitSeconds: WAIT,
    seed: Number(flags.seed),
    log: say,
  });
  client.close();
  console.info(`\n${formatDayReport(report)}\n`);
  const file = path.resolve(flags.json);
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  say(`JSON written to ${file}`);
  const failures = dayFailures(report);
  for (const f of failures) console.info(`FAIL: ${f}`);
  exitCode = failures.length === 0 ? 0 : 1;
} finally {
  say('stopping the product');
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}
say('done');
process.exit(exitCode);
