import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, wallets } from '@permuta/db';
import { buildTestApp } from '../../test/build-test-app.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { registerCustomer } from '../../test/auth-helpers.ts';
import {
  approveDocuments,
  insertWallet,
  networkId,
  tokenId,
} from '../modules/orders/test-support.ts';
import { ABNORMAL_KINDS, dayFailures, formatDayReport, runDemoDay } from './demo-day.ts';
import type { DayCall, DayCustomer } from './demo-day.ts';

/**
 * A small day of mixed orders on the demo providers (decision 047), with the real workers and
 * crons running: the property `npm run demo:day` measures at 200 orders, kept from rotting. Every
 * pair the product trades, a few paid wrongly on purpose; at least 95 % of the normal orders
 * settle with no admin action, each settled order paid out exactly once at its provider, none of
 * the others.
 */

const ORDERS = 20;
const CUSTOMERS = 6;

let t: TestApp;
let customers: DayCustomer[];

beforeAll(async () => {
  t = await buildTestApp({ env: { DEMO_PROVIDERS: 'true', JOBS_WORKERS: 'true' } });
  const derivToken = await tokenId(t.app, 'DERIV');
  const derivNetwork = await networkId(t.app, 'DERIV', 'USD');
  customers = [];
  for (let i = 0; i < CUSTOMERS; i += 1) {
    const name = `Cliente ${String.fromCharCode(65 + i)} da Silva`;
    const c = await registerCustomer(t.app, { name });
    await approveDocuments(t.app, c.id);
    const walletIds: Record<string, string> = {};
    for (const [token, network] of [
      ['PIX', 'BRL'],
      ['USDT', 'TRC20'],
      ['USDT', 'BEP20'],
      ['BTC', 'BTC'],
    ] as const) {
      walletIds[`${token}/${network}`] = await insertWallet(t.app, c.id, token, network);
    }
    // each customer's own Deriv account, open at the fake Deriv in their name
    const derivAccount = `CR${5_000_100 + i}`;
    const [deriv] = await t.app.db
      .insert(wallets)
      .values({
        userId: c.id,
        tokenId: derivToken,
        networkId: derivNetwork,
        kind: 'deriv',
        derivAccount,
      })
      .returning({ id: wallets.id });
    walletIds['DERIV/USD'] = deriv!.id;
    t.demo!.derivAccount(derivAccount, name);
    const [user] = await t.app.db.select({ cpf: users.cpf }).from(users).where(eq(users.id, c.id));
    customers.push({
      id: c.id,
      name,
      cpf: (user!.cpf ?? '').replace(/\D/g, ''),
      cookie: c.cookie,
      walletIds,
      derivAccount,
    });
  }
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const call: DayCall = async ({ method, path, cookie, json, headers }) => {
  const res = await t.app.inject({
    method,
    url: path,
    headers: { cookie, ...headers },
    ...(json === undefined ? {} : { payload: json as object }),
  });
  return { status: res.statusCode, body: res.body };
};

describe('a day of mixed orders on the demo providers', () => {
  it('settles the normal orders by themselves, each paid out once, and handles the abnormal ones', async () => {
    const report = await runDemoDay({
      app: t.app,
      demo: t.demo!,
      call,
      customers,
      orders: ORDERS,
      seconds: 6,
      // 4 abnormal of 20: one of each kind
      abnormalEvery: 5,
      waitSeconds: 40,
      seed: 7,
    });
    const table = formatDayReport(report);
    expect(report.orders, table).toBe(ORDERS);
    expect(
      report.pairs.filter((p) => p.skipped),
      table,
    ).toEqual([]);
    expect(Object.keys(report.abnormal).sort(), table).toEqual([...ABNORMAL_KINDS].sort());
    expect(dayFailures(report), table).toEqual([]);
    expect(report.normal.total, table).toBe(16);
    expect(report.normal.share, table).toBeGreaterThanOrEqual(0.95);
    for (const r of report.results) {
      if (r.settledByItself) expect(r.payouts, `${r.reference} ${r.pair}`).toBe(1);
      if (r.kind !== 'normal') expect(r.payouts, `${r.reference} ${r.kind}`).toBe(0);
    }
  }, 180_000);
});
