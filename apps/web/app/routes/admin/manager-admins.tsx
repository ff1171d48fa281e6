import { ComingSoon } from '../../components/coming-soon.tsx';
import { pageMeta } from '../../lib/meta.ts';

export const meta = pageMeta('adminManagerAdmins');

export default function AdminManagerAdminsPage() {
  return <ComingSoon page="adminManagerAdmins" />;
}
