import { lazy, Suspense } from 'react';
import { Stack, Title } from '@mantine/core';
import { ScreenLoader } from '../../components/screen-loader.tsx';
import { useTranslation } from '../../i18n/react.tsx';
import { pageMeta } from '../../lib/meta.ts';

export const meta = pageMeta('adminDecripto');

const DecriptoMonthsScreen = lazy(() =>
  import('../../features/admin-reporting/components/decripto-months.tsx').then((m) => ({
    default: m.DecriptoMonthsScreen,
  })),
);

export default function AdminDecriptoPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <Title order={1}>{t('pages.adminDecripto.title')}</Title>
      <Suspense fallback={<ScreenLoader />}>
        <DecriptoMonthsScreen />
      </Suspense>
    </Stack>
  );
}
