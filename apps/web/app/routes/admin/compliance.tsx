import { lazy, Suspense } from 'react';
import { Stack, Title } from '@mantine/core';
import { ScreenLoader } from '../../components/screen-loader.tsx';
import { useTranslation } from '../../i18n/react.tsx';
import { pageMeta } from '../../lib/meta.ts';

export const meta = pageMeta('adminCompliance');

const ComplianceScreen = lazy(() =>
  import('../../features/admin-compliance/components/compliance-screen.tsx').then((m) => ({
    default: m.ComplianceScreen,
  })),
);

export default function AdminCompliancePage() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <Title order={1}>{t('pages.adminCompliance.title')}</Title>
      <Suspense fallback={<ScreenLoader />}>
        <ComplianceScreen />
      </Suspense>
    </Stack>
  );
}
