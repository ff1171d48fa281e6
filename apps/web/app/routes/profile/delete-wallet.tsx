import { lazy, Suspense } from 'react';
import { ScreenLoader } from '../../components/screen-loader.tsx';
import { pageMeta } from '../../lib/meta.ts';

export const meta = pageMeta('profileDeleteWallet');

const DeleteWalletScreen = lazy(() =>
  import('../../features/wallets/components/delete-wallet-screen.tsx').then((m) => ({
    default: m.DeleteWalletScreen,
  })),
);

export default function ProfileDeleteWalletPage() {
  return (
    <Suspense fallback={<ScreenLoader />}>
      <DeleteWalletScreen />
    </Suspense>
  );
}
