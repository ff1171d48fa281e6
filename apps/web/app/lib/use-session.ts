import { useSyncExternalStore } from 'react';
import { readSession, subscribeSession, type Session } from './session.ts';

const serverSnapshot = (): Session | null => null;

/** The signed-in user, null for a guest (and during prerender/hydration). */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, readSession, serverSnapshot);
}
