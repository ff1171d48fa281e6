import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CustomerProfile, SessionResponse } from '@permuta/contracts/accounts';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { useSession } from '../../../lib/use-session.ts';

/** GET /api/v1/me: the signed-in user's session and profile. */
export function getMe(locale: Locale, signal?: AbortSignal): Promise<SessionResponse> {
  return apiFetch<SessionResponse>(apiPaths.me(), { locale, signal });
}

/**
 * Keyed by the browser session's start, so that another sign-in in this tab never sees the
 * previous customer's cached profile.
 */
export function meQueryKey(sessionStartedAt: string | null) {
  return ['me', sessionStartedAt] as const;
}

export function meQueryOptions(locale: Locale, sessionStartedAt: string | null) {
  return queryOptions({
    queryKey: meQueryKey(sessionStartedAt),
    queryFn: ({ signal }) => getMe(locale, signal),
    enabled: sessionStartedAt !== null,
    // a 401 is an answer (the session is gone), not a hiccup to retry
    retry: (count, error) => count < 1 && !(error as { status?: number }).status,
  });
}

/** The signed-in customer's profile (null data for an admin session). */
export function useMe(locale: Locale) {
  const session = useSession();
  return useQuery({
    ...meQueryOptions(locale, session?.createdAt ?? null),
    select: (answer): CustomerProfile | null =>
      answer.user.role === 'customer' ? answer.user : null,
  });
}
