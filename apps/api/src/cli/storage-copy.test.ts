import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyStorage } from '../adapters/storage/copy-storage.ts';
import { S3FileStorage } from '../adapters/storage/s3-storage.ts';
import { DiskFileStorage, newStorageKey } from '../adapters/storage/storage.ts';
import type { FileStorage } from '../adapters/storage/storage.ts';
import { startS3Server } from '../../test/s3-server.ts';
import type { TestS3Server } from '../../test/s3-server.ts';

const run = promisify(execFile);
const CLI = path.join(import.meta.dirname, 'storage-copy.ts');

let s3: TestS3Server;
let tmp: string;
const opened: FileStorage[] = [];
beforeAll(async () => {
  s3 = await startS3Server(['copy-direct', 'copy-cli', 'copy-killed']);
  tmp = await mkdtemp(path.join(os.tmpdir(), 'permuta-copy-'));
});
afterAll(async () => {
  for (const storage of opened) await storage.close();
  await s3?.close();
  await rm(tmp, { recursive: true, force: true });
});

/** A data dir with `count` files of random bytes under DATA_DIR/uploads; their bytes by key. */
async function dataDirWith(count: number, size = 2000) {
  const dataDir = path.join(tmp, randomBytes(6).toString('hex'));
  const disk = new DiskFileStorage(path.join(dataDir, 'uploads'));
  const files = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    const key = newStorageKey(i % 2 ? 'documents' : 'payment-proofs');
    const bytes = randomBytes(size + i);
    await disk.put(key, bytes);
    files.set(key, bytes);
  }
  return { dataDir, disk, files };
}

function bucket(name: string): S3FileStorage {
  const storage = new S3FileStorage(s3.config(name));
  opened.push(storage);
  return storage;
}

async function expectSameFiles(storage: FileStorage, files: Map<string, Buffer>) {
  const keys: string[] = [];
  for await (const key of storage.list()) keys.push(key);
  expect(keys.sort()).toEqual([...files.keys()].sort());
  for (const [key, bytes] of files) expect((await storage.get(key))!.equals(bytes), key).toBe(true);
}

/** The environment of an operator's shell: the S3 settings, no database or storage choice. */
function operatorEnv(env: Record<string, string>) {
  const base = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !name.startsWith('S3_') && !['DATA_DIR', 'STORAGE', 'NODE_ENV'].includes(name),
    ),
  );
  return { ...base, LOG_LEVEL: 'silent', ...env };
}

async function storageCopy(args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(process.execPath, [CLI, ...args], {
      env: operatorEnv(env),
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

describe('copying a storage', () => {
  it('copies what is missing, writes again what differs, skips what is already there', async () => {
    const { disk, files } = await dataDirWith(6);
    const target = bucket('copy-direct');
    const [first, second, third] = [...files.keys()];
    // an earlier run stopped midway: two files arrived whole, one arrived with other bytes
    await target.put(first!, files.get(first!)!);
    await target.put(second!, files.get(second!)!);
    await target.put(third!, Buffer.from('stale'));

    const counts = await copyStorage(disk, target);
    expect(counts).toEqual({ copied: 4, skipped: 2, failed: 0, failures: [] });
    await expectSameFiles(target, files);

    expect(await copyStorage(disk, target)).toMatchObject({ copied: 0, skipped: 6, failed: 0 });
  });

  it('counts a file it could not write as failed, and goes on with the others', async () => {
    const { disk, files } = await dataDirWith(3);
    const counts = await copyStorage(disk, bucket('no-such-bucket'));
    expect(counts.copied).toBe(0);
    expect(counts.failed).toBe(3);
    expect(counts.failures.map((f) => f.key).sort()).toEqual([...files.keys()].sort());
  });
});

describe('npm run storage:copy', () => {
  it('copies a data dir to the S3 bucket of the S3_* settings, then skips it all on a rerun', async () => {
    const { dataDir, files } = await dataDirWith(5);
    const env = { DATA_DIR: dataDir, ...s3.env('copy-cli') };
    delete (env as Record<string, string>).STORAGE; // the installation still runs on disk

    const first = await storageCopy(['--from', 'disk', '--to', 's3'], env);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('to s3 bucket copy-cli');
    expect(first.stdout).toContain('copied 5, skipped 0, failed 0');
    await expectSameFiles(bucket('copy-cli'), files);

    const again = await storageCopy(['--from', `disk:${dataDir}`, '--to', 's3:copy-cli'], env);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('copied 0, skipped 5, failed 0');

    // and back from the bucket to an empty data dir
    const emptyDir = path.join(tmp, randomBytes(6).toString('hex'));
    const back = await storageCopy(['--from', 's3', '--to', `disk:${emptyDir}`], env);
    expect(back.code).toBe(0);
    expect(back.stdout).toContain('copied 5, skipped 0, failed 0');
    await expectSameFiles(new DiskFileStorage(path.join(emptyDir, 'uploads')), files);
  });

  it('finishes on a rerun the copy of a run killed midway', async () => {
    const { dataDir, files } = await dataDirWith(150, 40_000);
    const env = { DATA_DIR: dataDir, ...s3.env('copy-killed') };
    delete (env as Record<string, string>).STORAGE;

    // killed (SIGKILL, no clean-up) right after its third file
    const child = spawn(process.execPath, [CLI, '--from', 'disk', '--to', 's3'], {
      env: operatorEnv(env),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let copiedLines = 0;
    let output = '';
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.on('exit', (_, signal) => resolve(signal)),
    );
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      copiedLines = output.split('\n').filter((line) => /^copied [a-z]/.test(line)).length;
      if (copiedLines >= 3) child.kill('SIGKILL');
    });
    expect(await exited).toBe('SIGKILL');

    let present = 0;
    for await (const key of bucket('copy-killed').list()) if (files.has(key)) present++;
    expect(present).toBeGreaterThanOrEqual(3);
    expect(present).toBeLessThan(files.size);

    const rerun = await storageCopy(['--from', 'disk', '--to', 's3', '--quiet'], env);
    expect(rerun.code).toBe(0);
    const [, copied, skipped, failed] =
      /copied (\d+), skipped (\d+), failed (\d+)/.exec(rerun.stdout)?.map(Number) ?? [];
    expect(failed).toBe(0);
    expect(skipped).toBeGreaterThanOrEqual(present - 1); // one may have been cut mid-write
    expect(copied! + skipped!).toBe(files.size);
    await expectSameFiles(bucket('copy-killed'), files);
  });

  it('exits 1 and names each file it could not copy', async () => {
    const { dataDir, files } = await dataDirWith(2);
    const env = { DATA_DIR: dataDir, ...s3.env('no-such-bucket') };
    const res = await storageCopy(['--from', 'disk', '--to', 's3'], env);
    expect(res.code).toBe(1);
    expect(res.stdout).toContain('copied 0, skipped 0, failed 2');
    for (const key of files.keys()) expect(res.stderr).toContain(`failed ${key}`);
  });

  it('refuses a storage it does not know, and s3 without a bucket', async () => {
    const unknown = await storageCopy(['--from', 'ftp', '--to', 's3'], {});
    expect(unknown.code).toBe(64);
    expect(unknown.stderr).toContain('not a storage: ftp');
    const noBucket = await storageCopy(['--from', `disk:${tmp}`, '--to', 's3'], {});
    expect(noBucket.code).toBe(78);
    expect(noBucket.stderr).toContain('S3_BUCKET: required when STORAGE=s3');
    expect((await storageCopy([], {})).code).toBe(64);
  });
});
