import { lazy, Suspense } from 'react';
import { Stack, Title } from '@mantine/core';
import { ScreenLoader } from '../../components/screen-loader.tsx';
import { useTranslation } from '../../i18n/react.tsx';
import { pageMeta } from '../../lib/meta.ts';

export const meta = pageMeta('profileNotifications');

const NotificationSettingsPanel = lazy(() =>
  import('../../features/notifications/components/notification-settings-panel.tsx').then((m) => ({
    default: m.NotificationSettingsPanel,
  })),
);

/** How the customer hears of their orders: e-mail, Telegram, browser push (decision 060). */
export default function ProfileNotificationsPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <Title order={1}>{t('pages.profileNotifications.title')}</Title>
      <Suspense fallback={<ScreenLoader />}>
        <NotificationSettingsPanel scope="customer" />
      </Suspense>
    </Stack>
  );
}
