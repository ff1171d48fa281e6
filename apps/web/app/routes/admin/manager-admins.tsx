import '@mantine/core/styles/Button.css';
import { lazy, Suspense } from 'react';
import { Button, Group, Stack, Title } from '@mantine/core';
import { LocalLink } from '../../components/local-link.tsx';
import { ScreenLoader } from '../../components/screen-loader.tsx';
import { useTranslation } from '../../i18n/react.tsx';
import { pageMeta } from '../../lib/meta.ts';

export const meta = pageMeta('adminManagerAdmins');

const AdminsTable = lazy(() =>
  import('../../features/admin-accounts/components/admins-table.tsx').then((m) => ({
    default: m.AdminsTable,
  })),
);

export default function AdminManagerAdminsPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1}>{t('pages.adminManagerAdmins.title')}</Title>
        <Button component={LocalLink} to="/admin/new-admin">
          {t('pages.adminNewAdmin.title')}
        </Button>
      </Group>
      <Suspense fallback={<ScreenLoader />}>
        <AdminsTable />
      </Suspense>
    </Stack>
  );
}
