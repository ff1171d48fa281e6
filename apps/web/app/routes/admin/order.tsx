import { ComingSoon } from '../../components/coming-soon.tsx';
import { pageMeta } from '../../lib/meta.ts';

export const meta = pageMeta('adminOrder');

export default function AdminOrderPage() {
  return <ComingSoon page="adminOrder" />;
}
