import { ComingSoon } from '../../components/coming-soon.tsx';
import { pageMeta } from '../../lib/meta.ts';

export const meta = pageMeta('adminOrders');

export default function AdminOrdersPage() {
  return <ComingSoon page="adminOrders" />;
}
