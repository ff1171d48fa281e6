import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server } from '../../../test/s3-server.ts';
import type { TestS3Server } from '../../../test/s3-server.ts';
import { S3FileStorage } from './s3-storage.ts';
import {
  DiskFileStorage,
  InvalidStorageKeyError,
  MemoryFileStorage,
  newStorageKey,
} from './storage.ts';
import type { FileStorage } from './storage.ts';

/**
 * One set of cases, every implementation of FileStorage: what the features rely on holds the
 * same on the disk, in memory and on S3 (s3rver, a real S3 protocol server on 127.0.0.1). When
 * s3rver cannot start or answer, these cases fail: S3 is never skipped.
 */

let s3: TestS3Server;
let tmp: string;
beforeAll(async () => {
  s3 = await startS3Server(['contract', 'contract-sse']);
  tmp = await mkdtemp(path.join(tmpdir(), 'permuta-contract-'));
});
afterAll(async () => {
  await s3?.close();
  await rm(tmp, { recursive: true, force: true });
});

let made: FileStorage[] = [];
afterEach(async () => {
  for (const storage of made) await storage.close();
  made = [];
});

async function all(iterable: AsyncIterable<string>): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of iterable) keys.push(key);
  return keys.sort();
}

/** Each case gets an empty storage: a fresh folder, a fresh map, a fresh folder of the bucket. */
const implementations: [string, () => FileStorage][] = [
  ['local disk', () => new DiskFileStorage(path.join(tmp, randomBytes(6).toString('hex')))],
  ['memory', () => new MemoryFileStorage()],
  ['S3', () => new S3FileStorage(s3.config('contract'))],
  [
    'S3 with server-side encryption and checksums only where required',
    () =>
      new S3FileStorage({
        ...s3.config('contract-sse'),
        sse: 'AES256',
        checksums: 'when_required',
      }),
  ],
];

describe.each(implementations)('%s storage', (_, make) => {
  function storage(): FileStorage {
    const made1 = make();
    made.push(made1);
    return made1;
  }
  /** a folder no other case uses, so that list() sees only this case's files on a shared bucket */
  const folder = () => `f${randomBytes(6).toString('hex')}`;

  it('gives back the exact bytes it was given, all 256 byte values', async () => {
    const store = storage();
    const key = newStorageKey(folder());
    const bytes = Buffer.concat([Buffer.from([...Array(256).keys()]), randomBytes(1000)]);
    await store.put(key, bytes);
    const back = await store.get(key);
    expect(back).not.toBeNull();
    expect(back!.equals(bytes)).toBe(true);
    // an empty file is a file, not a missing one
    const empty = newStorageKey(folder());
    await store.put(empty, Buffer.alloc(0));
    expect((await store.get(empty))?.length).toBe(0);
  });

  it('replaces a file written again under the same key', async () => {
    const store = storage();
    const key = newStorageKey(folder());
    await store.put(key, Buffer.from('first version, longer than the second'));
    await store.put(key, Buffer.from('second'));
    expect((await store.get(key))?.toString()).toBe('second');
  });

  it('answers null for a key never written, and after a delete', async () => {
    const store = storage();
    const key = newStorageKey(folder());
    expect(await store.get(key)).toBeNull();
    await store.put(key, Buffer.from('x'));
    await store.delete(key);
    expect(await store.get(key)).toBeNull();
  });

  it('deletes twice, and deletes what never was, without an error', async () => {
    const store = storage();
    const key = newStorageKey(folder());
    await store.put(key, Buffer.from('x'));
    await expect(store.delete(key)).resolves.toBeUndefined();
    await expect(store.delete(key)).resolves.toBeUndefined();
    await expect(store.delete(newStorageKey(folder()))).resolves.toBeUndefined();
  });

  it('refuses keys and folders that are not its own shapes, before touching anything', async () => {
    const store = storage();
    for (const key of [
      '../../etc/passwd',
      '/etc/passwd',
      'documents/../../x',
      'documents/short',
      `documents/${'a'.repeat(64)}/../x`,
      `Documents/${'a'.repeat(64)}`,
      `documents/${'A'.repeat(64)}`,
      `a/b/${'a'.repeat(64)}`,
      '',
    ]) {
      await expect(store.put(key, Buffer.from('x')), key).rejects.toThrow(InvalidStorageKeyError);
      await expect(store.get(key), key).rejects.toThrow(InvalidStorageKeyError);
      await expect(store.delete(key), key).rejects.toThrow(InvalidStorageKeyError);
    }
    for (const bad of ['..', 'a/b', 'Documents', '']) {
      await expect(all(store.list(bad)), bad).rejects.toThrow(InvalidStorageKeyError);
    }
  });

  it('lists every key, or those of one folder, and no deleted one', async () => {
    const store = storage();
    const [one, two] = [folder(), folder()];
    const inOne = [newStorageKey(one), newStorageKey(one), newStorageKey(one)];
    const inTwo = [newStorageKey(two)];
    for (const key of [...inOne, ...inTwo]) await store.put(key, Buffer.from(key));
    await store.delete(inOne[2]!);
    expect(await all(store.list(one))).toEqual(inOne.slice(0, 2).sort());
    expect(await all(store.list(two))).toEqual(inTwo);
    expect(await all(store.list(folder()))).toEqual([]);
    const everything = await all(store.list());
    expect(everything).toEqual(expect.arrayContaining([...inOne.slice(0, 2), ...inTwo]));
    expect(everything).not.toContain(inOne[2]);
  });

  it('keeps a 5 MB file whole', async () => {
    const store = storage();
    const key = newStorageKey(folder());
    const bytes = randomBytes(5 * 1024 * 1024 + 17);
    await store.put(key, bytes);
    const back = await store.get(key);
    expect(back?.length).toBe(bytes.length);
    expect(back!.equals(bytes)).toBe(true);
  });

  it('keeps every file of many concurrent writes, and one whole version of a contended key', async () => {
    const store = storage();
    const dir = folder();
    const files = Array.from({ length: 24 }, (_, i) => ({
      key: newStorageKey(dir),
      bytes: randomBytes(1000 + i * 37),
    }));
    await Promise.all(files.map(({ key, bytes }) => store.put(key, bytes)));
    for (const { key, bytes } of files) expect((await store.get(key))!.equals(bytes)).toBe(true);
    expect(await all(store.list(dir))).toEqual(files.map((f) => f.key).sort());

    const contended = newStorageKey(dir);
    const versions = Array.from({ length: 8 }, () => randomBytes(64 * 1024));
    await Promise.all(versions.map((bytes) => store.put(contended, bytes)));
    const last = await store.get(contended);
    expect(versions.some((bytes) => bytes.equals(last!))).toBe(true);
  });

  it('is ready when it can be written to', async () => {
    await expect(storage().check()).resolves.toBeUndefined();
  });
});

describe('S3 storage when the bucket or server fails', () => {
  it('is not ready when the bucket does not exist, and reads of it fail rather than say missing', async () => {
    const store = new S3FileStorage(s3.config('no-such-bucket'));
    made.push(store);
    await expect(store.check()).rejects.toThrow();
    await expect(store.get(newStorageKey('documents'))).rejects.toThrow();
    await expect(store.put(newStorageKey('documents'), Buffer.from('x'))).rejects.toThrow();
  });

  it('is not ready when the server does not answer', async () => {
    const store = new S3FileStorage({ ...s3.config('contract'), endpoint: 'http://127.0.0.1:9' });
    made.push(store);
    await expect(store.check()).rejects.toThrow();
  });

  it('ignores objects of the bucket that are not files of this storage', async () => {
    const store = new S3FileStorage(s3.config('contract'));
    made.push(store);
    const { S3Client, PutObjectCommand } = await import('@aws-sdk/client-s3');
    const other = new S3Client({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
    });
    await other.send(
      new PutObjectCommand({ Bucket: 'contract', Key: 'backups/notes.txt', Body: 'not ours' }),
    );
    other.destroy();
    expect(await all(store.list())).not.toContain('backups/notes.txt');
  });
});
