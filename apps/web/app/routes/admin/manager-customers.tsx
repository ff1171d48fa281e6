import { lazy, Suspense } from 'react';
import { Stack, Title } from '@mantine/core';
import { ScreenLoader } from '../../components/screen-loader.tsx';
import { useTranslation } from '../../i18n/react.tsx';
import { pageMeta } from '../../lib/meta.ts';

export const meta = pageMeta('adminManagerCustomers');

const CustomersTable = lazy(() =>
  import('../../features/admin-accounts/components/customers-table.tsx').then((m) => ({
    default: m.CustomersTable,
  })),
);

export default function AdminManagerCustomersPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <Title order={1}>{t('pages.adminManagerCustomers.title')}</Title>
      <Suspense fallback={<ScreenLoader />}>
        <CustomersTable />
      </Suspense>
    </Stack>
  );
}
