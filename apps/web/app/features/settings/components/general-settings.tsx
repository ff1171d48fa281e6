import './styles.ts';
import { Stack, Text } from '@mantine/core';
import { LoadFailure, LoadingStatus } from '../../../components/load-states.tsx';
import { useTranslation } from '../../../i18n/react.tsx';
import { isApiError } from '../../../lib/api.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useSettings } from '../api/get-settings.ts';
import { SettingsForm } from './settings-form.tsx';
import { SettingsHistoryList } from './settings-history.tsx';

/** /admin/general-settings: every setting in sections, saved together, and the change history. */
export function GeneralSettings() {
  const { t } = useTranslation();
  const locale = useLocale();
  const settings = useSettings(locale);

  return (
    <Stack gap="lg">
      <Text>{t('adminSettings.intro')}</Text>
      {settings.isPending ? (
        <LoadingStatus />
      ) : settings.isError ? (
        <LoadFailure
          message={isApiError(settings.error) ? settings.error.message : t('messages.generic')}
          onRetry={() => void settings.refetch()}
        />
      ) : (
        <>
          <Text size="sm" c="dimmed" data-testid="settings-last-saved">
            {settings.data.updatedBy
              ? t('adminSettings.lastSaved', {
                  when: formatDateTime(settings.data.updatedAt, locale),
                  who: settings.data.updatedBy,
                })
              : t('adminSettings.lastSavedAnonymous', {
                  when: formatDateTime(settings.data.updatedAt, locale),
                })}
          </Text>
          <SettingsForm stored={settings.data} />
        </>
      )}
      <SettingsHistoryList />
    </Stack>
  );
}
