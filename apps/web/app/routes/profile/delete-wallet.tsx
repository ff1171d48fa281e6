import { ComingSoon } from '../../components/coming-soon.tsx';
import { pageMeta } from '../../lib/meta.ts';

export const meta = pageMeta('profileDeleteWallet');

export default function ProfileDeleteWalletPage() {
  return <ComingSoon page="profileDeleteWallet" />;
}
