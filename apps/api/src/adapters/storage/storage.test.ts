import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DiskFileStorage, MemoryFileStorage, createFileStorage, newStorageKey } from './storage.ts';

/**
 * What only the disk storage and the choice of a storage do. What every storage does (put, get,
 * delete, the keys it refuses, listing...) is in storage.contract.test.ts, for each of them.
 */

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'permuta-storage-'));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('storage keys', () => {
  it('are random: 256 bits in hex under the folder', () => {
    const a = newStorageKey('documents');
    const b = newStorageKey('documents');
    expect(a).toMatch(/^documents\/[0-9a-f]{64}$/);
    expect(a).not.toBe(b);
  });
});

describe('local disk storage', () => {
  it('writes under DATA_DIR/uploads, readable by the owner only, leaving no temporary file', async () => {
    const storage = createFileStorage(dataDir);
    expect(storage).toBeInstanceOf(DiskFileStorage);
    const key = newStorageKey('documents');
    await storage.put(key, Buffer.from('secret'));
    const file = path.join(dataDir, 'uploads', key);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await readdir(path.join(dataDir, 'uploads', 'documents'))).toEqual([key.split('/')[1]]);
  });

  it('is memory for a memory:// data dir', () => {
    expect(createFileStorage('memory://')).toBeInstanceOf(MemoryFileStorage);
  });
});
