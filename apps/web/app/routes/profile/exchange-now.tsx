import { lazy, Suspense } from 'react';
import { ScreenLoader } from '../../components/screen-loader.tsx';
import { pageMeta } from '../../lib/meta.ts';

export const meta = pageMeta('profileExchangeNow');

const ExchangeNowScreen = lazy(() =>
  import('../../features/orders/components/exchange-now-screen.tsx').then((m) => ({
    default: m.ExchangeNowScreen,
  })),
);

export default function ProfileExchangeNowPage() {
  return (
    <Suspense fallback={<ScreenLoader />}>
      <ExchangeNowScreen />
    </Suspense>
  );
}
