import { lazy, Suspense } from 'react';
import { Stack, Title } from '@mantine/core';
import { ScreenLoader } from '../../components/screen-loader.tsx';
import { useTranslation } from '../../i18n/react.tsx';
import { pageMeta } from '../../lib/meta.ts';

export const meta = pageMeta('adminPayments');

const PaymentsInbox = lazy(() =>
  import('../../features/admin-payments/components/payments-inbox.tsx').then((m) => ({
    default: m.PaymentsInbox,
  })),
);

export default function AdminPaymentsPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <Title order={1}>{t('pages.adminPayments.title')}</Title>
      <Suspense fallback={<ScreenLoader />}>
        <PaymentsInbox />
      </Suspense>
    </Stack>
  );
}
