import { dec } from '@permuta/contracts';
import { tokens, treasuryEntries } from '@permuta/db';
import type { DbHandle } from '@permuta/db';
import { eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/build-test-app.ts';
import { AppError } from '../../lib/app-error.ts';
import { ledgerBalance, lockTokens, summedLedgers } from './treasury.repository.ts';
import { appendLedgerEntry } from './treasury.service.ts';

/**
 * Decision 064: `tokens.ledger_balance` is the ledger's sum, kept by triggers on
 * `treasury_entries` whoever writes (appendLedgerEntry, a raw insert of the previous release or
 * a script, several rows in one statement, a correction, a removal), and never below zero.
 */

const CODES = ['LGA', 'LGB', 'LGC'] as const;

/** an amount of up to 6 decimal places, 0.000001 to 1,000 */
const amount = fc
  .integer({ min: 1, max: 1_000_000_000 })
  .map((micro) => dec(micro).div(1_000_000).toFixed());
const token = fc.integer({ min: 0, max: CODES.length - 1 });
const direction = fc.constantFrom('credit' as const, 'debit' as const);

const step = fc.oneof(
  // the application's writer: a debit below zero is refused with TREASURY_NEGATIVE
  fc.record({ kind: fc.constant('append' as const), token, direction, amount }),
  // a writer that does not know the column (the previous release, a script): several rows at once
  fc.record({
    kind: fc.constant('raw' as const),
    rows: fc.array(fc.record({ token, direction, amount }), { minLength: 1, maxLength: 4 }),
  }),
  // a correction of an entry's amount, and a removal (neither is done by the application)
  fc.record({ kind: fc.constant('update' as const), pick: fc.nat(), amount }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
);

describe('the running ledger balance of a token', () => {
  let handle: DbHandle;
  let drop: () => Promise<void>;
  const ids = new Map<string, string>();

  beforeAll(async () => {
    ({ handle, drop } = await openTestDatabase());
    for (const [i, code] of CODES.entries()) {
      const id = `ledger-test-${code}`;
      await handle.db.insert(tokens).values({
        id,
        code,
        name: `Ledger ${code}`,
        kind: 'crypto',
        precision: 6,
        sortOrder: 900 + i,
      });
      ids.set(code, id);
    }
  }, 120_000);

  afterAll(async () => {
    await drop?.();
  });

  const idOf = (index: number) => ids.get(CODES[index]!)!;
  const ours = () => [...ids.values()];

  async function balances(): Promise<Map<string, string>> {
    const rows = await handle.db
      .select({ id: tokens.id, balance: sql<string>`${tokens.ledgerBalance}::text` })
      .from(tokens)
      .where(inArray(tokens.id, ours()));
    return new Map(rows.map((row) => [row.id, dec(row.balance).toFixed()]));
  }

  async function expectedBalances(): Promise<Map<string, string>> {
    const sums = await summedLedgers(handle.db);
    return new Map(ours().map((id) => [id, dec(sums.get(id) ?? '0').toFixed()]));
  }

  /** true when the database refused the write because a sum would go below zero */
  function refusedBelowZero(error: unknown): boolean {
    if (error instanceof AppError) return error.code === 'TREASURY_NEGATIVE';
    const text = String((error as { cause?: unknown })?.cause ?? error);
    return text.includes('tokens_ledger_balance_non_negative');
  }

  it('always equals the sum of the entries, whoever writes them, and never goes below zero', async () => {
    const db = handle.db;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        await db.delete(treasuryEntries).where(inArray(treasuryEntries.tokenId, ours()));
        expect([...(await balances()).values()]).toEqual(['0', '0', '0']);
        for (const s of steps) {
          try {
            await db.transaction(async (tx) => {
              if (s.kind === 'append') {
                await appendLedgerEntry(tx, {
                  tokenId: idOf(s.token),
                  tokenCode: CODES[s.token]!,
                  direction: s.direction,
                  amount: s.amount,
                  kind: 'adjustment',
                  note: 'property',
                });
              } else if (s.kind === 'raw') {
                await lockTokens(
                  tx,
                  s.rows.map((row) => idOf(row.token)),
                );
                await tx.insert(treasuryEntries).values(
                  s.rows.map((row) => ({
                    tokenId: idOf(row.token),
                    direction: row.direction,
                    amount: row.amount,
                    kind: 'adjustment' as const,
                    note: 'property, raw',
                  })),
                );
              } else {
                const entries = await tx
                  .select({ id: treasuryEntries.id })
                  .from(treasuryEntries)
                  .where(inArray(treasuryEntries.tokenId, ours()))
                  .orderBy(treasuryEntries.id);
                const entry = entries[s.pick % Math.max(1, entries.length)];
                if (!entry) return;
                if (s.kind === 'update') {
                  await tx
                    .update(treasuryEntries)
                    .set({ amount: s.amount })
                    .where(eq(treasuryEntries.id, entry.id));
                } else {
                  await tx.delete(treasuryEntries).where(eq(treasuryEntries.id, entry.id));
                }
              }
            });
          } catch (error) {
            if (!refusedBelowZero(error)) throw error;
          }
          const kept = await balances();
          expect(kept).toEqual(await expectedBalances());
          for (const value of kept.values()) expect(dec(value).gte(0)).toBe(true);
        }
        // what the stock checks read is that balance
        const expected = await expectedBalances();
        for (const id of ours()) {
          expect(dec(await ledgerBalance(db, id)).toFixed()).toBe(expected.get(id));
        }
      }),
      { numRuns: 40 },
    );
  }, 240_000);

  it('is refused by the database below zero, even to a writer that checks nothing', async () => {
    const db = handle.db;
    const id = idOf(0);
    await db.delete(treasuryEntries).where(inArray(treasuryEntries.tokenId, ours()));
    await db.insert(treasuryEntries).values({
      tokenId: id,
      direction: 'credit',
      amount: '5',
      kind: 'adjustment',
      note: 'five',
    });
    const error = await db
      .insert(treasuryEntries)
      .values({
        tokenId: id,
        direction: 'debit',
        amount: '5.000001',
        kind: 'adjustment',
        note: 'too much',
      })
      .then(
        () => null,
        (caught: unknown) => caught,
      );
    expect(refusedBelowZero(error)).toBe(true);
    expect(await ledgerBalance(db, id)).toSatisfy((value: string) => dec(value).eq(5));
    expect((await summedLedgers(db)).get(id)).toSatisfy((value: string) => dec(value).eq(5));
  });

  it('adds up writes of many transactions at once', async () => {
    const db = handle.db;
    await db.delete(treasuryEntries).where(inArray(treasuryEntries.tokenId, ours()));
    // 24 transactions over the three tokens, each crediting two tokens in one statement
    await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        db.transaction(async (tx) => {
          await tx.insert(treasuryEntries).values([
            {
              tokenId: idOf(i % 3),
              direction: 'credit' as const,
              amount: '1.5',
              kind: 'adjustment' as const,
              note: 'at once',
            },
            {
              tokenId: idOf((i + 1) % 3),
              direction: 'credit' as const,
              amount: '0.25',
              kind: 'adjustment' as const,
              note: 'at once',
            },
          ]);
        }),
      ),
    );
    // every token got 8 × 1.5 and 8 × 0.25
    expect([...(await balances()).values()]).toEqual(['14', '14', '14']);
    expect(await balances()).toEqual(await expectedBalances());
  });

  it('is zero again after the ledger is emptied at once', async () => {
    const db = handle.db;
    await db.insert(treasuryEntries).values({
      tokenId: idOf(1),
      direction: 'credit',
      amount: '3',
      kind: 'adjustment',
      note: 'three',
    });
    await db.execute(sql`TRUNCATE treasury_entries`);
    expect([...(await balances()).values()]).toEqual(['0', '0', '0']);
  });
});
