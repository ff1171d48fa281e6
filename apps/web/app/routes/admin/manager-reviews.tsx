import { lazy, Suspense } from 'react';
import { Stack, Title } from '@mantine/core';
import { ScreenLoader } from '../../components/screen-loader.tsx';
import { useTranslation } from '../../i18n/react.tsx';
import { pageMeta } from '../../lib/meta.ts';

export const meta = pageMeta('adminManagerReviews');

const AdminReviewsScreen = lazy(() =>
  import('../../features/reviews/components/admin-reviews-screen.tsx').then((m) => ({
    default: m.AdminReviewsScreen,
  })),
);

export default function AdminManagerReviewsPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <Title order={1}>{t('pages.adminManagerReviews.title')}</Title>
      <Suspense fallback={<ScreenLoader />}>
        <AdminReviewsScreen />
      </Suspense>
    </Stack>
  );
}
