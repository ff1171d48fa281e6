import { useTranslation } from '../i18n/react.tsx';
import { AuthCard } from '../features/accounts/components/auth-card.tsx';
import { ForgotPasswordFlow } from '../features/accounts/components/forgot-password-flow.tsx';
import { pageMeta } from '../lib/meta.ts';

export const meta = pageMeta('forgotPassword');

export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  return (
    <AuthCard title={t('pages.forgotPassword.title')} intro={t('accounts.forgot.intro')}>
      <ForgotPasswordFlow />
    </AuthCard>
  );
}
