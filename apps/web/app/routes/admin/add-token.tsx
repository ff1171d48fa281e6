import { ComingSoon } from '../../components/coming-soon.tsx';
import { pageMeta } from '../../lib/meta.ts';

export const meta = pageMeta('adminAddToken');

export default function AdminAddTokenPage() {
  return <ComingSoon page="adminAddToken" />;
}
