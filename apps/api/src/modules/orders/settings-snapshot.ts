import type { Db, Settings } from '@permuta/db';
import { readSettings } from './orders.repository.ts';

/** How long a read of the settings row is reused where a short delay is acceptable. */
export const SETTINGS_SNAPSHOT_MS = 2000;

export interface SettingsSnapshot {
  /** The settings row as read at most SETTINGS_SNAPSHOT_MS ago (one read at a time). */
  get(): Promise<Settings>;
  /** Forgets the snapshot: the next get() reads the row again (call it after writing settings). */
  invalidate(): void;
}

const snapshots = new WeakMap<Db, SettingsSnapshot>();

/**
 * The settings of `db` for reads that may lag behind a change by up to two seconds (as the
 * pricing module's snapshot of prices): what the order page shows (payment instructions,
 * operating hours). Never for a decision inside a money transaction (order creation, moves,
 * payouts read the row themselves). One snapshot per database, so a writer can invalidate it.
 */
export function settingsSnapshot(db: Db): SettingsSnapshot {
  let snapshot = snapshots.get(db);
  if (snapshot) return snapshot;
  let cached: { settings: Settings; expires: number } | null = null;
  let loading: Promise<Settings> | null = null;
  // A read started before an invalidation must not be kept as the snapshot.
  let generation = 0;
  snapshot = {
    get() {
      if (cached && cached.expires > Date.now()) return Promise.resolve(cached.settings);
      if (loading) return loading;
      const started = generation;
      const load = readSettings(db)
        .then((settings) => {
          if (started === generation)
            cached = { settings, expires: Date.now() + SETTINGS_SNAPSHOT_MS };
          return settings;
        })
        .finally(() => {
          if (loading === load) loading = null;
        });
      loading = load;
      return load;
    },
    invalidate() {
      generation += 1;
      cached = null;
      loading = null;
    },
  };
  snapshots.set(db, snapshot);
  return snapshot;
}
