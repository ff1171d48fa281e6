import { lazy, Suspense } from 'react';
import { Stack, Title } from '@mantine/core';
import { ScreenLoader } from '../../components/screen-loader.tsx';
import { useTranslation } from '../../i18n/react.tsx';
import { pageMeta } from '../../lib/meta.ts';

export const meta = pageMeta('adminOrders');

const OrdersDesk = lazy(() =>
  import('../../features/admin-orders/components/orders-desk.tsx').then((m) => ({
    default: m.OrdersDesk,
  })),
);

export default function AdminOrdersPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <Title order={1}>{t('pages.adminOrders.title')}</Title>
      <Suspense fallback={<ScreenLoader />}>
        <OrdersDesk />
      </Suspense>
    </Stack>
  );
}
