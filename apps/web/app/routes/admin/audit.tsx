import { lazy, Suspense } from 'react';
import { Stack, Title } from '@mantine/core';
import { ScreenLoader } from '../../components/screen-loader.tsx';
import { useTranslation } from '../../i18n/react.tsx';
import { pageMeta } from '../../lib/meta.ts';

export const meta = pageMeta('adminAudit');

const AuditScreen = lazy(() =>
  import('../../features/admin-audit/components/audit-screen.tsx').then((m) => ({
    default: m.AuditScreen,
  })),
);

export default function AdminAuditPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <Title order={1}>{t('pages.adminAudit.title')}</Title>
      <Suspense fallback={<ScreenLoader />}>
        <AuditScreen />
      </Suspense>
    </Stack>
  );
}
