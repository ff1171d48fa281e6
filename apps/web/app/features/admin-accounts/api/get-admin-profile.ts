import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminProfile, SessionResponse } from '@permuta/contracts/accounts';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';

export const adminProfileKey = ['admin', 'me'] as const;

/** GET /api/v1/me for the signed-in admin: its profile (two-factor on or off). */
export async function getAdminProfile(locale: Locale, signal?: AbortSignal): Promise<AdminProfile> {
  const answer = await apiFetch<SessionResponse>(apiPaths.me(), { locale, signal });
  if (answer.user.role !== 'admin') throw new Error('not an admin session');
  return answer.user;
}

export function adminProfileQueryOptions(locale: Locale) {
  return queryOptions({
    queryKey: adminProfileKey,
    queryFn: ({ signal }) => getAdminProfile(locale, signal),
  });
}

export function useAdminProfile(locale: Locale) {
  return useQuery(adminProfileQueryOptions(locale));
}
