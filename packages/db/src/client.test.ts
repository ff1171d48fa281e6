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
