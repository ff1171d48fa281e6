import { ComingSoon } from '../../components/coming-soon.tsx';
import { pageMeta } from '../../lib/meta.ts';

export const meta = pageMeta('adminGeneralSettings');

export default function AdminGeneralSettingsPage() {
  return <ComingSoon page="adminGeneralSettings" />;
}
