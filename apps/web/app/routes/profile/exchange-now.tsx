import { ComingSoon } from '../../components/coming-soon.tsx';
import { pageMeta } from '../../lib/meta.ts';

export const meta = pageMeta('profileExchangeNow');

export default function ProfileExchangeNowPage() {
  return <ComingSoon page="profileExchangeNow" />;
}
