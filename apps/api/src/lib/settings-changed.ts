import type { FastifyBaseLogger } from 'fastify';

/** What changed: the names of the settings fields (e.g. `pixMaxReceive`). */
export interface SettingsChange {
  fields: readonly string[];
}

export type SettingsListener = (change: SettingsChange) => void;

/**
 * The app-level "settings changed" signal. The settings module emits it after a change has
 * committed; every module that keeps a copy of the settings (the pricing snapshot of quotes, the
 * order page's snapshot, the public settings) subscribes and drops its copy, so that this
 * instance serves the new values on the next request. Other instances keep their copy until it
 * expires (a couple of seconds): nothing here crosses processes.
 */
export interface SettingsChanged {
  /** Calls `listener` after every committed change; answers the function that unsubscribes. */
  on(listener: SettingsListener): () => void;
  /** Tells every listener (a failing listener is logged and does not stop the others). */
  emit(change: SettingsChange): void;
}

export function createSettingsChanged(log?: Pick<FastifyBaseLogger, 'error'>): SettingsChanged {
  const listeners = new Set<SettingsListener>();
  return {
    on(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit(change) {
      for (const listener of listeners) {
        try {
          listener(change);
        } catch (error) {
          log?.error({ err: error }, 'a settings listener failed');
        }
      }
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** the "settings changed" signal (see lib/settings-changed.ts) */
    settingsChanged: SettingsChanged;
  }
}
