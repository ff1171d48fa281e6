import { ComingSoon } from '../../components/coming-soon.tsx';
import { pageMeta } from '../../lib/meta.ts';

export const meta = pageMeta('adminManagerCustomers');

export default function AdminManagerCustomersPage() {
  return <ComingSoon page="adminManagerCustomers" />;
}
