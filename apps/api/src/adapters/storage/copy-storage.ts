import { createHash } from 'node:crypto';
import type { FileStorage } from './storage.ts';

export interface CopyCounts {
  /** written to the destination and read back with the same sha256 */
  copied: number;
  /** already in the destination with the same sha256 (an earlier run), or gone from the source */
  skipped: number;
  /** not copied, or copied but read back different: see `failures` */
  failed: number;
  failures: { key: string; reason: string }[];
}

export type CopyEvent =
  { kind: 'copied' | 'skipped'; key: string } | { kind: 'failed'; key: string; reason: string };

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * Copies every file of `from` into `to`, one at a time, in the order `from.list()` gives.
 * Resumable: a file the destination already holds with the same sha256 is skipped, so a run
 * stopped midway (killed, a network failure) is finished by running it again; a file there with
 * other bytes (a half-copied or stale one) is written again. Verified: each written file is
 * read back from the destination and compared by sha256. Nothing is deleted from either side.
 */
export async function copyStorage(
  from: FileStorage,
  to: FileStorage,
  onEvent: (event: CopyEvent) => void = () => {},
): Promise<CopyCounts> {
  const counts: CopyCounts = { copied: 0, skipped: 0, failed: 0, failures: [] };
  for await (const key of from.list()) {
    try {
      const bytes = await from.get(key);
      if (bytes === null) {
        // deleted from the source since it was listed: nothing to copy
        counts.skipped++;
        onEvent({ kind: 'skipped', key });
        continue;
      }
      const expected = sha256(bytes);
      const present = await to.get(key);
      if (present !== null && sha256(present) === expected) {
        counts.skipped++;
        onEvent({ kind: 'skipped', key });
        continue;
      }
      await to.put(key, bytes);
      const back = await to.get(key);
      if (back === null || sha256(back) !== expected) {
        throw new Error(
          back === null ? 'not found after writing' : 'read back with another sha256',
        );
      }
      counts.copied++;
      onEvent({ kind: 'copied', key });
    } catch (error) {
      const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      counts.failed++;
      counts.failures.push({ key, reason });
      onEvent({ kind: 'failed', key, reason });
    }
  }
  return counts;
}
