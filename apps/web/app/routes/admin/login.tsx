import { ComingSoon } from '../../components/coming-soon.tsx';
import { pageMeta } from '../../lib/meta.ts';
import { useSignedInRedirect } from '../../lib/use-signed-in-redirect.ts';

export const meta = pageMeta('adminLogin');

export default function AdminLoginPage() {
  useSignedInRedirect('admin');
  return <ComingSoon page="adminLogin" />;
}
