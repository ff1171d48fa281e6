import { useEffect } from 'react';
import { useNavigation } from 'react-router';

/**
 * A deploy removes the chunks of the previous build. When a page being opened cannot load its
 * code, the app reloads that page (the target, not the current one) from the server, once: a
 * second failure for the same target within a minute is left to the error page.
 *
 * React Router reloads the *current* document when a route module fails to import; the target
 * of the navigation in flight is kept in sessionStorage so that the reloaded app continues there.
 */
export const PENDING_KEY = 'permuta:navigation';
export const RELOADED_KEY = 'permuta:chunk-reload';
const PENDING_MAX_AGE_MS = 30_000;
const RELOAD_GUARD_MS = 60_000;

interface Stamp {
  readonly href: string;
  readonly at: number;
}

function session(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

function readStamp(storage: Storage, key: string): Stamp | null {
  try {
    const value: unknown = JSON.parse(storage.getItem(key) ?? 'null');
    if (typeof value !== 'object' || value === null) return null;
    const { href, at } = value as Record<string, unknown>;
    return typeof href === 'string' && typeof at === 'number' ? { href, at } : null;
  } catch {
    return null;
  }
}

/**
 * Reload `href` unless it was already reloaded for a chunk failure in the last minute.
 * Returns whether a reload was started.
 */
export function reloadOnce(
  href: string,
  storage: Storage | null = session(),
  now: number = Date.now(),
  assign: (href: string) => void = (to) => window.location.assign(to),
): boolean {
  if (!storage) return false;
  const last = readStamp(storage, RELOADED_KEY);
  if (last && last.href === href && now - last.at < RELOAD_GUARD_MS) return false;
  storage.setItem(RELOADED_KEY, JSON.stringify({ href, at: now } satisfies Stamp));
  assign(href);
  return true;
}

function currentHref(): string {
  const { pathname, search, hash } = window.location;
  return `${pathname}${search}${hash}`;
}

/** How this document was loaded: 'reload' for location.reload(), 'navigate' for a typed URL or link. */
function loadType(): string {
  try {
    const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    return entry?.type ?? 'navigate';
  } catch {
    return 'navigate';
  }
}

/**
 * On start: a navigation that was in flight when the router reloaded the page continues to its
 * target. Only a reload resumes it: a page opened by typing its address (or from a bookmark or
 * another site) while an in-app navigation was still loading stays where the visitor asked.
 */
export function recoverChunkReload(
  now: number = Date.now(),
  storage: Storage | null = session(),
  type: string = loadType(),
  href: string = typeof window === 'undefined' ? '' : currentHref(),
  assign?: (href: string) => void,
): void {
  if (!storage) return;
  const pending = readStamp(storage, PENDING_KEY);
  storage.removeItem(PENDING_KEY);
  if (!pending || type !== 'reload' || now - pending.at > PENDING_MAX_AGE_MS) return;
  if (pending.href !== href) reloadOnce(pending.href, storage, now, assign);
}

/** Vite reports a failed dynamic import (a lazy component's chunk): reload the target once. */
export function installChunkReload(): () => void {
  const onPreloadError = (event: Event) => {
    const storage = session();
    const pending = storage ? readStamp(storage, PENDING_KEY) : null;
    if (reloadOnce(pending?.href ?? currentHref())) event.preventDefault();
  };
  window.addEventListener('vite:preloadError', onPreloadError);
  return () => window.removeEventListener('vite:preloadError', onPreloadError);
}

/** Keeps the target of the navigation in flight in sessionStorage. */
export function usePendingNavigation(): void {
  const navigation = useNavigation();
  const target = navigation.location
    ? `${navigation.location.pathname}${navigation.location.search}${navigation.location.hash}`
    : null;
  useEffect(() => {
    const storage = session();
    if (!storage) return;
    if (target) storage.setItem(PENDING_KEY, JSON.stringify({ href: target, at: Date.now() }));
    else storage.removeItem(PENDING_KEY);
  }, [target]);
}
