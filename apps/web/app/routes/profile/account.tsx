import { ComingSoon } from '../../components/coming-soon.tsx';
import { pageMeta } from '../../lib/meta.ts';

export const meta = pageMeta('profileAccount');

export default function ProfileAccountPage() {
  return <ComingSoon page="profileAccount" />;
}
