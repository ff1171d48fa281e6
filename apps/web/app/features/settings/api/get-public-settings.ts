import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicSettings } from '@permuta/contracts/settings';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { settingsKeys } from './keys.ts';

export type { PublicSettings };

/**
 * GET /api/v1/settings: contact channels (support e-mail and phone, WhatsApp link, social
 * links, tutorial), operating hours with `deskOpenNow` and `nextOpeningAt`, default tokens,
 * PIX and Deriv limits, the boleto fee and the WhatsApp threshold.
 */
export function getPublicSettings(locale: Locale, signal?: AbortSignal): Promise<PublicSettings> {
  return apiFetch<PublicSettings>(apiPaths.publicSettings(), { locale, signal });
}

/**
 * `deskOpenNow` is computed by the server when it answers: the query refreshes every minute
 * while a page shows it, and at once after an admin saves the settings in this browser.
 */
export function publicSettingsQueryOptions(locale: Locale) {
  return queryOptions({
    queryKey: settingsKeys.public(),
    queryFn: ({ signal }) => getPublicSettings(locale, signal),
    staleTime: 60_000,
    refetchInterval: 60_000,
  });
}

/** The public settings in the page's language (errors are worded in it). */
export function usePublicSettings() {
  return useQuery(publicSettingsQueryOptions(useLocale()));
}
