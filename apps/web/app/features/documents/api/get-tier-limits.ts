import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TierLimitsView } from '@permuta/contracts/tiers';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { useSession } from '../../../lib/use-session.ts';

/** Under the browser session's start: another sign-in in this tab never sees these numbers. */
export const tierLimitsKey = (session: string | null) => ['tier-limits', session] as const;

/** GET /api/v1/orders/tier-limits: the level, its limits, what is used and left, the request. */
export function getTierLimits(locale: Locale, signal?: AbortSignal): Promise<TierLimitsView> {
  return apiFetch<TierLimitsView>(apiPaths.tierLimits(), { locale, signal });
}

export function tierLimitsQueryOptions(session: string | null, locale: Locale) {
  return queryOptions({
    queryKey: tierLimitsKey(session),
    queryFn: ({ signal }) => getTierLimits(locale, signal),
  });
}

export function useTierLimits(locale: Locale) {
  return useQuery(tierLimitsQueryOptions(useSession()?.createdAt ?? null, locale));
}
