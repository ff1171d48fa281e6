import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb, isInMemoryDataDir } from './client.ts';
import { migrate, migrationStatus } from './migrate.ts';
import { tokens } from './schema/index.ts';
import { seedDemoData } from './seed.ts';

describe('PGlite on disk', () => {
  const root = mkdtempSync(join(tmpdir(), 'permuta-db-'));
  const dataDir = join(root, 'nested', 'data');

  afterAll(() => {
    rmSync(root, { recursive: true, force: true });
  });

  it('creates its folder, keeps the data across a clean close and reopen', async () => {
    const first = await createDb({ dataDir });
    expect(first.kind).toBe('pglite');
    expect(first.pglite).toBeDefined();
    await migrate(first);
    expect(await seedDemoData(first.db)).toBe(true);
    await first.close();
    await first.close();

    const second = await createDb({ dataDir });
    try {
      const status = await migrationStatus(second);
      expect(status.applied).toBe(status.expected);
      expect(await second.db.select({ code: tokens.code }).from(tokens)).toHaveLength(4);
      expect(await seedDemoData(second.db)).toBe(false);
    } finally {
      await second.close();
    }
  }, 120_000);
});

describe('data dir names', () => {
  it('treats :memory: and memory:// as in-memory', () => {
    expect(isInMemoryDataDir(':memory:')).toBe(true);
    expect(isInMemoryDataDir('memory://')).toBe(true);
    expect(isInMemoryDataDir('memory://test')).toBe(true);
    expect(isInMemoryDataDir('./data')).toBe(false);
  });
});

describe('in-memory PGlite from a dumped data dir', () => {
  it('starts as the dump was, and apart from it; an on-disk data dir refuses one', async () => {
    const source = await createDb({ dataDir: 'memory://' });
    let dump: Blob;
    try {
      await migrate(source);
      await seedDemoData(source.db);
      dump = await source.pglite!.dumpDataDir('none');
    } finally {
      await source.close();
    }
    const copies = [
      await createDb({ dataDir: 'memory://', loadDataDir: dump }),
      await createDb({ dataDir: 'memory://', loadDataDir: dump }),
    ];
    try {
      for (const copy of copies) {
        const status = await migrationStatus(copy);
        expect(status.applied).toBe(status.expected);
      }
      expect(await copies[0]!.db.select({ code: tokens.code }).from(tokens)).toHaveLength(4);
      await copies[0]!.pglite!.exec('CREATE TABLE only_in_the_first (x int)');
      const present = `SELECT to_regclass('only_in_the_first') IS NOT NULL AS present`;
      expect((await copies[0]!.pglite!.query(present)).rows).toEqual([{ present: true }]);
      expect((await copies[1]!.pglite!.query(present)).rows).toEqual([{ present: false }]);
    } finally {
      await Promise.all(copies.map((copy) => copy.close()));
    }
    await expect(
      createDb({ dataDir: join(tmpdir(), 'permuta-never'), loadDataDir: dump }),
    ).rejects.toThrow(/in-memory PGlite only/);
  }, 120_000);
});
