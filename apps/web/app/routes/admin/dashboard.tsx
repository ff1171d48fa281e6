import { lazy, Suspense } from 'react';
import { Stack, Title } from '@mantine/core';
import { ScreenLoader } from '../../components/screen-loader.tsx';
import { useTranslation } from '../../i18n/react.tsx';
import { pageMeta } from '../../lib/meta.ts';

export const meta = pageMeta('adminDashboard');

const ComplianceReminder = lazy(() =>
  import('../../features/admin-compliance/components/compliance-reminder.tsx').then((m) => ({
    default: m.ComplianceReminder,
  })),
);

const DashboardScreen = lazy(() =>
  import('../../features/admin-dashboard/components/dashboard-screen.tsx').then((m) => ({
    default: m.DashboardScreen,
  })),
);

/** The back office's home: the work waiting now and the charts. */
export default function AdminDashboardPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="xl">
      <Title order={1}>{t('pages.adminDashboard.title')}</Title>
      <Suspense fallback={null}>
        <ComplianceReminder />
      </Suspense>
      <Suspense fallback={<ScreenLoader />}>
        <DashboardScreen />
      </Suspense>
    </Stack>
  );
}
