import { ComingSoon } from '../../components/coming-soon.tsx';
import { pageMeta } from '../../lib/meta.ts';

export const meta = pageMeta('profileMyOrders');

export default function ProfileMyOrdersPage() {
  return <ComingSoon page="profileMyOrders" />;
}
