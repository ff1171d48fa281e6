import { AdminSignInForm } from '../../features/admin-accounts/components/admin-sign-in-form.tsx';
import { pageMeta } from '../../lib/meta.ts';
import { useSignedInRedirect } from '../../lib/use-signed-in-redirect.ts';

export const meta = pageMeta('adminLogin');

/**
 * Prerendered, so its form is imported statically (not with React.lazy like the signed-in
 * screens): the page hydrates as soon as its module loads, before anyone types.
 */
export default function AdminLoginPage() {
  useSignedInRedirect('admin');
  return <AdminSignInForm />;
}
