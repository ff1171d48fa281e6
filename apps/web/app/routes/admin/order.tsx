import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { ScreenLoader } from '../../components/screen-loader.tsx';
import { pageMeta } from '../../lib/meta.ts';

export const meta = pageMeta('adminOrder');

const OrderDetail = lazy(() =>
  import('../../features/admin-orders/components/order-detail.tsx').then((m) => ({
    default: m.OrderDetail,
  })),
);

export default function AdminOrderPage() {
  const { id = '' } = useParams();
  return (
    <Suspense fallback={<ScreenLoader />}>
      <OrderDetail key={id} id={id} />
    </Suspense>
  );
}
