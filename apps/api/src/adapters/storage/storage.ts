import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded files live: behind this interface, so that a shared volume or an
 * S3-compatible store can replace the local disk. Keys are made by the server (see
 * `newStorageKey`), never from user input; every implementation refuses any other shape.
 */
export interface FileStorage {
  readonly kind: 'disk' | 'memory';
  put(key: string, bytes: Buffer): Promise<void>;
  /** the bytes, or null when there is no such file */
  get(key: string): Promise<Buffer | null>;
  /** removes the file; no error when it is already gone */
  delete(key: string): Promise<void>;
}

/** `<folder>/<64 hex>` or `<64 hex>`: lowercase folder names, random file names. */
const KEY_PATTERN = /^(?:[a-z][a-z0-9-]{0,31}\/)?[0-9a-f]{64}$/;

export class InvalidStorageKeyError extends Error {
  override name = 'InvalidStorageKeyError';
}

function assertKey(key: string): void {
  if (!KEY_PATTERN.test(key)) throw new InvalidStorageKeyError('invalid storage key');
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
