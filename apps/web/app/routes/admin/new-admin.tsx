import { ComingSoon } from '../../components/coming-soon.tsx';
import { pageMeta } from '../../lib/meta.ts';

export const meta = pageMeta('adminNewAdmin');

export default function AdminNewAdminPage() {
  return <ComingSoon page="adminNewAdmin" />;
}
