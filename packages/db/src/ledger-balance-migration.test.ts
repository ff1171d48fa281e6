import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from './migrate.ts';
import { migrationsBefore, testTargets } from './testing.ts';
import type { TestDatabase } from './testing.ts';

/** What the previous release writes: an entry, knowing nothing of the running balance. */
const entry = (token: string, direction: 'credit' | 'debit', amount: string) => sql`
  INSERT INTO treasury_entries (token_id, direction, amount, kind, note)
  VALUES (${token}, ${direction}::treasury_direction, ${amount}, 'adjustment', 'before the running balance')`;

describe.each(testTargets())('the running ledger balance migration on $name', (target) => {
  let database: TestDatabase;
  let folder: string;

  beforeAll(async () => {
    database = await target.open({ migrate: false });
    folder = migrationsBefore('_token_ledger_balance');
  }, 120_000);

  afterAll(async () => {
    await database?.drop();
    if (folder) rmSync(folder, { recursive: true, force: true });
  }, 60_000);

  it('fills the balance from the ledger, then keeps it for writers that never name it', async () => {
    const { db } = database.handle;
    await migrate(database.handle, { folder });
    await db.execute(sql`
      INSERT INTO tokens (id, code, name, kind, precision)
      VALUES ('usdt', 'USDT', 'Tether', 'crypto', 6), ('btc', 'BTC', 'Bitcoin', 'crypto', 8),
             ('pix', 'PIX', 'PIX', 'pix', 2)`);
    await db.execute(entry('usdt', 'credit', '100.5'));
    await db.execute(entry('usdt', 'debit', '0.000001'));
    await db.execute(entry('btc', 'credit', '0.12345678'));
    await migrate(database.handle);

    const balances = async () =>
      (
        await db.execute<{ code: string; balance: string }>(
          sql`SELECT code, ledger_balance::text AS balance FROM tokens ORDER BY code`,
        )
      ).rows.map((row) => [row.code, Number(row.balance)]);
    expect(await balances()).toEqual([
      ['BTC', 0.12345678],
      ['PIX', 0],
      ['USDT', 100.499999],
    ]);
    // the previous release, still running during the upgrade, inserts as it always did
    await db.execute(entry('pix', 'credit', '10'));
    await db.execute(entry('usdt', 'debit', '0.499999'));
    expect(await balances()).toEqual([
      ['BTC', 0.12345678],
      ['PIX', 10],
      ['USDT', 100],
    ]);
    // and cannot take a sum below zero any more
    await expect(db.execute(entry('pix', 'debit', '10.01'))).rejects.toThrow();
    expect(await balances()).toEqual([
      ['BTC', 0.12345678],
      ['PIX', 10],
      ['USDT', 100],
    ]);
  }, 120_000);

  it('tells the catalogue of a token changed, not of its balance moved by the ledger', async () => {
    const { db } = database.handle;
    const heard: string[] = [];
    const unlisten = await database.handle.listen({
      catalogue_changed: (table) => heard.push(table),
    });
    try {
      // a ledger write alone (the balance's own update): every order page would read again
      await db.execute(entry('usdt', 'credit', '1'));
      await db.execute(sql`SELECT pg_sleep(0.3)`);
      expect(heard).toEqual([]);
      // a change of the token itself, alone or with the balance, is the catalogue's
      await db.execute(sql`UPDATE tokens SET name = 'Tether USD' WHERE id = 'usdt'`);
      await expect.poll(() => heard, { timeout: 2000 }).toEqual(['tokens']);
      await db.execute(
        sql`UPDATE tokens SET name = 'Tether', ledger_balance = ledger_balance WHERE id = 'usdt'`,
      );
      await expect.poll(() => heard, { timeout: 2000 }).toEqual(['tokens', 'tokens']);
      await db.execute(
        sql`INSERT INTO tokens (id, code, name, kind, precision) VALUES ('eth', 'ETH', 'Ether', 'crypto', 8)`,
      );
      await expect.poll(() => heard, { timeout: 2000 }).toEqual(['tokens', 'tokens', 'tokens']);
    } finally {
      await unlisten();
    }
  }, 60_000);
});
