import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { ScreenLoader } from '../../components/screen-loader.tsx';
import { pageMeta } from '../../lib/meta.ts';

export const meta = pageMeta('adminManagerCustomer');

const CustomerDetail = lazy(() =>
  import('../../features/admin-accounts/components/customer-detail.tsx').then((m) => ({
    default: m.CustomerDetail,
  })),
);

export default function AdminManagerCustomerPage() {
  const { id = '' } = useParams();
  return (
    <Suspense fallback={<ScreenLoader />}>
      <CustomerDetail id={id} />
    </Suspense>
  );
}
