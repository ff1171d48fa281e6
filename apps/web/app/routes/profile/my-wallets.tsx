import { lazy, Suspense } from 'react';
import { ScreenLoader } from '../../components/screen-loader.tsx';
import { pageMeta } from '../../lib/meta.ts';

export const meta = pageMeta('profileMyWallets');

const MyWalletsScreen = lazy(() =>
  import('../../features/wallets/components/my-wallets-screen.tsx').then((m) => ({
    default: m.MyWalletsScreen,
  })),
);

export default function ProfileMyWalletsPage() {
  return (
    <Suspense fallback={<ScreenLoader />}>
      <MyWalletsScreen />
    </Suspense>
  );
}
