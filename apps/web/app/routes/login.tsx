import { useTranslation } from '../i18n/react.tsx';
import { AuthCard } from '../features/accounts/components/auth-card.tsx';
import { LoginForm } from '../features/accounts/components/login-form.tsx';
import { pageMeta } from '../lib/meta.ts';
import { useSignedInRedirect } from '../lib/use-signed-in-redirect.ts';

export const meta = pageMeta('login');

export default function LoginPage() {
  // once signed in (now or before), leave for `redirectTo` or the account
  useSignedInRedirect('customer');
  const { t } = useTranslation();
  return (
    <AuthCard title={t('pages.login.title')} intro={t('accounts.login.intro')}>
      <LoginForm />
    </AuthCard>
  );
}
