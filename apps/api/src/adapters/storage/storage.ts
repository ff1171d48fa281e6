import { randomBytes } from 'node:crypto';
import { access, constants, mkdir, open, readFile, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded files live: behind this interface, so that a shared volume or an
 * S3-compatible store can replace the local disk. Keys are made by the server (see
 * `newStorageKey`), never from user input; every implementation refuses any other shape.
 */
export interface FileStorage {
  readonly kind: 'disk' | 'memory' | 's3';
  put(key: string, bytes: Buffer): Promise<void>;
  /** the bytes, or null when there is no such file */
  get(key: string): Promise<Buffer | null>;
  /** removes the file; no error when it is already gone */
  delete(key: string): Promise<void>;
  /**
   * Every stored key (under `folder` when given), in no promised order. Walks the whole store:
   * for copying between storages and for operators, never on a request's path.
   */
  list(folder?: string): AsyncIterable<string>;
  /** resolves when the storage can be written to now (the readiness probe); throws otherwise */
  check(): Promise<void>;
  /** lets go of connections, if any (the app's close) */
  close(): Promise<void>;
}

/** `<folder>/<64 hex>` or `<64 hex>`: lowercase folder names, random file names. */
const KEY_PATTERN = /^(?:[a-z][a-z0-9-]{0,31}\/)?[0-9a-f]{64}$/;

export class InvalidStorageKeyError extends Error {
  override name = 'InvalidStorageKeyError';
}

/** `documents`, `payment-proofs`: the folder part of a key. */
const FOLDER_PATTERN = /^[a-z][a-z0-9-]{0,31}$/;

export function isStorageKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

export function assertKey(key: string): void {
  if (!KEY_PATTERN.test(key)) throw new InvalidStorageKeyError('invalid storage key');
}

export function assertFolder(folder: string | undefined): void {
  if (folder !== undefined && !FOLDER_PATTERN.test(folder)) {
    throw new InvalidStorageKeyError('invalid storage folder');
  }
}

/** A fresh random key (256 bits from the system's CSPRNG) in `folder`. */
export function newStorageKey(folder: string): string {
  const key = `${folder}/${randomBytes(32).toString('hex')}`;
  assertKey(key);
  return key;
}

/**
 * Local disk under `root` (`${DATA_DIR}/uploads`), outside any public path. Files are written
 * to a temporary name and renamed into place, so a reader never sees half a file; owner-only
 * permissions.
 */
export class DiskFileStorage implements FileStorage {
  readonly kind = 'disk';
  readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  private pathOf(key: string): string {
    assertKey(key);
    const full = path.resolve(this.root, key);
    // The pattern already rules out '..' and absolute paths; this is the belt to its braces.
    if (!full.startsWith(this.root + path.sep)) throw new InvalidStorageKeyError('outside root');
    return full;
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    const temporary = `${target}.${randomBytes(6).toString('hex')}.partial`;
    const file = await open(temporary, 'wx', 0o600);
    try {
      await file.writeFile(bytes);
      await file.sync();
    } finally {
      await file.close();
    }
    try {
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.pathOf(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async *list(folder?: string): AsyncIterable<string> {
    assertFolder(folder);
    // the root's own files (keys without a folder), then one level of folders: the key shape
    const folders = folder === undefined ? [undefined, ...(await this.folders())] : [folder];
    for (const name of folders) {
      const dir = name === undefined ? this.root : path.join(this.root, name);
      let entries;
      try {
        entries = await readdir(dir, { withFileTypes: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw error;
      }
      for (const entry of entries) {
        if (!entry.isFile()) continue; // skips folders; `.partial` names fail the pattern below
        const key = name === undefined ? entry.name : `${name}/${entry.name}`;
        if (KEY_PATTERN.test(key)) yield key;
      }
    }
  }

  private async folders(): Promise<string[]> {
    try {
      const entries = await readdir(this.root, { withFileTypes: true });
      return entries
        .filter((e) => e.isDirectory() && FOLDER_PATTERN.test(e.name))
        .map((e) => e.name);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
  }

  async check(): Promise<void> {
    await mkdir(this.root, { recursive: true, mode: 0o700 });
    await access(this.root, constants.R_OK | constants.W_OK);
  }

  async close(): Promise<void> {}
}

/** In process memory: the storage of `DATA_DIR=memory://` (tests, throw-away runs). */
export class MemoryFileStorage implements FileStorage {
  readonly kind = 'memory';
  private readonly files = new Map<string, Buffer>();

  async put(key: string, bytes: Buffer): Promise<void> {
    assertKey(key);
    this.files.set(key, Buffer.from(bytes));
  }

  async get(key: string): Promise<Buffer | null> {
    assertKey(key);
    const bytes = this.files.get(key);
    return bytes ? Buffer.from(bytes) : null;
  }

  async delete(key: string): Promise<void> {
    assertKey(key);
    this.files.delete(key);
  }

  async *list(folder?: string): AsyncIterable<string> {
    assertFolder(folder);
    for (const key of [...this.files.keys()]) {
      if (folder === undefined || key.startsWith(`${folder}/`)) yield key;
    }
  }

  async check(): Promise<void> {}

  async close(): Promise<void> {}

  /** the stored keys (for tests) */
  keys(): string[] {
    return [...this.files.keys()];
  }
}

/** The storage for a data dir: memory for `memory://...`, otherwise `${dataDir}/uploads`. */
export function createFileStorage(dataDir: string): FileStorage {
  if (dataDir.startsWith('memory://')) return new MemoryFileStorage();
  return new DiskFileStorage(path.join(dataDir, 'uploads'));
}
