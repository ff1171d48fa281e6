import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  DiskFileStorage,
  InvalidStorageKeyError,
  MemoryFileStorage,
  createFileStorage,
  newStorageKey,
} from './storage.ts';
import type { FileStorage } from './storage.ts';

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

describe.each([
  ['local disk', () => createFileStorage(dataDir)],
  ['memory', () => createFileStorage('memory://')],
] as const)('%s storage', (_, make) => {
  let storage: FileStorage;
  beforeEach(() => {
    storage = make();
  });

  it('puts, gets and deletes a file', async () => {
    const key = newStorageKey('documents');
    expect(await storage.get(key)).toBeNull();
    await storage.put(key, Buffer.from('hello'));
    expect((await storage.get(key))?.toString()).toBe('hello');
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  it('refuses keys that are not its own random names', async () => {
    for (const key of [
      '../../etc/passwd',
      '/etc/passwd',
      'documents/../../x',
      'documents/short',
      `documents/${'a'.repeat(64)}/../x`,
      `Documents/${'a'.repeat(64)}`,
      '',
    ]) {
      await expect(storage.put(key, Buffer.from('x')), key).rejects.toThrow(InvalidStorageKeyError);
      await expect(storage.get(key), key).rejects.toThrow(InvalidStorageKeyError);
      await expect(storage.delete(key), key).rejects.toThrow(InvalidStorageKeyError);
    }
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
