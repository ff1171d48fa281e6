import { useSession } from '../../../lib/use-session.ts';

/**
 * Query keys of the reviews. The customer's lists sit under the browser session's start, so that
 * another sign-in in this tab never sees the previous customer's cached reviews; invalidating
 * `all` refreshes every review list (public, customer and back office).
 */
export const reviewKeys = {
  all: ['reviews'] as const,
  public: (query: { page: number; limit: number }) => ['reviews', 'public', query] as const,
  reviewable: (session: string | null) => ['reviews', 'mine', session, 'reviewable'] as const,
  mine: (session: string | null, page: number) =>
    ['reviews', 'mine', session, 'list', page] as const,
  admin: (query: object) => ['reviews', 'admin', query] as const,
};

/** The start of the browser session, the part of the customer's keys that tells sign-ins apart. */
export function useSessionKey(): string | null {
  return useSession()?.createdAt ?? null;
}
