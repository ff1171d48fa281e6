import { ComingSoon } from '../../components/coming-soon.tsx';
import { pageMeta } from '../../lib/meta.ts';

export const meta = pageMeta('profileChangePassword');

export default function ProfileChangePasswordPage() {
  return <ComingSoon page="profileChangePassword" />;
}
