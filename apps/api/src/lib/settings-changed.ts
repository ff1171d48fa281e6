import type { FastifyBaseLogger } from 'fastify';
import { createSignal } from './signal.ts';
import type { Signal } from './signal.ts';

/** What changed: the names of the settings fields (e.g. `pixMaxReceive`). */
export interface SettingsChange {
  fields: readonly string[];
}

/**
 * The app-level "settings changed" signal. The settings module emits it after a change has
 * committed; every module that keeps a copy of the settings (the pricing snapshot of quotes, the
 * order page's snapshot, the public settings) subscribes and drops its copy, so that this
 * instance serves the new values on the next request. Other instances keep their copy until it
 * expires (a couple of seconds): nothing here crosses processes.
 */
export type SettingsChanged = Signal<SettingsChange>;

export function createSettingsChanged(log?: Pick<FastifyBaseLogger, 'error'>): SettingsChanged {
  return createSignal<SettingsChange>('settings changed', log);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** the "settings changed" signal (see lib/settings-changed.ts) */
    settingsChanged: SettingsChanged;
  }
}
