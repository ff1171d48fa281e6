/** Every URL the web app calls, in one place. */
export const apiPaths = {
  tokens: () => '/api/v1/tokens',
  quotes: () => '/api/v1/quotes',
  signOut: () => '/api/auth/sign-out',
} as const;

/** Static files of the deployed build (relative to the site root). */
export const buildPaths = {
  latest: (now: number) => `/builds/latest.json?t=${now}`,
  meta: (id: string) => `/builds/meta/${encodeURIComponent(id)}.json`,
} as const;
