import { ComingSoon } from '../../components/coming-soon.tsx';
import { pageMeta } from '../../lib/meta.ts';

export const meta = pageMeta('adminRateSetting');

export default function AdminRateSettingPage() {
  return <ComingSoon page="adminRateSetting" />;
}
