import { ComingSoon } from '../../components/coming-soon.tsx';
import { pageMeta } from '../../lib/meta.ts';

export const meta = pageMeta('profileCreateWallet');

export default function ProfileCreateWalletPage() {
  return <ComingSoon page="profileCreateWallet" />;
}
