import { lazy, Suspense } from 'react';
import { ScreenLoader } from '../../components/screen-loader.tsx';
import { pageMeta } from '../../lib/meta.ts';

export const meta = pageMeta('profileBusiness');

const BusinessScreen = lazy(() =>
  import('../../features/business/components/business-screen.tsx').then((m) => ({
    default: m.BusinessScreen,
  })),
);

export default function ProfileBusinessPage() {
  return (
    <Suspense fallback={<ScreenLoader />}>
      <BusinessScreen />
    </Suspense>
  );
}
