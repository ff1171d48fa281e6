import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * false while prerendering and while hydrating, true afterwards: what a prerendered page shows
 * from data it did not have at build time (a query string, the catalogue) must wait for it, or
 * React finds text the HTML does not hold and throws its hydration error.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
