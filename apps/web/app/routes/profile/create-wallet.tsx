import { lazy, Suspense } from 'react';
import { ScreenLoader } from '../../components/screen-loader.tsx';
import { pageMeta } from '../../lib/meta.ts';

export const meta = pageMeta('profileCreateWallet');

const CreateWalletScreen = lazy(() =>
  import('../../features/wallets/components/create-wallet-screen.tsx').then((m) => ({
    default: m.CreateWalletScreen,
  })),
);

export default function ProfileCreateWalletPage() {
  return (
    <Suspense fallback={<ScreenLoader />}>
      <CreateWalletScreen />
    </Suspense>
  );
}
