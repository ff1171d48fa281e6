import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SettingsHistory } from '@permuta/contracts/settings';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { settingsKeys } from './keys.ts';

/** GET /api/v1/admin/settings/history: the latest changes, newest first. */
export function getSettingsHistory(locale: Locale, signal?: AbortSignal): Promise<SettingsHistory> {
  return apiFetch<SettingsHistory>(apiPaths.adminSettingsHistory(), { locale, signal });
}

export function settingsHistoryQueryOptions(locale: Locale) {
  return queryOptions({
    queryKey: settingsKeys.history(),
    queryFn: ({ signal }) => getSettingsHistory(locale, signal),
  });
}

export function useSettingsHistory(locale: Locale) {
  return useQuery(settingsHistoryQueryOptions(locale));
}
