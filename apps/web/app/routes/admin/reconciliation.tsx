import { lazy, Suspense } from 'react';
import { Stack, Title } from '@mantine/core';
import { ScreenLoader } from '../../components/screen-loader.tsx';
import { useTranslation } from '../../i18n/react.tsx';
import { pageMeta } from '../../lib/meta.ts';

export const meta = pageMeta('adminReconciliation');

const ReconciliationReport = lazy(() =>
  import('../../features/admin-reconciliation/components/reconciliation-report.tsx').then((m) => ({
    default: m.ReconciliationReport,
  })),
);

export default function AdminReconciliationPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <Title order={1}>{t('pages.adminReconciliation.title')}</Title>
      <Suspense fallback={<ScreenLoader />}>
        <ReconciliationReport />
      </Suspense>
    </Stack>
  );
}
