import { lazy, Suspense } from 'react';
import { Container } from '@mantine/core';
import { ScreenLoader } from '../../components/screen-loader.tsx';
import { pageMeta } from '../../lib/meta.ts';

export const meta = pageMeta('profileMyOrder');

const OrderScreen = lazy(() =>
  import('../../features/orders/components/order-screen.tsx').then((m) => ({
    default: m.OrderScreen,
  })),
);

export default function ProfileMyOrderPage() {
  return (
    <Container size="md" py="xl">
      <Suspense fallback={<ScreenLoader />}>
        <OrderScreen />
      </Suspense>
    </Container>
  );
}
