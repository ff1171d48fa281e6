/**
 * The URLs the page shell itself needs (every page loads this module, so it stays tiny): signing
 * out and the deployed build's files. Every other URL is in ../paths.ts.
 */
export const shellPaths = {
  signOut: () => '/api/v1/auth/sign-out',
} as const;

/** Static files of the deployed build (relative to the site root). */
export const buildPaths = {
  latest: (now: number) => `/builds/latest.json?t=${now}`,
  meta: (id: string) => `/builds/meta/${encodeURIComponent(id)}.json`,
} as const;
