import { lazy, Suspense } from 'react';
import { Container } from '@mantine/core';
import { ScreenLoader } from '../components/screen-loader.tsx';
import { QueryProvider } from '../lib/query-client.tsx';
import { pageMeta } from '../lib/meta.ts';

export const meta = pageMeta('trackOrder');

const TrackedOrderScreen = lazy(() =>
  import('../features/orders/components/tracked-order-screen.tsx').then((m) => ({
    default: m.TrackedOrderScreen,
  })),
);

/** /track/:reference: the order opened with an e-mailed code, read-only and live. */
export default function TrackOrderPage() {
  return (
    <QueryProvider>
      <Container size="md" py="xl">
        <Suspense fallback={<ScreenLoader />}>
          <TrackedOrderScreen />
        </Suspense>
      </Container>
    </QueryProvider>
  );
}
