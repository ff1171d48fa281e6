import { ComingSoon } from '../../components/coming-soon.tsx';
import { pageMeta } from '../../lib/meta.ts';

export const meta = pageMeta('adminDashboard');

export default function AdminDashboardPage() {
  return <ComingSoon page="adminDashboard" />;
}
