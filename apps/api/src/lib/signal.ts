import type { Log } from './log.ts';

/**
 * An in-process signal: listeners told, one after the other, of each emitted value. A failing
 * listener is logged and does not stop the others. Nothing crosses processes: what must reach
 * other instances goes through the database's notifications as well.
 */
export interface Signal<T> {
  /** Calls `listener` on every emit; answers the function that unsubscribes. */
  on(listener: (value: T) => void): () => void;
  emit(value: T): void;
}

export function createSignal<T>(name: string, log?: Pick<Log, 'error'>): Signal<T> {
  const listeners = new Set<(value: T) => void>();
  return {
    on(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit(value) {
      for (const listener of listeners) {
        try {
          listener(value);
        } catch (error) {
          log?.error({ err: error }, `a listener of ${name} failed`);
        }
      }
    },
  };
}
