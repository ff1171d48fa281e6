import { useTranslation } from '../i18n/react.tsx';
import { AuthCard } from '../features/accounts/components/auth-card.tsx';
import { RegistrationForm } from '../features/accounts/components/registration-form.tsx';
import { pageMeta } from '../lib/meta.ts';

export const meta = pageMeta('registration');

export default function RegistrationPage() {
  const { t } = useTranslation();
  return (
    <AuthCard
      title={t('pages.registration.title')}
      intro={t('accounts.registration.intro')}
      size="sm"
    >
      <RegistrationForm />
    </AuthCard>
  );
}
