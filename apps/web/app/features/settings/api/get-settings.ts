import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SettingsView } from '@permuta/contracts/settings';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { settingsKeys } from './keys.ts';

/** GET /api/v1/admin/settings: every setting, with who saved last. */
export function getSettings(locale: Locale, signal?: AbortSignal): Promise<SettingsView> {
  return apiFetch<SettingsView>(apiPaths.adminSettings(), { locale, signal });
}

export function settingsQueryOptions(locale: Locale) {
  return queryOptions({
    queryKey: settingsKeys.admin(),
    queryFn: ({ signal }) => getSettings(locale, signal),
    // the form keeps what the admin types: no refetch behind their back
    refetchOnWindowFocus: false,
  });
}

export function useSettings(locale: Locale) {
  return useQuery(settingsQueryOptions(locale));
}
