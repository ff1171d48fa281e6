import { lazy, Suspense } from 'react';
import { Stack } from '@mantine/core';
import { useParams } from 'react-router';
import { ScreenLoader } from '../../components/screen-loader.tsx';
import { pageMeta } from '../../lib/meta.ts';

export const meta = pageMeta('adminManagerCustomer');

const CustomerDetail = lazy(() =>
  import('../../features/admin-accounts/components/customer-detail.tsx').then((m) => ({
    default: m.CustomerDetail,
  })),
);

const AdminBusinessPanel = lazy(() =>
  import('../../features/business/components/admin-business-panel.tsx').then((m) => ({
    default: m.AdminBusinessPanel,
  })),
);

export default function AdminManagerCustomerPage() {
  const { id = '' } = useParams();
  return (
    <Suspense fallback={<ScreenLoader />}>
      <Stack gap="lg">
        <CustomerDetail id={id} />
        <AdminBusinessPanel customerId={id} />
      </Stack>
    </Suspense>
  );
}
