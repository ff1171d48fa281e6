import { sql } from 'drizzle-orm';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { countAdmins, settings, tokens } from '@permuta/db';
import type { DbHandle } from '@permuta/db';
import { openTestDatabase } from '../test/build-test-app.ts';
import { buildApp } from './app.ts';
import { prepareDatabase } from './bootstrap.ts';
import { loadConfig } from './config.ts';

const AUTH_SECRET = 'test-secret-0123456789abcdefghijklmnopqrstuvwxyz';

let drop: (() => Promise<void>) | undefined;
afterEach(async () => {
  await drop?.();
  drop = undefined;
});

/** An empty, migrated database: what a first start finds. */
async function emptyDatabase(): Promise<DbHandle> {
  const opened = await openTestDatabase();
  drop = opened.drop;
  return opened.handle;
}

/** One start of the server as server.ts does it (buildApp, then prepareDatabase), its log kept. */
async function start(handle: DbHandle, env: Record<string, string>) {
  const config = loadConfig({
    DATA_DIR: 'memory://',
    JOBS_WORKERS: 'false',
    AUTH_SECRET,
    LOG_LEVEL: 'warn',
    ...env,
  });
  const log: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      log.push(chunk.toString());
      done();
    },
  });
  const app = await buildApp(config, {
    db: handle,
    serveWeb: false,
    logger: { level: 'warn', stream },
  });
  await prepareDatabase(app.db, config, app.log);
  await app.ready();
  return { app, log };
}

describe('first start', () => {
  it('in production seeds nothing: no tokens, no admin, only the settings row with its defaults', async () => {
    const handle = await emptyDatabase();
    const printed = vi.spyOn(console, 'info');
    const { app, log } = await start(handle, { NODE_ENV: 'production' });
    try {
      expect(await handle.db.select().from(tokens)).toEqual([]);
      expect(await countAdmins(handle.db)).toBe(0);
      expect(printed).not.toHaveBeenCalled();
      expect(log.join('')).toContain(
        'no admin exists yet: create one with `npm run admin:create -- --username <name>`',
      );
      // configuration defaults, nothing demo-specific: no contact, PIX or bank details
      const [row] = await handle.db.select().from(settings);
      expect(row).toMatchObject({
        id: 1,
        pixKey: null,
        supportEmail: null,
        bankAccount: null,
        defaultSendToken: null,
        quoteLockMinutes: 15,
        pendingExpiryMinutes: 30,
      });
      const catalogue = await app.inject({ url: '/api/v1/tokens' });
      expect(catalogue.statusCode).toBe(200);
      expect(JSON.stringify(catalogue.json())).not.toMatch(/USDT|BTC|DERIV/);
    } finally {
      await app.close();
    }
  });

  it('in development loads the demo data and prints the admin password once, never again', async () => {
    const handle = await emptyDatabase();
    const printed = vi.spyOn(console, 'info').mockImplementation(() => {});
    const first = await start(handle, { NODE_ENV: 'development' });
    let password: string;
    try {
      expect((await handle.db.select().from(tokens)).map((t) => t.code).sort()).toEqual([
        'BTC',
        'DERIV',
        'PIX',
        'USDT',
      ]);
      expect(await countAdmins(handle.db)).toBe(1);
      // a month of daily prices before today's for the tokens not fixed at 1 BRL; the current
      // price stays the latest, so quotes are not stale
      const history = await handle.db.execute<{ code: string; days: number; latest: string }>(sql`
        SELECT t.code, count(*) FILTER (WHERE p.created_at < now() - interval '1 hour')::int AS days,
               (array_agg(p.price_brl::text ORDER BY p.created_at DESC))[1] AS latest
          FROM prices p JOIN tokens t ON t.id = p.token_id GROUP BY t.code ORDER BY t.code`);
      expect(history.rows).toEqual([
        { code: 'BTC', days: 30, latest: expect.stringMatching(/^520000(\.0+)?$/) },
        { code: 'DERIV', days: 30, latest: expect.stringMatching(/^5\.40*$/) },
        { code: 'PIX', days: 0, latest: expect.stringMatching(/^1(\.0+)?$/) },
        { code: 'USDT', days: 30, latest: expect.stringMatching(/^5\.40*$/) },
      ]);
      const quote = await first.app.inject({
        method: 'GET',
        url: '/api/v1/quotes',
        query: { send: 'USDT', receive: 'PIX', network: 'TRC20', side: 'send', amount: '100' },
      });
      expect(quote.statusCode, quote.body).toBe(200);
      expect(printed).toHaveBeenCalledTimes(1);
      const output = printed.mock.calls.flat().join('\n');
      expect(output).toContain('This password is shown only this once.');
      password = /password: (\S+)/.exec(output)?.[1] ?? '';
      expect(password).toHaveLength(20);
      expect(output.split(password)).toHaveLength(2);
    } finally {
      await first.app.close();
    }

    printed.mockClear();
    const second = await start(handle, { NODE_ENV: 'development' });
    try {
      expect(printed).not.toHaveBeenCalled();
      expect(second.log.join('')).not.toContain(password);
      expect(await countAdmins(handle.db)).toBe(1);
      // the password printed at the first start is the admin's
      const signIn = await second.app.inject({
        method: 'POST',
        url: '/api/v1/admin/auth/sign-in',
        payload: { username: 'admin', password },
      });
      expect(signIn.statusCode).toBe(200);
    } finally {
      await second.app.close();
    }
  });
});
