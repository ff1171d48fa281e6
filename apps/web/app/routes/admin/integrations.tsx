import { lazy, Suspense } from 'react';
import { Stack, Title } from '@mantine/core';
import { ScreenLoader } from '../../components/screen-loader.tsx';
import { useTranslation } from '../../i18n/react.tsx';
import { pageMeta } from '../../lib/meta.ts';

export const meta = pageMeta('adminIntegrations');

const IntegrationsScreen = lazy(() =>
  import('../../features/admin-integrations/components/integrations-screen.tsx').then((m) => ({
    default: m.IntegrationsScreen,
  })),
);

export default function AdminIntegrationsPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <Title order={1}>{t('pages.adminIntegrations.title')}</Title>
      <Suspense fallback={<ScreenLoader />}>
        <IntegrationsScreen />
      </Suspense>
    </Stack>
  );
}
