import { lazy, Suspense } from 'react';
import { Stack, Title } from '@mantine/core';
import { ScreenLoader } from '../../components/screen-loader.tsx';
import { useTranslation } from '../../i18n/react.tsx';
import { pageMeta } from '../../lib/meta.ts';

export const meta = pageMeta('adminAddToken');

const AddTokenForm = lazy(() =>
  import('../../features/admin-catalogue/components/add-token-form.tsx').then((m) => ({
    default: m.AddTokenForm,
  })),
);

export default function AdminAddTokenPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <Title order={1}>{t('pages.adminAddToken.title')}</Title>
      <Suspense fallback={<ScreenLoader />}>
        <AddTokenForm />
      </Suspense>
    </Stack>
  );
}
