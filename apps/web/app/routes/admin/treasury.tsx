import { lazy, Suspense } from 'react';
import { Stack, Title } from '@mantine/core';
import { ScreenLoader } from '../../components/screen-loader.tsx';
import { useTranslation } from '../../i18n/react.tsx';
import { pageMeta } from '../../lib/meta.ts';

export const meta = pageMeta('adminTreasury');

const TreasuryScreen = lazy(() =>
  import('../../features/admin-orders/components/treasury-screen.tsx').then((m) => ({
    default: m.TreasuryScreen,
  })),
);

export default function AdminTreasuryPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <Title order={1}>{t('pages.adminTreasury.title')}</Title>
      <Suspense fallback={<ScreenLoader />}>
        <TreasuryScreen />
      </Suspense>
    </Stack>
  );
}
