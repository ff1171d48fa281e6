import { lazy, Suspense } from 'react';
import { Stack, Title } from '@mantine/core';
import { ScreenLoader } from '../../components/screen-loader.tsx';
import { useTranslation } from '../../i18n/react.tsx';
import { pageMeta } from '../../lib/meta.ts';

export const meta = pageMeta('adminDocuments');

const AdminDocumentQueue = lazy(() =>
  import('../../features/documents/components/admin-document-queue.tsx').then((m) => ({
    default: m.AdminDocumentQueue,
  })),
);

export default function AdminDocumentsPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <Title order={1}>{t('pages.adminDocuments.title')}</Title>
      <Suspense fallback={<ScreenLoader />}>
        <AdminDocumentQueue />
      </Suspense>
    </Stack>
  );
}
