import { lazy, Suspense } from 'react';
import { Stack, Title } from '@mantine/core';
import { ScreenLoader } from '../../components/screen-loader.tsx';
import { useTranslation } from '../../i18n/react.tsx';
import { pageMeta } from '../../lib/meta.ts';

export const meta = pageMeta('adminAccountSecurity');

const SecuritySection = lazy(() =>
  import('../../features/admin-accounts/components/security-section.tsx').then((m) => ({
    default: m.SecuritySection,
  })),
);

const NotificationSettingsPanel = lazy(() =>
  import('../../features/notifications/components/notification-settings-panel.tsx').then((m) => ({
    default: m.NotificationSettingsPanel,
  })),
);

/**
 * The signed-in admin's own account: two-factor on or off (every role), and how new work is
 * announced (decision 060).
 */
export default function AdminAccountSecurityPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <Title order={1}>{t('pages.adminAccountSecurity.title')}</Title>
      <Suspense fallback={<ScreenLoader />}>
        <SecuritySection />
      </Suspense>
      <Title order={2}>{t('notifications.adminTitle')}</Title>
      <Suspense fallback={<ScreenLoader />}>
        <NotificationSettingsPanel scope="admin" />
      </Suspense>
    </Stack>
  );
}
