import { ComingSoon } from '../../components/coming-soon.tsx';
import { pageMeta } from '../../lib/meta.ts';

export const meta = pageMeta('adminManagerToken');

export default function AdminManagerTokenPage() {
  return <ComingSoon page="adminManagerToken" />;
}
