import { lazy, Suspense } from 'react';
import { Stack, Title } from '@mantine/core';
import { ScreenLoader } from '../../components/screen-loader.tsx';
import { useTranslation } from '../../i18n/react.tsx';
import { pageMeta } from '../../lib/meta.ts';

export const meta = pageMeta('adminNewAdmin');

const NewAdminForm = lazy(() =>
  import('../../features/admin-accounts/components/new-admin-form.tsx').then((m) => ({
    default: m.NewAdminForm,
  })),
);

export default function AdminNewAdminPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <Title order={1}>{t('pages.adminNewAdmin.title')}</Title>
      <Suspense fallback={<ScreenLoader />}>
        <NewAdminForm />
      </Suspense>
    </Stack>
  );
}
