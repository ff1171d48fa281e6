import { BUILD_ID } from './build-info.ts';
import { buildPaths } from './paths/core.ts';

/**
 * New-version check: `builds/latest.json` names the deployed build. When it is not the build
 * running here, the next navigation loads the page from the server (a full reload) instead of
 * rendering it with outdated code.
 */
export const POLL_INTERVAL_MS = 60 * 60 * 1000;
export const FIRST_CHECK_DELAY_MS = 1000;

let latestId: string | null = null;

export function isOutdated(currentId: string, latest: string | null): boolean {
  return latest !== null && latest !== '' && latest !== currentId;
}

export function updateAvailable(): boolean {
  return isOutdated(BUILD_ID, latestId);
}

interface NetworkInformationLike {
  readonly effectiveType?: string;
  readonly saveData?: boolean;
}

function slowConnection(): boolean {
  const connection = (navigator as Navigator & { connection?: NetworkInformationLike }).connection;
  return connection?.effectiveType === 'slow-2g';
}

export async function checkLatestBuild(now: number = Date.now()): Promise<string | null> {
  try {
    const response = await fetch(buildPaths.latest(now), { cache: 'no-store' });
    if (!response.ok) return null;
    const body: unknown = await response.json();
    const id = typeof body === 'object' && body !== null ? (body as { id?: unknown }).id : null;
    if (typeof id === 'string') latestId = id;
    return latestId;
  } catch {
    return null; // offline, or the file is missing (development)
  }
}

/** Polls hourly (first check after a second); not on slow-2g, not in development. */
export function startVersionPolling(): () => void {
  if (import.meta.env.DEV || BUILD_ID === 'dev') return () => undefined;
  const tick = () => {
    if (!slowConnection()) void checkLatestBuild();
  };
  const first = setTimeout(tick, FIRST_CHECK_DELAY_MS);
  const every = setInterval(tick, POLL_INTERVAL_MS);
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}

/**
 * Called at the start of every client navigation: with a newer build deployed, open the target
 * with a document request (new HTML, new chunks) and never finish the client navigation.
 */
export async function reloadIfOutdated(target: string): Promise<void> {
  if (!updateAvailable()) return;
  const url = new URL(target, window.location.href);
  window.location.assign(`${url.pathname}${url.search}${url.hash}`);
  await new Promise<never>(() => undefined);
}
