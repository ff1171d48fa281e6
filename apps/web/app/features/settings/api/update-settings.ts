import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SettingsSaved, SettingsUpdateInput } from '@permuta/contracts/settings';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { CATALOGUE_KEY } from './get-token-choices.ts';
import { settingsKeys } from './keys.ts';

/** PATCH /api/v1/admin/settings: only the fields that changed (audited). */
export function updateSettings(
  change: SettingsUpdateInput,
  locale: Locale,
): Promise<SettingsSaved> {
  return apiFetch<SettingsSaved>(apiPaths.adminSettings(), {
    locale,
    method: 'PATCH',
    body: change,
  });
}

/**
 * Saves a change; the admin view takes the stored answer, and the public settings, the history
 * and the calculator's catalogue (limits, defaults, WhatsApp) are fetched again.
 */
export function useUpdateSettings(locale: Locale) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: SettingsUpdateInput) => updateSettings(change, locale),
    onSuccess: async (saved) => {
      client.setQueryData(settingsKeys.admin(), saved.settings);
      await Promise.all([
        client.invalidateQueries({ queryKey: settingsKeys.public() }),
        client.invalidateQueries({ queryKey: settingsKeys.history() }),
        client.invalidateQueries({ queryKey: CATALOGUE_KEY }),
      ]);
    },
  });
}
