import { useTranslation } from '../i18n/react.tsx';
import { AuthCard } from '../features/accounts/components/auth-card.tsx';
import { EmailConfirmation } from '../features/accounts/components/email-confirmation.tsx';
import { pageMeta } from '../lib/meta.ts';

export const meta = pageMeta('validateEmail');

export default function ValidateEmailPage() {
  const { t } = useTranslation();
  return (
    <AuthCard title={t('pages.validateEmail.title')} size="sm">
      <EmailConfirmation />
    </AuthCard>
  );
}
