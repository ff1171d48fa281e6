import { useSession } from '../../../lib/use-session.ts';

/**
 * Query keys of the customer's orders, under the browser session's start: another sign-in in
 * this tab never sees the previous customer's cached orders.
 */
export const orderKeys = {
  all: (session: string | null) => ['orders', session] as const,
  lists: (session: string | null) => ['orders', session, 'list'] as const,
  list: (session: string | null, query: { status: string; page: number }) =>
    ['orders', session, 'list', query] as const,
  detail: (session: string | null, id: string) => ['orders', session, 'detail', id] as const,
  limits: (session: string | null) => ['orders', session, 'limits'] as const,
};

/** The start of the browser session, the first part of every order key. */
export function useSessionKey(): string | null {
  return useSession()?.createdAt ?? null;
}
