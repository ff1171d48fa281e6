import { lazy, Suspense } from 'react';
import { Stack, Title } from '@mantine/core';
import { ScreenLoader } from '../../components/screen-loader.tsx';
import { useTranslation } from '../../i18n/react.tsx';
import { pageMeta } from '../../lib/meta.ts';

export const meta = pageMeta('adminRateSetting');

const RateSettings = lazy(() =>
  import('../../features/admin-catalogue/components/rate-settings.tsx').then((m) => ({
    default: m.RateSettings,
  })),
);

export default function AdminRateSettingPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <Title order={1}>{t('pages.adminRateSetting.title')}</Title>
      <Suspense fallback={<ScreenLoader />}>
        <RateSettings />
      </Suspense>
    </Stack>
  );
}
