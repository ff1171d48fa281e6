import { lazy, Suspense } from 'react';
import { Stack } from '@mantine/core';
import { LoadFailure, LoadingStatus } from '../../../components/load-states.tsx';
import { useAdminCan } from '../../../lib/admin-access.tsx';
import { useLocale } from '../../../lib/use-locale.ts';
import { useTwoFactorRedirect } from '../../admin-accounts/use-two-factor-redirect.ts';
import { useDashboard } from '../api/get-dashboard.ts';
import { HeldPrices } from './held-prices.tsx';
import { WorkQueues } from './work-queues.tsx';

// the charts (recharts) load only here, after the queues are on screen
const DashboardCharts = lazy(() =>
  import('./dashboard-charts.tsx').then((m) => ({ default: m.DashboardCharts })),
);

/** The back office's home: the work waiting now, then the charts of the last weeks. */
export function DashboardScreen() {
  const locale = useLocale();
  const dashboard = useDashboard(locale);
  // held prices are decided by finance (decision 024)
  const decidesPrices = useAdminCan('finance');
  useTwoFactorRedirect(dashboard.error);

  if (dashboard.isPending) return <LoadingStatus />;
  if (dashboard.isError) {
    return (
      <LoadFailure message={dashboard.error.message} onRetry={() => void dashboard.refetch()} />
    );
  }
  return (
    <Stack gap="xl" data-testid="dashboard">
      {decidesPrices && <HeldPrices locale={locale} />}
      <WorkQueues queues={dashboard.data.queues} locale={locale} />
      <Suspense fallback={<LoadingStatus />}>
        <DashboardCharts dashboard={dashboard.data} locale={locale} />
      </Suspense>
    </Stack>
  );
}
