import { lazy, Suspense } from 'react';
import { ScreenLoader } from '../../components/screen-loader.tsx';
import { pageMeta } from '../../lib/meta.ts';

export const meta = pageMeta('profileLimits');

const LimitsScreen = lazy(() =>
  import('../../features/documents/components/limits-screen.tsx').then((m) => ({
    default: m.LimitsScreen,
  })),
);

export default function ProfileLimitsPage() {
  return (
    <Suspense fallback={<ScreenLoader />}>
      <LimitsScreen />
    </Suspense>
  );
}
