import { ComingSoon } from '../../components/coming-soon.tsx';
import { pageMeta } from '../../lib/meta.ts';

export const meta = pageMeta('profileEditWallet');

export default function ProfileEditWalletPage() {
  return <ComingSoon page="profileEditWallet" />;
}
