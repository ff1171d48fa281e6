import { lazy, Suspense } from 'react';
import { ScreenLoader } from '../../components/screen-loader.tsx';
import { pageMeta } from '../../lib/meta.ts';

export const meta = pageMeta('profileApiKeys');

const ApiKeysScreen = lazy(() =>
  import('../../features/business/components/api-keys-screen.tsx').then((m) => ({
    default: m.ApiKeysScreen,
  })),
);

export default function ProfileApiKeysPage() {
  return (
    <Suspense fallback={<ScreenLoader />}>
      <ApiKeysScreen />
    </Suspense>
  );
}
