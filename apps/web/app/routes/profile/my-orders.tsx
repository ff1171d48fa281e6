import { lazy, Suspense } from 'react';
import { ScreenLoader } from '../../components/screen-loader.tsx';
import { pageMeta } from '../../lib/meta.ts';

export const meta = pageMeta('profileMyOrders');

const OrdersListScreen = lazy(() =>
  import('../../features/orders/components/orders-list-screen.tsx').then((m) => ({
    default: m.OrdersListScreen,
  })),
);

export default function ProfileMyOrdersPage() {
  return (
    <Suspense fallback={<ScreenLoader />}>
      <OrdersListScreen />
    </Suspense>
  );
}
