import { lazy, Suspense } from 'react';
import { ScreenLoader } from '../../components/screen-loader.tsx';
import { pageMeta } from '../../lib/meta.ts';

export const meta = pageMeta('profileEditWallet');

const EditWalletScreen = lazy(() =>
  import('../../features/wallets/components/edit-wallet-screen.tsx').then((m) => ({
    default: m.EditWalletScreen,
  })),
);

export default function ProfileEditWalletPage() {
  return (
    <Suspense fallback={<ScreenLoader />}>
      <EditWalletScreen />
    </Suspense>
  );
}
